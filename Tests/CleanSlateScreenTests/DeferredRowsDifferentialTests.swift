@testable import CleanSlateScreen
import XCTest

/// A grid defers work on whole rows (a resize changes row widths, not cells; a row filled with one
/// cell is only marked; a blank row is written from the left only as far as output reaches; a
/// region known to be one cell throughout is not scrolled) until the rows are used. These feed random
/// hostile input (REP, resizes, scroll regions, the alternate screen, inserts and deletes of
/// characters and lines, erases, rectangles, wide characters, colours) to a terminal that defers,
/// in pieces, several steps at a time between reads, and to a reference whose grids do all the work
/// at once, fed one byte at a time with REP printed one character at a time; then compare every
/// cell of both screens, the cursor, the snapshot and every cell of the scrollback.
final class DeferredRowsDifferentialTests: XCTestCase {
    /// Random input other than REP (which is a step of its own, see below).
    private static let pieces: [@Sendable (inout SeededRandom) -> String] = [
        { random in String(repeating: ["a", "b", "x", " "][random.below(4)], count: random.below(14)) },
        { random in ["中", "é", "e\u{301}", "a中b", "中中"][random.below(5)] },
        { random in csi(["31m", "0m", "1;44m", "7m", "42m"][random.below(5)]) },
        { _ in "\r\n" }, { _ in "\n" }, { _ in "\r" }, { _ in esc("M") }, { _ in esc("D") }, { _ in esc("E") }, { _ in esc("#8") },
        { random in random.below(6) == 0 ? esc("c") : "\t" },
        { random in csi("\(random.below(3))\(["J", "K", "?J", "?K"][random.below(4)])") },
        { random in csi("\(random.below(5))\(["X", "@", "P", "L", "M", "S", "T"][random.below(7)])") },
        { random in csi("\(random.below(3))'" + ["}", "~"][random.below(2)]) },
        { random in csi("\(1 + random.below(7));\(1 + random.below(7))r") }, { _ in csi("r") },
        { random in csi("?69h") + csi("\(1 + random.below(9));\(1 + random.below(9))s") }, { _ in csi("?69l") },
        { random in csi("\(1 + random.below(8));\(1 + random.below(11))H") },
        { random in csi(["4h", "4l", "?7l", "?7h", "?1049h", "?1049l", "?47h", "?47l", "?1047h", "?1047l", "?6h", "?6l"][random.below(12)]) },
        { random in csi("\(0x61 + random.below(3));\(1 + random.below(6));\(1 + random.below(9));\(1 + random.below(7));\(1 + random.below(9))$x") },
        { random in csi("\(1 + random.below(6));\(1 + random.below(9));\(1 + random.below(7));\(1 + random.below(9))$z") },
        { random in csi("\(1 + random.below(4));\(1 + random.below(5));\(1 + random.below(4));\(1 + random.below(5));1;\(1 + random.below(6));\(1 + random.below(9));1$v") },
        { random in csi("3J") + csi("\(random.below(3))J") },
    ]

    /// Every cell of screen row `row` of `grid`.
    private static func cells(_ grid: Grid, row: Int) -> [Cell] {
        Array(UnsafeBufferPointer(start: grid.readRow(row), count: grid.columns))
    }

    /// Every scrollback line of `terminal`, newest first, with all its cells (taken out: call last).
    private static func takeScrollback(_ terminal: TerminalEmulator) -> [[Cell]] {
        var lines: [[Cell]] = []
        while let line = terminal.scrollbackLines.popNewest() { lines.append(line) }
        return lines
    }

    /// The differences between `deferred` and `reference`: both screens cell by cell, the cursor and the snapshot.
    private static func differences(_ deferred: TerminalEmulator, _ reference: TerminalEmulator) -> String? {
        for (name, mine, theirs) in [("primary", deferred.primaryGrid, reference.primaryGrid), ("alternate", deferred.alternateGrid, reference.alternateGrid)] {
            guard mine.rows == theirs.rows && mine.columns == theirs.columns else {
                return "\(name) is \(mine.rows)x\(mine.columns) against \(theirs.rows)x\(theirs.columns)"
            }
            for row in 0..<mine.rows where cells(mine, row: row) != cells(theirs, row: row) {
                return "\(name) row \(row): \(cells(mine, row: row)) against \(cells(theirs, row: row))"
            }
        }
        if deferred.cursor != reference.cursor { return "cursor \(deferred.cursor) against \(reference.cursor)" }
        let mine = deferred.snapshot(), theirs = reference.snapshot()
        if !(mine == theirs) || mine.scrollback != theirs.scrollback || mine.styledText() != theirs.styledText() {
            return "snapshot \(mine.lines) \(mine.scrollback) against \(theirs.lines) \(theirs.scrollback)"
        }
        return nil
    }

