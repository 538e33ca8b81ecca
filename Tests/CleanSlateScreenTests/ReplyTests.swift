import CleanSlateScreen
import XCTest

final class ReplyTests: XCTestCase {
    func testNoRepliesUntilAsked() {
        XCTAssertEqual(makeTerminal("hello").takeReplies(), [])
    }

    func testRepliesAreTakenOnce() {
        let terminal = makeTerminal(csi("5n"))
        XCTAssertEqual(replyText(terminal), "\u{1B}[0n")
        XCTAssertEqual(terminal.takeReplies(), [])
    }

    func testDeviceAttributes() {
        // xterm's answers when configured as a VT520 (decTerminalID 520), patch 380.
        let primary = "\u{1B}[?65;1;2;6;9;15;16;17;18;21;22;28;29c"
        XCTAssertEqual(replyText(makeTerminal(csi("c"))), primary)
        XCTAssertEqual(replyText(makeTerminal(csi("0c"))), primary)
        XCTAssertEqual(replyText(makeTerminal(csi(">c"))), "\u{1B}[>64;380;0c")
        XCTAssertEqual(replyText(makeTerminal(esc("Z"))), primary, "DECID is answered like DA")
    }

    func testCursorPositionReportIsOneBased() {
        XCTAssertEqual(replyText(makeTerminal(csi("6n"))), "\u{1B}[1;1R")
        XCTAssertEqual(replyText(makeTerminal(csi("3;7H") + csi("6n"))), "\u{1B}[3;7R")
    }

    func testCursorPositionReportHonoursOriginMode() {
        XCTAssertEqual(replyText(makeTerminal(csi("2;4r") + csi("?6h") + csi("2;5H") + csi("6n"))), "\u{1B}[2;5R")
    }

    func testExtendedCursorPositionReport() {
        XCTAssertEqual(replyText(makeTerminal(csi("4;2H") + csi("?6n"))), "\u{1B}[?4;2;1R")
    }

    func testRepliesQueueInOrder() {
        XCTAssertEqual(replyText(makeTerminal(csi("5n") + csi("2;2H") + csi("6n"))), "\u{1B}[0n\u{1B}[2;2R")
    }

    func testModeReports() {
        let terminal = makeTerminal(csi("?2004h") + csi("?2004$p") + csi("?1$p") + csi("?7$p") + csi("?4242$p"))
        XCTAssertEqual(replyText(terminal), "\u{1B}[?2004;1$y\u{1B}[?1;2$y\u{1B}[?7;1$y\u{1B}[?4242;0$y")
        terminal.feed(csi("4h") + csi("4$p") + csi("20$p"))
        XCTAssertEqual(replyText(terminal), "\u{1B}[4;1$y\u{1B}[20;2$y")
        terminal.feed(csi("?1049h") + csi("?1049$p") + csi("?1000h") + csi("?1000$p") + csi("?1002$p"))
        XCTAssertEqual(replyText(terminal), "\u{1B}[?1049;1$y\u{1B}[?1000;1$y\u{1B}[?1002;2$y")
    }

    func testWindowSizeReports() {
        XCTAssertEqual(replyText(makeTerminal(csi("18t"), rows: 24, columns: 80)), "\u{1B}[8;24;80t")
        XCTAssertEqual(replyText(makeTerminal(csi("19t"), rows: 24, columns: 80)), "\u{1B}[9;24;80t")
        // Pixel sizes use a fixed 8x16 cell.
        XCTAssertEqual(replyText(makeTerminal(csi("14t"), rows: 24, columns: 80)), "\u{1B}[4;384;640t")
        XCTAssertEqual(replyText(makeTerminal(csi("16t"))), "\u{1B}[6;16;8t")
    }

