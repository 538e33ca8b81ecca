import CleanSlateScreen
import XCTest

final class HTMLRenderingTests: XCTestCase {
    private func spans(_ html: String) throws -> [XMLElements.Element] {
        try XMLElements.parse(html).filter { $0.name == "span" }
    }

    func testThePageHoldsTheRowsTheCaptionAndTheTitle() throws {
        let screen = makeTerminal(esc("]2;Wizard & co\u{07}") + "one\r\n  two", rows: 3, columns: 6).snapshot()
        let elements = try XMLElements.parse(screen.html())
        XCTAssertEqual(elements.first { $0.name == "title" }?.text, "Wizard & co")
        XCTAssertEqual(elements.first { $0.name == "p" }?.text, "3x6, cursor at row 1, column 5")
        let pre = try XCTUnwrap(elements.first { $0.name == "pre" })
        XCTAssertEqual(pre.text, "one   \n  two \n      ", "every cell of every row, the cursor's included")
    }

    func testRunsOfStyledCellsAreSpansWithTheirColoursAndAttributes() throws {
        let input = csi("1;31m") + "Err" + csi("0m") + " " + csi("7m") + "in" + csi("0;2;4;9m") + "d" + csi("0;8m") + "h" + csi("0m")
        let found = try spans(makeTerminal(input, rows: 2, columns: 10).snapshot().html())
        XCTAssertEqual(found.map(\.text), ["Err", "in", "d", "h", " "])
        XCTAssertEqual(found[0].attributes["style"], "color: #cd0000; font-weight: bold")
        XCTAssertEqual(found[1].attributes["style"], "color: #000000; background: #e5e5e5", "inverse swaps the colours")
        XCTAssertEqual(found[2].attributes["style"], "opacity: 0.5; text-decoration: underline line-through")
        XCTAssertEqual(found[3].attributes["style"], "visibility: hidden")
        XCTAssertEqual(found[4].attributes["class"], "cursor")
    }

    func testTheCursorSplitsARunAndIsNotMarkedWhenHidden() throws {
        let input = csi("32m") + "abc" + csi("2D")
        let found = try spans(makeTerminal(input, rows: 1, columns: 5).snapshot().html())
        XCTAssertEqual(found.map(\.text), ["a", "b", "c"])
        XCTAssertEqual(found.map { $0.attributes["class"] }, [nil, "cursor", nil])
        let hidden = try spans(makeTerminal(csi("?25l") + input, rows: 1, columns: 5).snapshot().html())
        XCTAssertEqual(hidden.map(\.text), ["abc"])
    }

    func testMarkupInTheScreenIsEscaped() throws {
        let found = try XMLElements.parse(makeTerminal("<b>&</b>", rows: 1, columns: 10).snapshot().html())
        XCTAssertEqual(found.first { $0.name == "pre" }?.text, "<b>&</b>  ")
        XCTAssertFalse(found.contains { $0.name == "b" })
    }
}
