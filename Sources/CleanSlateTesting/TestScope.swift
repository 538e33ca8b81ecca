import CleanSlate
import CleanSlateTestSupport
import Synchronization

/// What CleanSlate knows about one running test case of a test with the ``CleanSlateTrait``: its
/// sandbox (made on first use), the apps made through its helpers, and whether it has failed.
///
/// It is bound to the test case's task with a task-local value, never stored globally: Swift Testing
/// runs test cases concurrently in one process, and each sees only its own scope (child tasks of the
/// test inherit it; a detached task or a thread does not).
final class TestScope: Sendable {
    /// The scope of the test case running in this task, if it has the trait.
    @TaskLocal static var current: TestScope?

    /// The test's name, for the kept-sandbox message.
    let testName: String
    let keep: KeepPolicy?
    let rootDirectory: String?
    /// The template the trait prepared for the suite (or test), cloned into this test's sandbox.
    let preparedTemplate: SandboxTemplate?

    private struct State {
        var sandbox: Sandbox?
        var template: SandboxTemplate?
        var policy = KeepPolicy.failed
        var location: CallerLocation?
        var apps: [(app: AppLauncher, location: CallerLocation)] = []
        var failed = false
        var ended = false
        /// The isolation of apps made without one of their own (the trait's, or a later
        /// `sandboxForTest(isolation:)`); nil: standard.
        var isolation: Isolation?
    }

    private let state: Mutex<State>

    init(testName: String, keep: KeepPolicy?, rootDirectory: String?, preparedTemplate: SandboxTemplate?, isolation: Isolation?) {
        self.testName = testName
        self.keep = keep
        self.rootDirectory = rootDirectory
        self.preparedTemplate = preparedTemplate
        var initial = State()
        initial.isolation = isolation
        state = Mutex(initial)
    }

    /// The isolation of apps made for this test case without one of their own.
    var isolation: Isolation {
        state.withLock { $0.isolation ?? .standard }
    }

    /// Sets ``isolation`` for apps made from now on.
    func setIsolation(_ isolation: Isolation) {
        state.withLock { $0.isolation = isolation }
    }

    /// This test case's sandbox, created by the first call; see ``sandboxForTest(template:keep:rootDirectory:fileID:filePath:line:column:)``.
    func sandbox(template: SandboxTemplate?, keep: KeepPolicy?, rootDirectory: String?, location: CallerLocation) throws -> Sandbox {
        try state.withLock { state in
            if state.ended { throw Self.endedError(testName) }
            if let existing = state.sandbox {
                if let template, template !== state.template { throw TestTeardown.templateTooLate(existing) }
                return existing
            }
            let policy = try TestTeardown.keepPolicy(explicit: keep ?? self.keep)
            let chosenTemplate = template ?? preparedTemplate
            let root = rootDirectory ?? self.rootDirectory
            let sandbox = try chosenTemplate.map { try Sandbox(template: $0, rootDirectory: root) } ?? Sandbox(rootDirectory: root)
            state.sandbox = sandbox
            state.template = chosenTemplate
            state.policy = policy
            state.location = location
            return sandbox
        }
    }

    /// Makes `app` terminated when the test case ends.
    func register(_ app: AppLauncher, location: CallerLocation) throws {
        try state.withLock { state in
            if state.ended { throw Self.endedError(testName) }
            state.apps.append((app, location))
        }
    }

    /// Notes that the test case recorded a failing issue or threw.
    func noteFailure() {
        state.withLock { $0.failed = true }
    }

    /// Terminates every registered app, most recent first, reporting processes that outlived them,
    /// and writes each one's failure artifacts when the test case failed (see `FailureArtifacts`).
    /// Each termination is awaited: its grace period holds no thread of the cooperative pool, and a
    /// cancelled test (a time limit) cuts it short; the apps and their trees are ended either way.
    func terminateApps() async {
        let apps = state.withLock { state in
            defer { state.apps = [] }
            return state.apps
        }
        for (app, location) in apps.reversed() {
            await TestTeardown.end(app, of: testName, reportingAt: location) { state.withLock { $0.failed } }
        }
    }

    /// Ends the scope: the sandbox (if one was made) is kept or wiped per the keep policy. The wipe
    /// is awaited: it runs on a thread of its own, holding none of the cooperative pool's.
    func finishSandbox() async {
        let (sandbox, policy, failed, location) = state.withLock { state in
            state.ended = true
            return (state.sandbox, state.policy, state.failed, state.location)
        }
        guard let sandbox, let location else { return }
        await TestTeardown.finish(sandbox, of: testName, policy: policy, failed: failed, reportingAt: location)
    }

    private static func endedError(_ name: String) -> CleanSlateError {
        CleanSlateError(.invalidArgument, "the test \(name) has ended: its sandbox is gone and no app can be made for it; "
            + "keep CleanSlate calls inside the test's own task (not in a detached task that outlives it)")
    }
}
