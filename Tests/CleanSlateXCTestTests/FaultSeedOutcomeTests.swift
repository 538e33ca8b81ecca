import CleanSlate
import CleanSlateXCTest
import XCTest

/// A failed test whose app's output came in seeded pieces prints the seed and how to replay it;
/// `CLEANSLATE_FAULT_SEED` in the test process's environment is the seed its launches use.
final class FaultSeedOutcomeTests: XCTestCase {
    func testAFailedTestPrintsTheSeedTheEnvironmentGaveItsLaunch() throws {
        let outcome = try runFixture("FaultSeedFixture/testFailsWithOutputInPieces", keep: "never",
                                     environment: ["CLEANSLATE_FAULT_SEED": "4242"])
        XCTAssertNotEqual(outcome.status, .exited(0), "the fixture fails on purpose")
        XCTAssertTrue(outcome.errors.contains("with output in random pieces, seed 4242; replay them with CLEANSLATE_FAULT_SEED=4242"),
                      outcome.errors + outcome.output)
    }
}
