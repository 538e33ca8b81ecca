import CleanSlateScreen
import XCTest

final class PrintingTests: XCTestCase {
    func testTextAdvancesTheCursor() {
        let terminal = makeTerminal("abc")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "abc")
        XCTAssertCursor(terminal, 0, 3)
    }

    func testPrintingInTheLastColumnLeavesAWrapPending() {
        // xterm: the cursor stays on the last column; the next printable character wraps first.
        let terminal = makeTerminal("0123456789")
        XCTAssertCursor(terminal, 0, 9)
        terminal.feed("X")
        XCTAssertEqual(terminal.snapshot().lines[0...1], ["0123456789", "X"])
        XCTAssertCursor(terminal, 1, 1)
    }

    func testCarriageReturnCancelsThePendingWrap() {
        let terminal = makeTerminal("0123456789\rX")
        XCTAssertEqual(terminal.snapshot().lines[0...1], ["X123456789", ""])
    }

    func testLineFeedWithAPendingWrapMovesDownOnly() {
        // The LF moves down one row and clears the pending wrap; the column stays at the last one.
        let terminal = makeTerminal("0123456789\nX")
        XCTAssertEqual(terminal.snapshot().lines[0...2], ["0123456789", "         X", ""])
    }

    func testBackspaceWithAPendingWrapMovesLeftFromTheLastColumn() {
        // libvterm 11state_movecursor "Backspace cancels phantom": from the last column to the one before it.
        let terminal = makeTerminal("0123456789\u{8}X")
        XCTAssertEqual(terminal.snapshot().lines[0...1], ["01234567X9", ""])
        XCTAssertCursor(terminal, 0, 9)
    }

    func testCursorMovementCancelsThePendingWrap() {
        let terminal = makeTerminal("0123456789" + csi("1;10H") + "X")
        XCTAssertEqual(terminal.snapshot().lines[0...1], ["012345678X", ""])
    }

    func testWrappingAtTheBottomScrolls() {
        let terminal = makeTerminal("0123456789ABC", rows: 1)
        XCTAssertEqual(terminal.snapshot().lines, ["ABC"])
        XCTAssertEqual(terminal.snapshot().scrollback, ["0123456789"])
    }

    func testWithoutAutowrapTheLastColumnIsOverwritten() {
        let terminal = makeTerminal(csi("?7l") + "0123456789XYZ")
        XCTAssertEqual(terminal.snapshot().lines[0...1], ["012345678Z", ""])
        XCTAssertCursor(terminal, 0, 9)
        XCTAssertFalse(terminal.modes.autowrap)
    }

    func testWideCharactersTakeTwoCells() {
        // U+4E2D (CJK) and U+1F600 (emoji presentation) are East Asian Wide.
        let snapshot = makeTerminal("中😀a").snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 0), ScreenCell(character: "中", width: 2))
        XCTAssertEqual(try snapshot.cell(row: 0, column: 1), ScreenCell(character: "", width: 0))
        XCTAssertEqual(try snapshot.cell(row: 0, column: 2).character, "😀")
        XCTAssertEqual(try snapshot.cell(row: 0, column: 4).character, "a")
        XCTAssertEqual(try snapshot.text(row: 0), "中😀a")
        XCTAssertEqual(snapshot.cursor, ScreenPosition(row: 0, column: 5))
    }

    func testFullwidthFormsAreWide() {
        XCTAssertEqual(try makeTerminal("\u{FF21}").snapshot().cell(row: 0, column: 0).width, 2)
    }

    func testWideCharacterThatDoesNotFitWraps() {
        let terminal = makeTerminal("012345678中")
        let snapshot = terminal.snapshot()
        XCTAssertEqual(snapshot.lines[0...1], ["012345678", "中"])
        XCTAssertEqual(try snapshot.cell(row: 0, column: 9), ScreenCell())
        XCTAssertCursor(terminal, 1, 2)
    }

    func testWideCharacterEndingInTheLastColumnLeavesAWrapPending() {
        let terminal = makeTerminal("01234567中")
        XCTAssertCursor(terminal, 0, 9)
        terminal.feed("x")
        XCTAssertEqual(terminal.snapshot().lines[0...1], ["01234567中", "x"])
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        XCTAssertEqual(screenLines("中" + csi("1;2H") + "x")[0], " x")
        XCTAssertEqual(screenLines("中" + csi("1;1H") + "x")[0], "x")
    }

    func testCombiningMarksJoinThePreviousCell() {
        let terminal = makeTerminal("e\u{301}x")
        let snapshot = terminal.snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 0).character, "e\u{301}")
        XCTAssertEqual(try snapshot.cell(row: 0, column: 1).character, "x")
        XCTAssertEqual(try snapshot.text(row: 0), "e\u{301}x")
        XCTAssertCursor(terminal, 0, 2)
    }

    func testCombiningMarkAfterAPendingWrapJoinsTheLastColumn() {
        let snapshot = makeTerminal("012345678e\u{301}").snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 9).character, "e\u{301}")
        XCTAssertEqual(snapshot.cursor, ScreenPosition(row: 0, column: 9))
    }

    func testZeroWidthJoinerSequencesJoinTheWideCell() {
        // WOMAN + ZWJ + PERSONAL COMPUTER: the joiner and the second emoji... the ZWJ is zero width and joins;
        // the emoji after it is wide and takes its own cells (as xterm does, which does not shape ZWJ sequences).
        let snapshot = makeTerminal("👩\u{200D}x").snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 0).character, "👩\u{200D}")
        XCTAssertEqual(try snapshot.cell(row: 0, column: 2).character, "x")
    }

    func testVariationSelectorJoinsThePreviousCell() {
        let snapshot = makeTerminal("\u{2764}\u{FE0F}x").snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 0).character, "\u{2764}\u{FE0F}")
        XCTAssertEqual(try snapshot.cell(row: 0, column: 1).character, "x")
    }

    func testInsertModeShiftsTheLine() {
        let terminal = makeTerminal("abcdef" + csi("1;3H") + csi("4h") + "XY")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "abXYcdef")
        XCTAssertTrue(terminal.modes.insert)
        terminal.feed(csi("4l") + "Z")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "abXYZdef")
    }

    func testInsertModePushesCharactersOffTheEnd() {
        XCTAssertEqual(screenLines("0123456789" + csi("1;1H") + csi("4h") + "ab")[0], "ab01234567")
    }

    func testRepeatPrecedingCharacter() {
        XCTAssertEqual(screenLines("a" + csi("3b") + "-" + csi("b"))[0], "aaaa--")
    }

    func testDECSpecialGraphicsDrawsBoxCharacters() {
        let lines = screenLines(esc("(0") + "lqk" + "\r\n" + "x x" + "\r\n" + "mqj" + esc("(B") + "q")
        XCTAssertEqual(lines[0...2], ["┌─┐", "│ │", "└─┘q"])
    }

    func testShiftOutSelectsG1() {
        XCTAssertEqual(screenLines(esc(")0") + "q\u{0E}q\u{0F}q")[0], "q─q")
    }

    func testUnitedKingdomSetShowsPound() {
        XCTAssertEqual(screenLines(esc("(A") + "#1")[0], "£1")
    }

    func testTabsAdvanceToEveryEighthColumn() {
        let terminal = makeTerminal("a\tb\tc", columns: 20)
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "a       b       c")
        terminal.feed("\t\t")
        XCTAssertCursor(terminal, 0, 19)
    }
}
