import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Fixtures for ``ProcessTreeOutcomeTests``; they run only inside a child test process.
final class ProcessTreeFixtures: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for ProcessTreeOutcomeTests")
    }

    /// The app exits at once but leaves a daemon: teardown must fail the test, naming it.
    func testDaemonOutlivesTheApp() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "setsid sleep 1000 & echo daemon=$!"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        print("FIXTURE-OUTPUT=\(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    /// Launches an app with a daemon, says their pids, and waits until this process is killed.
    func testLaunchAndWaitToBeKilled() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "setsid sleep 1000 & echo daemon=$!; echo app=$$; exec sleep 1000"])
        try app.waitForOutput("app=")
        print("FIXTURE-OUTPUT=\(app.standardOutput.split(separator: "\n").joined(separator: ","))")
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
        fflush(nil)
        _ = try? app.waitForExit(timeout: .seconds(600))
    }
}
