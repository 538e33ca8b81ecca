@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A test thread that waits on a launch reads the launch's output and its keeper's reports itself
/// while it waits (`LaunchedProcess+ServedWaits.swift`), so the shared I/O thread is not a hop on the
/// way. These pin what must hold around such waits: the I/O thread takes the launch back when a wait
/// ends, other waits on the same launch are woken by what the serving wait reads, terminate() from
/// another thread ends a serving wait, and no output that comes while a wait takes the I/O over is missed.
final class ServedWaitTests: XCTestCase {
    func testTheIOThreadReadsAgainAfterAWaitThatServedTheIOTimesOut() throws {
        // 4 MB is more than a pipe holds (1 MiB at most): the app exits only if someone reads it.
        let app = try launchApp(.name("sh"), arguments: ["-c", "read x; head -c 4000000 /dev/zero; echo done"])
        assertThrowsCleanSlateError(.timedOut) { try app.waitForExit(timeout: .milliseconds(100)) }
        try assertTheAppFinishesWritingWithNoWaitUnderWay(app)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput.suffix(5), "done\n")
    }

    func testTheIOThreadReadsAgainAfterAScreenWaitThatServedTheIOTimesOut() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "read x; head -c 4000000 /dev/zero | tr '\\0' x; echo done"],
                                terminalSize: .standard)
        assertThrowsCleanSlateError(.timedOut) { try app.waitForScreen(containing: "never shown", timeout: .milliseconds(100)) }
        try assertTheAppFinishesWritingWithNoWaitUnderWay(app)
    }

    /// Lets `app` (blocked reading a line) go and waits for its end on a pidfd, with no wait of the
    /// test under way meanwhile: only the shared I/O thread can read what it writes then.
    private func assertTheAppFinishesWritingWithNoWaitUnderWay(_ app: AppLauncher, file: StaticString = #filePath, line: UInt = #line) throws {
        guard case let .running(pid) = app.state, let pidfd = ProcessTable.openPidfd(pid) else {
            return XCTFail("the app should still be running: \(app.state)", file: file, line: line)
        }
        defer { SystemCall.close(pidfd) }
        try app.typeText("go\n")
        XCTAssertEqual(ProcessTable.waitForExit(of: [pidfd], timeout: .seconds(60)), 0,
                       "nobody read the app's output after the wait ended, so it could not finish writing it", file: file, line: line)
    }

    func testASecondWaitIsWokenByTheWaitThatServesTheIO() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "read x; echo out; exit 3"])
        let firstResult = waitForExitOnAnotherThread(app, timeout: .seconds(60))
        // The app is let go once both waits are under way: one serves the I/O, the other sleeps.
        Thread {
            let deadline = Date().addingTimeInterval(30)
            while app.activeWaitCount < 2 && Date() < deadline { sched_yield() }
            try? app.typeText("go\n")
        }.start()
        let deadline = Date().addingTimeInterval(30)
        while app.activeWaitCount < 1 && Date() < deadline { sched_yield() }
        let timeout = Duration.seconds(60)
        let start = ContinuousClock.now
        XCTAssertEqual(try app.waitForExit(timeout: timeout), .exited(3))
        // A wait left asleep would find the exit only at its timeout: under half of it leaves room
        // for a loaded machine and none for that.
        XCTAssertLessThan(ContinuousClock.now - start, timeout / 2, "the sleeping wait must be woken when the exit is read")
        XCTAssertEqual(try firstResult()?.get(), .exited(3))
        XCTAssertEqual(app.standardOutput, "out\n")
    }

    func testTerminateFromAnotherThreadEndsAWaitThatServesTheIO() throws {
        let app = try launchApp(.name("cat"))
        let result = waitForExitOnAnotherThread(app, timeout: .seconds(120))
        let deadline = Date().addingTimeInterval(30)
        while app.activeWaitCount < 1 && Date() < deadline { sched_yield() }
        XCTAssertEqual(app.terminate(), [])
        XCTAssertEqual(try XCTUnwrap(result(), "the wait must end with the launch").get(), .signaled(SIGTERM, coreDumped: false))
    }

    /// Starts `app.waitForExit(timeout:)` on a thread of its own; the returned function waits (up to
    /// a minute) for its end and gives its result, nil if it had not ended by then.
    private func waitForExitOnAnotherThread(_ app: AppLauncher, timeout: Duration) -> () -> Result<AppExitStatus, any Error>? {
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<AppExitStatus, any Error>?
        Thread {
            result = Result { try app.waitForExit(timeout: timeout) }
            finished.signal()
        }.start()
        return { finished.wait(timeout: .now() + 60) == .success ? result : nil }
    }

    func testTerminateEndsTheIOOfAThreadThatServesItWhenTheIOWouldNotEndByItself() throws {
        // The job (in a session of its own) outlives the app, so the tree is not empty at its exit and the I/O
        // does not end with the exit: terminate() asks for its end, and the serving thread must hear it.
        let app = try launchApp(.name("sh"), arguments: ["-c", "setsid sh -c 'echo started; exec sleep 1000 <&- >&- 2>&-' & exec cat"])
        try app.waitForOutput("started")
        let process = try XCTUnwrap(app.currentProcessIfAny)
        let parked = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var done = false
        Thread {
            process.monitor.withLock {
                parked.signal()
                // Parks (serving the I/O while it can) until told to stop; a wait of a test would
                // do the same while it waits for a state that never comes.
                while !done { _ = process.park(until: MonotonicInstant.now.advanced(by: .seconds(20))) }
            }
            finished.signal()
        }.start()
        XCTAssertEqual(parked.wait(timeout: .now() + 30), .success)
        let start = ContinuousClock.now
        let escaped = app.terminate()
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(10), "terminate() waited for the serving thread's deadline")
        XCTAssertEqual(escaped.count, 1, "\(escaped)")
        XCTAssertTrue(escaped.first?.commandLine.contains("sleep 1000") ?? false, "\(escaped)")
        process.monitor.withLock { done = true }
        process.monitor.broadcast()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
    }

    /// A serving wait looks at its deadline after every read, not only when nothing is left to read:
    /// a process the app left writing without pause (`yes &`) keeps the terminal readable for ever,
    /// and every wait still ends (issue 24, item 4: `waitForExit(timeout: 2 s)` had not returned
    /// after 60 s). Both deadlines are checked: the wait's own timeout while the app runs, and the
    /// drain after its exit (``AppLauncher/terminalDrainLimit``), which the terminal never ends by itself.
    func testWaitsEndAtTheirDeadlinesWhileALeftoverProcessWritesWithoutPause() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "yes & read x; exit 7"], terminalSize: .standard)
        try app.waitForScreen(containing: "y", timeout: .seconds(30))
        let timedOut = try exitAwaitedOnAnotherThread(app, timeout: .milliseconds(300))
        assertThrowsCleanSlateError(.timedOut) { _ = try timedOut.get() }
        try app.typeText("go\n")
        XCTAssertEqual(try exitAwaitedOnAnotherThread(app, timeout: .seconds(60)).get(), .exited(7))
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["yes"])
    }

    /// `app.waitForExit(timeout:)` on a thread of its own; fails the test if it has not returned
    /// after 60 s (the teardown's terminate() then ends it).
    private func exitAwaitedOnAnotherThread(_ app: AppLauncher, timeout: Duration, file: StaticString = #filePath, line: UInt = #line) throws -> Result<AppExitStatus, any Error> {
        let result = waitForExitOnAnotherThread(app, timeout: timeout)
        return try XCTUnwrap(result(), "waitForExit(timeout: \(timeout)) had not returned 60 s later: a serving wait never looked at its deadline",
                             file: file, line: line)
    }

    /// Output that comes while a wait takes the I/O over from the shared thread, or gives it back,
    /// must wake the wait all the same: a thousand round trips, each a line typed and awaited, on a
    /// terminal and over pipes, with the app answering at once.
    ///
    /// A wait that missed its wake-up would still find the line at its timeout (the final look after
    /// the deadline), so only the time tells: no round trip may take half its timeout, which leaves
    /// room for a loaded machine and none for a missed wake-up.
    func testNoRoundTripIsMissedWhileWaitsTakeTheIOOverAndGiveItBack() throws {
        let terminal = try launchApp(.name("cat"), terminalSize: .standard)
        let pipes = try launchApp(.name("cat"))
        let timeout = Duration.seconds(20)
        var slowest = Duration.zero
        for index in 0..<1000 {
            let start = ContinuousClock.now
            try terminal.typeText("line \(index)\n")
            try terminal.waitForScreen(containing: "line \(index)", timeout: timeout)
            try pipes.typeText("line \(index)\n")
            try pipes.waitForOutput("line \(index)\n", timeout: timeout)
            slowest = max(slowest, ContinuousClock.now - start)
            if slowest >= timeout / 2 { break }
        }
        XCTAssertLessThan(slowest, timeout / 2, "a wait slept through the output it waited for and found it only at its timeout")
    }
}
