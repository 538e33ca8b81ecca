import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The grace period of the default termination policy: an app that cleans up on SIGTERM is given
/// the time to finish and exit on its own, and is not killed.
final class GracePeriodTests: XCTestCase {
    func testAppCleaningUpForAFewTenthsOfASecondExitsOnItsOwn() throws {
        // On SIGTERM the app spends 0.3 s cleaning up (well inside the default 2 s), records that it
        // finished, and exits 0.
        let app = try launchApp(.name("sh"), arguments: ["-c", """
            trap 'sleep 0.3; echo done > "$XDG_STATE_HOME/cleaned-up"; exit 0' TERM
            echo ready
            sleep 60 &
            wait
            """])
        XCTAssertEqual(app.terminationPolicy, .graceful(), "this test is about the default policy")
        try app.waitForOutput("ready")  // the handler is installed
        app.terminate()
        XCTAssertEqual(app.state, .exited(.exited(0)), "the app must be allowed to finish its cleanup, not be killed")
        XCTAssertEqual(try app.sandbox.text(of: "cleaned-up", in: .state), "done\n")
    }
}
