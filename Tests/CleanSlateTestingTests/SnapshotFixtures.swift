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

/// What the screen fixtures compare: the reference file `screen` in `FIXTURE_SNAPSHOTS` in the
/// format `FIXTURE_FORMAT` (`text` or `styled`), or the inline text `FIXTURE_EXPECTED` when set.
private func assertFixtureScreen(of app: AppLauncher, line: UInt = #line) {
    let environment = ProcessInfo.processInfo.environment
    let format = ScreenSnapshotFormat(rawValue: environment["FIXTURE_FORMAT"] ?? "text") ?? .text
    if let expected = environment["FIXTURE_EXPECTED"] {
        assertScreenSnapshot(of: app, format: format, matches: expected, line: line)
    } else {
        assertScreenSnapshot(of: app, named: "screen", format: format, snapshotDirectory: fixtureSnapshots, line: line)
    }
}

/// A shell on a small terminal showing `hello` in red, then ` from ` and its HOME (a placeholder in
/// the snapshot), waiting for input.
private let screenScript = #"printf '\033[31mhello\033[0m from %s' "$HOME"; read answer"#

/// Swift Testing fixture for ``ScreenComparisonPageTests``: a screen snapshot, run only in a child
/// test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct ScreenSnapshotFixtures {
    @Test func screenSnapshot() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", screenScript], terminalSize: TerminalSize(rows: 4, columns: 80))
        try app.waitForScreen(containing: "hello from")
        assertFixtureScreen(of: app)
    }
}

/// The XCTest counterpart of ``ScreenSnapshotFixtures``.
final class ScreenSnapshotXCTestFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for ScreenComparisonPageTests")
    }

    func testScreenSnapshot() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", screenScript], terminalSize: TerminalSize(rows: 4, columns: 80))
        try app.waitForScreen(containing: "hello from")
        assertFixtureScreen(of: app)
    }
}
