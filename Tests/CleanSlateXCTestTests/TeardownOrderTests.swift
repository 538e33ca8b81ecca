import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The teardown order when `launchApp` is the call that creates the test's sandbox: the app is
/// stopped first, then the sandbox is wiped, so what the app does while stopping cannot bring the
/// sandbox back. Observed from outside, in a child test process.
final class TeardownOrderTests: XCTestCase {
    func testAppSavingOnTerminateDoesNotRecreateTheWipedSandbox() throws {
        let outcome = try runFixture("SaveOnTerminateFixture/testAppSavesOnTerminate", keep: "never")
        XCTAssertEqual(outcome.status, .exited(0), outcome.output + outcome.errors)
        let root = try XCTUnwrap(outcome.sandbox, outcome.output)
        // The app got SIGTERM and ran its handler (which exits 0): otherwise it would have been
        // killed and this test could not tell the two orders apart.
        XCTAssertEqual(outcome.value(of: "FIXTURE-APP-STATE"), "exited(0)", outcome.output)
        let recreated = FileManager.default.fileExists(atPath: root)
        if recreated { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertFalse(recreated, "the sandbox \(root) exists after the test: the app was stopped after the wipe and its SIGTERM handler re-created it")
    }
}