    func testColorQueries() {
        XCTAssertEqual(replyText(makeTerminal(esc("]10;?\u{7}"))), "\u{1B}]10;rgb:e5e5/e5e5/e5e5\u{1B}\\")
        XCTAssertEqual(replyText(makeTerminal(esc("]11;?") + esc("\\"))), "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\")
    }

    /// `OSC body ST` as text.
    private func osc(_ body: String) -> String { esc("]" + body) + esc("\\") }

    func testPaletteColorsAreSetInEveryHexFormAndReported() {
        let terminal = makeTerminal()
        terminal.feed(osc("4;1;?") + osc("4;255;?"))
        XCTAssertEqual(replyText(terminal), osc("4;1;rgb:cdcd/0000/0000") + osc("4;255;rgb:eeee/eeee/eeee"), "xterm's defaults")
        for (spec, reported) in [("rgb:f0f0/8080/0000", "f0f0/8080/0000"), ("rgb:f/8/0", "ffff/8888/0000"), ("#fff", "f0f0/f0f0/f0f0"),
                                 ("#f08000", "f0f0/8080/0000"), ("#f00800000", "f0f0/8080/0000"), ("#aaaabbbbcccc", "aaaa/bbbb/cccc")] {
            terminal.feed(osc("4;3;\(spec)") + osc("4;3;?"))
            XCTAssertEqual(replyText(terminal), osc("4;3;rgb:\(reported)"), spec)
        }
        terminal.feed(osc("4;3;no-such-colour") + osc("4;3;?"))
        XCTAssertEqual(replyText(terminal), osc("4;3;rgb:aaaa/bbbb/cccc"), "an unknown spec changes nothing")
        terminal.feed(osc("4;0;#010203;1;#040506") + osc("4;0;?;1;?"))
        XCTAssertEqual(replyText(terminal), osc("4;0;rgb:0101/0202/0303") + osc("4;1;rgb:0404/0505/0606"))
        terminal.feed(osc("104;0") + osc("4;0;?;1;?"))
        XCTAssertEqual(replyText(terminal), osc("4;0;rgb:0000/0000/0000") + osc("4;1;rgb:0404/0505/0606"), "OSC 104 resets the one named")
        terminal.feed(osc("104") + osc("4;1;?;3;?"))
        XCTAssertEqual(replyText(terminal), osc("4;1;rgb:cdcd/0000/0000") + osc("4;3;rgb:cdcd/cdcd/0000"), "OSC 104 alone resets all")
    }

    func testSpecialAndDynamicColors() {
        let terminal = makeTerminal()
        terminal.feed(osc("4;256;#102030") + osc("5;0;?") + osc("5;1;#405060") + osc("4;257;?"))
        XCTAssertEqual(replyText(terminal), osc("5;0;rgb:1010/2020/3030") + osc("4;257;rgb:4040/5050/6060"), "OSC 4 from 256 is OSC 5")
        terminal.feed(osc("105;0") + osc("5;0;?;1;?"))
        XCTAssertEqual(replyText(terminal), osc("5;0;rgb:e5e5/e5e5/e5e5") + osc("5;1;rgb:4040/5050/6060"))
        terminal.feed(osc("10;#111111;#222222") + osc("10;?;?") + osc("12;?"))
        XCTAssertEqual(replyText(terminal), osc("10;rgb:1111/1111/1111") + osc("11;rgb:2222/2222/2222") + osc("12;rgb:e5e5/e5e5/e5e5"))
        terminal.feed(osc("110") + osc("10;?") + osc("11;?"))
        XCTAssertEqual(replyText(terminal), osc("10;rgb:e5e5/e5e5/e5e5") + osc("11;rgb:2222/2222/2222"), "OSC 110 resets only 10")
        terminal.feed(esc("c") + osc("11;?"))
        XCTAssertEqual(replyText(terminal), osc("11;rgb:0000/0000/0000"), "RIS resets the colours")
    }

    func testTerminalCapabilityRequests() {
        // "Co" and "TN" in hexadecimal; then an unknown name.
        let terminal = makeTerminal(esc("P+q436F;544E") + esc("\\") + esc("P+q7A7A") + esc("\\"))
        XCTAssertEqual(replyText(terminal), esc("P1+r436F=323536") + esc("\\") + esc("P1+r544E=787465726D2D323536636F6C6F72") + esc("\\") + esc("P0+r") + esc("\\"))
    }

    func testStatusStringRequests() {
        XCTAssertEqual(replyText(makeTerminal(csi("2;4r") + esc("P$qr") + esc("\\"))), "\u{1B}P1$r2;4r\u{1B}\\")
        XCTAssertEqual(replyText(makeTerminal(csi("1;31;48;5;100m") + esc("P$qm") + esc("\\"))), "\u{1B}P1$r0;1;31;48:5:100m\u{1B}\\")
        XCTAssertEqual(replyText(makeTerminal(esc("P$qz") + esc("\\"))), "\u{1B}P0$r\u{1B}\\")
    }

    func testRectangleChecksumSumsTheCharactersOfTheRectangle() {
        // "AB" at the top left: 0x41 + 0x42; one cell; an erased cell counts as a space.
        let terminal = makeTerminal(csi("1;31;7m") + "AB" + csi("m") + csi("2;3H") + "z", rows: 24, columns: 80)
        terminal.feed(csi("5;1;1;1;1;2*y") + csi("6;1;2;3;2;3*y") + csi("7;1;3;3;3;3*y"))
        XCTAssertEqual(replyText(terminal), esc("P5!~0083") + esc("\\") + esc("P6!~007A") + esc("\\") + esc("P7!~0020") + esc("\\"))
        // The whole screen by default: 1917 spaces plus A, B and z.
        terminal.feed(csi("9*y"))
        XCTAssertEqual(replyText(terminal), esc("P9!~\(String(1917 * 0x20 + 0x41 + 0x42 + 0x7A, radix: 16, uppercase: true))") + esc("\\"))
    }

    func testRectangleChecksumIsRelativeToTheScrollRegionInOriginMode() {
        let terminal = makeTerminal(csi("3;4r") + csi("3;1H") + "Q", rows: 5, columns: 10)
        terminal.feed(csi("?6h") + csi("1;1;1;1;1;1*y") + csi("2;1;1;1;9;1*y") + csi("3;1;2;1;1;1*y"))
        // Row 1 of the region is screen row 3; the region clips a rectangle that reaches beyond it.
        XCTAssertEqual(replyText(terminal), esc("P1!~0051") + esc("\\") + esc("P2!~0071") + esc("\\") + esc("P3!~0000") + esc("\\"))
    }

    func testModesWithoutAnEffectAreKeptAndReported() {
        let terminal = makeTerminal(csi("2h") + csi("12h") + csi("?4h") + csi("?67h") + csi("?42h") + csi("?66h"))
        terminal.feed(csi("2$p") + csi("12$p") + csi("?4$p") + csi("?67$p") + csi("?42$p") + csi("?66$p") + csi("?18$p"))
        XCTAssertEqual(replyText(terminal), csi("2;1$y") + csi("12;1$y") + csi("?4;1$y") + csi("?67;1$y") + csi("?42;1$y") + csi("?66;1$y") + csi("?18;2$y"))
        XCTAssertTrue(terminal.modes.applicationKeypad, "DECNKM is the keypad mode")
        terminal.feed(csi("2l") + csi("?67l") + csi("?66l") + csi("2$p") + csi("?67$p") + csi("?66$p"))
        XCTAssertEqual(replyText(terminal), csi("2;2$y") + csi("?67;2$y") + csi("?66;2$y"))
        // Modes xterm never sets: ANSI GATM, SRTM, VEM, ..., DEC horizontal cursor coupling.
        terminal.feed(csi("1$p") + csi("19$p") + csi("?60$p"))
        XCTAssertEqual(replyText(terminal), csi("1;4$y") + csi("19;4$y") + csi("?60;4$y"))
    }

    func testDECDeviceStatusReports() {
        let terminal = makeTerminal(csi("?15n") + csi("?25n") + csi("?26n") + csi("?55n") + csi("?56n") + csi("?75n") + csi("?85n"))
        XCTAssertEqual(replyText(terminal), csi("?13n") + csi("?20n") + csi("?27;1;0;0n") + csi("?50n") + csi("?57;0n") + csi("?70n") + csi("?83n"))
        terminal.feed(csi("?62n") + csi("?63;123n"))
        XCTAssertEqual(replyText(terminal), csi("0*{") + esc("P123!~0000") + esc("\\"))
    }

    func testVirtualWindowPositionStateAndTitleStack() {
        let terminal = makeTerminal(esc("]2;first\u{7}") + esc("]1;icon1\u{7}"), rows: 24, columns: 80)
        terminal.feed(csi("3;40;50t") + csi("13t") + csi("2t") + csi("11t") + csi("1t") + csi("11t") + csi("15t") + csi("20t") + csi("21t"))
        XCTAssertEqual(replyText(terminal), csi("3;40;50t") + csi("2t") + csi("1t") + csi("5;384;640t") + esc("]Licon1") + esc("\\") + esc("]lfirst") + esc("\\"))
        terminal.feed(csi("22;0t") + esc("]0;second\u{7}") + csi("22;2t") + esc("]2;third\u{7}"))
        XCTAssertEqual(terminal.title, "third")
        terminal.feed(csi("23;2t"))
        XCTAssertEqual(terminal.title, "second")
        terminal.feed(csi("23;1t"))
        XCTAssertEqual(terminal.title, "second", "popping the icon name leaves the title")
        XCTAssertEqual(terminal.iconName, "icon1")
        terminal.feed(csi("23;0t"))
        XCTAssertEqual(terminal.title, "second", "the stack is empty")
        // Pushing one of them saves both, as xterm does: popping both after pushing the icon name
        // restores the title too.
        terminal.feed(esc("]2;kept\u{7}") + csi("22;1t") + esc("]0;changed\u{7}") + csi("23;0t"))
        XCTAssertEqual(terminal.title, "kept")
        terminal.feed(csi("8;10;10t") + csi("4;100;100t"))
        XCTAssertEqual(terminal.snapshot().rows, 24, "resizing is the test's decision, not the app's")
    }

    func testMoreStatusStringRequests() {
        let terminal = makeTerminal(csi("61;1\"p") + csi("2*x"), rows: 24)
        for request in ["\"p", "*x", "t", "*|", "$}", "$~"] { terminal.feed(esc("P$q\(request)") + esc("\\")) }
        XCTAssertEqual(replyText(terminal), ["61;1\"p", "2*x", "24t", "24*|", "0$}", "0$~"].map { esc("P1$r\($0)") + esc("\\") }.joined())
    }

    func testTitleAndIconName() {
        let terminal = makeTerminal(esc("]0;both\u{7}"))
        XCTAssertEqual(terminal.snapshot().title, "both")
        XCTAssertEqual(terminal.iconName, "both")
        terminal.feed(esc("]1;icon\u{7}"))
        XCTAssertEqual(terminal.title, "both")
        XCTAssertEqual(terminal.iconName, "icon")
        terminal.feed(esc("]2;Überschrift ✓\u{7}"))
        XCTAssertEqual(terminal.title, "Überschrift ✓")
    }

    /// Every reply this terminal sends, fed back to it (as an app that echoes its input does), must
    /// not produce another reply, or the two would answer each other forever.
    func testRepliesFedBackProduceNoReply() {
        let queries = [csi("c"), csi(">c"), esc("Z"), csi("5n"), csi("6n"), csi("?6n"), csi("?2004$p"), csi("4$p"),
                       csi("14t"), csi("16t"), csi("18t"), csi("19t"), esc("]10;?\u{7}"), esc("]11;?\u{7}"),
                       esc("P$qm") + esc("\\"), esc("P$qr") + esc("\\"), esc("P$q q") + esc("\\"), esc("P$qz") + esc("\\"),
                       csi("1;1;1;1;1;1*y"), csi("?26n"), csi("?63;1n"), csi("?62n"), csi("11t"), csi("13t"), csi("15t"),
                       csi("20t"), csi("21t"), esc("P$q\"p") + esc("\\"), esc("]4;1;?\u{7}"), esc("]5;0;?\u{7}"), esc("]12;?\u{7}"),
                       esc("P+q436F") + esc("\\")]
        for query in queries {
            let terminal = makeTerminal(query, rows: 24, columns: 80)
            let reply = terminal.takeReplies()
            XCTAssertFalse(reply.isEmpty, "\(query.debugDescription) must be answered")
            terminal.feed(reply)
            XCTAssertEqual(replyText(terminal), "", "the reply to \(query.debugDescription) was answered")
            XCTAssertEqual(terminal.snapshot().lines.joined(), "", "the reply to \(query.debugDescription) showed on screen")
        }
    }

    func testSecondaryDeviceAttributesAreAnsweredOnlyForParameterZero() {
        XCTAssertEqual(replyText(makeTerminal(csi(">0c"))), "\u{1B}[>64;380;0c")
        XCTAssertEqual(replyText(makeTerminal(csi(">64;380;0c"))), "")
        XCTAssertEqual(replyText(makeTerminal(csi(">1;10;0c"))), "")
        XCTAssertEqual(replyText(makeTerminal(csi(">1c"))), "")
    }
}

/// Colours an app sets are part of the public screen model, not only of the replies.
final class ScreenColorsTests: XCTestCase {
    func testPaletteAndDynamicColoursAppSetShowInTheSnapshotAndResetsRestoreThem() {
        let emulator = TerminalEmulator(rows: 2, columns: 10)
        XCTAssertEqual(emulator.snapshot().colors.changedIndexed, [:])
        XCTAssertEqual(emulator.snapshot().colors.indexed(1), 0xCD0000, "xterm's default red")
        emulator.feed("\u{1B}]4;1;rgb:11/22/33\u{1B}\\\u{1B}]10;#aabbcc\u{7}\u{1B}]11;rgb:01/02/03\u{7}\u{1B}]12;#ff0000\u{7}")
        let colors = emulator.snapshot().colors
        XCTAssertEqual(colors.indexed(1), 0x112233)
        XCTAssertEqual(colors.changedIndexed, [1: 0x112233])
        XCTAssertEqual(colors.foreground, 0xAABBCC)
        XCTAssertEqual(colors.background, 0x010203)
        XCTAssertEqual(colors.cursor, 0xFF0000)
        XCTAssertNil(colors.indexed(256))
        emulator.feed("\u{1B}]104\u{7}\u{1B}]110\u{7}")
        XCTAssertEqual(emulator.snapshot().colors.indexed(1), 0xCD0000)
        XCTAssertEqual(emulator.snapshot().colors.foreground, 0xE5E5E5)
        XCTAssertEqual(emulator.snapshot().colors.background, 0x010203, "OSC 110 resets the foreground only")
    }
}