    func testDeferredRowsMatchDoingEveryRowAtOnce() {
        var random = SeededRandom(seed: 2614)
        var deferredRowsSeen = 0
        for trial in 0..<1500 {
            let rows = 1 + random.below(7), columns = 1 + random.below(10), scrollback = random.below(4) == 0 ? 0 : 1 + random.below(12)
            let deferred = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: scrollback)
            let reference = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: scrollback, defersGridWrites: false)
            var steps: [String] = []
            for _ in 0..<40 {
                switch random.below(10) {
                case 0, 1:
                    // A run of resizes with no read between them, as a window being dragged.
                    for _ in 0..<(1 + random.below(4)) {
                        let height = 1 + random.below(8), width = 1 + random.below(11)
                        deferred.resize(rows: height, columns: width)
                        reference.resize(rows: height, columns: width)
                        steps.append("resize \(height)x\(width)")
                    }
                case 2, 3:
                    // A character, then REP: at once here, one print at a time in the reference.
                    let lead = ["", csi("31m"), csi("0m"), "\r\n", csi("99;99H")][random.below(5)] + ["a", "a", "b", "中", " "][random.below(5)]
                    let count = random.below(4) == 0 ? random.below(100_000) : random.below(3 * rows * columns + 3)
                    deferred.feed(lead + csi("\(count)b"))
                    for byte in Array(lead.utf8) { reference.feed([byte]) }
                    let scalar = reference.lastGraphic
                    if scalar != 0 {
                        for _ in 0..<reference.visibleRepeatCount(max(count, 1), of: scalar) { reference.print(scalar) }
                    }
                    steps.append("\(lead.debugDescription) REP \(count)")
                default:
                    let piece = Self.pieces[random.below(Self.pieces.count)](&random)
                    deferred.feed(piece)
                    for byte in Array(piece.utf8) { reference.feed([byte]) }
                    steps.append(piece.debugDescription)
                }
                for grid in [deferred.primaryGrid, deferred.alternateGrid] {
                    deferredRowsSeen += (0..<grid.rowCapacity).filter { !grid.isReady(storageRow: $0) }.count
                }
                // Reading brings the rows to their width, so reads come only now and then.
                if random.below(5) == 0, let problem = Self.differences(deferred, reference) {
                    return XCTFail("trial \(trial) (\(rows)x\(columns), scrollback \(scrollback)): \(problem) after \(steps)")
                }
            }
            if let problem = Self.differences(deferred, reference) {
                return XCTFail("trial \(trial) (\(rows)x\(columns), scrollback \(scrollback)): \(problem) after \(steps)")
            }
            XCTAssertEqual(Self.takeScrollback(deferred), Self.takeScrollback(reference), "trial \(trial): the scrollback's cells after \(steps)")
        }
        // The comparison means something only if rows were often deferred.
        XCTAssertGreaterThan(deferredRowsSeen, 50_000)
    }

    /// The reference never defers: every row it holds is always at the screen's width, its cells holding what it shows.
    func testTheReferenceDoesEveryRowAtOnce() {
        let reference = TerminalEmulator(rows: 4, columns: 6, scrollbackLimit: 5, defersGridWrites: false)
        reference.feed("abc\r\n" + "x" + csi("20b") + csi("?1049h") + "y" + csi("3b") + csi("?1049l"))
        reference.resize(rows: 3, columns: 2)
        reference.resize(rows: 5, columns: 9)
        reference.feed(csi("2J") + esc("#8"))
        for grid in [reference.primaryGrid, reference.alternateGrid] {
            for storageRow in 0..<grid.rowCapacity { XCTAssertTrue(grid.isReady(storageRow: storageRow), "storage row \(storageRow)") }
        }
    }
}
