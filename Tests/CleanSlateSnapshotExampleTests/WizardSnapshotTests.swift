import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Testing
import XCTest

// The example of the Snapshots article (CleanSlateTesting.docc/SnapshotTesting.md), kept here so that it is compiled and run. Both frameworks assert
// the same reference files, __Snapshots__/WizardSnapshotTests/*.txt, reviewed when recorded.

@Suite(.cleanSlate)
struct WizardSnapshotTests {
    @Test func theWizardOpensOnTheNameField() async throws {
        let app = try await launchApp(.product("SampleApp"), terminalSize: TerminalSize(rows: 12, columns: 48))
        try await app.waitForScreen(containing: "Name:")
        await assertScreenSnapshot(of: app, named: "name-field", format: .styled)
    }

    @Test func anEmptyNameIsRefusedInRed() async throws {
        let app = try await launchApp(.product("SampleApp"), terminalSize: TerminalSize(rows: 12, columns: 48))
        try await app.waitForScreen(containing: "Name:")
        try await app.press(.enter)
        try await app.waitForScreen(containing: "Name cannot be empty")
        await assertScreenSnapshot(of: app, named: "empty-name", format: .styled)
    }

    @Test func envShowsTheSandbox() async throws {
        let app = try await launchApp(.product("SampleApp"), arguments: ["env", "HOME", "XDG_CONFIG_HOME", "TMPDIR"])
        #expect(try await app.waitForExit() == .exited(0))
        assertOutputSnapshot(of: app, named: "env")
    }
}

final class WizardSnapshotXCTests: XCTestCase {
    func testTheWizardOpensOnTheNameField() throws {
        let app = try launchApp(.product("SampleApp"), terminalSize: TerminalSize(rows: 12, columns: 48))
        try app.waitForScreen(containing: "Name:")
        assertScreenSnapshot(of: app, named: "name-field", format: .styled)
    }

    func testEnvShowsTheSandbox() throws {
        let app = try launchApp(.product("SampleApp"), arguments: ["env", "HOME", "XDG_CONFIG_HOME", "TMPDIR"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        assertOutputSnapshot(of: app, named: "env")
    }
}
