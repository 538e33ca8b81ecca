import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Foundation
import Testing
import XCTest

/// The folder of references the parent test gave the child run.
private var fixtureSnapshots: String? { ProcessInfo.processInfo.environment["FIXTURE_SNAPSHOTS"] }

/// The script of the fixtures' app: its output names the sandbox, which differs on every run.
private let greetingScript = "echo hello from $HOME"

/// Swift Testing fixtures for ``SnapshotChildRunTests``: snapshot assertions that fail or record on
/// purpose, run only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct SnapshotTraitFixtures {
    @Test func outputSnapshot() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", greetingScript])
        _ = try app.waitForExit()
        assertOutputSnapshot(of: app, named: "greeting", snapshotDirectory: fixtureSnapshots); let line = #line
        print("FIXTURE-ASSERT-LINE=\(line)")
    }
}

/// The XCTest counterpart of ``SnapshotTraitFixtures``.
final class SnapshotXCTestFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for SnapshotChildRunTests")
    }

    func testOutputSnapshot() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", greetingScript])
        _ = try app.waitForExit()
        assertOutputSnapshot(of: app, named: "greeting", snapshotDirectory: fixtureSnapshots); let line = #line
        print("FIXTURE-ASSERT-LINE=\(line)")
    }
}

/// An XCTest class that sets the record mode of all its tests, the XCTest way.
final class SnapshotRecordingXCTestFixture: XCTestCase {
    override func invokeTest() {
        withSnapshotRecordMode(.failed) { super.invokeTest() }
    }

    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for SnapshotChildRunTests")
    }

    func testOutputSnapshot() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", greetingScript])
        _ = try app.waitForExit()
        assertOutputSnapshot(of: app, named: "greeting", snapshotDirectory: fixtureSnapshots)
    }
}
