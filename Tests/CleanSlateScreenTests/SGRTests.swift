import CleanSlateScreen
import XCTest

final class SGRTests: XCTestCase {
    /// The cell written by "x" after `sgr` (an SGR parameter string).
    private func cell(after sgr: String) throws -> ScreenCell {
        try makeTerminal(csi(sgr + "m") + "x").snapshot().cell(row: 0, column: 0)
    }

    func testAttributes() {
        XCTAssertEqual(try cell(after: "1").attributes, .bold)
        XCTAssertEqual(try cell(after: "2").attributes, .dim)
        XCTAssertEqual(try cell(after: "3").attributes, .italic)
        XCTAssertEqual(try cell(after: "5").attributes, .blink)
        XCTAssertEqual(try cell(after: "6").attributes, .blink)
        XCTAssertEqual(try cell(after: "7").attributes, .inverse)
        XCTAssertEqual(try cell(after: "8").attributes, .hidden)
        XCTAssertEqual(try cell(after: "9").attributes, .strikethrough)
        XCTAssertEqual(try cell(after: "53").attributes, .overline)
        XCTAssertEqual(try cell(after: "1;3;7").attributes, [.bold, .italic, .inverse])
    }

    func testUnderlineStyles() {
        XCTAssertEqual(try cell(after: "4").underline, .single)
        XCTAssertEqual(try cell(after: "21").underline, .double)
        XCTAssertEqual(try cell(after: "4:0").underline, .none)
        XCTAssertEqual(try cell(after: "4:1").underline, .single)
        XCTAssertEqual(try cell(after: "4:2").underline, .double)
        XCTAssertEqual(try cell(after: "4:3").underline, .curly)
        XCTAssertEqual(try cell(after: "4:4").underline, .dotted)
        XCTAssertEqual(try cell(after: "4:5").underline, .dashed)
        XCTAssertEqual(try cell(after: "4;24").underline, .none)
    }

    func testResets() {
        XCTAssertEqual(try cell(after: "1;2;22").attributes, [])
        XCTAssertEqual(try cell(after: "3;23").attributes, [])
        XCTAssertEqual(try cell(after: "5;25").attributes, [])
        XCTAssertEqual(try cell(after: "7;27").attributes, [])
        XCTAssertEqual(try cell(after: "8;28").attributes, [])
        XCTAssertEqual(try cell(after: "9;29").attributes, [])
        XCTAssertEqual(try cell(after: "53;55").attributes, [])
        XCTAssertEqual(try cell(after: "31;39").foreground, .default)
        XCTAssertEqual(try cell(after: "41;49").background, .default)
        XCTAssertEqual(try cell(after: "1;4;31;42;0"), ScreenCell(character: "x"))
        XCTAssertEqual(try cell(after: ""), ScreenCell(character: "x"), "an empty SGR is SGR 0")
    }

    func testSixteenColors() {
        XCTAssertEqual(try cell(after: "31").foreground, .indexed(1))
        XCTAssertEqual(try cell(after: "37").foreground, .indexed(7))
        XCTAssertEqual(try cell(after: "40").background, .indexed(0))
        XCTAssertEqual(try cell(after: "90").foreground, .indexed(8))
        XCTAssertEqual(try cell(after: "97").foreground, .indexed(15))
        XCTAssertEqual(try cell(after: "104").background, .indexed(12))
    }

    func testIndexedColorsInBothForms() {
        XCTAssertEqual(try cell(after: "38;5;208").foreground, .indexed(208))
        XCTAssertEqual(try cell(after: "38:5:208").foreground, .indexed(208))
        XCTAssertEqual(try cell(after: "48;5;17").background, .indexed(17))
        XCTAssertEqual(try cell(after: "48:5:17").background, .indexed(17))
    }

    func testTrueColorsInAllForms() {
        XCTAssertEqual(try cell(after: "38;2;10;20;30").foreground, .rgb(10, 20, 30))
        XCTAssertEqual(try cell(after: "38:2::10:20:30").foreground, .rgb(10, 20, 30))
        XCTAssertEqual(try cell(after: "38:2:10:20:30").foreground, .rgb(10, 20, 30))
        XCTAssertEqual(try cell(after: "48;2;1;2;3").background, .rgb(1, 2, 3))
        XCTAssertEqual(try cell(after: "48:2::1:2:3").background, .rgb(1, 2, 3))
    }

    func testParametersAfterAnExtendedColorStillApply() throws {
        let cell = try cell(after: "38;2;1;2;3;1;48;5;4;3")
        XCTAssertEqual(cell.foreground, .rgb(1, 2, 3))
        XCTAssertEqual(cell.background, .indexed(4))
        XCTAssertEqual(cell.attributes, [.bold, .italic])
        XCTAssertEqual(try self.cell(after: "38:5:9;4").underline, .single)
    }

    func testUnderlineColorIsAcceptedAndIgnored() throws {
        let cell = try cell(after: "58;2;1;2;3;4")
        XCTAssertEqual(cell.underline, .single)
        XCTAssertEqual(cell.foreground, .default)
        XCTAssertEqual(try self.cell(after: "58:5:3;1").attributes, .bold)
    }

    func testRenditionAppliesOnlyToLaterText() {
        let snapshot = makeTerminal("a" + csi("1m") + "b" + csi("m") + "c").snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 0).attributes, [])
        XCTAssertEqual(try snapshot.cell(row: 0, column: 1).attributes, .bold)
        XCTAssertEqual(try snapshot.cell(row: 0, column: 2).attributes, [])
    }
}
