@testable import CleanSlateScreen
import XCTest

/// Rectangular area operations (DECFRA, DECERA, DECSERA, DECCRA) and character protection
/// (DECSCA with the selective erases, SPA/EPA with the ordinary ones), as xterm does them.
final class RectangleTests: XCTestCase {
    private let rows = ["abcdefgh", "ijklmnop", "qrstuvwx", "yz012345", "ABCDEFGH"]

    private func filled() -> TerminalEmulator {
        makeTerminal(rows.enumerated().map { csi("\($0.offset + 1);1H") + $0.element }.joined(), rows: 5, columns: 8)
    }

    func testFillRectangleUsesTheCharacterAndTheCurrentRendition() {
        let terminal = filled()
        terminal.feed(csi("1m") + csi("42;2;3;3;5$x") + csi("0m"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefgh", "ij***nop", "qr***vwx", "yz012345", "ABCDEFGH"])
        XCTAssertEqual(try terminal.snapshot().cell(row: 1, column: 2).attributes, .bold)
        terminal.feed(csi("7;1;1;1;1$x"))
        XCTAssertEqual(terminal.snapshot().lines[0], "abcdefgh", "a control character is not a fill character")
        XCTAssertCursor(terminal, 4, 7)
    }

    func testEraseRectangleClipsToTheScreenAndHonoursOriginMode() {
        let terminal = filled()
        terminal.feed(csi("4;7;99;99$z"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefgh", "ijklmnop", "qrstuvwx", "yz0123", "ABCDEF"])
        terminal.feed(csi("2;4r") + csi("?6h") + csi("1;1;1;2$z"))
        XCTAssertEqual(terminal.snapshot().lines[1], "  klmnop", "row 1 of the region is screen row 2")
    }

    func testCopyRectangleHandlesOverlapAndDefaults() {
        let terminal = filled()
        terminal.feed(csi("1;1;2;3;1;2;2;1$v"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefgh", "iabcmnop", "qijkuvwx", "yz012345", "ABCDEFGH"])
        terminal.feed(csi("4;7;5;8;1;4;1;1$v"))
        XCTAssertEqual(terminal.snapshot().lines[3...4], ["45012345", "GHCDEFGH"], "copied to row 4, column 1")
    }

    func testSelectiveEraseSparesDECSCAProtectedCells() {
        let terminal = makeTerminal(csi("1\"q") + "abc" + csi("0m") + "def" + csi("0\"q") + "ghi", rows: 2, columns: 10)
        XCTAssertTrue(try terminal.snapshot().cell(row: 0, column: 4).attributes.contains(.protected), "SGR 0 keeps the protection")
        terminal.feed(csi("?2J"))
        XCTAssertEqual(terminal.snapshot().lines[0], "abcdef")
        terminal.feed(csi("1;2H") + csi("?K") + csi("1;1;2;10${"))
        XCTAssertEqual(terminal.snapshot().lines[0], "abcdef")
        terminal.feed(csi("2J"))
        XCTAssertEqual(terminal.snapshot().lines[0], "", "ED does not honour DECSCA")
        terminal.feed(esc("P$q\"q") + esc("\\"))
        XCTAssertEqual(replyText(terminal), esc("P1$r0\"q") + esc("\\"))
    }

    func testOrdinaryErasesSpareISOProtectedCells() {
        let terminal = makeTerminal("a" + esc("V") + "bc" + esc("W") + "d", rows: 2, columns: 10)
        terminal.feed(csi("1;1H") + csi("K") + csi("4X") + csi("J"))
        XCTAssertEqual(terminal.snapshot().lines[0], " bc")
        terminal.feed(csi("?J"))
        XCTAssertEqual(terminal.snapshot().lines[0], " bc", "xterm's DECSED honours ISO protection too")
        terminal.feed(csi("!p") + csi("2J"))
        XCTAssertEqual(terminal.snapshot().lines[0], "", "DECSTR ends protection")
    }
}
