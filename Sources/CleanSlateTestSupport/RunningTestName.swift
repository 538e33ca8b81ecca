import CleanSlate
import Synchronization
import Testing

/// The name of the running test, as the artifact folders and the kept-sandbox message give it.
package enum RunningTestName {
    /// `Module.Suite/test(argument:)`: how a Swift Testing test is named.
    package static func of(_ test: Test) -> String {
        test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/")
    }

    /// The XCTest test each test sandbox (by its root) belongs to, while the test runs. XCTest gives
    /// a free function no way to learn which test calls it; the app an assertion is given knows its
    /// sandbox, and the XCTest helpers know which test made that sandbox.
    private static let xcTestNames = Mutex<[String: String]>([:])

    /// Notes that `sandbox` is the sandbox of the XCTest test `name`, until ``forget(_:)``.
    package static func note(_ name: String, for sandbox: Sandbox) {
        xcTestNames.withLock { $0[sandbox.root] = name }
    }

    /// Forgets the test of `sandbox` (its test has ended).
    package static func forget(_ sandbox: Sandbox) {
        _ = xcTestNames.withLock { $0.removeValue(forKey: sandbox.root) }
    }

    /// The running test: the Swift Testing test of this task; else the XCTest test whose sandbox
    /// `sandbox` is; else, for a sandbox the test made itself, the caller's module and file
    /// (`MyAppTests.WizardTests`).
    package static func current(sandbox: Sandbox, location: CallerLocation) -> String {
        if let test = Test.current { return of(test) }
        if let name = xcTestNames.withLock({ $0[sandbox.root] }) { return name }
        let file = location.fileID.split(separator: "/").last.map(String.init) ?? location.fileID
        let module = location.fileID.prefix { $0 != "/" }
        return module + "." + (file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file)
    }
}
