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
}
