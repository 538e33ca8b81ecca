import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Foundation
import Testing
import XCTest

/// Fixtures for ``StepLocationChildRunTests``: each fails a wait at a line it prints as
/// `FIXTURE-STEP-LINE`, and runs only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct StepLocationTraitFixtures {
    @Test func failsAnAwaitedWait() async throws {
        let app = try await launchApp(.name("true"))
        print("FIXTURE-STEP-LINE=\(#line + 1)")
        try await app.waitForOutput("never printed")
    }
}

/// The same failure in a test without the `.cleanSlate` trait: Swift Testing reports it at the
/// `@Test` line, and only the message can name the step's.
@Suite(.enabled(if: Fixture.isActive))
struct StepLocationPlainFixtures {
    @Test func failsABlockingWait() throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.name("true"), sandbox: sandbox)
        print("FIXTURE-STEP-LINE=\(#line + 1)")
        try app.waitForExit()
    }
}

/// The XCTest counterparts: a `CleanSlateTestCase` records the failure at the step's line; a plain
/// `XCTestCase` at `<EXPR>:0`, with the step's line in the message.
final class StepLocationXCTestFixture: CleanSlateTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for StepLocationChildRunTests")
    }

    func testFailsAWait() throws {
        try waitForTheExitOfAnAppNeverLaunched(try makeApp(.name("true")))
    }
}

/// See ``StepLocationXCTestFixture``.
final class StepLocationPlainXCTestFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for StepLocationChildRunTests")
    }

    func testFailsAWait() throws {
        try waitForTheExitOfAnAppNeverLaunched(try makeApp(.name("true")))
    }
}

/// The XCTest fixtures' step: a wait that fails at once (the app was never launched), at the line
/// it prints.
private func waitForTheExitOfAnAppNeverLaunched(_ app: AppLauncher) throws {
    print("FIXTURE-STEP-LINE=\(#line + 1)")
    try app.waitForExit()
}
