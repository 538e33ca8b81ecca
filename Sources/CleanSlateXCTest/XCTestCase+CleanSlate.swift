import CleanSlate
import Foundation
import XCTest

extension XCTestCase {
    /// This test's sandbox: created on first use (in `setUp` or in the test) and wiped in the test's
    /// teardown, after every app launched in it has been terminated.
    ///
    /// Every call within one test returns the same sandbox, so a relaunched app sees what the previous
    /// launch saved; the next test gets a new, empty one. When the test fails the sandbox is kept for
    /// diagnosis (see ``KeepPolicy``) and its path printed on standard error. A wipe that cannot finish
    /// fails the test with the path and the reason.
    ///
    /// - Parameters:
    ///   - template: a prepared ``SandboxTemplate`` to clone (for returning-user tests); nil starts empty.
    ///     Only the first call of a test creates the sandbox, so pass it there (e.g. in `setUp`).
    ///   - keep: when to keep the sandbox; nil uses `CLEANSLATE_KEEP`, else `.failed`.
    ///   - rootDirectory: where to create it; nil uses `CLEANSLATE_ROOT`, else the default.
    public func sandboxForTest(
        template: SandboxTemplate? = nil, keep: KeepPolicy? = nil, rootDirectory: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Sandbox {
        if let existing = TestSandboxes.sandbox(for: self) { return existing }
        let policy = try KeepPolicy.resolve(explicit: keep, environmentValue: ProcessInfo.processInfo.environment["CLEANSLATE_KEEP"])
        let sandbox = try template.map { try Sandbox(template: $0, rootDirectory: rootDirectory) } ?? Sandbox(rootDirectory: rootDirectory)
        TestSandboxes.set(sandbox, for: self)
        let name = self.name
        addTeardownBlock { [unowned self] in
            TestSandboxes.set(nil, for: self)
            let failed = (self.testRun?.totalFailureCount ?? 0) > 0
            if policy.keeps(testFailed: failed) {
                // Marked, so that sweeps leave it alone for the retention period (CLEANSLATE_KEEP_DAYS).
                try? sandbox.markKept()
                FileHandle.standardError.write(Data(
                    "CleanSlate: kept the sandbox of \(name) at \(sandbox.root) (keep policy: \(policy.rawValue)); delete it when done\n".utf8))
                return
            }
            do { try sandbox.wipe() } catch {
                XCTFail("CleanSlate could not wipe the sandbox of this test: \(error)", file: file, line: line)
            }
        }
        return sandbox
    }

    /// A launcher for `executable` in this test's sandbox, not yet launched; it is terminated in the
    /// test's teardown (before the sandbox is wiped), so the test writes no teardown code. A process
    /// the app started that is still running at teardown (a daemon, a background job) is killed and
    /// fails the test, named by pid and command line (see ``AppLauncher/terminate()``).
    ///
    /// With `terminalSize` the app runs on a pseudo-terminal of that size (see
    /// ``AppLauncher/terminalSize``); without it, over pipes.
    public func makeApp(
        _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
        terminalSize: TerminalSize? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> AppLauncher {
        let app = AppLauncher(executable, sandbox: try sandboxForTest(file: file, line: line))
        app.launchArguments = arguments
        app.launchEnvironment = environment
        app.terminalSize = terminalSize
        addTeardownBlock {
            let escaped = app.terminate()
            if !escaped.isEmpty {
                XCTFail("CleanSlate: \(escaped.count == 1 ? "a process" : "\(escaped.count) processes") started by \(app.executable) "
                    + "outlived it and \(escaped.count == 1 ? "was" : "were") still running at teardown (killed now): "
                    + escaped.map(\.description).joined(separator: "; "), file: file, line: line)
            }
        }
        return app
    }

    /// Launches `executable` in this test's sandbox and registers its termination as a teardown
    /// block of the running test: the one line a test needs.
    ///
    /// ```swift
    /// let app = try launchApp(.product("SampleApp"))
    /// try app.waitForOutput("What's your name? ")
    /// ```
    @discardableResult
    public func launchApp(
        _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
        terminalSize: TerminalSize? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> AppLauncher {
        let app = try makeApp(executable, arguments: arguments, environment: environment, terminalSize: terminalSize, file: file, line: line)
        try app.launch()
        return app
    }
}
