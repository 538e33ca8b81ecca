import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// An app that saves its state when asked to stop, launched by a test whose first CleanSlate call is
/// `launchApp` (so that call also creates the sandbox). Runs only inside the child test process of
/// ``TeardownOrderTests``, which checks that nothing brought the sandbox back after the wipe.
final class SaveOnTerminateFixture: XCTestCase {
    /// On SIGTERM the app writes `saved` under `$XDG_STATE_HOME` (creating the folders it needs, as
    /// many real apps do) and exits 0. If the sandbox were wiped before the app is stopped, this
    /// handler would re-create the sandbox's folders after the wipe.
    static let script = """
        trap 'mkdir -p "$XDG_STATE_HOME" && echo saved > "$XDG_STATE_HOME/session"; exit 0' TERM
        echo ready
        sleep 60 &
        wait
        """

    private var app: AppLauncher?

    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for TeardownOrderTests")
    }

    func testAppSavesOnTerminate() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", Self.script])
        self.app = app
        try app.waitForOutput("ready")  // the trap is installed
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
    }

    override func tearDown() {
        // Teardown blocks have run: the app was stopped and the sandbox wiped (in some order).
        if let app { print("FIXTURE-APP-STATE=\(app.state)") }
        app = nil
    }
}
