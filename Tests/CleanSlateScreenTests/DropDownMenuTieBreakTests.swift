import CleanSlateScreen
import XCTest

private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// The documented tie-breaks of a menu dropped down without a box (emacs's and ne's): which block
/// of rows is the menu when two are held by as many rows, and which column of keys is cut off
/// when two are written by as many entries. Each tie is decided by position, never by a
/// dictionary's order (which changes between processes), so the same screen gives the same menu
/// in every run.
final class DropDownMenuTieBreakTests: XCTestCase {
    /// The top row's bar, inverse across the 40 columns.
    private let bar = at(0, 0, csi("7m") + " File Edit Options Tools Help" + String(repeating: " ", count: 11) + csi("0m"))

    /// `text` in the background `colour`, padded to `width` cells.
    private func entry(_ text: String, width: Int, _ colour: String = "44m") -> String {
        csi(colour) + text + String(repeating: " ", count: width - text.count) + csi("0m")
    }

    /// The menu items under the bar: the bar's own five are left out.
    private func droppedItems(_ input: String) -> [String] {
        let barItems = ["File", "Edit", "Options", "Tools", "Help"]
        return outline(screen(input).elements).filter { line in
            line.hasPrefix("menuItem") && !barItems.contains { line.hasPrefix("menuItem \"\($0)\"") }
        }
    }

    func testOfTwoBlocksHeldByAsManyRowsTheLeftmostIsTheMenu() {
        // Two runs of the same background side by side, each held by three rows: a tie. The left
        // one (three rows and a row drawn apart) is the menu. The right one, with a gap after its
        // second row, would be no menu: taking it would leave the screen without one.
        var input = bar
        let left = [" Open", " Save", " Print", " Quit"]
        for (index, name) in left.enumerated() {
            input += at(1 + index, 0, entry(name, width: 14, index == 1 ? "41m" : "44m"))
        }
        for (row, name) in [(1, " Apples"), (2, " Pears"), (4, " Figs")] {
            input += at(row, 20, entry(name, width: 14))
        }
        XCTAssertEqual(droppedItems(input), [
            "menuItem \"Open\"", "menuItem \"Save\" highlighted", "menuItem \"Print\"", "menuItem \"Quit\"",
        ])
    }

    func testOfTwoRunsStartingInOneColumnAndHeldByAsManyRowsTheNarrowestIsTheMenu() {
        // Rows 1 and 2 are drawn 18 cells wide, rows 3 and 4 14 cells wide, from the same column:
        // a tie of two rows each. The narrow run is the block all four rows (and the row drawn
        // apart under them) cover; the wide one would end the block after two rows, no drop-down
        // menu (the rows are then a list whose keys are its rows' details).
        let input = bar
            + at(1, 0, entry(" Open   C-o", width: 18)) + at(2, 0, entry(" Save   C-s", width: 18))
            + at(3, 0, entry(" Print  C-p", width: 14)) + at(4, 0, entry(" Quit   C-q", width: 14))
            + at(5, 0, entry(" Close  C-w", width: 14, "41m"))
        XCTAssertEqual(droppedItems(input), [
            "menuItem \"Open\"", "menuItem \"Save\"", "menuItem \"Print\"", "menuItem \"Quit\"", "menuItem \"Close\" highlighted",
        ])
    }

    func testOfTwoKeyColumnsWrittenByAsManyEntriesTheLeftmostIsCutOff() {
        // Keys written after two or more blanks end in column 11 (`^S`, `^Q`) and in column 13
        // (`C-p`, `C-w`): a tie of two entries each. The leftmost is the key column, so an entry
        // ending there whose key stands one blank after its name loses the key (`Undo it ^Z`);
        // one ending in column 13 keeps its last word (`Open News ^O`).
        let rows = [" Save    ^S", " Quit    ^Q", " Print    C-p", " Close    C-w", " Undo it ^Z", " Open News ^O"]
        var input = bar
        for (index, text) in rows.enumerated() {
            input += at(1 + index, 0, entry(text, width: 16, index == 0 ? "41m" : "44m"))
        }
        XCTAssertEqual(droppedItems(input), [
            "menuItem \"Save\" highlighted", "menuItem \"Quit\"", "menuItem \"Print\"", "menuItem \"Close\"",
            "menuItem \"Undo it\"", "menuItem \"Open News ^O\"",
        ])
    }
}
