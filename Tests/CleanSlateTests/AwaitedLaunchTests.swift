@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The awaited launch, and the awaited teardown of a cancelled task: their blocking parts run on
/// threads of their own while the task is suspended, so they hold none of the cooperative pool's
/// few threads, and a cancelled task still leaves nothing running.
final class AwaitedLaunchTests: XCTestCase {
    /// More awaited launches than the pool has threads, while the launch supervisor is stopped:
    /// none can get its keeper until the test continues the supervisor, which it does only once
    /// every launch waits for its keeper on a thread of its own. A launch that waited on its
    /// task's thread would hold the pool's few threads, the other launches and the test would
    /// never run, and the launches would fail when the keeper's reply limit ran out.
    func testMoreAwaitedLaunchesThanPoolThreadsAllEndOnceTheStoppedSupervisorContinues() async throws {
        let count = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let apps = try (0..<count).map { _ in try makeApp(.name("sh"), arguments: ["-c", "echo launched"]) }
        let busyBefore = BlockingWorkThreads.shared.unfinishedCount
        let supervisor = try await stopSupervisorWithNoIdleKeeper()
        defer { kill(supervisor, SIGCONT) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for app in apps { group.addTask { try await app.launch() } }
            group.addTask {
                try await AwaitedWaitTests.untilTrue("every launch waits for its keeper") {
                    BlockingWorkThreads.shared.unfinishedCount - busyBefore == count
                }
                kill(supervisor, SIGCONT)
            }
            try await group.waitForAll()
        }
        for app in apps {
            try await app.waitForOutput("launched")
            let status = try await app.waitForExit()
            XCTAssertEqual(status, .exited(0))
        }
    }

