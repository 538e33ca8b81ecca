import CleanSlateScreen
import XCTest

/// `text` written at a zero-based row and column.
private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// `lines` written one under the other from `row`, `column`.
private func lines(_ row: Int, _ column: Int, _ lines: [String]) -> String {
    lines.enumerated().map { at(row + $0.offset, column, $0.element) }.joined()
}

/// Boxes drawn with `+ - |` (dialog --ascii-lines) read as the line-drawn ones do, and the `+`,
/// `-` and `|` of plain text do not make windows.
final class ASCIIBoxRecognitionTests: XCTestCase {
    func testAnASCIIBoxWithASeparatorIsAWindowTitledByItsTopSide() throws {
        let tree = screen(lines(1, 2, [
            "+-----Settings-----+",
            "| Pick a theme     |",
            "+------------------+",
            "|  < OK >  <Quit>  |",
            "+------------------+",
        ])).elements
        XCTAssertEqual(outline(tree), ["window \"Settings\"", "  staticText \"Pick a theme\"", "  button \"OK\"", "  button \"Quit\""])
        XCTAssertEqual(tree.roots.first?.frame, ScreenRectangle(row: 1, column: 2, height: 5, width: 20))
        XCTAssertEqual(try element(.button, "OK", in: tree).frame, ScreenRectangle(row: 4, column: 5, height: 1, width: 6))
    }

    func testAnASCIIBoxInsideAnotherIsItsChildAndItsRowsAMenu() {
        // The inner box's title is padded with a blank after its corner, as mc -a's group boxes
        // are (`+ Panel split ---+`).
        let tree = screen(lines(0, 0, [
            "+---- Theme ----------+",
            "| + Pick -----------+ |",
            "| | Dark   Dark     | |",
            "| | \(csi("7m"))Light  Light\(csi("m"))    | |",
            "| +-----------------+ |",
            "+---------------------+",
        ])).elements
        XCTAssertEqual(outline(tree), [
            "window \"Theme\"", "  window \"Pick\"", "    menuItem \"Dark\" identifier \"Dark\"", "    menuItem \"Light\" identifier \"Light\" highlighted",
        ])
    }

    func testBoxesStackedOneRightUnderTheOtherAreTwoWindows() {
        // mc -a's Layout dialog: `+ Panel split ---+` closed by a row of dashes, and the next
        // group box's top on the row below it.
        let tree = screen(lines(0, 0, [
            "+ Panel split ---+",
            "| (*) Vertical   |",
            "+----------------+",
            "+ Console -------+",
            "| Lines: 3       |",
            "+----------------+",
        ])).elements
        XCTAssertEqual(outline(tree), [
            "window \"Panel split\"", "  radioButton \"Vertical\" checked", "window \"Console\"", "  staticText \"Lines: 3\"",
        ])
    }

    func testAPanelWithColumnLinesADividerAndAReadingInItsBottomIsAWindow() {
        // mc -a's panel: a decorated title, columns of `|`, `|---|` above a status line.
        let tree = screen(lines(0, 0, [
            "+<- ~ ------------.[^]>+",
            "| Name   | Size | Time |",
            "|\(csi("7m")) a.txt  |    1 | 9:00 \(csi("m"))|",
            "| b.txt  |    2 | 9:30 |",
            "|        |      |      |",
            "|----------------------|",
            "| a.txt                |",
            "+---- 1G (9%) ---------+",
        ]), rows: 9, columns: 26).elements
        XCTAssertEqual(outline(tree), [
            "window \"~\"", "  staticText \"Name\"", "  staticText \"Size\"", "  staticText \"Time\"",
            "  menuItem \"a.txt\" highlighted detail \"1  9:00\"", "  menuItem \"b.txt\" detail \"2  9:30\"", "  staticText \"a.txt\"",
        ])
        XCTAssertEqual(tree.roots.first?.frame, ScreenRectangle(row: 0, column: 0, height: 8, width: 24))
    }

    func testPlusesDashesAndBarsOfPlainTextAreNoWindow() {
        let cases: [(String, [String])] = [
            ("sums and diffs", ["a+b-c = d", "--- a/file", "+++ b/file", "+-x | y", "+--+"]),
            ("a table with column joints", ["+----+------+", "| id | name |", "+----+------+", "| 1  | ada  |", "+----+------+"]),
            ("a box without its bottom-right corner", ["+-----+", "| box |", "+------"]),
            ("a box with a side missing a bar", ["+-----+", "| box  ", "+-----+"]),
            ("a box whose top runs on past its corner", ["+-----+-", "| box |", "+-----+"]),
            ("a box with nothing between its top and bottom", ["+-----+", "+-----+"]),
            ("a box whose bottom runs into neither corner", ["+-----+", "| box |", "+ x - +"]),
            ("a box whose top runs into neither corner", ["+ x - +", "| box |", "+-----+"]),
            ("a box whose top has no dash", ["+xxxxx+", "| box |", "+-----+"]),
        ]
        for (name, drawn) in cases {
            let tree = screen(lines(0, 0, drawn)).elements
            XCTAssertFalse(tree.allElements.contains { $0.kind == .window }, "\(name):\n\(tree.debugDescription)")
        }
        XCTAssertEqual(outline(screen("a+b-c = d|e").elements), ["staticText \"a+b-c = d|e\""])
    }

    func testTheSidesOfAnASCIIBoxAreLinesAndTheBarsInsideItAreText() {
        let tree = screen(lines(0, 0, ["+- Notes -----+", "| a|b  c-d    |", "+-------------+"])).elements
        XCTAssertEqual(outline(tree), ["window \"Notes\"", "  staticText \"a|b\"", "  staticText \"c-d\""])
    }
}
