import CleanSlate
import CleanSlateTesting
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The side-by-side page a screen snapshot mismatch writes, seen from outside child test runs of
/// ``ScreenSnapshotFixtures`` and ``ScreenSnapshotXCTestFixture`` (a shell showing `hello` in red,
/// then ` from $HOME`): the page is in the artifact folder, its path in the failure message, and it
/// holds both screens' text with exactly the cells that differ shaded; a match writes nothing; a
/// page that cannot be written is said in the one failure. Serialized: one child at a time.
@Suite(.cleanSlate, .serialized)
struct ScreenComparisonPageTests {
    private static let pageLine = "Both screens side by side, the differing cells shaded: "

    private func scratch() throws -> String { try sandboxForTest().temporaryDirectory }
    private func reference() throws -> String { try scratch() + "/refs/screen.txt" }

    /// Runs the fixture of `framework` with references in the scratch folder and artifacts in `artifacts`.
    private func run(
        _ framework: ChildFramework, artifacts: String, _ environment: [String: String] = [:], arguments: [String] = []
    ) throws -> ChildTestRun {
        let filter = framework == .swiftTesting
            ? "ScreenSnapshotFixtures/screenSnapshot" : "CleanSlateTestingTests.ScreenSnapshotXCTestFixture/testScreenSnapshot"
        let base = ["FIXTURE_SNAPSHOTS": try scratch() + "/refs", "CLEANSLATE_ARTIFACTS": artifacts]
        return try runChildTests(filter, framework: framework, keep: "never", environment: base.merging(environment) { $1 }, arguments: arguments)
    }

    /// The artifact folder of the fixture's test, as the app folders name it.
    private func testFolder(_ framework: ChildFramework) -> String {
        framework == .swiftTesting ? "CleanSlateTestingTests.ScreenSnapshotFixtures_screenSnapshot__" : "ScreenSnapshotXCTestFixture.testScreenSnapshot"
    }

    /// The number of failures the child reported.
    private func failures(_ outcome: ChildTestRun, _ framework: ChildFramework) -> Int {
        framework == .swiftTesting
            ? outcome.lines(containing: "Test screenSnapshot() recorded an issue").count
            : outcome.lines(containing: "ScreenSnapshotXCTestFixture.testScreenSnapshot : failed - ").count
    }

    /// The paths of the pages the failure messages name.
    private func pages(_ outcome: ChildTestRun) -> [String] {
        outcome.lines(containing: Self.pageLine).map { String($0[$0.range(of: Self.pageLine)!.upperBound...]) }
    }

    private func replaceInReference(_ old: String, with new: String) throws {
        let text = try String(contentsOfFile: try reference(), encoding: .utf8)
        #expect(text.contains(old), "\(text)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: try reference(), atomically: true, encoding: .utf8)
    }

    private func row0(_ columns: ClosedRange<Int>) -> Set<ScreenPosition> {
        Set(columns.map { ScreenPosition(row: 0, column: $0) })
    }

    /// Records the text reference, matches it, then compares with an edited one; the page of the
    /// mismatch is checked and returned with the run.
    private func recordMatchAndMismatch(_ framework: ChildFramework, arguments: [String] = []) throws -> (ChildTestRun, ComparisonPage) {
        let recording = try run(framework, artifacts: try scratch() + "/recording")
        #expect(recording.status == .exited(1), "recording fails once: \(recording.output)")
        #expect(try String(contentsOfFile: try reference(), encoding: .utf8) == "hello from $HOME\n")
        #expect(pages(recording).isEmpty, "a recorded reference is no mismatch: \(recording.output)")

        let matching = try run(framework, artifacts: try scratch() + "/matching")
        #expect(matching.status == .exited(0), "\(matching.output)")
        #expect(!FileManager.default.fileExists(atPath: try scratch() + "/matching"), "a match writes nothing")
        #expect(pages(matching).isEmpty)

        try replaceInReference("$HOME", with: "nowhere")
        let mismatch = try run(framework, artifacts: try scratch() + "/mismatch", arguments: arguments)
        #expect(mismatch.status == .exited(1))
        #expect(failures(mismatch, framework) == 1, "\(mismatch.output)")
        #expect(mismatch.lines(containing: "- hello from nowhere").count == 1 && mismatch.lines(containing: "+ hello from $HOME").count == 1,
                "the line diff is there too: \(mismatch.output)")
        #expect(mismatch.lines(containing: "To record it: CLEANSLATE_RECORD=failed swift test --filter").count == 1, "\(mismatch.output)")
        let paths = pages(mismatch)
        #expect(paths == [try scratch() + "/mismatch/" + testFolder(framework) + "/snapshot-screen-1.html"], "\(mismatch.output)")
        let page = try ComparisonPage(path: try #require(paths.first))
        #expect(page.referenceText == "hello from nowhere")
        #expect(page.actualText == "hello from $HOME", "the sandbox path is a placeholder on the page as in the snapshot")
        // "nowhere" and "$HOME" start at column 11; the red "hello" is no difference in the text format.
        #expect(page.referenceMarks == row0(11...17) && page.actualMarks == row0(11...17), "\(page)")
        return (mismatch, page)
    }

