import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The bytes that `click` and `mouse` put on the terminal, as a real program reads them, compared
/// with xterm's documented mouse reports (ctlseqs, "Mouse Tracking": X10 compatibility, normal
/// tracking 1000, button-event 1002, any-event 1003; encodings default, UTF-8 1005, SGR 1006,
/// urxvt 1015). Positions in the reports are one-based; the API's are zero-based.
final class MouseEncodingTests: XCTestCase {
    private let csi: [UInt8] = [0x1B, 0x5B]
    private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testClickInNormalTrackingWithTheDefaultEncoding() throws {
        // Press: CSI M, 32 + button 0, 32 + column 1, 32 + row 1; release: button code 3.
        let bytes = try bytesReceived(enabling: #"\033[?1000h"#) { try $0.click(row: 0, column: 0) }
        XCTAssertEqual(bytes, csi + [0x4D, 32, 33, 33] + csi + [0x4D, 35, 33, 33])
    }

    func testClickInSGREncodingNamesTheReleasedButton() throws {
        let bytes = try bytesReceived(enabling: #"\033[?1000h\033[?1006h"#) { try $0.click(row: 4, column: 9, button: .right) }
        XCTAssertEqual(bytes, csi + ascii("<2;10;5M") + csi + ascii("<2;10;5m"))
    }

    func testModifiersAddToTheButtonCode() throws {
        let bytes = try bytesReceived(enabling: #"\033[?1000h\033[?1006h"#) {
            try $0.mouse(.press(.left), row: 1, column: 2, modifiers: .control)
            try $0.mouse(.press(.left), row: 1, column: 2, modifiers: [.shift, .alt])
        }
        XCTAssertEqual(bytes, csi + ascii("<16;3;2M") + csi + ascii("<12;3;2M"))
    }

    func testWheelSendsOnePressPerNotchAndNoRelease() throws {
        let bytes = try bytesReceived(enabling: #"\033[?1000h\033[?1006h"#) {
            try $0.click(row: 2, column: 2, button: .wheelUp)
            try $0.click(row: 2, column: 2, button: .wheelDown)
        }
        XCTAssertEqual(bytes, csi + ascii("<64;3;3M") + csi + ascii("<65;3;3M"))
    }

    func testMotionIsReportedOnlyInTheModesThatAskForIt() throws {
        // 1000 reports no motion; 1002 reports motion with a button held (32 + button); 1003 all motion (32 + 3).
        let normal = try bytesReceived(enabling: #"\033[?1000h\033[?1006h"#) { try $0.mouse(.move(held: .left), row: 0, column: 4) }
        XCTAssertEqual(normal, [])
        let buttonEvent = try bytesReceived(enabling: #"\033[?1002h\033[?1006h"#) {
            try $0.mouse(.move(held: nil), row: 0, column: 4)
            try $0.mouse(.move(held: .left), row: 0, column: 5)
        }
        XCTAssertEqual(buttonEvent, csi + ascii("<32;6;1M"))
        let anyEvent = try bytesReceived(enabling: #"\033[?1003h\033[?1006h"#) { try $0.mouse(.move(held: nil), row: 0, column: 4) }
        XCTAssertEqual(anyEvent, csi + ascii("<35;5;1M"))
    }

    func testX10ModeReportsPressesOnlyWithoutModifiers() throws {
        let bytes = try bytesReceived(enabling: #"\033[?9h"#) { try $0.click(row: 2, column: 3, modifiers: .control) }
        XCTAssertEqual(bytes, csi + [0x4D, 32, 36, 35])
    }

    func testURXVTAndUTF8Encodings() throws {
        let urxvt = try bytesReceived(enabling: #"\033[?1000h\033[?1015h"#) { try $0.mouse(.press(.middle), row: 6, column: 7) }
        XCTAssertEqual(urxvt, csi + ascii("33;8;7M"))
        // UTF-8 mode: 32 + 100 = 132 is sent as the two-byte UTF-8 form of U+0084.
        let utf8 = try bytesReceived(enabling: #"\033[?1000h\033[?1005h"#) {
            try $0.resize(to: TerminalSize(rows: 24, columns: 120))
            try $0.mouse(.press(.left), row: 0, column: 99)
        }
        XCTAssertEqual(utf8, csi + [0x4D, 32, 0xC2, 0x84, 33])
    }

    func testMouseEventsNeedTheAppToHaveTurnedReportingOn() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo ready; exec sleep 60"], terminalSize: .standard)
        try app.waitForScreen(containing: "ready")
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.click(row: 0, column: 0) }
        XCTAssertTrue(error?.message.contains("has not turned on mouse reporting") ?? false, "\(String(describing: error))")
    }

    func testOffScreenAndUnencodablePositionsAreRejected() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", #"printf '\033[?1000hready'; exec sleep 60"#], terminalSize: TerminalSize(rows: 24, columns: 300))
        try app.waitForScreen(containing: "ready")
        assertThrowsCleanSlateError(.invalidArgument) { try app.click(row: 24, column: 0) }
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.click(row: 0, column: 250) }
        XCTAssertTrue(error?.message.contains("1006") ?? false, "\(String(describing: error))")
    }
}
