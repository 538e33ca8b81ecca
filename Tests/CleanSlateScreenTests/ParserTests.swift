import CleanSlateScreen
import XCTest

final class ParserTests: XCTestCase {
    func testValidUTF8OfEveryLengthIsShown() {
        // U+00E9 (2 bytes), U+20AC (3 bytes), U+1F600 is wide so use U+10348 GOTHIC LETTER HWAIR (4 bytes, narrow).
        let terminal = makeTerminal()
        terminal.feed([0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x90, 0x8D, 0x88])
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "é€\u{10348}")
    }

    func testUTF8SplitAcrossFeedsIsJoined() {
        let terminal = makeTerminal()
        terminal.feed([0xE2])
        terminal.feed([0x82])
        terminal.feed([0xAC, 0x41])
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "€A")
    }

    func testMalformedUTF8ShowsReplacementCharacters() {
        // Lone continuation byte, truncated sequence followed by ASCII, overlong form (C0 80), surrogate (ED A0 80),
        // and bytes that never occur (FF). Maximal-subpart rule: E2 82 then "A" gives one U+FFFD, then "A".
        let terminal = makeTerminal(columns: 20)
        terminal.feed([0x80, 0x2D, 0xE2, 0x82, 0x41, 0x2D, 0xC0, 0x80, 0x2D, 0xED, 0xA0, 0x80, 0x2D, 0xFF])
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "\u{FFFD}-\u{FFFD}A-\u{FFFD}\u{FFFD}-\u{FFFD}\u{FFFD}\u{FFFD}-\u{FFFD}")
    }

    func testRaw8BitC1ByteIsNotAControl() {
        // 0x9B would be CSI in an 8-bit terminal; in UTF-8 it is a stray continuation byte.
        let terminal = makeTerminal()
        terminal.feed([0x9B, 0x32, 0x4A])
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "\u{FFFD}2J")
    }

    func testUTF8EncodedC1ControlsAct() {
        // U+009B is CSI, U+0084 is IND (down one line), U+0085 is NEL.
        let terminal = makeTerminal("AB\u{9B}2D")
        XCTAssertCursor(terminal, 0, 0)
        terminal.feed("\u{84}")
        XCTAssertCursor(terminal, 1, 0)
        terminal.feed("xy\u{85}")
        XCTAssertCursor(terminal, 2, 0)
    }

    func testEscapeSequenceSplitAcrossFeeds() {
        let terminal = makeTerminal()
        for byte in Array(csi("3;4H").utf8) { terminal.feed([byte]) }
        XCTAssertCursor(terminal, 2, 3)
    }

    func testCancelAbortsASequence() {
        // CAN (0x18) and SUB (0x1A) abort a control sequence; the following text prints.
        XCTAssertEqual(screenLines(csi("12\u{18}AB") + "\r\n" + csi("3\u{1A}CD"))[0...1], ["AB", "CD"])
    }

    func testControlCharacterInsideASequenceIsPerformed() {
        // C0 controls inside CSI are executed without ending the sequence (VT500 state machine).
        let terminal = makeTerminal("ABC" + csi("2\r;3H"))
        XCTAssertCursor(terminal, 1, 2)
    }

    func testEscapeInsideASequenceStartsANewOne() {
        let terminal = makeTerminal(csi("5;5") + csi("2;2H"))
        XCTAssertCursor(terminal, 1, 1)
    }

    func testDeleteAndNulAreIgnored() {
        XCTAssertEqual(screenLines("A\u{7F}B\u{0}C")[0], "ABC")
        let terminal = makeTerminal(csi("2\u{7F};\u{0}3H"))
        XCTAssertCursor(terminal, 1, 2)
    }

    func testTooManyParametersAreDropped() {
        // 40 parameters: only the first ones are kept, and the sequence still ends normally.
        let parameters = Array(repeating: "1", count: 40).joined(separator: ";")
        let terminal = makeTerminal(csi(parameters + "m") + "X")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "X")
        XCTAssertTrue(try terminal.snapshot().cell(row: 0, column: 0).attributes.contains(.bold))
    }

    func testHugeParameterSaturates() {
        let terminal = makeTerminal(csi("99999999999999999999;3H"))
        XCTAssertCursor(terminal, 4, 2)
    }

    func testOSCEndsWithBellOrStringTerminator() {
        let terminal = makeTerminal(esc("]2;first\u{7}"))
        XCTAssertEqual(terminal.title, "first")
        terminal.feed(esc("]2;second") + esc("\\") + "X")
        XCTAssertEqual(terminal.title, "second")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "X")
    }

    func testStringsThatAreNotShownLeaveNoTrace() {
        // DCS, SOS, PM and APC strings are consumed up to ST.
        let input = esc("Pqsixel data") + esc("\\") + esc("Xsos") + esc("\\") + esc("^pm") + esc("\\") + esc("_apc") + esc("\\") + "OK"
        XCTAssertEqual(screenLines(input)[0], "OK")
    }

    func testColonSubparametersReachSGR() {
        let terminal = makeTerminal(csi("4:3m") + "x")
        XCTAssertEqual(try terminal.snapshot().cell(row: 0, column: 0).underline, .curly)
    }

    func testUnknownSequencesAreIgnored() {
        XCTAssertEqual(screenLines(csi("?999h") + csi(">4;1m") + esc("%G") + csi("1 q") + "OK")[0], "OK")
    }
}
