import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// What a fixture test run in a child test process did.
struct FixtureOutcome {
    let status: AppExitStatus
    let output: String
    let errors: String
    var sandbox: String? { value(of: "FIXTURE-SANDBOX") }

    /// The value the fixture printed as `NAME=value` on a line of its own.
    func value(of name: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }
}

extension XCTestCase {
    /// Runs the fixture test `name` (`Class/testMethod`) in a child copy of this test bundle.
    /// `environment` is added to the child's; failure artifacts go to this test's sandbox unless it
    /// sets `CLEANSLATE_ARTIFACTS`.
    func runFixture(_ name: String, keep: String? = nil, environment extra: [String: String] = [:]) throws -> FixtureOutcome {
        let bundle = try XCTUnwrap(Bundle.main.executablePath ?? CommandLine.arguments.first)
        let app = try makeApp(.path(bundle), arguments: ["CleanSlateXCTestTests.\(name)"])
        var environment = ["CLEANSLATE_FIXTURE": "1", "CLEANSLATE_ARTIFACTS": app.sandbox.temporaryDirectory + "/artifacts"]
        if let keep { environment["CLEANSLATE_KEEP"] = keep }
        environment.merge(extra) { _, new in new }
        app.launchEnvironment = environment
        try app.launch()
        let status = try app.waitForExit(timeout: .seconds(60))
        return FixtureOutcome(status: status, output: app.standardOutput, errors: app.standardError)
    }
}

/// Runs fixture tests in a child copy of this test bundle (launched with CleanSlate itself) and
/// checks their outcome: what a failing or leaking test does cannot be observed from inside it.
final class FixtureOutcomeTests: XCTestCase {
    func testLeakCheckNamesEveryLeakedPropertyAndNothingElse() throws {
        let outcome = try runFixture("LeakyFixture/testLeaks", keep: "never")  // it fails on purpose: keep nothing
        XCTAssertEqual(outcome.status, .exited(1), outcome.output)
        let failure = try XCTUnwrap(outcome.output.split(separator: "\n").first { $0.contains("stored properties still hold values") },
                                    "no leak failure reported: \(outcome.output)")
        XCTAssertTrue(failure.contains("'leakedArray', 'leakedLauncher'"), String(failure))
        XCTAssertTrue(failure.contains("'lazyHelper'"), "a lazy property is named as written: \(failure)")
        XCTAssertFalse(failure.contains("lazy_storage"), String(failure))
        for name in ["autoReleased", "constant", "releasedByHand"] {
            XCTAssertFalse(failure.contains("'\(name)'"), "\(name) must not be reported: \(failure)")
        }
    }

    func testCleanTestCasePassesTheLeakCheck() throws {
        let outcome = try runFixture("CleanFixture/testNoLeaks")
        XCTAssertEqual(outcome.status, .exited(0), outcome.output)
        XCTAssertTrue(outcome.output.contains("FIXTURE-AUTO-RELEASE-SET=true"), outcome.output)
        XCTAssertTrue(outcome.output.contains("Executed 1 test, with 0 failures"), outcome.output)
    }

    func testFailedTestKeepsItsSandboxByDefaultAndPrintsThePath() throws {
        let outcome = try runFixture("FailingFixture/testFailsAfterWriting")
        XCTAssertEqual(outcome.status, .exited(1))
        let root = try XCTUnwrap(outcome.sandbox, outcome.output)
        defer { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertTrue(outcome.errors.contains("kept the sandbox of") && outcome.errors.contains(root), outcome.errors)
        XCTAssertEqual(try String(contentsOfFile: root + "/xdg/config/state.txt", encoding: .utf8), "evidence\n")
        let record = try FileManager.default.destinationOfSymbolicLink(atPath: root + "/.cleanslate-owner")
        XCTAssertTrue(record.contains("\nkept "), "kept sandboxes are marked so sweeps leave them alone: \(record)")
    }

    func testATestThatFailsOnlyInTearDownKeepsItsSandbox() throws {
        let outcome = try runFixture("TearDownFailureFixture/testFailsOnlyInTearDown")
        XCTAssertEqual(outcome.status, .exited(1), outcome.output)
        XCTAssertTrue(outcome.output.contains("deliberate failure in tearDown"), outcome.output)
        let root = try XCTUnwrap(outcome.sandbox, outcome.output)
        defer { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertTrue(outcome.errors.contains("kept the sandbox of TearDownFailureFixture.testFailsOnlyInTearDown at \(root)"), outcome.errors)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/xdg/config/state.txt"))
    }

    func testKeepNeverWipesAFailedTestsSandbox() throws {
        let outcome = try runFixture("FailingFixture/testFailsAfterWriting", keep: "never")
        XCTAssertEqual(outcome.status, .exited(1))
        let root = try XCTUnwrap(outcome.sandbox, outcome.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root), "the sandbox must be wiped with CLEANSLATE_KEEP=never")
    }

    func testPassingTestsSandboxIsWipedByDefaultAndKeptWithAlways() throws {
        let wiped = try runFixture("FailingFixture/testPassesAfterWriting")
        XCTAssertEqual(wiped.status, .exited(0), wiped.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(wiped.sandbox)))

        let kept = try runFixture("FailingFixture/testPassesAfterWriting", keep: "always")
        let root = try XCTUnwrap(kept.sandbox)
        defer { try? FileManager.default.removeItem(atPath: root) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/xdg/config/state.txt"))
    }

    func testInvalidKeepPolicyFailsTheTestWithAClearMessage() throws {
        let outcome = try runFixture("FailingFixture/testPassesAfterWriting", keep: "sometimes")
        XCTAssertEqual(outcome.status, .exited(1))
        XCTAssertTrue(outcome.output.contains("CLEANSLATE_KEEP=sometimes is not valid: use never, failed or always"), outcome.output)
    }
}
