@testable import CleanSlateScreen
import XCTest

private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// What a borderless pop-up list (``RecognitionWork/isPopUpList(_:owner:)``) is not, beside the
/// cases of `ElementRecognitionTests.testAPopUpListOnAShadeOfItsOwnIsAListWithNoCurrentRow`.
final class PopUpListRefusalTests: XCTestCase {
    private let shaded = csi("46m"), plain = csi("0m")
    private let prompt = at(0, 0, "shop.db> select * from")

    private func menuItems(_ input: String, cursorAt cursor: (row: Int, column: Int) = (0, 23), hidden: Bool = false) -> [String] {
        screen(input + at(cursor.row, cursor.column, hidden ? csi("?25l") : "")).elements.allElements
            .filter { $0.kind == .menuItem }.map(\.label)
    }

    /// A hidden cursor is wherever the program's last write left it: a shaded block beside it is
    /// no pop-up hanging off the word being typed.
    func testAShadedBlockBesideAHiddenCursorIsNoPopUp() {
        let block = prompt + at(1, 22, shaded + " customers " + plain) + at(2, 22, shaded + " products  " + plain)
        XCTAssertEqual(menuItems(block), ["customers", "products"], "the same block at a visible cursor is one")
        XCTAssertEqual(menuItems(block, hidden: true), [])
    }

    /// Matches of two words marked in place one under another fill their marks to both ends: the
    /// blank between their words is no padding.
    func testMatchesOfTwoWordsMarkedInPlaceAreNoPopUp() {
        let matches = prompt + at(1, 22, shaded + "oat milk" + plain) + at(2, 22, shaded + "oat milk" + plain)
        XCTAssertEqual(menuItems(matches), [])
    }
}
