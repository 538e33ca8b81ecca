@testable import CleanSlateScreen
import XCTest

/// A grid row filled whole with one cell by REP is marked, so that it is neither refilled nor read
/// again; the mark must be forgotten by anything that may write to the row. These feed random
/// hostile input (REP mixed with every kind of edit, scroll, rectangle, margin, mode and resize) and
/// check, after each piece, that every marked row of both screens holds its cell in every column.
final class UniformRowMarkTests: XCTestCase {
    private static let pieces: [@Sendable (inout SeededRandom) -> String] = [
        { random in ["a", "b", "中", "é", "\u{301}"][random.below(5)] + csi("\(random.below(60))b") },
        { random in csi("99;99H") + ["a", "b"][random.below(2)] + csi("\(random.below(60))b") },
        { random in String(repeating: ["x", "y"][random.below(2)], count: random.below(12)) },
        { _ in "\r\n" }, { _ in esc("M") }, { _ in esc("D") }, { _ in esc("E") }, { _ in esc("#8") }, { _ in esc("c") },
        { random in csi("\(random.below(3))\(["J", "K", "?J", "?K"][random.below(4)])") },
        { random in csi("\(random.below(4))\(["X", "@", "P", "L", "M", "S", "T"][random.below(7)])") },
        { random in csi("\(random.below(4))'" + ["}", "~"][random.below(2)]) },
        { random in csi("\(1 + random.below(6));\(1 + random.below(6))r") }, { _ in csi("r") },
        { random in csi("?69h") + csi("\(1 + random.below(8));\(1 + random.below(8))s") }, { _ in csi("?69l") },
        { random in csi("\(1 + random.below(6));\(1 + random.below(8))H") },
        { random in csi(["4h", "4l", "?7l", "?7h", "?1049h", "?1049l", "?47h", "?47l", "31m", "0m", "1;44m", "1\"q", "0\"q"][random.below(13)]) },
        { random in csi("\(0x61 + random.below(3));\(1 + random.below(5));\(1 + random.below(8));\(1 + random.below(6));\(1 + random.below(8))$x") },
        { random in csi("\(1 + random.below(5));\(1 + random.below(8));\(1 + random.below(6));\(1 + random.below(8))$z") },
        { random in csi("\(1 + random.below(5));\(1 + random.below(8));\(1 + random.below(6));\(1 + random.below(8))${") },
        { random in csi("\(1 + random.below(3));\(1 + random.below(4));\(1 + random.below(3));\(1 + random.below(4));1;\(1 + random.below(5));\(1 + random.below(8));1$v") },
        { random in csi("3J") + csi("\(random.below(3))J") },
    ]

    /// A description of the first marked row of `grid` that does not hold its cell everywhere, if any.
    private static func falseMark(in grid: Grid) -> String? {
        for row in 0..<grid.rows {
            guard let cell = grid.markedCell(row: row) else { continue }
            let line = grid.readRow(row)
            for column in 0..<grid.columns where line[column] != cell {
                return "row \(row) is marked \(cell) but column \(column) holds \(line[column])"
            }
        }
        return nil
    }

    func testMarkedRowsHoldTheirCellAfterAnyInput() {
        var random = SeededRandom(seed: 77)
        var marksSeen = 0
        for trial in 0..<1500 {
            let terminal = TerminalEmulator(rows: 1 + random.below(6), columns: 1 + random.below(8), scrollbackLimit: random.below(5))
            var input: [String] = []
            for _ in 0..<30 {
                let piece = random.below(8) == 0 ? "resize" : Self.pieces[random.below(Self.pieces.count)](&random)
                if piece == "resize" {
                    terminal.resize(rows: 1 + random.below(6), columns: 1 + random.below(8))
                    input.append("resize to \(terminal.rows)x\(terminal.columns)")
                } else {
                    terminal.feed(piece)
                    input.append(piece.debugDescription)
                }
                for grid in [terminal.primaryGrid, terminal.alternateGrid] {
                    marksSeen += (0..<grid.rows).filter { grid.isMarkedUniform(row: $0) }.count
                    if let problem = Self.falseMark(in: grid) {
                        return XCTFail("trial \(trial): \(problem) after \(input)")
                    }
                }
            }
        }
        // The check means something only if REP marked rows often.
        XCTAssertGreaterThan(marksSeen, 10_000)
    }
}
