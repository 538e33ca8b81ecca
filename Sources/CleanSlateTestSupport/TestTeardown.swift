import CleanSlate
import Foundation

/// The end of a test's use of CleanSlate, the same under both frameworks: apps are terminated (a
/// process that outlived its app fails the test), then the sandbox is kept or wiped per the policy.
package enum TestTeardown {
    /// The keep policy of a test: `explicit`, else `CLEANSLATE_KEEP` of the test process, else `.failed`.
    package static func keepPolicy(explicit: KeepPolicy?) throws -> KeepPolicy {
        try KeepPolicy.resolve(explicit: explicit, environmentValue: HostEnvironment.value(of: "CLEANSLATE_KEEP"))
    }

    /// Terminates `app` and reports the processes it left running as a failure at `location`.
    package static func terminate(_ app: AppLauncher, reportingAt location: CallerLocation) {
        report(app.terminate(), leftBy: app, at: location)
    }

    /// The awaited form of ``terminate(_:reportingAt:)``: the app's grace period suspends the task
    /// instead of holding its thread, and a cancelled task (a time limit) cuts it short.
    package static func terminate(_ app: AppLauncher, reportingAt location: CallerLocation) async {
        report(await app.terminate(), leftBy: app, at: location)
    }

    /// Reports the processes `app` left running, if any, as a failure at `location`.
    private static func report(_ escaped: [EscapedProcess], leftBy app: AppLauncher, at location: CallerLocation) {
        guard !escaped.isEmpty else { return }
        let one = escaped.count == 1
        TestFailure.report(
            "CleanSlate: \(one ? "a process" : "\(escaped.count) processes") started by \(app.executable) "
                + "outlived it and \(one ? "was" : "were") still running at teardown (killed now): "
                + escaped.map(\.description).joined(separator: "; "),
            at: location)
    }

    /// Ends `app` at the end of a test: terminates it (see ``terminate(_:reportingAt:)``), then, if it
    /// was launched and `failed()` says the test failed (asked after the termination, whose own
    /// report counts), or `CLEANSLATE_ARTIFACTS_ALWAYS=1`, writes its ``FailureArtifacts``. Call it
    /// before the sandbox is kept or wiped: the artifacts list its files.
    package static func end(_ app: AppLauncher, of testName: String, reportingAt location: CallerLocation, failed: () -> Bool) {
        let end = FailureArtifacts.EndOfTest(app)
        terminate(app, reportingAt: location)
        writeArtifacts(of: app, end: end, testName: testName, failed: failed)
    }

    /// The awaited form of ``end(_:of:reportingAt:failed:)``, which awaits the app's termination.
    package static func end(_ app: AppLauncher, of testName: String, reportingAt location: CallerLocation, failed: () -> Bool) async {
        let end = FailureArtifacts.EndOfTest(app)
        await terminate(app, reportingAt: location)
        writeArtifacts(of: app, end: end, testName: testName, failed: failed)
    }

    /// The end of ``end(_:of:reportingAt:failed:)`` once the app is terminated: the replay hint and
    /// the failure artifacts of a launched app whose test failed.
    private static func writeArtifacts(of app: AppLauncher, end: FailureArtifacts.EndOfTest, testName: String, failed: () -> Bool) {
        guard app.launchedEnvironment != nil else { return }
        let testFailed = failed()
        if testFailed, let seed = app.faultSeed {
            // The failure may depend on where the output was cut: say how to cut it the same way again.
            TestFailure.log(
                "CleanSlate: \(testName) ran \(app.executable) with output in random pieces, seed \(seed); replay them with \(Faults.seedEnvironmentVariable)=\(seed)\n")
        }
        if testFailed || FailureArtifacts.writesForPassingTests {
            FailureArtifacts.write(app, end: end, testName: testName, failed: testFailed)
        }
    }

    /// Keeps `sandbox` (marked, so sweeps leave it alone for the retention period, and its path
    /// printed on standard error) when `policy` says so for a test that `failed`, else wipes it; a
    /// wipe that cannot finish is reported as a failure at `location`.
    package static func finish(
        _ sandbox: Sandbox, of testName: String, policy: KeepPolicy, failed: Bool, reportingAt location: CallerLocation
    ) {
        if policy.keeps(testFailed: failed) { return keep(sandbox, of: testName, policy: policy) }
        report(Result { try sandbox.wipe() }, at: location)
    }

    /// The awaited form of ``finish(_:of:policy:failed:reportingAt:)``: the wipe, file work that
    /// takes as long as the sandbox is big, runs on a thread of its own (`BlockingWorkThreads`) while
    /// the task is suspended, so it holds no thread of the cooperative pool. It runs to its end even
    /// in a cancelled task (a time limit), as the blocking one does.
    package static func finish(
        _ sandbox: Sandbox, of testName: String, policy: KeepPolicy, failed: Bool, reportingAt location: CallerLocation
    ) async {
        if policy.keeps(testFailed: failed) { return keep(sandbox, of: testName, policy: policy) }
        let wiped: Result<Void, any Error>
        do {
            try await BlockingWorkThreads.shared.runElseHere { try sandbox.wipe() }
            wiped = .success(())
        } catch {
            wiped = .failure(error)
        }
        report(wiped, at: location)
    }

    /// Keeps `sandbox` (marked, so sweeps leave it alone for the retention period) and prints its path.
    private static func keep(_ sandbox: Sandbox, of testName: String, policy: KeepPolicy) {
        try? sandbox.markKept()
        TestFailure.log("CleanSlate: kept the sandbox of \(testName) at \(sandbox.root) (keep policy: \(policy.rawValue)); delete it when done\n")
    }

    /// Reports a wipe that could not finish as a failure at `location` (in the test's task, which
    /// knows the framework running the test).
    private static func report(_ wipe: Result<Void, any Error>, at location: CallerLocation) {
        if case let .failure(error) = wipe {
            TestFailure.report("CleanSlate could not wipe the sandbox of this test: \(error)", at: location)
        }
    }

    /// The error for a template given after the test's sandbox was created without it (by an earlier
    /// `makeApp`, `launchApp` or `sandboxForTest` call): the template would otherwise be ignored.
    package static func templateTooLate(_ sandbox: Sandbox) -> CleanSlateError {
        CleanSlateError(
            .sandboxAlreadyCreated,
            "sandboxForTest(template:) was called after this test's sandbox \(sandbox.root) had been created "
                + "(by an earlier makeApp, launchApp or sandboxForTest call), so the template cannot be applied; "
                + "call sandboxForTest(template:) first, before any app is made (in setUp, or as the test's first line)")
    }
}

extension CleanSlateError.Code {
    /// A test's sandbox was asked for with a template after it had already been created without it.
    public static let sandboxAlreadyCreated = CleanSlateError.Code("sandboxAlreadyCreated")
}
