import CleanSlateScreen
import XCTest

final class EditingTests: XCTestCase {
    /// Rows "0".."4" on a 5x10 screen.
    private let numbered = "0\r\n1\r\n2\r\n3\r\n4"

    func testLineFeedAtTheBottomScrollsTheWholeScreen() {
        let terminal = makeTerminal(numbered + "\r\n5")
        XCTAssertEqual(terminal.snapshot().lines, ["1", "2", "3", "4", "5"])
        XCTAssertEqual(terminal.snapshot().scrollback, ["0"])
    }

    func testScrollRegionLimitsLineFeedScrolling() {
        // DECSTBM 2;4: a LF on row 4 (one-based) scrolls rows 2-4 only; rows 1 and 5 stay.
        let terminal = makeTerminal(numbered + csi("2;4r") + csi("4;1H") + "\nX")
        XCTAssertEqual(terminal.snapshot().lines, ["0", "2", "3", "X", "4"])
        XCTAssertEqual(terminal.snapshot().scrollback, [], "a partial region does not feed the scrollback")
    }

    func testLineFeedBelowTheRegionDoesNotScroll() {
        let terminal = makeTerminal(numbered + csi("1;3r") + csi("5;1H") + "\n")
        XCTAssertEqual(terminal.snapshot().lines, ["0", "1", "2", "3", "4"])
        XCTAssertCursor(terminal, 4, 0)
    }

    func testSettingTheRegionHomesTheCursor() {
        XCTAssertCursor(makeTerminal(csi("3;4H") + csi("2;4r")), 0, 0)
    }

    func testInvalidRegionIsIgnored() {
        let terminal = makeTerminal(numbered + csi("4;2r") + csi("5;1H") + "\n")
        XCTAssertEqual(terminal.snapshot().lines, ["1", "2", "3", "4", ""])
    }

    func testIndexReverseIndexAndNextLine() {
        let terminal = makeTerminal("ab" + esc("D"))
        XCTAssertCursor(terminal, 1, 2)
        terminal.feed(esc("E"))
        XCTAssertCursor(terminal, 2, 0)
        terminal.feed(esc("M") + esc("M") + esc("M"))
        XCTAssertCursor(terminal, 0, 0)
        XCTAssertEqual(terminal.snapshot().lines, ["", "ab", "", "", ""], "RI at the top scrolls down")
    }

    func testReverseIndexAtTheRegionTopScrollsTheRegionDown() {
        let terminal = makeTerminal(numbered + csi("2;4r") + csi("2;1H") + esc("M"))
        XCTAssertEqual(terminal.snapshot().lines, ["0", "", "1", "2", "4"])
    }

    func testScrollUpAndDown() {
        XCTAssertEqual(screenLines(numbered + csi("2S")), ["2", "3", "4", "", ""])
        XCTAssertEqual(screenLines(numbered + csi("2T")), ["", "", "0", "1", "2"])
        XCTAssertEqual(screenLines(numbered + csi("2;4r") + csi("S")), ["0", "2", "3", "", "4"])
    }

    func testInsertAndDeleteCharacters() {
        XCTAssertEqual(screenLines("abcdef" + csi("1;2H") + csi("2@"))[0], "a  bcdef")
        XCTAssertEqual(screenLines("abcdef" + csi("1;2H") + csi("2P"))[0], "adef")
        XCTAssertEqual(screenLines("0123456789" + csi("1;3H") + csi("99P"))[0], "01")
    }

