import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The bytes that `press` and `paste` put on the terminal, as received by a real program.
///
/// A shell puts its terminal in raw mode (no echo, no signal keys, no line editing) and `od` prints
/// every byte it reads in hex; the test presses keys, then a `.` as an end marker, and compares what
/// `od` reported with the encodings xterm documents (ctlseqs, "PC-Style Function Keys" and "Bracketed
/// Paste Mode") and that the `xterm-256color` terminfo entry lists (kcbt, kcuu1, kpp, kdch1, kf5, kf17, ...).
final class KeyEncodingTests: XCTestCase {
    /// Bytes of an ASCII string, for readable expectations such as `esc + ascii("[15~")`.
    private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    private let esc: [UInt8] = [0x1B]

    func testEnterTabBackspaceAndEscapeSendTheirControlBytes() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.enter) }, [0x0D])
        XCTAssertEqual(try bytesReceived { try $0.press(.tab) }, [0x09])
        XCTAssertEqual(try bytesReceived { try $0.press(.backspace) }, [0x7F])
        XCTAssertEqual(try bytesReceived { try $0.press(.escape) }, [0x1B])
    }

    func testShiftTabSendsBackTab() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.tab, modifiers: .shift) }, esc + ascii("[Z"))
    }

    func testArrowsSendCSIInNormalCursorMode() throws {
        let bytes = try bytesReceived {
            try $0.press(.up)
            try $0.press(.down)
            try $0.press(.right)
            try $0.press(.left)
        }
        XCTAssertEqual(bytes, esc + ascii("[A") + esc + ascii("[B") + esc + ascii("[C") + esc + ascii("[D"))
    }

    func testArrowsSendSS3AfterTheAppEnablesApplicationCursorMode() throws {
        let bytes = try bytesReceived(enabling: #"\033[?1h"#) {
            XCTAssertTrue(try $0.screen().modes.applicationCursorKeys, "the emulator must have seen DECCKM")
            try $0.press(.up)
            try $0.press(.left)
        }
        XCTAssertEqual(bytes, esc + ascii("OA") + esc + ascii("OD"))
    }

    func testArrowsGoBackToCSIWhenTheAppResetsApplicationCursorMode() throws {
        let bytes = try bytesReceived(enabling: #"\033[?1h\033[?1l"#) { try $0.press(.up) }
        XCTAssertEqual(bytes, esc + ascii("[A"))
    }

    func testControlUpSendsTheModifierParameterInBothCursorModes() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.up, modifiers: .control) }, esc + ascii("[1;5A"))
        XCTAssertEqual(try bytesReceived(enabling: #"\033[?1h"#) { try $0.press(.up, modifiers: .control) }, esc + ascii("[1;5A"))
        XCTAssertEqual(try bytesReceived { try $0.press(.right, modifiers: .shift) }, esc + ascii("[1;2C"))
    }

    func testHomeAndEndFollowTheCursorMode() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.home); try $0.press(.end) }, esc + ascii("[H") + esc + ascii("[F"))
        XCTAssertEqual(try bytesReceived(enabling: #"\033[?1h"#) { try $0.press(.home); try $0.press(.end) },
                       esc + ascii("OH") + esc + ascii("OF"))
    }

    func testEditingKeypadKeysSendTildeSequences() throws {
        let bytes = try bytesReceived {
            try $0.press(.pageUp)
            try $0.press(.pageDown)
            try $0.press(.delete)
            try $0.press(.insert)
        }
        XCTAssertEqual(bytes, esc + ascii("[5~") + esc + ascii("[6~") + esc + ascii("[3~") + esc + ascii("[2~"))
    }

    func testEditingKeypadKeysIgnoreApplicationCursorMode() throws {
        XCTAssertEqual(try bytesReceived(enabling: #"\033[?1h"#) { try $0.press(.pageUp) }, esc + ascii("[5~"))
    }

    func testFunctionKeysSendSS3ForF1ToF4AndCSITildeAbove() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.function(1)) }, esc + ascii("OP"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(4)) }, esc + ascii("OS"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(5)) }, esc + ascii("[15~"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(6)) }, esc + ascii("[17~"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(10)) }, esc + ascii("[21~"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(11)) }, esc + ascii("[23~"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(12)) }, esc + ascii("[24~"))
    }

    func testModifiedFunctionKeysCarryTheModifierParameter() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.function(5), modifiers: .shift) }, esc + ascii("[15;2~"))
        XCTAssertEqual(try bytesReceived { try $0.press(.function(1), modifiers: .shift) }, esc + ascii("[1;2P"))
        XCTAssertEqual(try bytesReceived { try $0.press(.delete, modifiers: .control) }, esc + ascii("[3;5~"))
    }

    func testControlLettersSendC0ControlBytes() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.character("a"), modifiers: .control) }, [0x01])
        XCTAssertEqual(try bytesReceived { try $0.press(.character("z"), modifiers: .control) }, [0x1A])
        XCTAssertEqual(try bytesReceived { try $0.press(.character("["), modifiers: .control) }, [0x1B])
    }

    func testControlCReachesARawModeAppAsTheByte03InsteadOfSIGINT() throws {
        var stillRunning = false
        let bytes = try bytesReceived { app in
            try app.press(.character("c"), modifiers: .control)
            try app.press(.character("c"), modifiers: .control)
            if case .running = app.state { stillRunning = true }
        }
        XCTAssertEqual(bytes, [0x03, 0x03])
        XCTAssertTrue(stillRunning, "a raw-mode app must not be interrupted by Ctrl-C")
    }

    func testAltPrefixesCharactersWithEscape() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.character("x"), modifiers: .alt) }, [0x1B, 0x78])
        XCTAssertEqual(try bytesReceived { try $0.press(.enter, modifiers: .alt) }, [0x1B, 0x0D])
    }

    func testRepeatedPressSendsTheKeyThatManyTimes() throws {
        XCTAssertEqual(try bytesReceived { try $0.press(.down, times: 3) }, esc + ascii("[B") + esc + ascii("[B") + esc + ascii("[B"))
    }

    func testPasteIsSentAsIsWithoutBracketedPasteMode() throws {
        XCTAssertEqual(try bytesReceived { try $0.paste("hi\tyou") }, ascii("hi\tyou"))
    }

    func testPasteIsBracketedAfterTheAppEnablesBracketedPasteMode() throws {
        let bytes = try bytesReceived(enabling: #"\033[?2004h"#) {
            XCTAssertTrue(try $0.screen().modes.bracketedPaste, "the emulator must have seen CSI ? 2004 h")
            try $0.paste("hi")
        }
        XCTAssertEqual(bytes, esc + ascii("[200~") + ascii("hi") + esc + ascii("[201~"))
    }

    func testPasteIsNotBracketedAfterTheAppDisablesBracketedPasteAgain() throws {
        XCTAssertEqual(try bytesReceived(enabling: #"\033[?2004h\033[?2004l"#) { try $0.paste("hi") }, ascii("hi"))
    }

    func testUnbracketedPasteSendsLineBreaksAsCarriageReturnsAsXtermDoes() throws {
        // xterm pastes each LF as the Enter key's CR (unless its pasteLiteralNl resource is set), as
        // do VTE, iTerm2 and mintty, so a raw-mode app that submits on CR and takes LF as Ctrl-J
        // (nano's Justify) sees the lines of the paste as lines.
        XCTAssertEqual(try bytesReceived { try $0.paste("a\nb") }, ascii("a\rb"))
        XCTAssertEqual(try bytesReceived { try $0.paste("one\ntwo\n") }, ascii("one\rtwo\r"))
    }

    func testPastedNonASCIITextArrivesAsUTF8() throws {
        XCTAssertEqual(try bytesReceived { try $0.paste("é€") }, [0xC3, 0xA9, 0xE2, 0x82, 0xAC])
    }

    func testKeysWithoutAnEncodingAreRejectedAndSendNothing() throws {
        let bytes = try bytesReceived { app in
            let control = assertThrowsCleanSlateError(.invalidArgument) { try app.press(.character("é"), modifiers: .control) }
            XCTAssertTrue(control?.message.contains("Ctrl+é") ?? false, control?.message ?? "")
            let f13 = assertThrowsCleanSlateError(.invalidArgument) { try app.press(.function(13)) }
            XCTAssertTrue(f13?.message.contains("F13") ?? false, f13?.message ?? "")
            assertThrowsCleanSlateError(.invalidArgument) { try app.press(.function(0)) }
        }
        XCTAssertEqual(bytes, [], "a rejected key must not send any byte")
    }
}
