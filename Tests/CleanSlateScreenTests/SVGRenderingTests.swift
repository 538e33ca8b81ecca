import CleanSlateScreen
import XCTest

final class SVGRenderingTests: XCTestCase {
    private func texts(_ elements: [XMLElements.Element]) -> [XMLElements.Element] { elements.filter { $0.name == "text" } }

    func testTheImageHasOneCellPerNineByEighteenPixelsAndADefaultBackground() throws {
        let elements = try XMLElements.parse(makeTerminal("", rows: 3, columns: 10).snapshot().svg())
        XCTAssertEqual(elements.first?.name, "svg")
        XCTAssertEqual(elements.first?.attributes["width"], "90")
        XCTAssertEqual(elements.first?.attributes["height"], "54")
        XCTAssertEqual(elements.first { $0.name == "rect" }?.attributes["fill"], "#000000")
        XCTAssertEqual(texts(elements).count, 0, "a blank screen has no text")
    }

    func testRunsOfTextKeepTheirColoursAttributesAndColumns() throws {
        let input = "ok " + csi("1;31m") + "Error" + csi("0m") + " " + csi("3;4;38;2;1;2;3m") + "x" + csi("0m")
        let elements = texts(try XMLElements.parse(makeTerminal(input, rows: 2, columns: 20).snapshot().svg()))
        XCTAssertEqual(elements.map(\.text), ["ok", "Error", "x"])
        XCTAssertEqual(elements[0].attributes["fill"], "#e5e5e5")
        XCTAssertEqual(elements[1].attributes["fill"], "#cd0000")
        XCTAssertEqual(elements[1].attributes["font-weight"], "bold")
        XCTAssertEqual(elements[1].attributes["x"], "27", "column 3")
        XCTAssertEqual(elements[1].attributes["textLength"], "45", "five cells")
        XCTAssertEqual(elements[2].attributes["fill"], "#010203")
        XCTAssertEqual(elements[2].attributes["font-style"], "italic")
        XCTAssertEqual(elements[2].attributes["text-decoration"], "underline")
        XCTAssertEqual(elements[0].attributes["y"], "14", "the baseline of row 0")
    }

    func testBackgroundsAndInverseVideoAreRectanglesOfTheRightCells() throws {
        let input = "\r\n" + csi("44m") + "ab" + csi("0m") + csi("7m") + "c" + csi("0m")
        let elements = try XMLElements.parse(makeTerminal(input, rows: 2, columns: 10).snapshot().svg())
        let rects = elements.filter { $0.name == "rect" && $0.attributes["class"] == nil }.dropFirst()
        XCTAssertEqual(rects.map { [$0.attributes["x"], $0.attributes["y"], $0.attributes["width"], $0.attributes["fill"]] },
                       [["0", "18", "18", "#0000ee"], ["18", "18", "9", "#e5e5e5"]])
        XCTAssertEqual(texts(elements).last?.text, "c")
        XCTAssertEqual(texts(elements).last?.attributes["fill"], "#000000", "inverse: black on light grey")
    }

    func testAWideCharacterIsDrawnAloneOverTwoCells() throws {
        let elements = texts(try XMLElements.parse(makeTerminal("a中b", rows: 1, columns: 10).snapshot().svg()))
        XCTAssertEqual(elements.map(\.text), ["a", "中", "b"])
        XCTAssertEqual(elements.map { $0.attributes["x"] }, ["0", "9", "27"])
        XCTAssertEqual(elements[1].attributes["textLength"], "18")
    }

    func testTheCursorIsABoxOverItsCellUnlessHidden() throws {
        let shown = try XMLElements.parse(makeTerminal("ab\r\nc", rows: 3, columns: 10).snapshot().svg())
        let cursor = try XCTUnwrap(shown.first { $0.attributes["class"] == "cursor" })
        XCTAssertEqual([cursor.attributes["x"], cursor.attributes["y"]], ["9", "18"])
        let hidden = try XMLElements.parse(makeTerminal(csi("?25l") + "ab", rows: 3, columns: 10).snapshot().svg())
        XCTAssertNil(hidden.first { $0.attributes["class"] == "cursor" })
    }

    func testMarkupInTheTextAndTitleIsEscaped() throws {
        let input = esc("]2;a<b>&\"c\u{07}") + "<tag> & \"q\""
        let elements = try XMLElements.parse(makeTerminal(input, rows: 1, columns: 20).snapshot().svg())
        XCTAssertEqual(elements.first { $0.name == "title" }?.text, "a<b>&\"c")
        XCTAssertEqual(texts(elements).map(\.text), ["<tag> & \"q\""])
    }
}
