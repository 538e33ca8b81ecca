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
