@testable import CleanSlateScreen
import XCTest

/// Sizes and counts that arrive from outside are bounded: no input or argument can trap the
/// emulator or make one short sequence cost work out of proportion to the screen.
final class LimitTests: XCTestCase {
    func testSizesAreClampedToTheDocumentedRange() {
        let huge = TerminalEmulator(rows: Int.max, columns: 1_000_000)
        XCTAssertEqual(huge.rows, TerminalEmulator.maximumDimension)
        XCTAssertEqual(huge.columns, TerminalEmulator.maximumDimension)
        XCTAssertEqual(TerminalEmulator.maximumDimension, 1000)
        let tiny = TerminalEmulator(rows: Int.min, columns: -5)
        XCTAssertEqual(tiny.rows, 1)
        XCTAssertEqual(tiny.columns, 1)
        tiny.resize(rows: 5_000, columns: Int.max)
        XCTAssertEqual(tiny.snapshot().rows, 1000)
        XCTAssertEqual(tiny.snapshot().columns, 1000)
        tiny.resize(rows: 0, columns: Int.min)
        XCTAssertEqual(tiny.snapshot().rows, 1)
        XCTAssertEqual(tiny.snapshot().columns, 1)
    }

    /// The screen after `setup`, then a character and `REP` with `count`, must equal the screen after
    /// the same character written out `count + 1` times (what xterm does), while the emulator does
    /// no more than a screenful of work: the scrollback shows how many lines really scrolled.
    private func assertRepeatMatchesWrittenOut(_ setup: String, _ character: String, count: Int, rows: Int = 24, columns: Int = 80,
                                               file: StaticString = #filePath, line: UInt = #line) {
        let repeated = makeTerminal(setup + character + csi("\(count)b"), rows: rows, columns: columns)
        let written = makeTerminal(setup + String(repeating: character, count: count + 1), rows: rows, columns: columns)
        // One more character shows whether a wrap was pending.
        repeated.feed("Z")
        written.feed("Z")
        XCTAssertEqual(repeated.snapshot().lines, written.snapshot().lines, file: file, line: line)
        XCTAssertEqual(repeated.cursor, written.cursor, file: file, line: line)
        XCTAssertLessThanOrEqual(repeated.snapshot().scrollback.count, rows + 4, "REP scrolled more than a screenful", file: file, line: line)
    }

    func testRepeatWithAHugeCountLeavesExactlyTheVisibleResult() {
        assertRepeatMatchesWrittenOut("", "x", count: 99_999)
        assertRepeatMatchesWrittenOut("", "x", count: 99_990)
        assertRepeatMatchesWrittenOut("abc", "y", count: 54_321)
        assertRepeatMatchesWrittenOut(csi("5;10r") + csi("7;3H"), "q", count: 77_777)
        assertRepeatMatchesWrittenOut(csi("5;10r") + csi("2;3H"), "q", count: 77_777)
        assertRepeatMatchesWrittenOut(csi("5;10r") + csi("20;3H"), "q", count: 77_777)
        assertRepeatMatchesWrittenOut(csi("?7l") + csi("3;5H"), "n", count: 99_999)
        assertRepeatMatchesWrittenOut(csi("4h") + "0123456789" + csi("1;4H"), "i", count: 66_666)
        assertRepeatMatchesWrittenOut("", "中", count: 44_444, columns: 79)
        assertRepeatMatchesWrittenOut(csi("?7l"), "中", count: 44_444, columns: 79)
        assertRepeatMatchesWrittenOut("", "x", count: 99_999, rows: 1, columns: 1)
        assertRepeatMatchesWrittenOut("", "中", count: 99_999, rows: 3, columns: 1)
    }

    func testRepeatWithACountThatFitsIsNotChanged() {
        XCTAssertEqual(screenLines("ab" + csi("3b"), rows: 2, columns: 10), ["abbbb", ""])
        XCTAssertEqual(screenLines("ab" + csi("b"), rows: 2, columns: 10), ["abb", ""])
    }
}
