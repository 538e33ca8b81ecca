import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing
import XCTest

/// Writes a file into the test's sandbox through an app, and says where the sandbox is.
private func writeEvidence() throws {
    let app = try launchApp(.name("sh"), arguments: ["-c", "echo evidence > \"$XDG_CONFIG_HOME/state.txt\""])
    _ = try app.waitForExit()
    print("FIXTURE-SANDBOX=\(app.sandbox.root)")
}

private struct DeliberateError: Error {}

/// Swift Testing fixtures for ``ChildRunOutcomeTests``: they fail or leave state behind on purpose,
/// and run only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct TraitFixtures {
    @Test func recordsAnIssueAfterWriting() throws {
        try writeEvidence()
        Issue.record("deliberate failure")
    }

    @Test func throwsAfterWriting() throws {
        try writeEvidence()
        throw DeliberateError()
    }

    @Test func passesAfterWriting() throws {
        try writeEvidence()
    }

    @Test(arguments: ["milk", "tea"]) func failsForEachWord(word: String) throws {
        try writeEvidence()
        Issue.record("deliberate failure for \(word)")
    }

    @Test func knownIssueAfterWriting() throws {
        try writeEvidence()
        withKnownIssue { Issue.record("a known issue is not a failure") }
    }

    @Test func cancelledAfterWriting() throws {
        try writeEvidence()
        try Test.cancel("cancelled on purpose")
    }

    @Test func leavesAProcessRunning() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "setsid sleep 1000 & echo daemon=$!"]); let line = #line
        #expect(try app.waitForExit() == .exited(0))
        print("FIXTURE-LAUNCH-LINE=\(line)")
        print("FIXTURE-OUTPUT=\(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))")
    }

    @Test func reportsThroughTheSharedPath() {
        TestFailure.report("REPORT-MARKER", at: CallerLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)); let line = #line
        print("FIXTURE-REPORT-LINE=\(line)")
    }
}

/// The XCTest counterpart of ``TraitFixtures/reportsThroughTheSharedPath()``.
final class ReportingXCTestFixture: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for ChildRunOutcomeTests")
    }

    func testReportsThroughTheSharedPath() {
        TestFailure.report("REPORT-MARKER", at: CallerLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)); let line = #line
        print("FIXTURE-REPORT-LINE=\(line)")
    }
}
