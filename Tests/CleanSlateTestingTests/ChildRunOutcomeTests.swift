import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Runs the fixtures of `Fixtures.swift` in a child copy of the test bundle and checks what they did:
/// whether a failing test keeps its sandbox, and where a failure is reported, cannot be observed from
/// inside the failing test. Serialized, so that no more than one child bundle runs at a time.
@Suite(.cleanSlate, .serialized)
struct ChildRunOutcomeTests {
    private func run(_ fixture: String, keep: String? = nil) throws -> ChildTestRun {
        try runChildTests("TraitFixtures/\(fixture)", framework: .swiftTesting, keep: keep)
    }

    /// The kept sandbox's path: on the kept-sandbox line, which names the test.
    private func expectKept(_ outcome: ChildTestRun, test: String) throws -> String {
        let root = try #require(outcome.value(of: "FIXTURE-SANDBOX"), "\(outcome.output)")
        let kept = outcome.lines(containing: "CleanSlate: kept the sandbox of CleanSlateTestingTests.TraitFixtures/\(test) at \(root) (keep policy: failed); delete it when done")
        #expect(kept.count == 1, "\(outcome.output)\n\(outcome.errors)")
        return root
    }

    @Test func aTestThatRecordsAnIssueKeepsItsSandboxWithThePathPrinted() throws {
        let outcome = try run("recordsAnIssueAfterWriting")
        #expect(outcome.status == .exited(1))
        let root = try expectKept(outcome, test: "recordsAnIssueAfterWriting()")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try String(contentsOfFile: root + "/xdg/config/state.txt", encoding: .utf8) == "evidence\n")
        let record = try FileManager.default.destinationOfSymbolicLink(atPath: root + "/.cleanslate-owner")
        #expect(record.contains("\nkept "), "kept sandboxes are marked so sweeps leave them alone: \(record)")
    }

    @Test func eachCaseOfAParameterizedTestNamesItsArgumentWhereItsSandboxIsKept() throws {
        let outcome = try run("failsForEachWord")
        #expect(outcome.status == .exited(1))
        let kept = outcome.lines(containing: "CleanSlate: kept the sandbox of CleanSlateTestingTests.TraitFixtures/failsForEachWord(")
        for root in kept.compactMap({ $0.split(separator: " at ").last?.split(separator: " ").first }) {
            try? FileManager.default.removeItem(atPath: String(root))
        }
        for word in ["milk", "tea"] {
            #expect(kept.filter { $0.contains("TraitFixtures/failsForEachWord(word: \"\(word)\") at /") }.count == 1,
                    "\(outcome.output)\n\(outcome.errors)")
        }
    }

    @Test func aTestThatThrowsKeepsItsSandbox() throws {
        let outcome = try run("throwsAfterWriting")
        #expect(outcome.status == .exited(1))
        let root = try expectKept(outcome, test: "throwsAfterWriting()")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileManager.default.fileExists(atPath: root + "/xdg/config/state.txt"))
    }

    @Test func keepNeverWipesAFailedTestsSandbox() throws {
        let outcome = try run("recordsAnIssueAfterWriting", keep: "never")
        #expect(outcome.status == .exited(1))
        let root = try #require(outcome.value(of: "FIXTURE-SANDBOX"), "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: root))
        #expect(outcome.lines(containing: "kept the sandbox").isEmpty)
    }

    @Test func passingKnownIssueAndCancelledTestsAreWipedAndKeptWithAlways() throws {
        for fixture in ["passesAfterWriting", "knownIssueAfterWriting", "cancelledAfterWriting"] {
            let outcome = try run(fixture)
            #expect(outcome.status == .exited(0), "\(outcome.output)")
            let root = try #require(outcome.value(of: "FIXTURE-SANDBOX"), "\(outcome.output)")
            #expect(!FileManager.default.fileExists(atPath: root), "\(fixture) passed: its sandbox must be wiped")
        }
        let kept = try run("passesAfterWriting", keep: "always")
        let root = try #require(kept.value(of: "FIXTURE-SANDBOX"), "\(kept.output)")
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(FileManager.default.fileExists(atPath: root + "/xdg/config/state.txt"))
    }

    @Test func anInvalidKeepPolicyFailsTheTestWithAClearMessage() throws {
        let outcome = try run("passesAfterWriting", keep: "sometimes")
        #expect(outcome.status == .exited(1))
        #expect(!outcome.lines(containing: "CLEANSLATE_KEEP=sometimes is not valid: use never, failed or always").isEmpty, "\(outcome.output)")
    }

    @Test func aProcessLeftRunningIsAnIssueAtTheLaunchLineNamingPidAndCommand() throws {
        let outcome = try run("leavesAProcessRunning")
        #expect(outcome.status == .exited(1))
        let line = try #require(outcome.value(of: "FIXTURE-LAUNCH-LINE"), "\(outcome.output)")
        let daemon = try #require(outcome.value(of: "FIXTURE-OUTPUT"), "\(outcome.output)").replacingOccurrences(of: "daemon=", with: "")
        #expect(!outcome.lines(containing: "Test leavesAProcessRunning() recorded an issue at Fixtures.swift:\(line):").isEmpty, "\(outcome.output)")
        let report = outcome.lines(containing: "a process started by sh outlived it and was still running at teardown (killed now): pid \(daemon): ")
        // Named by pid and command line; the command line is `sh ...` until the child has run `exec`,
        // `[sleep]` in the middle of it, and `sleep 1000` after: only the pid is certain.
        #expect(report.count == 1, "\(outcome.errors)")
        // The failure keeps the sandbox (the fixture printed no path: take it from the kept line).
        let prefix = "CleanSlate: kept the sandbox of CleanSlateTestingTests.TraitFixtures/leavesAProcessRunning() at "
        let kept = try #require(outcome.lines(containing: prefix).first, "\(outcome.errors)")
        let root = String(kept.dropFirst(prefix.count).prefix { $0 != " " })
        #expect(FileManager.default.fileExists(atPath: root))
        try? FileManager.default.removeItem(atPath: root)
    }

    @Test func aFailureReportedInsideATestReachesSwiftTestingAtTheCallersLine() throws {
        let outcome = try run("reportsThroughTheSharedPath", keep: "never")  // the failure is the point: keep nothing
        #expect(outcome.status == .exited(1))
        let line = try #require(outcome.value(of: "FIXTURE-REPORT-LINE"), "\(outcome.output)")
        let issue = outcome.lines(containing: "Test reportsThroughTheSharedPath() recorded an issue at Fixtures.swift:\(line):")
        #expect(issue.count == 1, "\(outcome.output)")
        #expect(outcome.lines(containing: "REPORT-MARKER").count == 1, "\(outcome.output)")
    }

    @Test func aFailureReportedInsideAnXCTestCaseReachesXCTestAtTheCallersLine() throws {
        let outcome = try runChildTests(
            "CleanSlateTestingTests.ReportingXCTestFixture/testReportsThroughTheSharedPath", framework: .xcTest, keep: "never")
        #expect(outcome.status == .exited(1))
        let line = try #require(outcome.value(of: "FIXTURE-REPORT-LINE"), "\(outcome.output)")
        let failure = outcome.lines(containing: "Fixtures.swift:\(line): error: ReportingXCTestFixture.testReportsThroughTheSharedPath : failed - REPORT-MARKER")
        #expect(failure.count == 1, "\(outcome.output)")
        #expect(!outcome.lines(containing: "Executed 1 test, with 1 failure").isEmpty, "\(outcome.output)")
    }
}
