import CleanSlateScreen
import Foundation
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
        // Named by the command, the column of words, not by the process number.
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["init", "sshd"])
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

/// A table of words alone, its columns parted by lines: only a row under the frame can be its header.
final class LinedTableRecognitionTests: XCTestCase {
    func testTheRowsOfALinedTableOfWordsAreRowsNotHeaders() {
        let inverse = csi("7m"), plain = csi("m")
        let tree = screen(rows([
            "┌──────────────────────────┐",
            "│Name   │Kind   │Owner     │",
            "│alpha  │file   │ada       │",
            "│\(inverse)beta   │folder │grace     \(plain)│",
            "│gamma  │link   │linus     │",
            "└──────────────────────────┘",
        ])).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["alpha", "beta", "gamma"], tree.debugDescription)
        XCTAssertEqual(tree.allElements.first { $0.label == "Name" }?.kind, .staticText, tree.debugDescription)
    }
}

/// A list of names and their values keeps the names: only a list of tags and texts is named by its text.
final class NameValueListRecognitionTests: XCTestCase {
    func testANameValueListIsNamedByItsNames() {
        let inverse = csi("7m"), plain = csi("m")
        // A figure among the values; a name given twice.
        for (names, values) in [(["Name", "Age", "Shell"], ["Ada", "36", "bash"]), (["Alias", "Alias", "Shell"], ["ll", "la", "bash"])] {
            let lines = zip(names, values).map { "  " + $0.0.padding(toLength: 8, withPad: " ", startingAt: 0) + $0.1 }
            let tree = screen(rows([lines[0], inverse + lines[1] + plain, lines[2]])).elements
            XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), names, tree.debugDescription)
            XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.detail), values, tree.debugDescription)
        }
    }
}

/// A table's rows are named by their column of words, not by the figures before it.
final class MainColumnRecognitionTests: XCTestCase {
    func testAProcessTableIsNamedByItsCommandsAndAFileTableByItsNames() {
        let inverse = csi("7m"), plain = csi("m")
        // ps: PID, terminal, time, command (the time one blank before it).
        let processes = screen(rows([
            "    1 ?      00:00:01 init",
            "\(inverse)   57 ?      00:00:00 sshd\(plain)",
            "   60 pts/0  00:00:00 bash",
        ])).elements
        XCTAssertEqual(processes.allElements.filter { $0.kind == .menuItem }.map(\.label), ["init", "sshd", "bash"], processes.debugDescription)
        XCTAssertEqual(processes.allElements.filter { $0.kind == .menuItem }.first?.detail, "1  ?  00:00:01", processes.debugDescription)
        // Names first, then sizes: the names, even the parent folder's `..` that holds no letter.
        let files = screen(rows([
            "\(inverse)  ..      <DIR>  \(plain)",
            "  a.txt   120 B",
            "  b.txt   4 KiB",
        ])).elements
        XCTAssertEqual(files.allElements.filter { $0.kind == .menuItem }.map(\.label), ["..", "a.txt", "b.txt"], files.debugDescription)
    }
}
