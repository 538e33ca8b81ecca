import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Tests that are meant to fail or to leave state behind. They run only inside a child test process
/// started by ``FixtureOutcomeTests`` (which sets CLEANSLATE_FIXTURE=1) and are skipped otherwise.
enum Fixture {
    static var isActive: Bool { ProcessInfo.processInfo.environment["CLEANSLATE_FIXTURE"] == "1" }
}

final class LeakyFixture: CleanSlateTestCase {
    var leakedArray: [Int] = [1, 2, 3]
    var leakedLauncher: AppLauncher?
    var releasedByHand: String?
    @AutoTearDown var autoReleased: AppLauncher?
    @TestConstant var constant = "kept on purpose"
    lazy var lazyHelper = [4, 5]

    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for FixtureOutcomeTests")
    }

    func testLeaks() throws {
        _ = lazyHelper
        autoReleased = try makeApp(.name("true"))
        leakedLauncher = try makeApp(.name("true"))
        releasedByHand = "x"
    }

    override func tearDown() {
        releasedByHand = nil
    }
}

final class CleanFixture: CleanSlateTestCase {
    @AutoTearDown var app: AppLauncher?
    @TestConstant var constant = 42
    var optional: Int?

    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for FixtureOutcomeTests")
    }

    func testNoLeaks() throws {
        app = try launchApp(.name("true"))
        print("FIXTURE-AUTO-RELEASE-SET=\(app != nil)")
    }
}

final class FailingFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for FixtureOutcomeTests")
    }

    func testFailsAfterWriting() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo evidence > \"$XDG_CONFIG_HOME/state.txt\""])
        _ = try app.waitForExit()
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
        XCTFail("deliberate failure")
    }

    func testPassesAfterWriting() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo evidence > \"$XDG_CONFIG_HOME/state.txt\""])
        _ = try app.waitForExit()
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
    }
}

/// A test that passes in its body and fails only in `tearDown()`.
final class TearDownFailureFixture: CleanSlateTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for FixtureOutcomeTests")
    }

    func testFailsOnlyInTearDown() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo evidence > \"$XDG_CONFIG_HOME/state.txt\""])
        _ = try app.waitForExit()
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
    }

    override func tearDown() {
        // tearDown() runs even when setUpWithError() skipped the test.
        if Fixture.isActive { XCTFail("deliberate failure in tearDown") }
    }
}

/// SampleApp's wizard on a terminal, with a file in the sandbox; one test fails, one passes, for
/// ``ArtifactOutcomeTests``.
final class ArtifactsFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for ArtifactOutcomeTests")
    }

    private func driveWizard() throws {
        let app = try launchApp(.product("SampleApp"), terminalSize: .standard)
        try app.waitForScreen(containing: "Name:")
        try app.typeText("Ada")
        try app.waitForScreen(containing: "Name: Ada")
        try "evidence\n".write(toFile: app.sandbox.home + "/note.txt", atomically: false, encoding: .utf8)
    }

    func testFailsOnATerminal() throws {
        try driveWizard()
        XCTFail("deliberate failure")
    }

    func testPassesOnATerminal() throws {
        try driveWizard()
    }
}

/// Fails after a launch whose output came in pieces (run by `FaultSeedOutcomeTests`).
final class FaultSeedFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for FaultSeedOutcomeTests")
    }

    func testFailsWithOutputInPieces() throws {
        let app = try makeApp(.name("echo"), arguments: ["hello"])
        app.faults = Faults(outputFragmentLength: 2)
        try app.launch()
        _ = try app.waitForExit()
        XCTFail("deliberate failure")
    }
}
