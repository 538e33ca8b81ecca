import CleanSlateScreen
import XCTest

final class CursorTests: XCTestCase {
    func testRelativeMovesDefaultToOneAndTreatZeroAsOne() {
        let terminal = makeTerminal(csi("3;5H"))
        XCTAssertCursor(terminal, 2, 4)
        terminal.feed(csi("A"))
        XCTAssertCursor(terminal, 1, 4)
        terminal.feed(csi("0B"))
        XCTAssertCursor(terminal, 2, 4)
        terminal.feed(csi("2C"))
        XCTAssertCursor(terminal, 2, 6)
        terminal.feed(csi("3D"))
        XCTAssertCursor(terminal, 2, 3)
    }

    func testRelativeMovesStopAtTheEdges() {
        let terminal = makeTerminal(csi("99A") + csi("99D"))
        XCTAssertCursor(terminal, 0, 0)
        terminal.feed(csi("99B") + csi("99C"))
        XCTAssertCursor(terminal, 4, 9)
    }

    func testNextAndPrecedingLine() {
        let terminal = makeTerminal(csi("2;5H") + csi("2E"))
        XCTAssertCursor(terminal, 3, 0)
        terminal.feed("abc" + csi("F"))
        XCTAssertCursor(terminal, 2, 0)
    }

    func testAbsolutePositioning() {
        let terminal = makeTerminal(csi("4G"))
        XCTAssertCursor(terminal, 0, 3)
        terminal.feed(csi("3d"))
        XCTAssertCursor(terminal, 2, 3)
        terminal.feed(csi("7`"))
        XCTAssertCursor(terminal, 2, 6)
        terminal.feed(csi("2;2f"))
        XCTAssertCursor(terminal, 1, 1)
        terminal.feed(csi("H"))
        XCTAssertCursor(terminal, 0, 0)
        terminal.feed(csi("99;99H"))
        XCTAssertCursor(terminal, 4, 9)
    }

    func testRelativePositioningHPRAndVPR() {
        let terminal = makeTerminal(csi("2a") + csi("3e"))
        XCTAssertCursor(terminal, 3, 2)
    }

    func testSaveAndRestoreCursorWithRendition() {
        let terminal = makeTerminal(csi("2;3H") + csi("1m") + esc("7") + csi("5;5H") + csi("0m") + esc("8") + "x")
        XCTAssertCursor(terminal, 1, 3)
        XCTAssertTrue(try terminal.snapshot().cell(row: 1, column: 2).attributes.contains(.bold))
    }

    func testSCOSaveAndRestore() {
        let terminal = makeTerminal(csi("3;4H") + csi("s") + csi("H") + csi("u"))
        XCTAssertCursor(terminal, 2, 3)
    }

    func testRestoreWithoutSaveHomesTheCursor() {
        XCTAssertCursor(makeTerminal(csi("3;4H") + esc("8")), 0, 0)
    }

    func testOriginModeAddressesRelativeToTheScrollRegion() {
        let terminal = makeTerminal(csi("2;4r") + csi("?6h"))
        XCTAssertTrue(terminal.modes.origin)
        XCTAssertCursor(terminal, 1, 0)  // Setting DECOM homes the cursor to the region's top.
        terminal.feed(csi("2;3H"))
        XCTAssertCursor(terminal, 2, 2)
        terminal.feed(csi("9;1H"))
        XCTAssertCursor(terminal, 3, 0)  // Clamped to the region's bottom.
        terminal.feed(csi("?6l"))
        XCTAssertCursor(terminal, 0, 0)
    }

    func testMovesInsideTheRegionStopAtItsMargins() {
        let terminal = makeTerminal(csi("2;4r") + csi("3;1H") + csi("9A"))
        XCTAssertCursor(terminal, 1, 0)
        terminal.feed(csi("9B"))
        XCTAssertCursor(terminal, 3, 0)
    }

    func testTabStopsCanBeSetAndCleared() {
        let terminal = makeTerminal(csi("4G") + esc("H") + "\r\t", columns: 20)
        XCTAssertCursor(terminal, 0, 3)
        terminal.feed("\t")
        XCTAssertCursor(terminal, 0, 8)
        terminal.feed(csi("g") + "\r\t\t")
        XCTAssertCursor(terminal, 0, 16)  // The stop at 3 remains, the one at 8 was cleared.
        terminal.feed("\r" + csi("3g") + "\t")
        XCTAssertCursor(terminal, 0, 19)
    }

    func testForwardAndBackwardTabulation() {
        let terminal = makeTerminal(csi("2I"), columns: 30)
        XCTAssertCursor(terminal, 0, 16)
        terminal.feed(csi("Z"))
        XCTAssertCursor(terminal, 0, 8)
        terminal.feed(csi("5Z"))
        XCTAssertCursor(terminal, 0, 0)
    }

    func testHugeTabCountsStopAtTheEdges() {
        let terminal = makeTerminal(csi("99999I"))
        XCTAssertCursor(terminal, 0, 9)
        terminal.feed(csi("99999Z"))
        XCTAssertCursor(terminal, 0, 0)
    }

    func testCursorVisibility() {
        let terminal = makeTerminal(csi("?25l"))
        XCTAssertFalse(terminal.snapshot().isCursorVisible)
        terminal.feed(csi("?25h"))
        XCTAssertTrue(terminal.snapshot().isCursorVisible)
    }

    func testReverseWraparoundTakesBackspaceToTheLineAbove() {
        // xterm before patch 383, for DECSET 45 and 1045 alike.
        let terminal = makeTerminal(csi("?45h") + csi("3;1H") + "\u{8}", rows: 5, columns: 10)
        XCTAssertCursor(terminal, 1, 9)
        terminal.feed(csi("2;4r") + csi("2;1H") + csi("3D"))
        XCTAssertCursor(terminal, 3, 7)  // from the top of the region around to its bottom
        terminal.feed(csi("1;9H") + "ab" + "\u{8}")
        XCTAssertCursor(terminal, 0, 9)  // a pending wrap is one of the steps
        terminal.feed(csi("?69h") + csi("3;6s") + csi("3;3H") + "\u{8}")
        XCTAssertCursor(terminal, 1, 5)  // to the right margin of the line above
        terminal.feed(csi("?7l") + csi("2;3H") + "\u{8}")
        XCTAssertCursor(terminal, 1, 2)  // needs autowrap
        terminal.feed(csi("?7h") + csi("!p") + csi("2;1H") + "\u{8}" + csi("?45$p"))
        XCTAssertCursor(terminal, 1, 0)  // DECSTR turns it off
        XCTAssertEqual(replyText(terminal), csi("?45;2$y"))
    }
}
