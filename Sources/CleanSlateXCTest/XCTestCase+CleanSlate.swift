import CleanSlate
import CleanSlateTestSupport
import Foundation
import XCTest

extension XCTestCase {
    /// This test's sandbox: created on first use (in `setUp` or in the test) and wiped when the test
    /// ends, after every app launched in it has been terminated.
    ///
    /// Every call within one test returns the same sandbox, so a relaunched app sees what the previous
    /// launch saved; the next test gets a new, empty one. When the test fails the sandbox is kept for
    /// diagnosis (see ``KeepPolicy``) and its path printed on standard error. A wipe that cannot finish
    /// fails the test with the path and the reason.
    ///
    /// In a plain `XCTestCase` the sandbox is kept or wiped in a teardown block, which runs before
    /// `tearDown()`: a failure recorded later, in `tearDown()`, does not keep it. In a
    /// ``CleanSlateTestCase`` the decision is made when the whole test has ended (in `invokeTest()`),
    /// so a test that fails only in `tearDown()` keeps its sandbox too.
    ///
    /// - Parameters:
    ///   - template: a prepared `SandboxTemplate` to clone (for returning-user tests); nil starts empty.
    ///     The sandbox is created by the first call of a test (or the first `makeApp`/`launchApp`), so
    ///     pass the template there (e.g. in `setUp`). Passing a template after the sandbox was created
    ///     without it throws `.sandboxAlreadyCreated` instead of ignoring it.
    ///   - keep: when to keep the sandbox; nil uses `CLEANSLATE_KEEP`, else `.failed`.
    ///   - rootDirectory: where to create it; nil uses `CLEANSLATE_ROOT`, else the default.
    ///   - isolation: the `Isolation` of the apps this test makes from now on (`makeApp`,
    ///     `launchApp`) without one of their own; nil leaves it as it is (`Isolation/standard` at
    ///     first). Call it in `setUp()` for a whole test class, or in a test for that test alone.
    public func sandboxForTest(
        template: SandboxTemplate? = nil, keep: KeepPolicy? = nil, rootDirectory: String? = nil, isolation: Isolation? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Sandbox {
        if var existing = TestSandboxes.entry(for: self) {
            if let template, template !== existing.template { throw TestTeardown.templateTooLate(existing.sandbox) }
            if let isolation {
                existing.isolation = isolation
                TestSandboxes.set(existing, for: self)
            }
            return existing.sandbox
        }
        let policy = try TestTeardown.keepPolicy(explicit: keep)
        let sandbox = try template.map { try Sandbox(template: $0, rootDirectory: rootDirectory) } ?? Sandbox(rootDirectory: rootDirectory)
        TestSandboxes.set(.init(sandbox: sandbox, template: template, policy: policy, location: CallerLocation(filePath: file, line: line),
                                isolation: isolation), for: self)
        RunningTestName.note(name, for: sandbox)
        if !(self is CleanSlateTestCase) {
            // CleanSlateTestCase finishes the sandbox in invokeTest(), after tearDown().
            addTeardownBlock { [unowned self] in TestSandboxes.finish(self) }
        }
        return sandbox
    }

    /// A launcher for `executable` in this test's sandbox, not yet launched; it is terminated in the
    /// test's teardown (before the sandbox is wiped), so the test writes no teardown code. A process
    /// the app started that is still running at teardown (a daemon, a background job) is killed and
    /// fails the test, named by pid and command line (see `AppLauncher/terminate()`). When the test
    /// has failed by then, the app's failure artifacts (its session recording, final screen, output,
    /// environment and the sandbox's files) are written and their folder printed: see CleanSlateTesting's article
    /// "Artifacts".
    ///
    /// With `terminalSize` the app runs on a pseudo-terminal of that size (see
    /// `AppLauncher/terminalSize`); without it, over pipes. `isolation` is its
    /// `AppLauncher/isolation`; nil uses the test's (set with `sandboxForTest(isolation:)`), else
    /// `Isolation/standard`.
    public func makeApp(
        _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
        terminalSize: TerminalSize? = nil, isolation: Isolation? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> AppLauncher {
        let app = AppLauncher(executable, sandbox: try sandboxForTest(file: file, line: line))
        app.launchArguments = arguments
        app.launchEnvironment = environment
        app.terminalSize = terminalSize
        app.isolation = isolation ?? TestSandboxes.entry(for: self)?.isolation ?? .standard
        addTeardownBlock { [unowned self] in
            TestTeardown.end(app, of: name, reportingAt: CallerLocation(filePath: file, line: line)) {
                (self.testRun?.totalFailureCount ?? 0) > 0
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
        terminalSize: TerminalSize? = nil, isolation: Isolation? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws -> AppLauncher {
        let app = try makeApp(executable, arguments: arguments, environment: environment, terminalSize: terminalSize,
                              isolation: isolation, file: file, line: line)
        try app.launch()
        return app
    }

    /// The awaited form of ``launchApp(_:arguments:environment:terminalSize:isolation:file:line:)``,
    /// which Swift calls in an `async` test method: the launch suspends the test's task instead of
    /// holding its thread (see `AppLauncher/launch()`).
    @discardableResult
    public func launchApp(
        _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
        terminalSize: TerminalSize? = nil, isolation: Isolation? = nil, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> AppLauncher {
        let app = try makeApp(executable, arguments: arguments, environment: environment, terminalSize: terminalSize,
                              isolation: isolation, file: file, line: line)
        try await app.launch()
        return app
    }
}
