@testable import CleanSlateScreen
import XCTest

/// Left and right margins (DECLRMM `CSI ? 69 h`, DECSLRM `CSI Pl ; Pr s`) as xterm applies them.
final class MarginTests: XCTestCase {
    /// A 5x10 terminal with margins at columns 3...6 (one-based), filled row by row with `rows`.
    private func marginTerminal(_ rows: [String] = ["abcdefghij", "klmnopqrst", "uvwxyzABCD", "EFGHIJKLMN", "OPQRSTUVWX"]) -> TerminalEmulator {
        let terminal = makeTerminal(rows.enumerated().map { csi("\($0.offset + 1);1H") + $0.element }.joined())
        terminal.feed(csi("?69h") + csi("3;6s"))
        return terminal
    }

    func testWithoutDECLRMMTheSequenceSavesTheCursor() {
        let terminal = makeTerminal(csi("2;3H") + csi("3;6s") + csi("H") + csi("u"))
        XCTAssertCursor(terminal, 1, 2)
        XCTAssertEqual(terminal.leftMargin, 0)
        XCTAssertEqual(terminal.rightMargin, 9)
    }

    func testSettingMarginsHomesTheCursorAndIsReported() {
        let terminal = marginTerminal()
        XCTAssertCursor(terminal, 0, 0)
        terminal.feed(esc("P$qs") + esc("\\") + csi("?69$p"))
        XCTAssertEqual(replyText(terminal), esc("P1$r3;6s") + esc("\\") + csi("?69;1$y"))
        terminal.feed(csi("?6h"))
        XCTAssertCursor(terminal, 0, 2)  // origin mode: home is the top left margin
    }

    func testTextWrapsAtTheRightMarginToTheLeftMargin() {
        let terminal = marginTerminal(["", "", "", "", ""])
        terminal.feed(csi("1;3H") + "1234567")
        XCTAssertEqual(terminal.snapshot().lines, ["  1234", "  567", "", "", ""])
        // Beyond the right margin, text runs to the last column, then wraps to the left margin.
        terminal.feed(csi("4;8H") + "xyzw")
        XCTAssertEqual(terminal.snapshot().lines[3...4], ["       xyz", "  w"])
    }

    func testLineFeedAtTheBottomScrollsOnlyBetweenTheMargins() {
        let terminal = marginTerminal()
        terminal.feed(csi("5;4H") + "\n")
        XCTAssertEqual(terminal.snapshot().lines, ["abmnopghij", "klwxyzqrst", "uvGHIJABCD", "EFQRSTKLMN", "OP    UVWX"])
        XCTAssertEqual(terminal.snapshot().scrollback, [], "nothing leaves the screen")
        // Outside the margins, a line feed at the bottom does nothing.
        terminal.feed(csi("5;9H") + "\n")
        XCTAssertCursor(terminal, 4, 8)
        XCTAssertEqual(terminal.snapshot().lines[0], "abmnopghij")
    }

    func testCarriageReturnAndBackspaceStopAtTheLeftMargin() {
        let terminal = marginTerminal()
        terminal.feed(csi("2;5H") + "\r")
        XCTAssertCursor(terminal, 1, 2)
        terminal.feed("\u{8}")
        XCTAssertCursor(terminal, 1, 2)
        terminal.feed(csi("2;2H") + "\r")
        XCTAssertCursor(terminal, 1, 0)  // left of the margin: to the first column
        terminal.feed(csi("2;5H") + csi("9D"))
        XCTAssertCursor(terminal, 1, 2)
        terminal.feed(csi("9C"))
        XCTAssertCursor(terminal, 1, 5)
    }

    func testEditingStaysBetweenTheMargins() {
        let terminal = marginTerminal()
        terminal.feed(csi("1;4H") + csi("2@") + csi("2;4H") + csi("P") + csi("3;4H") + csi("L"))
        XCTAssertEqual(terminal.snapshot().lines, ["abc  dghij", "klmop qrst", "uv    ABCD", "EFwxyzKLMN", "OPGHIJUVWX"])
        XCTAssertCursor(terminal, 2, 2)
        terminal.feed(csi("1;8H") + csi("3@") + csi("3P") + csi("M"))
        XCTAssertEqual(terminal.snapshot().lines[0], "abc  dghij", "outside the margins these do nothing")
    }

    func testInsertAndDeleteColumnsInsideTheScrollRegion() {
        let terminal = marginTerminal()
        terminal.feed(csi("2;4r") + csi("3;4H") + csi("'}"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefghij", "klm noqrst", "uvw xyABCD", "EFG HIKLMN", "OPQRSTUVWX"])
        terminal.feed(csi("'~"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefghij", "klmno qrst", "uvwxy ABCD", "EFGHI KLMN", "OPQRSTUVWX"])
        terminal.feed(csi("1;8H") + csi("'}"))
        XCTAssertEqual(terminal.snapshot().lines[1], "klmno qrst", "outside the region DECIC does nothing")
    }

    func testBackAndForwardIndexShiftTheRegionAtTheMargins() {
        let terminal = marginTerminal()
        terminal.feed(csi("2;4r") + csi("3;3H") + esc("6"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefghij", "kl mnoqrst", "uv wxyABCD", "EF GHIKLMN", "OPQRSTUVWX"])
        XCTAssertCursor(terminal, 2, 2)
        terminal.feed(csi("3;6H") + esc("9"))
        XCTAssertEqual(terminal.snapshot().lines, ["abcdefghij", "klmno qrst", "uvwxy ABCD", "EFGHI KLMN", "OPQRSTUVWX"])
        terminal.feed(csi("3;4H") + esc("9") + esc("6") + esc("6"))
        XCTAssertCursor(terminal, 2, 2)  // away from the margins they only move the cursor
    }

    func testCursorReportsAndLineMovesFollowTheMargins() {
        let terminal = marginTerminal()
        terminal.feed(csi("?6h") + csi("2;2H") + csi("6n"))
        XCTAssertEqual(replyText(terminal), csi("2;2R"), "origin mode: relative to the margins")
        XCTAssertCursor(terminal, 1, 3)
        terminal.feed(csi("?6l") + csi("2;1H") + csi("?6h"))
        terminal.feed(csi("1;1H") + csi("?6l") + csi("3;1H") + csi("?6h") + csi("6n"))
        XCTAssertEqual(replyText(terminal), csi("1;1R"), "left of the margin in origin mode reports column 1")
        terminal.feed(csi("?6l") + csi("2;5H") + csi("E"))
        XCTAssertCursor(terminal, 2, 2)  // CNL goes to the left margin
        terminal.feed(csi("3;6H") + csi("F"))
        XCTAssertCursor(terminal, 1, 2)  // CPL too
        terminal.feed(csi("2;5H") + csi("Z"))
        XCTAssertCursor(terminal, 1, 0)  // CBT ignores the margins
    }

    func testSoftResetAndTurningTheModeOffRestoreTheFullWidth() {
        let terminal = marginTerminal()
        terminal.feed(csi("!p"))
        XCTAssertEqual(terminal.rightMargin, 9)
        XCTAssertFalse(terminal.leftRightMarginMode, "DECSTR resets DECLRMM, as xterm does")
        terminal.feed(csi("?69h"))
        terminal.feed(csi("3;6s") + csi("?69l"))
        XCTAssertEqual(terminal.leftMargin, 0)
        XCTAssertEqual(terminal.rightMargin, 9)
    }
}