    /// CLEANSLATE_ARTIFACTS names a regular file, so no folder can be made in it.
    private func expectUnwritablePageIsSaidInTheOneFailure(_ framework: ChildFramework) throws {
        let blocked = try scratch() + "/not-a-folder"
        try "x".write(toFile: blocked, atomically: false, encoding: .utf8)
        let outcome = try run(framework, artifacts: blocked)
        #expect(outcome.status == .exited(1))
        #expect(failures(outcome, framework) == 1, "\(outcome.output)")
        #expect(outcome.lines(containing: "Could not write the side-by-side page of both screens into \(blocked): "
            + "cannot create the folder \(blocked)/").count == 1, "\(outcome.output)")
        #expect(outcome.lines(containing: ": \(blocked) exists and is not a folder (set CLEANSLATE_ARTIFACTS to a writable folder).").count == 1,
                "\(outcome.output)")
        #expect(outcome.lines(containing: "Error Domain").isEmpty, "no raw NSError: \(outcome.output)")
        #expect(pages(outcome).isEmpty)
    }

    @Test func underSwiftTestingAMismatchWritesAndAttachesThePageAndAMatchWritesNothing() throws {
        let attachments = try scratch() + "/attachments"
        try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
        let (_, page) = try recordMatchAndMismatch(.swiftTesting, arguments: ["--attachments-path", attachments])
        let attached = try FileManager.default.contentsOfDirectory(atPath: attachments).filter { $0.hasSuffix("snapshot-screen.html") }
        #expect(attached.count == 1, "\(attached)")
        if let name = attached.first {
            #expect(try Data(contentsOf: URL(fileURLWithPath: attachments + "/" + name)) == Data(contentsOf: URL(fileURLWithPath: page.path)))
        }
        try expectUnwritablePageIsSaidInTheOneFailure(.swiftTesting)
    }

    @Test func underXCTestAMismatchWritesThePageAndAMatchWritesNothing() throws {
        _ = try recordMatchAndMismatch(.xcTest)
        try expectUnwritablePageIsSaidInTheOneFailure(.xcTest)
    }

    @Test func aStyledMismatchShadesTheCellsWhoseStyleChanged() throws {
        let styled = ["FIXTURE_FORMAT": "styled"]
        #expect(try run(.swiftTesting, artifacts: try scratch() + "/recording", styled).status == .exited(1))
        try replaceInReference("~ 0-4 fg=red", with: "~ 0-4 fg=green")
        let mismatch = try run(.swiftTesting, artifacts: try scratch() + "/mismatch", styled)
        let page = try ComparisonPage(path: try #require(pages(mismatch).first, "\(mismatch.output)"))
        #expect(page.referenceText == "hello from $HOME" && page.actualText == "hello from $HOME")
        #expect(page.referenceFills.contains("#00cd00") && page.actualFills.contains("#cd0000"), "green on the reference, red now")
        #expect(page.referenceMarks == row0(0...4) && page.actualMarks == row0(0...4), "\(page)")
    }

    @Test func anInlineMismatchWritesAPageToo() throws {
        let outcome = try run(.swiftTesting, artifacts: try scratch() + "/inline", ["FIXTURE_EXPECTED": "hello from there\n"])
        #expect(outcome.status == .exited(1))
        let paths = pages(outcome)
        #expect(paths == [try scratch() + "/inline/" + testFolder(.swiftTesting) + "/snapshot-inline-1.html"], "\(outcome.output)")
        let page = try ComparisonPage(path: try #require(paths.first))
        #expect(page.referenceText == "hello from there")
        #expect(page.referenceMarks == row0(11...15) && page.actualMarks == row0(11...15), "\(page)")
    }
}

/// A comparison page read back with an XML parser: each picture's text, the colours its text is
/// drawn in, and the cells its shaded rectangles cover (9 by 18 pixels each).
private struct ComparisonPage: CustomStringConvertible {
    let path: String
    let referenceText: String, actualText: String
    let referenceFills: Set<String>, actualFills: Set<String>
    let referenceMarks: Set<ScreenPosition>, actualMarks: Set<ScreenPosition>

    init(path: String) throws {
        self.path = path
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        // attribute(forName:) finds nothing on an element in a default namespace (the SVG's) here.
        func attribute(_ name: String, of node: XMLNode) -> String? {
            (node as? XMLElement)?.attributes?.first { $0.name == name }?.stringValue
        }
        func figure(_ name: String) throws -> XMLNode {
            try #require(try document.nodes(forXPath: "//*[local-name()='figure'][@class='\(name)']").first, "no \(name) figure in \(path)")
        }
        func texts(_ figure: XMLNode) throws -> [XMLElement] {
            try figure.nodes(forXPath: ".//*[local-name()='text']").compactMap { $0 as? XMLElement }
        }
        func marks(_ figure: XMLNode) throws -> Set<ScreenPosition> {
            Set(try figure.nodes(forXPath: ".//*[local-name()='rect'][@class='difference']").compactMap { node in
                guard let x = attribute("x", of: node).flatMap({ Int($0) }), let y = attribute("y", of: node).flatMap({ Int($0) }) else { return nil }
                return ScreenPosition(row: y / 18, column: x / 9)
            })
        }
        let reference = try figure("reference"), actual = try figure("actual")
        referenceText = try texts(reference).compactMap(\.stringValue).joined()
        actualText = try texts(actual).compactMap(\.stringValue).joined()
        referenceFills = Set(try texts(reference).compactMap { attribute("fill", of: $0) })
        actualFills = Set(try texts(actual).compactMap { attribute("fill", of: $0) })
        referenceMarks = try marks(reference)
        actualMarks = try marks(actual)
    }

    var description: String {
        "\(path): reference marks \(referenceMarks.sorted { ($0.row, $0.column) < ($1.row, $1.column) }), "
            + "actual marks \(actualMarks.sorted { ($0.row, $0.column) < ($1.row, $1.column) })"
    }
}
