import CleanSlateScreen
import XCTest

final class ScrollbackTests: XCTestCase {
    func testScrollbackKeepsTheNewestLinesUpToTheLimit() {
        let terminal = makeTerminal(scrollbackLimit: 3)
        for line in 0..<20 { terminal.feed("line \(line)\r\n") }
        XCTAssertEqual(terminal.snapshot().scrollback, ["line 13", "line 14", "line 15"])
        XCTAssertEqual(terminal.snapshot().lines, ["line 16", "line 17", "line 18", "line 19", ""])
    }

    func testDefaultLimitIsAThousandLines() {
        let terminal = TerminalEmulator(rows: 2, columns: 10)
        for line in 0..<1500 { terminal.feed("\(line)\r\n") }
        let scrollback = terminal.snapshot().scrollback
        XCTAssertEqual(scrollback.count, 1000)
        XCTAssertEqual(scrollback.first, "499")
        XCTAssertEqual(scrollback.last, "1498")
    }

    func testSnapshotsSeeLinesAddedSinceTheLastOne() {
        let terminal = makeTerminal("a\r\nb\r\nc\r\nd\r\ne\r\n", scrollbackLimit: 2)
        XCTAssertEqual(terminal.snapshot().scrollback, ["a"])
        terminal.feed("f\r\ng\r\n")
        XCTAssertEqual(terminal.snapshot().scrollback, ["b", "c"])
        terminal.resize(rows: 6, columns: 10)
        XCTAssertEqual(terminal.snapshot().scrollback, ["b"])
        terminal.feed(csi("3J"))
        XCTAssertEqual(terminal.snapshot().scrollback, [])
        terminal.feed(csi("6;1H") + "h\r\n")
        XCTAssertEqual(terminal.snapshot().scrollback, ["c"])
    }

    func testZeroLimitKeepsNothing() {
        XCTAssertEqual(makeTerminal("1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7", scrollbackLimit: 0).snapshot().scrollback, [])
    }

    func testScrollbackKeepsWideAndCombinedCharacters() {
        let terminal = makeTerminal("中e\u{301}\r\n\r\n\r\n\r\n\r\n")
        XCTAssertEqual(terminal.snapshot().scrollback, ["中e\u{301}"])
    }

    /// REP's whole lines go into the scrollback as one counted run; they read back as text line by
    /// line, and a taller screen takes them back one at a time, in their colour.
    func testLinesRepeatedByREPComeBackOneByOneInTheirColour() throws {
        // 2x3, four lines kept: "1" scrolls away, then 15 red a's are five lines of "aaa" from the
        // bottom row; four of them scroll (after "2"), and the limit drops "1".
        let terminal = makeTerminal("1\r\n2\r\n" + csi("31m") + "a" + csi("14b"), rows: 2, columns: 3, scrollbackLimit: 4)
        XCTAssertEqual(terminal.snapshot().scrollback, ["2", "aaa", "aaa", "aaa"])
        XCTAssertEqual(terminal.snapshot().lines, ["aaa", "aaa"])
        terminal.resize(rows: 5, columns: 3)
        let snapshot = terminal.snapshot()
        XCTAssertEqual(snapshot.scrollback, ["2"])
        XCTAssertEqual(snapshot.lines, ["aaa", "aaa", "aaa", "aaa", "aaa"])
        for row in 0..<3 {
            XCTAssertEqual(try snapshot.cell(row: row, column: 2).foreground, .indexed(1))
        }
        terminal.resize(rows: 7, columns: 3)
        XCTAssertEqual(terminal.snapshot().lines, ["2", "aaa", "aaa", "aaa", "aaa", "aaa", ""])
        XCTAssertEqual(terminal.snapshot().scrollback, [])
    }

    /// A REP that scrolls more lines than the scrollback keeps leaves only the newest: on 3x4 from
    /// the second row, REP 9999 stands for 23 more x's (a screenful of lines and then the remainder
    /// of 9999 over the line's width), six lines, of which four scroll away: "old" and three of x's.
    func testAREPScrollingPastTheLimitKeepsOnlyTheNewestLines() {
        let terminal = makeTerminal("old\r\n" + "x" + csi("9999b"), rows: 3, columns: 4, scrollbackLimit: 2)
        XCTAssertEqual(terminal.snapshot().scrollback, ["xxxx", "xxxx"])
        XCTAssertEqual(terminal.snapshot().lines, ["xxxx", "xxxx", "xxxx"])
        XCTAssertEqual(makeTerminal("old\r\n" + "x" + csi("9999b"), rows: 3, columns: 4, scrollbackLimit: 5).snapshot().scrollback,
                       ["old", "xxxx", "xxxx", "xxxx"])
    }
}
