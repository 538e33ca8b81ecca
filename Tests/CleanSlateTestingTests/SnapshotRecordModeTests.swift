import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// The record modes, CI and the messages, through the comparison every snapshot assertion uses,
/// with the environment passed in (never set in this process).
@Suite(.cleanSlate)
struct SnapshotRecordModeTests {
    private let location = CallerLocation(fileID: "Tests/WizardTests.swift", filePath: "/p/Tests/WizardTests.swift", line: 7, column: 1)

    /// Verifies `actual` against the reference `name` in this test's folder of references.
    private func verify(
        _ actual: String, name: String = "screen", record: SnapshotRecordMode? = nil, environment: [String: String] = [:]
    ) throws -> String? {
        SnapshotAssertion.verify(
            SnapshotComparison(subject: "snapshot \"\(name)\"", actual: actual, styled: false), named: name, record: record,
            directory: try folder(), location: location, environment: environment)
    }

    private func folder() throws -> String { try sandboxForTest().path(.temporary, "refs") }

    private func stored(_ name: String = "screen") throws -> String? {
        try? String(contentsOfFile: folder() + "/\(name).txt", encoding: .utf8)
    }

    private func seed(_ text: String, name: String = "screen") throws {
        try sandboxForTest().write(text + "\n", to: "refs/\(name).txt", in: .temporary)
    }

    @Test func missingByDefaultRecordsWhatIsMissingFailsOnceThenPasses() throws {
        let first = try #require(try verify("Name: Ada"))
        #expect(first.contains("recorded the missing reference \(try folder())/screen.txt (record mode missing, the default)"), "\(first)")
        #expect(try stored() == "Name: Ada\n")
        #expect(try verify("Name: Ada") == nil)
        let changed = try #require(try verify("Name: Bob"))
        #expect(changed.contains("- Name: Ada\n+ Name: Bob"), "\(changed)")
        #expect(try stored() == "Name: Ada\n", "missing does not overwrite a reference")
    }

    @Test func neverRecordsNothing() throws {
        let message = try #require(try verify("Name: Ada", record: .never))
        #expect(message.contains("there is no reference file \(try folder())/screen.txt (record mode never, set by the assertion)"), "\(message)")
        #expect(try stored() == nil)
        try seed("Name: Ada")
        #expect(try verify("Name: Bob", record: .never) != nil)
        #expect(try stored() == "Name: Ada\n")
    }

    @Test func failedRecordsMissingAndOverwritesMismatchesEachFailingOnce() throws {
        #expect(try verify("one", record: .failed) != nil)
        #expect(try stored() == "one\n")
        #expect(try verify("one", record: .failed) == nil, "a match passes and is left alone")
        let message = try #require(try verify("two", record: .failed))
        #expect(message.contains("- one\n+ two"), "\(message)")
        #expect(message.contains("re-recorded \(try folder())/screen.txt (record mode failed, set by the assertion): review the change and commit it"), "\(message)")
        #expect(message.hasPrefix("snapshot \"screen\" does not match the reference"), "the subject once, not twice: \(message)")
        #expect(message.components(separatedBy: "snapshot \"screen\"").count == 2, "the subject once, not twice: \(message)")
        #expect(try stored() == "two\n")
    }

