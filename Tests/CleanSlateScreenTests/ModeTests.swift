import CleanSlateScreen
import XCTest

final class ModeTests: XCTestCase {
    func testDefaults() {
        let modes = TerminalEmulator().modes
        XCTAssertTrue(modes.autowrap)
        XCTAssertTrue(modes.cursorVisible)
        XCTAssertFalse(modes.applicationCursorKeys)
        XCTAssertFalse(modes.applicationKeypad)
        XCTAssertFalse(modes.bracketedPaste)
        XCTAssertFalse(modes.alternateScreen)
        XCTAssertEqual(modes.mouseTracking, .off)
        XCTAssertEqual(modes.mouseEncoding, .default)
        XCTAssertFalse(modes.focusEvents)
    }

    func testKeyboardModes() {
        let terminal = makeTerminal(csi("?1h") + esc("="))
        XCTAssertTrue(terminal.modes.applicationCursorKeys)
        XCTAssertTrue(terminal.modes.applicationKeypad)
        terminal.feed(csi("?1l") + esc(">"))
        XCTAssertFalse(terminal.modes.applicationCursorKeys)
        XCTAssertFalse(terminal.modes.applicationKeypad)
    }

    func testSeveralModesInOneSequence() {
        let terminal = makeTerminal(csi("?2004;1004;5h"))
        XCTAssertTrue(terminal.modes.bracketedPaste)
        XCTAssertTrue(terminal.modes.focusEvents)
        XCTAssertTrue(terminal.modes.reverseVideo)
        terminal.feed(csi("?2004;1004l"))
        XCTAssertFalse(terminal.modes.bracketedPaste)
        XCTAssertFalse(terminal.modes.focusEvents)
    }

    func testMouseTrackingModes() {
        let terminal = makeTerminal(csi("?9h"))
        XCTAssertEqual(terminal.modes.mouseTracking, .x10)
        terminal.feed(csi("?1000h"))
        XCTAssertEqual(terminal.modes.mouseTracking, .normal)
        terminal.feed(csi("?1002h"))
        XCTAssertEqual(terminal.modes.mouseTracking, .buttonEvent)
        terminal.feed(csi("?1003h"))
        XCTAssertEqual(terminal.modes.mouseTracking, .anyEvent)
        terminal.feed(csi("?1003l"))
        XCTAssertEqual(terminal.modes.mouseTracking, .off)
    }

    func testMouseEncodings() {
        let terminal = makeTerminal(csi("?1005h"))
        XCTAssertEqual(terminal.modes.mouseEncoding, .utf8)
        terminal.feed(csi("?1006h"))
        XCTAssertEqual(terminal.modes.mouseEncoding, .sgr)
        terminal.feed(csi("?1015h"))
        XCTAssertEqual(terminal.modes.mouseEncoding, .urxvt)
        terminal.feed(csi("?1015l"))
        XCTAssertEqual(terminal.modes.mouseEncoding, .default)
    }

