@testable import CleanSlateScreen
import XCTest

/// A grid resizes in place when the new size fits its storage; these compare every resize, over many
/// random sizes, contents and scrolls, with the definition written out naively on plain arrays.
final class GridResizeDifferentialTests: XCTestCase {
    /// The screen of `grid` as rows of cells.
    private static func rows(of grid: Grid) -> [[Cell]] {
        (0..<grid.rows).map { Array(UnsafeBufferPointer(start: grid.row($0), count: grid.columns)) }
    }

    /// The definition: `prefix` lines, then `old` from `firstRow` on, each cut to `columns` (a wide
    /// character cut in half becomes a blank) or padded with blanks, then blank rows, `rows` in all.
    private static func naivelyResized(_ old: [[Cell]], rows: Int, columns: Int, prefix: [[Cell]], firstRow: Int) -> [[Cell]] {
        var result: [[Cell]] = []
        for line in prefix + old.dropFirst(firstRow) where result.count < rows {
            var row = Array(line.prefix(columns))
            if row.count < line.count, let last = row.last, last.width == 2 { row[row.count - 1] = Cell.erased(with: last) }
            result.append(row + Array(repeating: .blank, count: columns - row.count))
        }
        while result.count < rows { result.append(Array(repeating: .blank, count: columns)) }
        return result
    }

    private static func randomCell(_ random: inout SeededRandom) -> Cell {
        var cell = Cell.blank
        cell.code = UInt32(0x61 + random.below(26))
        cell.foreground = UInt32(random.below(3))
        return cell
    }

    /// Writes random cells and wide characters into `grid`'s screen.
    private static func scribble(_ grid: Grid, _ random: inout SeededRandom) {
        for _ in 0..<random.below(grid.rows * grid.columns + 1) {
            let line = grid.row(random.below(grid.rows)), column = random.below(grid.columns)
            if random.below(4) == 0 && column + 1 < grid.columns {
                var left = randomCell(&random)
                left.width = 2
                line[column] = left
                line[column + 1] = Cell(code: 0, foreground: left.foreground, background: 0, attributes: 0, underline: 0, width: 0)
            } else {
                line[column] = randomCell(&random)
            }
        }
    }

    func testResizeInPlaceMatchesTheDefinition() {
        var random = SeededRandom(seed: 1000)
        for trial in 0..<400 {
            var grid = Grid(rows: 1 + random.below(12), columns: 1 + random.below(12))
            for step in 0..<20 {
                Self.scribble(grid, &random)
                if random.below(3) == 0 {
                    let top = random.below(grid.rows), bottom = top + random.below(grid.rows - top)
                    grid.scrollUp(top: top, bottom: bottom, count: 1 + random.below(3), fill: Cell.erased(with: Self.randomCell(&random)))
                }
                if random.below(5) == 0 { grid.fillAll(with: Cell.erased(with: Self.randomCell(&random))) }
                let before = Self.rows(of: grid)
                let newRows = 1 + random.below(12), newColumns = 1 + random.below(12)
                var prefix: [[Cell]] = []
                var firstRow = 0
                if newRows < grid.rows {
                    firstRow = random.below(grid.rows - newRows + 1)
                } else {
                    for _ in 0..<random.below(newRows - grid.rows + 1) {
                        prefix.append((0..<random.below(14)).map { _ in Self.randomCell(&random) })
                    }
                }
                let expected = Self.naivelyResized(before, rows: newRows, columns: newColumns, prefix: prefix, firstRow: firstRow)
                grid = grid.resized(rows: newRows, columns: newColumns, prefix: prefix, firstRow: firstRow, limit: 14)
                XCTAssertEqual(Self.rows(of: grid), expected, "trial \(trial) step \(step): to \(newRows)x\(newColumns), first row \(firstRow), \(prefix.count) prefix lines")
                // Spare rows show blanks (the cells left of their width are blank), so that growing again shows blanks.
                for storageRow in 0..<grid.rowCapacity where !(0..<grid.rows).contains(where: { grid.lineMap[$0] == storageRow }) {
                    for column in 0..<grid.width(ofStorageRow: storageRow) {
                        XCTAssertEqual(grid.cells[storageRow * grid.stride + column], .blank, "trial \(trial) step \(step): storage row \(storageRow) column \(column)")
                    }
                }
            }
        }
    }
}