    @Test func aReferenceThatCannotBeWrittenIsSaidPlainly() throws {
        // The references' folder is a regular file, so no reference can be made in it.
        try sandboxForTest().write("x", to: "refs", in: .temporary)
        let message = try #require(try verify("Name: Ada", record: .missing))
        #expect(message == "snapshot \"screen\": could not record the reference \(try folder())/screen.txt: "
            + "cannot create the folder \(try folder()): \(try folder()) exists and is not a folder; "
            + "make its folder writable or pass another snapshotDirectory:")
    }

    @Test func aPageThatCannotBeWrittenIsSaidPlainly() throws {
        let blocked = try sandboxForTest().path(.temporary, "not-a-folder")
        try sandboxForTest().write("x", to: "not-a-folder", in: .temporary)
        let error = try #require(throws: CleanSlateError.self) {
            try FailureArtifacts.$directoryInTask.withValue(blocked) {
                try FailureArtifacts.writeNewFile("page", testName: "Module.Suite/test()", named: "snapshot-x", extension: "html")
            }
        }
        #expect(error.message == "cannot create the folder \(blocked)/Module.Suite_test__: \(blocked) exists and is not a folder")
    }

    @Test func allRewritesEveryReferenceAndFailsEvenWhenItMatches() throws {
        try seed("same")
        let unchanged = try #require(try verify("same", record: .all))
        #expect(unchanged.contains("re-recorded \(try folder())/screen.txt, unchanged (record mode all, set by the assertion): turn recording off"), "\(unchanged)")
        try seed("old")
        #expect(try verify("new", record: .all) != nil)
        #expect(try stored() == "new\n")
    }

    @Test func ciRecordsNothingUnlessAskedExplicitly() throws {
        let message = try #require(try verify("x", environment: ["CI": "true"]))
        #expect(message.contains("there is no reference file \(try folder())/screen.txt (CI is set, so nothing is recorded unless asked)"), "\(message)")
        #expect(try stored() == nil)
        #expect(try verify("x", environment: ["CI": "true", "CLEANSLATE_RECORD": "missing"]) != nil)
        #expect(try stored() == "x\n", "CLEANSLATE_RECORD asks explicitly")
        #expect(try verify("y", name: "b", record: .missing, environment: ["CI": "1"]) != nil)
        #expect(try stored("b") == "y\n", "so does the assertion's record:")
        #expect(try verify("z", name: "c", environment: ["CI": "false"]) != nil)
        #expect(try stored("c") == "z\n", "CI=false is not CI")
    }

    /// Snapshots: "When `CI` is set (to anything but empty, `0` or `false`) ... nothing is
    /// recorded": each of the three values is not CI, so a missing reference is written.
    @Test func ciSetToEmptyZeroOrFalseIsNotCI() throws {
        for (name, value) in [("empty", ""), ("zero", "0"), ("false", "false")] {
            #expect(try verify("z", name: name, environment: ["CI": value]) != nil, "the first run fails, saying what it wrote")
            #expect(try stored(name) == "z\n", "CI=\(value.debugDescription) is not CI: the reference is written")
        }
    }

    @Test func theAssertionWinsOverTheSuiteWhichWinsOverTheEnvironment() throws {
        try withSnapshotRecordMode(.never) { () throws in
            #expect(try verify("a", name: "suite", environment: ["CLEANSLATE_RECORD": "all"]) != nil)
            #expect(try stored("suite") == nil, "the suite's never wins over CLEANSLATE_RECORD=all")
            #expect(try verify("a", name: "assertion", record: .missing) != nil)
            #expect(try stored("assertion") == "a\n", "the assertion's missing wins over the suite's never")
        }
        #expect(try verify("a", name: "environment", environment: ["CLEANSLATE_RECORD": "NEVER"]) != nil)
        #expect(try stored("environment") == nil)
    }

    @Test(.snapshots(record: .failed)) func theTraitSetsTheModeOfItsTests() throws {
        try seed("old")
        #expect(try verify("new") != nil)
        #expect(try stored() == "new\n")
    }

    @Test func anInvalidRecordModeFailsWithAClearMessage() throws {
        let message = try #require(try verify("x", environment: ["CLEANSLATE_RECORD": "sometimes"]))
        #expect(message.contains("CLEANSLATE_RECORD=sometimes is not valid: use never, missing, failed or all"), "\(message)")
        #expect(try stored() == nil)
    }

    @Test func theMismatchMessageGivesTheCommandThatReRecordsThisTest() throws {
        try seed("old")
        let message = try #require(try verify("new"))
        #expect(message.hasSuffix("To record it: CLEANSLATE_RECORD=failed swift test --filter "
            + "'CleanSlateTestingTests.SnapshotRecordModeTests/theMismatchMessageGivesTheCommandThatReRecordsThisTest'"), "\(message)")
        let missing = try #require(try verify("new", name: "other", environment: ["CI": "yes"]))
        #expect(missing.hasSuffix("To record it: CLEANSLATE_RECORD=missing swift test --filter "
            + "'CleanSlateTestingTests.SnapshotRecordModeTests/theMismatchMessageGivesTheCommandThatReRecordsThisTest'"), "\(missing)")
    }

    @Test func aModeSetInCodeIsNamedWhereItWasSet() throws {
        try seed("old")
        let assertion = try #require(try verify("new", record: .never))
        #expect(assertion.hasSuffix("change this assertion's record: .never to record: .failed for one run "
            + "(the assertion's own mode wins over the suite's and CLEANSLATE_RECORD)."), "\(assertion)")
        let suite = try #require(try withSnapshotRecordMode(.missing) { () throws in try verify("new") })
        #expect(suite.hasSuffix("set the suite's record mode (.snapshots(record:) or withSnapshotRecordMode) to .failed for one run "
            + "(it wins over CLEANSLATE_RECORD)."), "\(suite)")
    }

    @Test func referencesLiveNextToTheTestUnlessADirectoryIsGiven() throws {
        #expect(try SnapshotComparison.referencePath(named: "wizard", directory: nil, location: location)
            == "/p/Tests/__Snapshots__/WizardTests/wizard.txt")
        #expect(try SnapshotComparison.referencePath(named: "wizard", directory: "/refs", location: location) == "/refs/wizard.txt")
        for bad in ["", "a/b", ".hidden", "..", "nul\0"] {
            #expect(throws: CleanSlateError.self, "\(bad.debugDescription)") {
                try SnapshotComparison.referencePath(named: bad, directory: nil, location: location)
            }
        }
    }

    @Test func aDamagedReferenceIsNamedNotOverwritten() throws {
        try sandboxForTest().createDirectory("refs/screen.txt", in: .temporary)
        let message = try #require(try verify("x", record: .all))
        #expect(message.contains("the reference \(try folder())/screen.txt exists but is not a readable UTF-8 file"), "\(message)")
    }
}