    func testAlternateScreen1049PreservesThePrimaryScreenAndCursor() {
        let terminal = makeTerminal("primary" + csi("2;3H"))
        terminal.feed(csi("?1049h"))
        var snapshot = terminal.snapshot()
        XCTAssertTrue(snapshot.isAlternateScreenActive)
        XCTAssertTrue(snapshot.modes.alternateScreen)
        XCTAssertEqual(snapshot.lines, ["", "", "", "", ""], "1049 clears the alternate screen")
        terminal.feed(csi("H") + "alternate" + csi("4;4H"))
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "alternate")
        terminal.feed(csi("?1049l"))
        snapshot = terminal.snapshot()
        XCTAssertFalse(snapshot.isAlternateScreenActive)
        XCTAssertEqual(try snapshot.text(row: 0), "primary")
        XCTAssertEqual(snapshot.cursor, ScreenPosition(row: 1, column: 2), "1049 restores the cursor")
    }

    func testASecond1049hOnTheAlternateScreenSavesTheCursorAndClearsAgain() {
        let terminal = makeTerminal(csi("?1049h") + "first" + csi("3;4H"))
        terminal.feed(csi("?1049h"))
        XCTAssertEqual(terminal.snapshot().lines, ["", "", "", "", ""], "xterm clears the alternate screen on every 1049h")
        XCTAssertCursor(terminal, 2, 3)
        terminal.feed(csi("H") + csi("?1048l"))
        XCTAssertEqual(terminal.cursor, ScreenPosition(row: 2, column: 3), "the second 1049h saved the alternate screen's cursor (DECRC there finds it)")
    }

    func testA1049lOnTheNormalScreenRestoresTheSavedCursor() {
        let terminal = makeTerminal("top" + csi("2;3H") + csi("?1048h") + csi("5;1H"))
        terminal.feed(csi("?1049l"))
        XCTAssertFalse(terminal.snapshot().isAlternateScreenActive)
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "top", "no switch, no clear")
        XCTAssertEqual(terminal.cursor, ScreenPosition(row: 1, column: 2), "xterm restores the normal screen's saved cursor on every 1049l")
    }

    func testA1049lOnTheNormalScreenWithNothingSavedGoesHome() {
        let terminal = makeTerminal("top" + csi("5;4H") + csi("?1049l"))
        XCTAssertEqual(terminal.cursor, ScreenPosition(row: 0, column: 0), "as DECRC with nothing saved")
    }

    func testAlternateScreen47KeepsItsContentAndSharesTheCursor() {
        let terminal = makeTerminal("one" + csi("?47h") + "alt" + csi("?47l"))
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "one")
        XCTAssertCursor(terminal, 0, 6)
        terminal.feed(csi("?47h"))
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "   alt", "47 neither clears on entry nor on exit")
    }

    func testAlternateScreen1047ClearsOnExit() {
        let terminal = makeTerminal(csi("?1047h") + "alt" + csi("?1047l") + csi("?1047h"))
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "")
    }

    func testSaveCursorMode1048() {
        let terminal = makeTerminal(csi("3;3H") + csi("?1048h") + csi("H") + csi("?1048l"))
        XCTAssertCursor(terminal, 2, 2)
    }

    func testAlternateScreenDoesNotFeedTheScrollback() {
        let terminal = makeTerminal(csi("?1049h") + "a\r\nb\r\nc\r\nd\r\ne\r\nf")
        XCTAssertEqual(terminal.snapshot().scrollback, [])
        XCTAssertEqual(terminal.snapshot().lines, ["b", "c", "d", "e", "f"])
    }

    func testCursorStyle() {
        let terminal = makeTerminal(csi("5 q"))
        XCTAssertEqual(terminal.modes.cursorStyle, .blinkingBar)
        terminal.feed(csi("2 q"))
        XCTAssertEqual(terminal.modes.cursorStyle, .steadyBlock)
        terminal.feed(esc("P$q q") + esc("\\"))
        XCTAssertEqual(replyText(terminal), "\u{1B}P1$r2 q\u{1B}\\")
        terminal.feed(csi(" q"))
        XCTAssertEqual(terminal.modes.cursorStyle, .default)
    }

    func testLineFeedNewLineMode() {
        let terminal = makeTerminal("ab" + csi("20h") + "\n")
        XCTAssertCursor(terminal, 1, 0)
        XCTAssertTrue(terminal.modes.newLine)
    }

    func testXTSAVEAndXTRESTOREPutDECModesBack() {
        let terminal = makeTerminal(csi("?1h") + csi("?7l") + csi("?1;7;2004s") + csi("?1l") + csi("?7h") + csi("?2004h"))
        XCTAssertTrue(terminal.modes.autowrap)
        terminal.feed(csi("?1;7;2004r"))
        XCTAssertTrue(terminal.modes.applicationCursorKeys)
        XCTAssertFalse(terminal.modes.autowrap)
        XCTAssertFalse(terminal.modes.bracketedPaste)
    }
}
