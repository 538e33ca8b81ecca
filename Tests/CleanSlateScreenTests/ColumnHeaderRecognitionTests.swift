import CleanSlateScreen
import XCTest

/// `lines` written one under the other from the top-left corner.
private func rows(_ lines: [String]) -> String {
    lines.enumerated().map { csi("\($0.offset + 1);1H") + $0.element }.joined()
}

/// A table's column header (mc's panels, htop) names the columns: it is never a list row.
final class ColumnHeaderRecognitionTests: XCTestCase {
    private let inverse = csi("7m"), plain = csi("m")

    func testAHeaderAboveOneCurrentRowLeavesThatRowAList() {
        // mc in an empty folder: the header and `/..`, the current row.
        let tree = screen(rows([
            "┌─ ~ ──────────────────────────┐",
            "│.n  Name │ Size  │Modify time │",
            "│\(inverse)/..      │UP--DIR│Nov 26 00:48\(plain)│",
            "└──────────────────────────────┘",
        ])).elements
        XCTAssertEqual(outline(tree), [
            "window \"~\"",
            "  staticText \".n\"", "  staticText \"Name\"", "  staticText \"Size\"", "  staticText \"Modify time\"",
            "  menuItem \"/..\" highlighted detail \"UP--DIR  Nov 26 00:48\"",
        ])
    }

    func testAHeaderDrawnLikeTheCurrentRowIsNoRowAndMakesNoneCurrent() {
        // htop -C: the header inverse, as the current process is, under its inverse tab.
        let tree = screen(rows([
            "  \(inverse)[Main]\(plain) [I/O]",
            "\(inverse)  PID USER   CPU%  Command\(plain)",
            "  101 root    0.7  init",
            "  159 root    0.0  sshd",
        ])).elements
        XCTAssertFalse(tree.allElements.contains { $0.kind == .menuItem }, tree.debugDescription)
        XCTAssertEqual(tree.allElements.first { $0.label.hasPrefix("PID") }?.kind, .staticText, tree.debugDescription)
    }

    func testAHeaderAboveRowsIsStaticTextAndTheRowsStayAList() {
        let tree = screen(rows([
            "  PID USER   CPU%  Command",
            "\(inverse)  101 root    0.7  init   \(plain)",
            "  102 root    0.0  sshd",
        ])).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["101", "102"])
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.isHighlighted), [true, false])
    }

    func testARowOfFewerNamesOrWithADigitIsARowStill() {
        // `latest` above versions has no digit but is one name; `Build 2 of 3` has a digit.
        for first in ["latest", "Build  2  of  3"] {
            let tree = screen(rows([first, "\(inverse)1.2\(plain)", "1.3"])).elements
            XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.count, 3, "\(first):\n\(tree.debugDescription)")
        }
    }
}
