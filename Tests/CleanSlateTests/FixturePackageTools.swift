import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// What the tests that build a package depending on CleanSlate share: the toolchain's `swift`, the
/// package's files written without touching unchanged ones, and tools run in the test's sandbox.
extension XCTestCase {
    /// `swift` from this process's PATH; a skip (a failure under `.ci/run`) when there is none.
    func requireSwift() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        try requireProgram(found ?? "swift", hint: "the fixture package needs a Swift toolchain's `swift` on PATH")
        return found!
    }

    /// Writes `files` (by relative path) under `package`, leaving unchanged ones alone (so their
    /// builds are reused).
    func writeFixture(_ files: [String: String], at package: String) throws {
        for (path, text) in files {
            let file = package + "/" + path
            if (try? String(contentsOfFile: file, encoding: .utf8)) == text { continue }
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    /// Runs a tool in this test's sandbox (with this PATH) and returns how it ended and what it printed.
    ///
    /// The fixture package's own tests make their sandboxes inside this test's sandbox
    /// (`CLEANSLATE_ROOT`), so one that a failing fixture test keeps (as the recorder's test of a
    /// changed app does on purpose) is wiped with this test's sandbox instead of staying in `/dev/shm`.
    func runTool(_ tool: String, _ arguments: [String], temporary: String,
                 workingDirectory: String? = nil) throws -> (status: AppExitStatus, output: String) {
        let sandboxes = try sandboxForTest().temporaryDirectory
        let app = try makeApp(.path(tool), arguments: arguments, environment: ["TMPDIR": temporary, "CLEANSLATE_ROOT": sandboxes])
        app.workingDirectory = workingDirectory
        try app.launch()
        try app.closeInput()
        let status = try app.waitForExit(timeout: .seconds(3600))
        let output = String(decoding: app.outputBytes(.standardOutput) + app.outputBytes(.standardError), as: UTF8.self)
        return (status, output)
    }
}
