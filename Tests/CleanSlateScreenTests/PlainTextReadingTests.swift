import CleanSlateScreen
import XCTest

final class PlainTextReadingTests: XCTestCase {
    func testTheTextFillsTheGivenSizeWithTheCursorHidden() throws {
        let screen = try ScreenSnapshot(plainText: "Name: Ada\n 中 b", rows: 3, columns: 10)
        XCTAssertEqual([screen.rows, screen.columns], [3, 10])
        XCTAssertEqual(screen.lines, ["Name: Ada", " 中 b", ""])
        XCTAssertEqual(try screen.cell(row: 1, column: 1).width, 2, "a wide character takes two cells")
        XCTAssertEqual(try screen.cell(row: 0, column: 0), ScreenCell(character: "N"), "no style")
        XCTAssertFalse(screen.isCursorVisible)
    }

    func testTheScreenGrowsOnlyForTextThatDoesNotFit() throws {
        let taller = try ScreenSnapshot(plainText: "a\nb\nc", rows: 2, columns: 4)
        XCTAssertEqual([taller.rows, taller.columns], [3, 4])
        let wider = try ScreenSnapshot(plainText: "abcdef\n中中中", rows: 2, columns: 4)
        XCTAssertEqual([wider.rows, wider.columns], [2, 6])
        XCTAssertEqual(wider.lines, ["abcdef", "中中中"])
    }

    func testAControlCharacterIsAnErrorNamingItsLine() {
        XCTAssertThrowsError(try ScreenSnapshot(plainText: "fine\nbell\u{07}", rows: 2, columns: 10)) { error in
            XCTAssertEqual((error as? StyledTextError)?.line, 2)
        }
    }
}
