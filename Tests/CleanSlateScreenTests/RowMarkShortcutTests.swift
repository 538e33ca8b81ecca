@testable import CleanSlateScreen
import XCTest

/// A rule that needs some characters on a row skips the rows whose marks
/// (``RecognitionGrid/rowASCIIMarks``) lack them: it does not read their free spans, and still
/// finds what the rows that have them hold. (That the tree stays the same on every screen is
/// ElementRecognitionDifferentialTests'.)
final class RowMarkShortcutTests: XCTestCase {
    private func grid(_ rows: [String]) -> RecognitionGrid {
        let terminal = TerminalEmulator(rows: rows.count, columns: 40)
        terminal.feed(rows.enumerated().map { "\u{1B}[\($0.offset + 1);1H" + $0.element }.joined())
        return RecognitionGrid(terminal.snapshot())
    }

    func testTheRowsMarksNoteTheLettersOfForAndW() {
        let grid = grid(["file-1.txt  1234", "", "  Ctrl+H for help", "Wed"])
        XCTAssertFalse(grid.shows(.lettersOfFor, row: 0), "`file-1.txt` shows `f` but neither `o` nor `r`")
        XCTAssertTrue(grid.shows(.letterF, row: 0))
        XCTAssertFalse(grid.shows(.letterF, row: 1), "a blank row")
        XCTAssertTrue(grid.shows(.lettersOfFor, row: 2))
        XCTAssertTrue(grid.shows(.letterW, row: 3))
        XCTAssertFalse(grid.shows(.letterW, row: 2))
    }

    /// Each mark is a bit of its own: two marks on one bit would make a screen showing one seem to
    /// show the other (a `W` seemed a block picture when the two were merged onto one bit).
    func testEveryMarkIsABitOfItsOwn() {
        let marks: [RecognitionTriggers.Marks] = [
            .blank, .line, .openingBracket, .angleBracket, .parenthesis, .underscore, .percent, .block, .pictureBlock,
            .keyMark, .plus, .letterW, .letterF, .letterO, .letterR, .hyphen,
        ]
        XCTAssertEqual(marks.map { $0.rawValue.nonzeroBitCount }, Array(repeating: 1, count: marks.count))
        XCTAssertEqual(marks.reduce(0) { $0 | $1.rawValue }.nonzeroBitCount, marks.count)
        XCTAssertFalse(grid(["Wed Thu"]).triggers.hasPictureBlock, "a W is no block picture")
        XCTAssertFalse(grid(["a - apple"]).triggers.hasPictureBlock, "a hyphen is no block picture")
        XCTAssertTrue(grid(["\u{2580}\u{2584}"]).triggers.hasPictureBlock)
    }

    func testForLegendsReadOnlyTheRowsShowingTheLettersOfFor() {
        var work = RecognitionWork(grid: grid(["file-1.txt  1234", "", "  Ctrl+H for help"]))
        work.findForLegends()
        XCTAssertEqual(work.found.map(\.element.label), ["help"])
        XCTAssertEqual(work.found.map(\.element.keyName), ["Ctrl+H"])
        XCTAssertNil(work.spanCache[0], "a row without `o` and `r` is not read")
        XCTAssertNil(work.spanCache[1], "a blank row is not read")
        XCTAssertNotNil(work.spanCache[2], "the legend's row is read")
    }
}
