import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Where a failed wait is reported, seen from outside: the fixtures of `StepLocationFixtures.swift`
/// run in a child copy of the test bundle, and the console must name the line of the wait that
/// failed, whatever framework ran it. Serialized: one child bundle at a time.
@Suite(.cleanSlate, .serialized)
struct StepLocationChildRunTests {
    /// The fixture's step line, and the child's standard output and error as one text.
    private func run(_ filter: String, _ framework: ChildFramework) throws -> (line: String, outcome: ChildTestRun) {
        let outcome = try runChildTests(filter, framework: framework, keep: "never")  // the failure is the point
        #expect(outcome.status == .exited(1), "\(outcome.output)\n\(outcome.errors)")
        return (try #require(outcome.value(of: "FIXTURE-STEP-LINE"), "\(outcome.output)"), outcome)
    }

    @Test func underTheTraitTheIssueIsRecordedOnceAtTheWaitsLine() throws {
        let (line, outcome) = try run("StepLocationTraitFixtures/failsAnAwaitedWait", .swiftTesting)
        // Each fixture step's line is pinned, so a fixture edit that moves it is seen.
        #expect(line == "15")
        let issues = outcome.lines(containing: "recorded an issue at ")
        #expect(issues.count == 1, "\(outcome.output)")
        #expect(issues.first?.contains("recorded an issue at StepLocationFixtures.swift:15:") == true, "\(outcome.output)")
        #expect(issues.first?.contains("CleanSlate appExited at CleanSlateTestingTests/StepLocationFixtures.swift:15: ") == true, "\(outcome.output)")
    }

    @Test func withoutTheTraitTheMessageNamesTheWaitsLine() throws {
        let (line, outcome) = try run("StepLocationPlainFixtures/failsABlockingWait", .swiftTesting)
        #expect(line == "28")
        let issues = outcome.lines(containing: "recorded an issue at ")
        #expect(issues.count == 1, "\(outcome.output)")
        #expect(issues.first?.contains("CleanSlate notRunning at CleanSlateTestingTests/StepLocationFixtures.swift:28: ") == true, "\(outcome.output)")
    }

    @Test func aCleanSlateTestCaseRecordsTheFailureAtTheWaitsLine() throws {
        let (line, outcome) = try run("CleanSlateTestingTests.StepLocationXCTestFixture/testFailsAWait", .xcTest)
        #expect(line == "59")
        let failures = outcome.lines(containing: ": error: StepLocationXCTestFixture.testFailsAWait : ")
        #expect(failures.count == 1, "\(outcome.output)")
        #expect(failures.first?.hasPrefix("CleanSlateTestingTests/StepLocationFixtures.swift:59: error: ") == true, "\(outcome.output)")
    }

    @Test func aPlainXCTestCaseNamesTheWaitsLineInTheMessage() throws {
        let (line, outcome) = try run("CleanSlateTestingTests.StepLocationPlainXCTestFixture/testFailsAWait", .xcTest)
        #expect(line == "59")
        let failures = outcome.lines(containing: ": error: StepLocationPlainXCTestFixture.testFailsAWait : ")
        #expect(failures.count == 1, "\(outcome.output)")
        #expect(failures.first?.contains(#"threw error "CleanSlate notRunning at CleanSlateTestingTests/StepLocationFixtures.swift:59: "#) == true,
                "\(outcome.output)")
    }
}
