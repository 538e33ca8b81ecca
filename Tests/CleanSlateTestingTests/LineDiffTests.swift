import CleanSlateTestSupport
import Testing

struct LineDiffTests {
    @Test func changedLinesAreShownWithTwoLinesOfContextAndTheRestFolded() {
        let reference = (1...9).map { "line \($0)" }.joined(separator: "\n")
        let actual = reference.replacingOccurrences(of: "line 7", with: "line seven")
        #expect(LineDiff.render(reference: reference, actual: actual) == """
              … 4 unchanged lines
              line 5
              line 6
            - line 7
            + line seven
              line 8
              line 9
            """)
    }

    @Test func insertedAndRemovedLinesAreMatchedAroundWhatBothShare() {
        #expect(LineDiff.render(reference: "a\nb\nc\nd", actual: "a\nc\nd\ne") == "  a\n- b\n  c\n  d\n+ e")
        #expect(LineDiff.render(reference: "", actual: "x") == "- \n+ x")
    }

    @Test func aDiffTooLargeToMatchLineByLineListsBothSides() {
        let count = 1_001
        let reference = (0..<count).map { "r\($0)" }.joined(separator: "\n")
        let actual = (0..<count).map { $0 == 500 ? "same" : "a\($0)" }.joined(separator: "\n")
        let diff = LineDiff.render(reference: "same\n" + reference, actual: actual + "\nsame")
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("- ") }.count == count + 1)
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("+ ") }.count == count + 1)
    }
}
