import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Snapshot assertions in child runs of the test bundle, under each framework: the failure reaches
/// the framework at the assertion's line, and the record mode comes from the child's environment
/// (`CLEANSLATE_RECORD`, `CI`) or, under XCTest, from the class. Serialized: one child at a time.
@Suite(.cleanSlate, .serialized)
struct SnapshotChildRunTests {
    private static let swiftTestingFixture = "SnapshotTraitFixtures/outputSnapshot"
    private static let xcTestFixture = "CleanSlateTestingTests.SnapshotXCTestFixture/testOutputSnapshot"
    private static let recordingXCTestFixture = "CleanSlateTestingTests.SnapshotRecordingXCTestFixture/testOutputSnapshot"

    private func folder() throws -> String { try sandboxForTest().path(.temporary, "refs") }

    private func reference() throws -> String? {
        try? String(contentsOfFile: folder() + "/greeting.txt", encoding: .utf8)
    }

    private func run(_ filter: String, _ framework: ChildFramework, _ environment: [String: String] = [:]) throws -> ChildTestRun {
        // The fixtures fail on purpose: keep=never, so their sandboxes are not kept.
        try runChildTests(filter, framework: framework, keep: "never", environment: ["FIXTURE_SNAPSHOTS": try folder()].merging(environment) { $1 })
    }

    @Test func underSwiftTestingAMissingReferenceIsRecordedThenMatchesAndAMismatchIsAnIssueAtTheAssertion() throws {
        let first = try run(Self.swiftTestingFixture, .swiftTesting)
        #expect(first.status == .exited(1), "recording fails once: \(first.output)")
        let line = try #require(first.value(of: "FIXTURE-ASSERT-LINE"), "\(first.output)")
        #expect(first.lines(containing: "Test outputSnapshot() recorded an issue at SnapshotFixtures.swift:\(line):").count == 1, "\(first.output)")
        #expect(first.lines(containing: "standard output snapshot \"greeting\": recorded the missing reference \(try folder())/greeting.txt").count == 1, "\(first.output)")
        #expect(try reference() == "hello from $HOME\n", "the sandbox path is a placeholder")

        let second = try run(Self.swiftTestingFixture, .swiftTesting)
        #expect(second.status == .exited(0), "another run, another sandbox, the same snapshot: \(second.output)")

        try sandboxForTest().write("hello from nowhere\n", to: "refs/greeting.txt", in: .temporary)
        let mismatch = try run(Self.swiftTestingFixture, .swiftTesting)
        #expect(mismatch.status == .exited(1))
        #expect(mismatch.lines(containing: "- hello from nowhere").count == 1 && mismatch.lines(containing: "+ hello from $HOME").count == 1, "\(mismatch.output)")
        #expect(mismatch.lines(containing: "To record it: CLEANSLATE_RECORD=failed swift test --filter 'CleanSlateTestingTests.SnapshotTraitFixtures/outputSnapshot'").count == 1, "\(mismatch.output)")
        #expect(try reference() == "hello from nowhere\n")

        let rerecorded = try run(Self.swiftTestingFixture, .swiftTesting, ["CLEANSLATE_RECORD": "failed"])
        #expect(rerecorded.status == .exited(1))
        #expect(try reference() == "hello from $HOME\n", "the command the message gives re-records it")
    }

    @Test func underCINothingIsRecordedUnlessCleanSlateRecordAsks() throws {
        let ci = try run(Self.swiftTestingFixture, .swiftTesting, ["CI": "true"])
        #expect(ci.status == .exited(1))
        #expect(ci.lines(containing: "there is no reference file \(try folder())/greeting.txt (CI is set, so nothing is recorded unless asked)").count == 1, "\(ci.output)")
        #expect(try reference() == nil)
        let asked = try run(Self.xcTestFixture, .xcTest, ["CI": "true", "CLEANSLATE_RECORD": "missing"])
        #expect(asked.status == .exited(1))
        #expect(try reference() == "hello from $HOME\n")
    }

    @Test func underXCTestAFailureIsAnXCTestFailureAtTheAssertionAndTheClassCanSetTheMode() throws {
        let first = try run(Self.xcTestFixture, .xcTest)
        #expect(first.status == .exited(1))
        let line = try #require(first.value(of: "FIXTURE-ASSERT-LINE"), "\(first.output)")
        #expect(first.lines(containing: "SnapshotFixtures.swift:\(line): error: SnapshotXCTestFixture.testOutputSnapshot : failed - "
            + "standard output snapshot \"greeting\": recorded the missing reference").count == 1, "\(first.output)")
        #expect(try reference() == "hello from $HOME\n")
        #expect(try run(Self.xcTestFixture, .xcTest).status == .exited(0))

        try sandboxForTest().write("hello from nowhere\n", to: "refs/greeting.txt", in: .temporary)
        let mismatch = try run(Self.xcTestFixture, .xcTest)
        #expect(mismatch.status == .exited(1))
        #expect(mismatch.lines(containing: "To record it: CLEANSLATE_RECORD=failed swift test --filter 'CleanSlateTestingTests'").count == 1, "\(mismatch.output)")
        #expect(try reference() == "hello from nowhere\n")

        let byClass = try run(Self.recordingXCTestFixture, .xcTest)
        #expect(byClass.status == .exited(1))
        #expect(byClass.lines(containing: "(record mode failed, set for the suite): review the change and commit it").count == 1, "\(byClass.output)")
        #expect(try reference() == "hello from $HOME\n")
    }
}
