import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Writing to a terminal app that does not read: the pseudo-terminal's input queue fills up (a few
/// KB in the line discipline plus the kernel's flip buffers) and the write must give up at its
/// timeout with `.timedOut` and a message that says what happened, instead of hanging the test.
final class TerminalInputTimeoutE2ETests: XCTestCase {
    private static let oneMegabyte = 1 << 20

    /// An app on a terminal in raw mode that has printed READY and then runs `command`.
    private func rawModeApp(running command: String) throws -> AppLauncher {
        let app = try launchApp(.name("sh"), arguments: ["-c", "stty raw -echo; echo READY; exec \(command)"], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        try app.waitForScreen(containing: "READY")
        return app
    }

    func testLargePasteToAnAppThatNeverReadsTimesOutWithAClearMessage() throws {
        let app = try rawModeApp(running: "sleep 60")
        let text = String(repeating: "x", count: Self.oneMegabyte)
        let start = ContinuousClock.now
        let error = assertThrowsCleanSlateError(.timedOut) { try app.paste(text, timeout: .milliseconds(500)) }
        let elapsed = ContinuousClock.now - start
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(450), "the write must wait for its timeout before giving up")
        XCTAssertLessThan(elapsed, .seconds(5), "the write must give up soon after its timeout")
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("stopped reading its input"), message)
        XCTAssertTrue(message.contains("of \(Self.oneMegabyte) bytes could not be written"), message)
        if case .running = app.state {} else { XCTFail("the app must still be running, is \(app.state)") }
    }

    func testLargeTypeTextToAnAppThatNeverReadsTimesOutToo() throws {
        let app = try rawModeApp(running: "sleep 60")
        let start = ContinuousClock.now
        assertThrowsCleanSlateError(.timedOut) {
            try app.typeText(String(repeating: "y", count: Self.oneMegabyte), timeout: .milliseconds(300))
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testTheDefaultTimeoutAppliesWhenTheWriteIsGivenNone() throws {
        let app = try rawModeApp(running: "sleep 60")
        app.defaultTimeout = .milliseconds(300)
        let start = ContinuousClock.now
        assertThrowsCleanSlateError(.timedOut) { try app.paste(String(repeating: "z", count: Self.oneMegabyte)) }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testLargePasteToAnAppThatReadsArrivesWhole() throws {
        // The same megabyte goes through when the app reads it: the timeout above is not spurious.
        let app = try rawModeApp(running: #"sh -c 'head -c \#(Self.oneMegabyte) > "$HOME/received"; echo DONE'"#)
        try app.paste(String(repeating: "x", count: Self.oneMegabyte), timeout: .seconds(20))
        try app.waitForScreen(containing: "DONE", timeout: .seconds(20))
        let received = try Data(contentsOf: URL(fileURLWithPath: app.sandbox.home + "/received"))
        XCTAssertEqual(received.count, Self.oneMegabyte)
        XCTAssertTrue(received.allSatisfy { $0 == UInt8(ascii: "x") })
    }
}
