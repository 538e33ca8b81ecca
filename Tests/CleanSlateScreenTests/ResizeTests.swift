import CleanSlateScreen
import XCTest

final class ResizeTests: XCTestCase {
    func testWiderKeepsContentAndAllowsPrintingInTheNewArea() {
        let terminal = makeTerminal("abc\r\ndef")
        terminal.resize(rows: 5, columns: 20)
        XCTAssertEqual(terminal.columns, 20)
        XCTAssertEqual(terminal.snapshot().lines, ["abc", "def", "", "", ""])
        terminal.feed(csi("1;15H") + "xyz")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "abc           xyz")
    }

    func testNarrowerTruncatesAndClampsTheCursor() {
        let terminal = makeTerminal("0123456789")
        terminal.resize(rows: 5, columns: 4)
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "0123")
        XCTAssertCursor(terminal, 0, 3)
    }

    func testNarrowerThroughAWideCharacterBlanksIt() {
        let terminal = makeTerminal("ab中")
        terminal.resize(rows: 5, columns: 3)
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "ab")
        XCTAssertEqual(try terminal.snapshot().cell(row: 0, column: 2).width, 1)
    }

    func testShorterDropsBlankRowsBelowTheCursorFirst() {
        let terminal = makeTerminal("top" + csi("2;1H") + "two")
        terminal.resize(rows: 3, columns: 10)
        XCTAssertEqual(terminal.snapshot().lines, ["top", "two", ""])
        XCTAssertCursor(terminal, 1, 3)
        XCTAssertEqual(terminal.snapshot().scrollback, [])
    }

    func testShorterWithTheCursorLowScrollsRowsIntoTheScrollback() {
        let terminal = makeTerminal("0\r\n1\r\n2\r\n3\r\n4")
        terminal.resize(rows: 3, columns: 10)
        XCTAssertEqual(terminal.snapshot().lines, ["2", "3", "4"])
        XCTAssertEqual(terminal.snapshot().scrollback, ["0", "1"])
        XCTAssertCursor(terminal, 2, 1)
    }

    func testTallerBringsLinesBackFromTheScrollback() {
        let terminal = makeTerminal("0\r\n1\r\n2\r\n3\r\n4\r\n5\r\n6")
        XCTAssertEqual(terminal.snapshot().scrollback, ["0", "1"])
        terminal.resize(rows: 6, columns: 10)
        XCTAssertEqual(terminal.snapshot().lines, ["1", "2", "3", "4", "5", "6"])
        XCTAssertEqual(terminal.snapshot().scrollback, ["0"])
        XCTAssertCursor(terminal, 5, 1)
        terminal.resize(rows: 9, columns: 10)
        XCTAssertEqual(terminal.snapshot().lines, ["0", "1", "2", "3", "4", "5", "6", "", ""])
        XCTAssertCursor(terminal, 6, 1)
    }

    func testLinesComeBackInOrderAfterTheScrollbackWrappedAndScrolledAgain() {
        // A full scrollback (3 lines, its ring wrapped), one line pulled back by growing, then one more
        // line scrolled off and the screen grown again: xterm shows every line in the order written.
        let terminal = makeTerminal((0...7).map(String.init).joined(separator: "\r\n"), rows: 3, scrollbackLimit: 3)
        XCTAssertEqual(terminal.snapshot().scrollback, ["2", "3", "4"])
        terminal.resize(rows: 4, columns: 10)
        XCTAssertEqual(terminal.snapshot().lines, ["4", "5", "6", "7"])
        terminal.feed("\r\n8")
        XCTAssertEqual(terminal.snapshot().scrollback, ["2", "3", "4"])
        terminal.resize(rows: 7, columns: 10)
        XCTAssertEqual(terminal.snapshot().lines, ["2", "3", "4", "5", "6", "7", "8"])
        XCTAssertEqual(terminal.snapshot().scrollback, [])
        XCTAssertCursor(terminal, 6, 1)
    }

    func testShrinkingAndGrowingAgainKeepsTheNewestLinesInOrder() {
        let terminal = makeTerminal((0...9).map(String.init).joined(separator: "\r\n"), rows: 6, scrollbackLimit: 4)
        for rows in [2, 5, 1, 6, 3, 6] {
            terminal.resize(rows: rows, columns: 10)
            let shown = (terminal.snapshot().scrollback + terminal.snapshot().lines).filter { !$0.isEmpty }
            // Lines beyond the scrollback limit are gone for good; the rest must be the newest, in order.
            XCTAssertEqual(shown, (0...9).suffix(shown.count).map(String.init), "after resizing to \(rows) rows")
        }
    }

    func testResizeResetsTheScrollRegion() {
        let terminal = makeTerminal(csi("2;3r"))
        terminal.resize(rows: 6, columns: 10)
        terminal.feed(csi("6;1H") + "x\n")
        XCTAssertEqual(terminal.snapshot().lines[4], "x")
    }

    func testResizeAppliesToBothScreens() {
        let terminal = makeTerminal("main" + csi("?1049h") + csi("H") + "alt")
        terminal.resize(rows: 8, columns: 12)
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "alt")
        XCTAssertEqual(terminal.snapshot().rows, 8)
        terminal.feed(csi("?1049l"))
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "main")
        XCTAssertEqual(terminal.snapshot().columns, 12)
    }

    func testTabStopsExtendToNewColumns() {
        let terminal = makeTerminal()
        terminal.resize(rows: 5, columns: 30)
        terminal.feed("\t\t\t")
        XCTAssertCursor(terminal, 0, 24)
    }

    func testWindowSizeReportFollowsTheResize() {
        let terminal = makeTerminal()
        terminal.resize(rows: 30, columns: 100)
        terminal.feed(csi("18t"))
        XCTAssertEqual(replyText(terminal), "\u{1B}[8;30;100t")
    }
}
