@testable import CleanSlateScreen
import XCTest

/// Which shade stands for a label (the highlight rule compares these): the shade most of its
/// cells have, on a tie its last character's. Each expected shade is named by the cell that has
/// it, not computed.
final class ElementLookTests: XCTestCase {
    /// The label's shade for `input` written on row 0 of a fresh 2x20 terminal, over `columns`.
    private func labelShade(_ input: String, _ columns: Range<Int>) -> (UInt64, RecognitionGrid) {
        let grid = RecognitionGrid(screen(input, rows: 2, columns: 20))
        return (ElementLook(grid: grid, row: 0, label: columns).labelShade, grid)
    }

    func testMostCellsWinOverTheLastCharacter() {
        // "abc": a and b on blue, c plain.
        let (shade, grid) = labelShade("\u{1B}[44mab\u{1B}[mc", 0..<3)
        XCTAssertEqual(shade, grid.shade(0, 0))
        XCTAssertNotEqual(shade, grid.shade(0, 2))
    }

    func testCellsAreCountedOnceWhetherTheyContinueARunOrInterleave() {
        // "aaabcbcbcb": aaa on red, then b on blue and c on green in turns. Blue has four cells,
        // red and green three each: blue wins, though red's come in one run and blue's one cell
        // at a time between green ones.
        let (shade, grid) = labelShade("\u{1B}[41maaa\u{1B}[44mb\u{1B}[42mc\u{1B}[44mb\u{1B}[42mc\u{1B}[44mb\u{1B}[42mc\u{1B}[44mb", 0..<10)
        XCTAssertEqual(shade, grid.shade(0, 3))
        XCTAssertNotEqual(grid.shade(0, 0), grid.shade(0, 3))
    }

    func testATieGoesToTheLastCharactersShade() {
        // "ab": a on blue, b on red.
        let (shade, grid) = labelShade("\u{1B}[44ma\u{1B}[41mb", 0..<2)
        XCTAssertEqual(shade, grid.shade(0, 1))
    }

    func testATieWithoutTheLastCharacterGoesToTheLowestShade() {
        // "aabbc": aa on red (index 1), bb on blue (index 4), c on green: red and blue tie, c is alone.
        let (shade, grid) = labelShade("\u{1B}[41maa\u{1B}[44mbb\u{1B}[42mc", 0..<5)
        XCTAssertEqual(shade, min(grid.shade(0, 0), grid.shade(0, 2)))
        XCTAssertNotEqual(grid.shade(0, 0), grid.shade(0, 2))
    }

    func testBlanksInTheLabelCountAndTheLastCharacterIsTheLastNonBlank() {
        // "ab  " (a padded label): a and the last blank on red, b and the blank after it on
        // blue. Two cells each: the tie goes to b, the last character, not to the last cell.
        let (shade, grid) = labelShade("\u{1B}[41ma\u{1B}[44mb \u{1B}[41m ", 0..<4)
        XCTAssertEqual(shade, grid.shade(0, 1))
        XCTAssertNotEqual(shade, grid.shade(0, 3))
    }
}
