@testable import CleanSlateScreen
import XCTest

private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// A list's first column that is a mark on every row (``SharedFirstColumn``): the row is named by
/// the words after it, whatever they start with.
final class MarkedFirstColumnTests: XCTestCase {
    private func rowLabels(_ rows: [String]) -> [String] {
        let drawn = rows.enumerated().map { index, text in
            at(index + 1, 0, index == 0 ? csi("7m") + text + csi("0m") : text)
        }.joined()
        return screen(drawn, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label)
    }

    /// Fold marks before words that start with no letter or digit (paths, dot files).
    func testAFoldMarkBeforeAPathIsNoPartOfTheName() {
        XCTAssertEqual(rowLabels(["[+]  /home/ada", "[-]  /usr"]), ["/home/ada", "/usr"])
        XCTAssertEqual(rowLabels(["+  .git", "+  .github", "-  src"]), [".git", ".github", "src"])
    }

    /// A status mark that is no tree's (`??` of an untracked file) is read past too.
    func testAStatusMarkOnEveryRowIsNoName() {
        XCTAssertEqual(rowLabels(["??  notes.txt", "??  todo.txt"]), ["notes.txt", "todo.txt"])
    }
}

extension MarkedFirstColumnTests {
    /// Fold or change marks that alone tell two rows apart stay in their names: without them the
    /// two rows would have one name, and a query for it could pick neither.
    func testMarksThatAloneTellRowsApartStayInTheirNames() {
        XCTAssertEqual(rowLabels(["[-] README.md  2 lines", "[+] README.md  3 lines", "[+] NOTES.md   1 line"]),
                       ["[-] README.md", "[+] README.md", "[+] NOTES.md"])
        XCTAssertEqual(rowLabels(["[-] Frame 1  47 bytes", "[+] Ethernet II  14 bytes"]), ["Frame 1", "Ethernet II"])
    }
}
