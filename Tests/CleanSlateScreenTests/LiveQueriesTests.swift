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