    /// A task cancelled while its awaited launch waits for the keeper: the spawn finishes, the app
    /// is terminated at once, and the launch throws `CancellationError`; nothing is left running
    /// and the launcher takes the next launch.
    func testCancellingAnAwaitedLaunchDuringItsSpawnEndsTheAppItStarted() async throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "echo launched; exec sleep 300"])
        let busyBefore = BlockingWorkThreads.shared.unfinishedCount
        let supervisor = try await stopSupervisorWithNoIdleKeeper()
        defer { kill(supervisor, SIGCONT) }
        let launching = Task { try await app.launch() }
        try await AwaitedWaitTests.untilTrue("the launch waits for its keeper") {
            BlockingWorkThreads.shared.unfinishedCount - busyBefore == 1
        }
        launching.cancel()
        kill(supervisor, SIGCONT)
        do {
            try await launching.value
            XCTFail("the launch returned although its task was cancelled")
        } catch is CancellationError {
        }
        let process = try XCTUnwrap(app.currentProcessIfAny, "the spawn did not finish")
        guard case .exited = app.state else { return XCTFail("the app of the cancelled launch runs on: \(app.state)") }
        XCTAssertEqual(kill(process.pid, 0), -1, "pid \(process.pid) is still there")
        XCTAssertFalse(app.launchInProgress)
        let escaped = await app.terminate()
        XCTAssertEqual(escaped, [])
        try await app.launch()
        try await app.waitForOutput("launched")
    }

    /// A task cancelled before it calls launch(): the launch throws `CancellationError` and does
    /// nothing. A launcher that never ran starts no process, writes nothing in its sandbox and hands
    /// no work to a thread; a running app is neither terminated nor replaced. The launcher takes
    /// the next launch.
    func testAnAwaitedLaunchInACancelledTaskStartsNothingAndEndsNothing() async throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "echo launched; exec sleep 300"])
        let sandboxBefore = try FileManager.default.subpathsOfDirectory(atPath: app.sandbox.root).sorted()
        await expectCancellation(of: app)
        XCTAssertNil(app.currentProcessIfAny, "a process was started")
        XCTAssertNil(app.launchedEnvironment, "the launch went as far as the environment")
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: app.sandbox.root).sorted(), sandboxBefore)
        XCTAssertFalse(app.launchInProgress)

        try await app.launch()
        try await app.waitForOutput("launched")
        let running = try XCTUnwrap(app.currentProcessIfAny)
        await expectCancellation(of: app)
        XCTAssertTrue(app.currentProcessIfAny === running, "the running app was replaced")
        XCTAssertEqual(app.state, .running(pid: running.pid), "the running app was ended")
        XCTAssertFalse(app.launchInProgress)
        let escaped = await app.terminate()
        XCTAssertEqual(escaped, [])
    }

    /// A task cancelled while its relaunch waits out the grace period of the app it replaces: the
    /// grace period is cut short and that app ended, then the launch throws `CancellationError`
    /// before its spawn: no new process is started.
    func testCancellingARelaunchWhileItEndsTheRunningAppStartsNoNewApp() async throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "trap '' TERM; echo launched; sleep 300 & wait"])
        app.terminationPolicy = TerminationPolicy(steps: [.signal(SIGTERM), .wait(.seconds(300)), .signal(SIGKILL)])
        try await app.launch()
        try await app.waitForOutput("launched")
        let replaced = try XCTUnwrap(app.currentProcessIfAny)
        let relaunching = Task { try await app.launch() }
        try await AwaitedWaitTests.untilTrue("the relaunch waits out the grace period") { replaced.suspendedWaitCount == 1 }
        relaunching.cancel()
        await AwaitedWaitTests.expectCancellationError(from: relaunching, "the relaunch")
        XCTAssertTrue(app.currentProcessIfAny === replaced, "a new process was started")
        XCTAssertEqual(app.state, .exited(.signaled(SIGKILL, coreDumped: false)))
        XCTAssertFalse(app.launchInProgress)
        let escaped = await app.terminate()
        XCTAssertEqual(escaped, [])
    }

    /// Calls `app.launch()` in a task cancelled before the call, and checks that it throws `CancellationError`.
    private func expectCancellation(of app: AppLauncher, line: UInt = #line) async {
        let launching = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await app.launch()
        }
        await AwaitedWaitTests.expectCancellationError(from: launching, "the launch", line: line)
    }

    /// Tasks cancelled before they terminate their apps, more of them than the pool has threads:
    /// each termination cuts the grace period short, then waits for the app's tree and I/O to end,
    /// which the test holds back (each app's output handler waits at a gate) until every
    /// termination waits on a thread of its own. A cancelled termination that waited on its task's
    /// thread would hold the pool's few threads, the test could not open the gate, and the
    /// handlers would go on only at their own bound, with the gate still shut.
    func testCancelledAwaitedTerminationsFinishTheTeardownWithoutHoldingPoolThreads() async throws {
        let count = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let gate = Gate(bound: .seconds(20))
        let apps = try (0..<count).map { _ in
            let app = try makeApp(.name("sh"), arguments: ["-c", "echo hold; exec sleep 300"])
            app.outputHandler = { _, _ in gate.pass() }
            try app.launch()
            return app
        }
        try await AwaitedWaitTests.untilTrue("every app's output waits at the gate") { gate.waitingCount == count }
        let busyBefore = BlockingWorkThreads.shared.unfinishedCount
        try await withThrowingTaskGroup(of: [EscapedProcess].self) { group in
            for app in apps {
                group.addTask {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return await app.terminate()
                }
            }
            group.addTask {
                try await AwaitedWaitTests.untilTrue("every termination waits on a thread of its own") {
                    BlockingWorkThreads.shared.unfinishedCount - busyBefore == count
                }
                gate.open()
                return []
            }
            for try await escaped in group { XCTAssertEqual(escaped, []) }
        }
        XCTAssertEqual(gate.passedShut, 0, "output handlers went on at their bound, with the gate still shut")
        for app in apps {
            let process = try XCTUnwrap(app.currentProcessIfAny)
            guard case .exited = app.state else { return XCTFail("an app runs on: \(app.state)") }
            XCTAssertTrue(process.monitor.withLock { process.ioEnded }, "the I/O of pid \(process.pid) did not end")
        }
    }

    /// Starts the launch supervisor if need be, lets every idle keeper go (so that a launch needs
    /// the supervisor for its keeper) and stops the supervisor; returns its pid. The caller continues it.
    private func stopSupervisorWithNoIdleKeeper() async throws -> pid_t {
        let first = try await launchApp(.name("true"))
        _ = try await first.waitForExit()
        await first.terminate()
        LaunchSupervisor.shared.releaseIdleKeepers()
        let supervisor = LaunchSupervisor.shared.supervisorPID
        XCTAssertGreaterThan(supervisor, 0)
        XCTAssertEqual(kill(supervisor, SIGSTOP), 0)
        return supervisor
    }
}

/// A gate threads wait at (an app's output handler, on its own I/O thread) until the test opens it,
/// or at most `bound` (so that a broken test ends); it counts the threads that went on while shut.
private final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private let bound: TimeInterval
    private var isOpen = false
    private var waiting = 0
    private var shutPasses = 0

    init(bound: Duration) { self.bound = TimeInterval(bound.components.seconds) }

    var waitingCount: Int { condition.withLock { waiting } }
    var passedShut: Int { condition.withLock { shutPasses } }

    func pass() {
        condition.withLock {
            let deadline = Date().addingTimeInterval(bound)
            waiting += 1
            while !isOpen && condition.wait(until: deadline) {}
            waiting -= 1
            if !isOpen { shutPasses += 1 }
        }
    }

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }
}
