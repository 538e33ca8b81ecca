import CleanSlateScreen
import XCTest

final class StyledTextReadingTests: XCTestCase {
    func testCellsColoursAndCursorAreReadBack() throws {
        let screen = try ScreenSnapshot(styledText: """
            screen 3x12 cursor 1,4 hidden alternate
            |Error: x
            ~ 0-4 fg=red bold
            ~ 7 fg=#0102ff bg=bright-cyan underline=curly
            |中a
            ~ 0-1 bg=208 inverse
            ~ 5-6 bg=blue
            """)
        XCTAssertEqual([screen.rows, screen.columns], [3, 12])
        XCTAssertEqual(screen.cursor, ScreenPosition(row: 1, column: 4))
        XCTAssertFalse(screen.isCursorVisible)
        XCTAssertTrue(screen.isAlternateScreenActive)
        XCTAssertEqual(screen.lines, ["Error: x", "中a", ""])
        XCTAssertEqual(try screen.cell(row: 0, column: 0), ScreenCell(character: "E", foreground: .indexed(1), attributes: .bold))
        XCTAssertEqual(try screen.cell(row: 0, column: 5), ScreenCell(character: ":"))
        XCTAssertEqual(try screen.cell(row: 0, column: 7),
                       ScreenCell(character: "x", foreground: .rgb(1, 2, 255), background: .indexed(14), underline: .curly))
        XCTAssertEqual(try screen.cell(row: 1, column: 0), ScreenCell(character: "中", width: 2, background: .indexed(208), attributes: .inverse))
        XCTAssertEqual(try screen.cell(row: 1, column: 2), ScreenCell(character: "a"))
        XCTAssertEqual(try screen.cell(row: 1, column: 6), ScreenCell(character: " ", background: .indexed(4)), "a styled blank after the text")
    }

    func testRenderingsReadBackRenderTheSame() throws {
        let inputs = [
            csi("1;37;44m") + " title " + csi("0m") + "\r\n" + csi("2m") + "hint" + csi("0;9;53;5m") + "x" + csi("0;21m") + "y",
            csi("?1049h") + csi("?25l") + "中文" + csi("4:5m") + "z" + csi("0;48;2;9;8;7m") + "   " + csi("0m") + csi("3;2H"),
            "edge" + csi("1;17H") + csi("41m") + "!" + csi("0m"),
        ]
        for input in inputs {
            let rendering = makeTerminal(input, rows: 4, columns: 17).snapshot().styledText()
            XCTAssertEqual(try ScreenSnapshot(styledText: rendering).styledText(), rendering)
        }
    }

    func testMalformedRenderingsAreRefusedNamingTheLine() {
        let cases: [(String, Int, String)] = [
            ("", 1, "is not a header"),
            ("screen 2x5", 1, "is not a header"),
            ("screen 2x5 cursor 0,0 blinking", 1, "is not a header"),
            ("screen 0x5 cursor 0,0", 1, "off limits"),
            ("screen 2x5000 cursor 0,0", 1, "off limits"),
            ("screen 2x5 cursor 2,0", 1, "off limits"),
            ("screen 1x5 cursor 0,0\n|a\n|b", 3, "more rows than the 1"),
            ("screen 1x5 cursor 0,0\n|abcdef", 2, "wider than the screen's 5 columns"),
            ("screen 1x5 cursor 0,0\n|abcd中", 2, "wider than the screen's 5 columns"),
            ("screen 1x5 cursor 0,0\n|a\u{1B}[2Jb", 2, "control character"),
            ("screen 1x5 cursor 0,0\n|a\n~ 0-9 bold", 3, "does not start with columns"),
            ("screen 1x5 cursor 0,0\n|a\n~ 0 fg=purple", 2, "not a colour or an attribute"),
            ("screen 1x5 cursor 0,0\n|a\nstray", 3, "neither a row"),
        ]
        for (text, line, reason) in cases {
            XCTAssertThrowsError(try ScreenSnapshot(styledText: text), text.debugDescription) { error in
                let error = error as? StyledTextError
                XCTAssertEqual(error?.line, line, text.debugDescription)
                XCTAssertTrue(error?.reason.contains(reason) == true, "\(text.debugDescription): \(String(describing: error))")
            }
        }
    }
}
