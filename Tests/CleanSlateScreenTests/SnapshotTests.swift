import CleanSlateScreen
import XCTest

final class SnapshotTests: XCTestCase {
    func testTextLinesAndSize() {
        let snapshot = makeTerminal("  hi  \r\n\r\nthere", rows: 3, columns: 8).snapshot()
        XCTAssertEqual(snapshot.rows, 3)
        XCTAssertEqual(snapshot.columns, 8)
        XCTAssertEqual(snapshot.lines, ["  hi", "", "there"])
        XCTAssertEqual(snapshot.text, "  hi\n\nthere")
        XCTAssertEqual(try snapshot.text(row: 1), "")
    }

    func testBlankCellsReadAsSpaces() {
        XCTAssertEqual(try TerminalEmulator().snapshot().cell(row: 23, column: 79), ScreenCell(character: " ", width: 1))
    }

    func testFindReportsEveryStart() {
        let snapshot = makeTerminal("abcabc\r\nxxabc", rows: 3, columns: 8).snapshot()
        XCTAssertEqual(snapshot.find("abc"), [ScreenPosition(row: 0, column: 0), ScreenPosition(row: 0, column: 3), ScreenPosition(row: 1, column: 2)])
        XCTAssertEqual(snapshot.find("aa"), [])
        XCTAssertTrue(snapshot.contains("xab"))
        XCTAssertFalse(snapshot.contains("cx"), "matches do not span rows")
        XCTAssertEqual(snapshot.find(""), [])
    }

    func testFindCountsColumnsOfWideCharacters() {
        let snapshot = makeTerminal("中文 ok").snapshot()
        XCTAssertEqual(snapshot.find("ok"), [ScreenPosition(row: 0, column: 5)])
        XCTAssertEqual(snapshot.find("文"), [ScreenPosition(row: 0, column: 2)])
    }

    func testFindMatchesBlanksInsideText() {
        let snapshot = makeTerminal("a" + csi("3G") + "b").snapshot()
        XCTAssertEqual(snapshot.find("a b"), [ScreenPosition(row: 0, column: 0)])
    }

    func testSnapshotIsACopy() {
        let terminal = makeTerminal("before")
        let snapshot = terminal.snapshot()
        terminal.feed("\rafter!")
        XCTAssertEqual(try snapshot.text(row: 0), "before")
        XCTAssertNotEqual(snapshot, terminal.snapshot())
        XCTAssertEqual(terminal.snapshot(), terminal.snapshot())
    }

    func testFramedShowsRowNumbersRulerAndCursor() {
        let terminal = makeTerminal("$ ls\r\n$ ", rows: 3, columns: 12)
        let expected = [
            "              1",
            "    012345678901",
            "   ┌────────────┐",
            " 00│$ ls        │",
            ">01│$           │",
            " 02│            │",
            "   └──^─────────┘",
            "   cursor: row 1, column 2 (visible)",
        ]
        XCTAssertEqual(terminal.snapshot().framed().split(separator: "\n", omittingEmptySubsequences: false).map(String.init), expected)
    }

    func testFramedWithoutCursor() {
        let terminal = makeTerminal("hi" + csi("?25l"), rows: 2, columns: 3)
        let expected = [
            "    012",
            "   ┌───┐",
            " 00│hi │",
            " 01│   │",
            "   └───┘",
        ]
        XCTAssertEqual(terminal.snapshot().framed(showCursor: false).split(separator: "\n", omittingEmptySubsequences: false).map(String.init), expected)
        XCTAssertTrue(terminal.snapshot().framed().hasSuffix("cursor: row 0, column 2 (hidden)"))
    }
}
