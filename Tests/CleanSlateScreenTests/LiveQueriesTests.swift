import CleanSlateScreen
import XCTest

/// `screenContains` (the allocation-free check that screen waits use) agrees with the snapshot's find.
final class LiveQueriesTests: XCTestCase {
    private func emulator(_ bytes: String, rows: Int = 4, columns: Int = 20) -> TerminalEmulator {
        let emulator = TerminalEmulator(rows: rows, columns: columns)
        emulator.feed(bytes)
        return emulator
    }

    func testFindsPlainTextOnAnyRowButNotAcrossRows() {
        let terminal = emulator("first line\r\nsecond\u{1B}[4;15Hend")
        for text in ["first", "line", "second", "end", "t l"] {
            XCTAssertTrue(terminal.screenContains(text), text)
            XCTAssertTrue(terminal.snapshot().contains(text), text)
        }
        XCTAssertFalse(terminal.screenContains("linesecond"))
        XCTAssertFalse(terminal.screenContains("absent"))
    }

    func testErasedCellsReadAsSpacesAndWideCharactersOnce() {
        let terminal = emulator("a\u{1B}[3Cb 世界!")
        XCTAssertTrue(terminal.screenContains("a   b"))
        XCTAssertTrue(terminal.screenContains("世界!"))
        XCTAssertEqual(terminal.snapshot().find("世界!").first?.column, 6)
    }

    func testCombiningSequencesMatchTheirScalars() {
        let terminal = emulator("cafe\u{301} ok")
        XCTAssertTrue(terminal.screenContains("cafe\u{301} ok"))
        XCTAssertFalse(terminal.screenContains("cafe ok"))
        XCTAssertEqual(terminal.screenContains("cafe\u{301}"), terminal.snapshot().contains("cafe\u{301}"))
    }

    func testTextAtTheLastColumnAndEmptyNeedle() {
        let terminal = emulator("\u{1B}[1;17Htail")
        XCTAssertTrue(terminal.screenContains("tail"))
        XCTAssertFalse(terminal.screenContains("tails"))
        XCTAssertTrue(terminal.screenContains(""))
    }
}

/// Queries about positions off the screen are typed errors, never a crash of the test process.
final class OffScreenQueryTests: XCTestCase {
    func testOffScreenCellAndRowThrowScreenErrorNamingThePosition() throws {
        let snapshot = TerminalEmulator(rows: 3, columns: 5).snapshot()
        XCTAssertThrowsError(try snapshot.cell(row: 3, column: 0)) { error in
            let screenError = error as? ScreenError
            XCTAssertEqual(screenError?.row, 3)
            XCTAssertEqual(screenError?.column, 0)
            XCTAssertEqual("\(error)", "(row 3, column 0) is off the 3x5 screen: rows are 0...2 and columns 0...4")
        }
        XCTAssertThrowsError(try snapshot.cell(row: 0, column: -1))
        XCTAssertThrowsError(try snapshot.text(row: -1)) { error in
            XCTAssertEqual("\(error)", "row -1 is off the 3x5 screen: rows are 0...2 and columns 0...4")
        }
        XCTAssertEqual(try snapshot.text(row: 2), "")
    }
}