    func testEraseCharacters() {
        let terminal = makeTerminal("abcdef" + csi("1;2H") + csi("3X"))
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "a   ef")
        XCTAssertCursor(terminal, 0, 1)
    }

    func testInsertAndDeleteLinesInsideTheRegion() {
        XCTAssertEqual(screenLines(numbered + csi("2;1H") + csi("L")), ["0", "", "1", "2", "3"])
        XCTAssertEqual(screenLines(numbered + csi("2;1H") + csi("2M")), ["0", "3", "4", "", ""])
        XCTAssertEqual(screenLines(numbered + csi("2;4r") + csi("3;1H") + csi("L")), ["0", "1", "", "2", "4"])
        XCTAssertEqual(screenLines(numbered + csi("2;4r") + csi("5;1H") + csi("L")), ["0", "1", "2", "3", "4"])
    }

    func testInsertAndDeleteLinesReturnTheCursorToTheFirstColumn() {
        // ECMA-48: IL and DL move the active position to the line home; xterm does the same.
        XCTAssertCursor(makeTerminal(numbered + csi("2;3H") + csi("L")), 1, 0)
        XCTAssertCursor(makeTerminal(numbered + csi("2;3H") + csi("M")), 1, 0)
        XCTAssertCursor(makeTerminal(numbered + csi("2;4r") + csi("5;3H") + csi("L")), 4, 2)  // Outside the region nothing happens.
    }

    func testEraseInLine() {
        XCTAssertEqual(screenLines("abcdef" + csi("1;3H") + csi("K"))[0], "ab")
        XCTAssertEqual(screenLines("abcdef" + csi("1;3H") + csi("1K"))[0], "   def")
        XCTAssertEqual(screenLines("abcdef" + csi("1;3H") + csi("2K"))[0], "")
    }

    func testEraseInDisplay() {
        XCTAssertEqual(screenLines("abc\r\ndef\r\nghi" + csi("2;2H") + csi("J"))[0...2], ["abc", "d", ""])
        XCTAssertEqual(screenLines("abc\r\ndef\r\nghi" + csi("2;2H") + csi("1J"))[0...2], ["", "  f", "ghi"])
        XCTAssertEqual(screenLines("abc\r\ndef\r\nghi" + csi("2J"))[0...2], ["", "", ""])
    }

    func testEraseDoesNotMoveTheCursor() {
        XCTAssertCursor(makeTerminal("abc" + csi("2J")), 0, 3)
    }

    func testEraseScrollbackWithED3() {
        let terminal = makeTerminal(numbered + "\r\n5\r\n6")
        XCTAssertEqual(terminal.snapshot().scrollback, ["0", "1"])
        terminal.feed(csi("3J"))
        XCTAssertEqual(terminal.snapshot().scrollback, [])
        XCTAssertEqual(terminal.snapshot().lines, ["2", "3", "4", "5", "6"])
    }

    func testSelectiveEraseActsAsErase() {
        XCTAssertEqual(screenLines("abcdef" + csi("1;3H") + csi("?K"))[0], "ab")
        XCTAssertEqual(screenLines("abc\r\ndef" + csi("?2J"))[0...1], ["", ""])
    }

    func testErasingUsesTheCurrentBackground() {
        // Background colour erase: erased cells take the current background.
        let snapshot = makeTerminal(csi("44m") + csi("2J")).snapshot()
        XCTAssertEqual(try snapshot.cell(row: 3, column: 7).background, .indexed(4))
        XCTAssertEqual(try snapshot.cell(row: 3, column: 7).character, " ")
        let line = makeTerminal("abc" + csi("41m") + csi("1;2H") + csi("K")).snapshot()
        XCTAssertEqual(try line.cell(row: 0, column: 0).background, .default)
        XCTAssertEqual(try line.cell(row: 0, column: 1).background, .indexed(1))
        XCTAssertEqual(try line.cell(row: 0, column: 9).background, .indexed(1))
    }

    func testScrolledInLinesUseTheCurrentBackground() {
        let snapshot = makeTerminal(numbered + csi("42m") + "\n").snapshot()
        XCTAssertEqual(try snapshot.cell(row: 4, column: 5).background, .indexed(2))
    }

    func testScreenAlignmentFillsWithE() {
        let terminal = makeTerminal("x" + csi("2;3r") + csi("3;3H") + esc("#8"))
        XCTAssertEqual(terminal.snapshot().lines, Array(repeating: "EEEEEEEEEE", count: 5))
        XCTAssertCursor(terminal, 0, 0)
        terminal.feed(csi("5;1H") + "\n")  // The margins were reset: LF on the last row scrolls.
        XCTAssertEqual(terminal.snapshot().lines[4], "")
    }

    func testFullResetClearsEverything() {
        let terminal = makeTerminal(numbered + "\r\n5" + csi("1;31m") + csi("2;3r") + csi("?1049h") + esc("]2;t\u{7}") + csi("?1h") + esc("(0") + esc("c"))
        let snapshot = terminal.snapshot()
        XCTAssertEqual(snapshot.lines, ["", "", "", "", ""])
        XCTAssertEqual(snapshot.cursor, ScreenPosition(row: 0, column: 0))
        XCTAssertEqual(snapshot.title, "")
        XCTAssertFalse(snapshot.isAlternateScreenActive)
        XCTAssertEqual(snapshot.modes, TerminalModes())
        terminal.feed("q")
        XCTAssertEqual(try terminal.snapshot().cell(row: 0, column: 0), ScreenCell(character: "q"))
    }

    func testSoftResetKeepsTheScreen() {
        let terminal = makeTerminal("abc" + csi("1m") + csi("2;3r") + csi("4h") + csi("?6h") + csi("?25l") + csi("!p") + csi("5;1H") + "\nx")
        let snapshot = terminal.snapshot()
        XCTAssertEqual(snapshot.lines, ["", "", "", "", "x"])
        XCTAssertEqual(try snapshot.cell(row: 4, column: 0).attributes, [])
        XCTAssertFalse(snapshot.modes.insert)
        XCTAssertFalse(snapshot.modes.origin)
        XCTAssertTrue(snapshot.isCursorVisible)
        XCTAssertEqual(snapshot.scrollback, ["abc"], "DECSTR reset the margins, so the LF scrolled the whole screen")
    }
}
