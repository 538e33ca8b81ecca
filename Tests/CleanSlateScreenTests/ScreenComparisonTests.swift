import CleanSlateScreen
import XCTest

final class ScreenComparisonTests: XCTestCase {
    func testCellsThatDifferInTextStyleOrSizeAreFound() {
        let reference = makeTerminal(csi("31m") + "Error" + csi("0m") + " ok", rows: 2, columns: 10).snapshot()
        let restyled = makeTerminal(csi("32m") + "Error" + csi("0m") + " ok", rows: 2, columns: 10).snapshot()
        XCTAssertEqual(ScreenComparison.differingCells(reference, restyled), Set((0...4).map { ScreenPosition(row: 0, column: $0) }))
        let retyped = makeTerminal(csi("31m") + "Error" + csi("0m") + " OK", rows: 2, columns: 10).snapshot()
        XCTAssertEqual(ScreenComparison.differingCells(reference, retyped), [ScreenPosition(row: 0, column: 6), ScreenPosition(row: 0, column: 7)])
        XCTAssertEqual(ScreenComparison.differingCells(reference, reference), [])
        let wider = makeTerminal(csi("31m") + "Error" + csi("0m") + " ok", rows: 2, columns: 11).snapshot()
        XCTAssertEqual(ScreenComparison.differingCells(reference, wider), [ScreenPosition(row: 0, column: 10), ScreenPosition(row: 1, column: 10)])
    }

    func testThePageShowsBothScreensWithTheDifferingCellsShadedOnEach() throws {
        let reference = makeTerminal(csi("31m") + "Error", rows: 2, columns: 8).snapshot()
        let actual = makeTerminal(csi("1m") + "Error", rows: 2, columns: 8).snapshot()
        let elements = try XMLElements.parse(ScreenComparison.html(reference: reference, actual: actual, title: "snapshot <empty-name>"))
        XCTAssertEqual(elements.first { $0.name == "title" }?.text, "snapshot <empty-name>")
        XCTAssertEqual(elements.first { $0.name == "p" }?.text,
                       "5 cells differ, shaded red. Reference: 2x8, cursor at row 0, column 5. Actual: 2x8, cursor at row 0, column 5.")
        XCTAssertEqual(elements.filter { $0.name == "figcaption" }.map(\.text), ["Reference", "Actual"])
        let frames = elements.filter { $0.attributes["class"] == "difference" }
        XCTAssertEqual(frames.count, 10, "five on each picture")
        XCTAssertEqual(Set(frames.map { $0.attributes["x"] }), ["0", "9", "18", "27", "36"])
        XCTAssertEqual(elements.filter { $0.name == "text" }.map { $0.attributes["fill"] }, ["#cd0000", "#e5e5e5"])
    }
}
