import CleanSlate
import Foundation
import Synchronization
import Testing

/// A folder of its own for the sandboxes of one suite, passed to the trait as `rootDirectory:` (the
/// test process's environment is never changed: tests run concurrently in one process), and a
/// suite trait that checks, once every test of the suite has ended, what those tests left.
struct PrivateRoot: SuiteTrait, TestScoping {
    /// The folder (mode 0700, under `/dev/shm` or the temporary folder). It exists only while the
    /// suite runs: list this trait before `.cleanSlate`, so that its scope encloses the trait's.
    let path: String

    init(_ purpose: String) {
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = base + "/cleanslate-tests-\(purpose)-\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    /// What the suite's test cases report, for the check at the end.
    final class Record: Sendable {
        @TaskLocal static var current: Record?
        let roots = Mutex<[String]>([])
        let apps = Mutex<[AppLauncher]>([])
    }

    var isRecursive: Bool { false }

    /// Around the whole suite: after its last test case, nothing may be left in the folder, every app
    /// the test cases reported must have been terminated, and the folder is removed.
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let record = Record()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await Record.$current.withValue(record) { try await function() }
        let left = try FileManager.default.contentsOfDirectory(atPath: path)
        #expect(left.isEmpty, "the sandboxes of \(test.name) must be gone once its tests have ended; left in \(path): \(left)")
        let roots = record.roots.withLock { $0 }
        #expect(Set(roots).count == roots.count, "every test case must get a sandbox of its own: \(roots.sorted())")
        for app in record.apps.withLock({ $0 }) {
            #expect(app.state == .exited(.signaled(SIGTERM, coreDumped: false)), "an app left running must be terminated when its test ends: \(app.state)")
        }
    }
}
