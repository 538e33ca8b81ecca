import CleanSlateScreen
import XCTest

/// `text` written at a zero-based row and column.
private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// Month grids (`CalendarRecognition`): the days under a row of weekday names are buttons.
final class ElementCalendarTests: XCTestCase {
    func testTheDaysUnderARowOfWeekdayNamesAreButtonsAndTheWeekNumbersAreNot() throws {
        // Week numbers in front, Monday first, the month starting on a Friday, the 3rd marked
        // `[3]` and drawn inverse as the current day.
        let tree = screen(
            at(0, 4, "Mo Tu We Th Fr Sa Su")
                + at(1, 0, "44              1  2")
                + at(2, 0, "45 [" + csi("7m") + "3" + csi("m") + "]  4  5  6  7  8  9")
                + at(3, 0, "46 10 11 12 13 14 15 16"),
            rows: 6, columns: 30).elements
        let buttons = tree.allElements.filter { $0.kind == .button }
        XCTAssertEqual(buttons.map(\.label), ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16"])
        XCTAssertEqual(buttons.filter(\.isHighlighted).map(\.label), ["3"])
        XCTAssertEqual(try element(.button, "3", in: tree).frame, ScreenRectangle(row: 2, column: 3, height: 1, width: 3))
        XCTAssertEqual(tree.allElements.filter { $0.kind == .staticText }.map(\.label), ["Mo Tu We Th Fr Sa Su", "44", "45", "46"])
    }

    func testSevenWordsThatAreNotTheWeekdaysInOrderHeadNoCalendar() {
        // The same grid under column names, or under weekdays out of order, is a table of numbers.
        for header in ["A  B  C  D  E  F  G", "Mo We Tu Th Fr Sa Su"] {
            let tree = screen(at(0, 0, header) + at(1, 0, "1  2  3  4  5  6  7") + at(2, 0, "8  9  10 11 12 13 14"), rows: 4, columns: 30).elements
            XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), [], header)
        }
    }
}
