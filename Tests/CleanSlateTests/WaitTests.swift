@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Waits for output and exit, and what they report when they fail.
final class WaitTests: XCTestCase {
    func testWaitForRegularExpression() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo 'order 12345 shipped'; exec sleep 60"])
        try app.waitForOutput(matching: #"order \d+ shipped"#)
    }

    func testWaitReturnsWhenOutputArrivesLaterNotAtTimeout() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "read x; echo \"late $x\"; exec sleep 60"])
        // The reply is sent only once the wait is under way, so the output arrives during the wait.
        let sent = typeTextOnceAWaitBegins("reply\n", into: app)
        let timeout = Duration.seconds(60)
        let waited = try app.waitForOutput("late reply", timeout: timeout)
        // A wait that only looked again at its timeout would also find the text; only the time tells.
        // Returning in under half the timeout leaves room for a loaded machine and none for that bug.
        XCTAssertLessThan(waited, timeout / 2, "the wait must return when the output arrives, not at the timeout")
        XCTAssertEqual(sent.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(app.state.description.hasPrefix("running"), true)
    }

    func testWaitReturnsTheTimeItWaited() throws {
        // The app answers a second after the reply, and the reply is sent only once the wait is under
        // way: the wait lasts at least that second, and no longer than the call as the test timed it.
        let app = try launchApp(.name("sh"), arguments: ["-c", "read x; sleep 1; echo \"late $x\"; exec sleep 60"])
        let sent = typeTextOnceAWaitBegins("reply\n", into: app)
        let clock = ContinuousClock()
        let callStart = clock.now
        let waited = try app.waitForOutput("late reply", timeout: .seconds(60))
        let call = clock.now - callStart
        XCTAssertGreaterThanOrEqual(waited, .seconds(1), "the app answered a second after the wait began")
        XCTAssertLessThanOrEqual(waited, call, "no longer than the call took")
        XCTAssertEqual(sent.wait(timeout: .now() + 30), .success)
    }

    func testTimeoutMessageShowsOutputTailStateAndDuration() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "printf 'progress \\033[1m50%%\\033[0m\\n'; echo oops >&2; exec sleep 60"])
        try app.waitForOutput("oops", in: .standardError)
        let error = assertThrowsCleanSlateError(.timedOut) { try app.waitForOutput("done", timeout: .milliseconds(150)) }
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("\"done\""), message)
        XCTAssertTrue(message.contains("running (pid"), message)
        XCTAssertTrue(message.contains(#"progress \e[1m50%\e[0m\n"#), "escape codes must be shown escaped: \(message)")
        XCTAssertTrue(message.contains("oops"), message)
        XCTAssertTrue(message.contains("0.1") || message.contains("0.2") || message.contains("0.3"), "waited time missing: \(message)")
    }

    func testWaitFailsAtOnceWhenTheAppExitsWithoutTheText() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo bye; exit 4"])
        let start = ContinuousClock.now
        let error = assertThrowsCleanSlateError(.appExited) { try app.waitForOutput("never", timeout: .seconds(60)) }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(30), "the wait must fail when the app exits, not at the timeout")
        XCTAssertTrue(error?.message.contains("exited(4)") ?? false, "\(String(describing: error))")
    }

    func testWaitForExitTimesOutWithState() throws {
        let app = try launchApp(.name("sleep"), arguments: ["60"])
        let error = assertThrowsCleanSlateError(.timedOut) { try app.waitForExit(timeout: .milliseconds(100)) }
        XCTAssertTrue(error?.message.contains("sleep to exit") ?? false, "\(String(describing: error))")
    }

    func testInvalidRegularExpressionIsATypedError() throws {
        let app = try launchApp(.name("true"))
        assertThrowsCleanSlateError(.invalidArgument) { try app.waitForOutput(matching: "(unclosed") }
    }

    func testLaunchWhileAWaitIsInProgressIsRejected() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "read x; echo $x"])
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            started.signal()
            _ = try? app.waitForOutput("go", timeout: .seconds(30))
            finished.signal()
        }.start()
        started.wait()
        // The waiter registers itself under the launcher's lock right after signalling.
        let deadline = Date().addingTimeInterval(30)
        while app.activeWaitCount == 0 && Date() < deadline { sched_yield() }
        XCTAssertEqual(app.activeWaitCount, 1)
        let error = assertThrowsCleanSlateError(.busy) { try app.launch() }
        XCTAssertTrue(error?.message.contains("wait") ?? false, "\(String(describing: error))")
        try app.typeText("go\n")
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
    }

    func testLaunchWhileAnotherLaunchIsInProgressIsRejected() throws {
        // The first app ignores SIGTERM, so the relaunch on the other thread spends the grace
        // period terminating it: a launch from this thread meanwhile must be rejected, not race.
        let app = try makeApp(.name("sh"), arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        app.terminationPolicy = .graceful(gracePeriod: .seconds(1))
        try app.launch()
        try app.waitForOutput("ready")
        let relaunched = DispatchSemaphore(value: 0)
        Thread {
            try? app.launch()
            relaunched.signal()
        }.start()
        let deadline = Date().addingTimeInterval(30)
        while !app.launchInProgress && Date() < deadline { sched_yield() }
        let error = assertThrowsCleanSlateError(.busy) { try app.launch() }
        XCTAssertTrue(error?.message.contains("another launch()") ?? false, "\(String(describing: error))")
        XCTAssertEqual(relaunched.wait(timeout: .now() + 30), .success)
        try app.waitForOutput("ready")
    }
}
