import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `waitForScreenToSettle` as its documentation sells it: "useful after input whose effect has no
/// distinctive text to wait for". The screen it returns must show the app's reaction to the input
/// just sent, and must not be taken while the app is still writing.
final class TerminalScreenSettleE2ETests: XCTestCase {
    private func terminalApp(_ script: String) throws -> AppLauncher {
        let app = try launchApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
        app.defaultTimeout = .seconds(5)
        return app
    }

    func testSettleWaitsUntilABurstOfOutputHasEnded() throws {
        let app = try terminalApp("for i in 1 2 3 4 5; do echo line$i; sleep 0.05; done; exec sleep 60")
        let screen = try app.waitForScreenToSettle(quietPeriod: .milliseconds(300))
        XCTAssertEqual(Array(screen.lines.prefix(5)), ["line1", "line2", "line3", "line4", "line5"], screen.text)
    }

    func testSettleAfterInputReturnsTheScreenWithTheAppsReaction() throws {
        // A slow app: it answers a line 200 ms after reading it. The terminal does not echo, so
        // nothing at all is written before the app's answer.
        let app = try terminalApp(#"stty -echo; echo READY; read line; sleep 0.2; echo "got $line"; exec sleep 60"#)
        try app.waitForScreen(containing: "READY")
        // The app is now idle (and has been for at least the quiet period) until it gets input.
        try app.waitForScreenToSettle(quietPeriod: .milliseconds(500))
        try app.typeText("hi\n")
        let screen = try app.waitForScreenToSettle(quietPeriod: .milliseconds(500))
        XCTAssertTrue(screen.contains("got hi"),
                      "the settled screen must include the reaction to the input just typed, got:\n\(screen.text)")
    }
}
