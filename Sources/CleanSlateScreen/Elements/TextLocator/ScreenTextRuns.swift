/// The runs of words a screen draws, as a person reads them, whatever recognition made of them:
/// what ``ElementQueryScope/texts`` finds.
///
/// A run is words on one row separated by single blanks. It ends at two or more blanks, at a
/// line-drawing character or a `|` standing apart (an ASCII box's side), at the end of the row (or of the region read), and where the shade
/// changes (the background, or the foreground under inverse: see ``RecognitionGrid/shade(of:)``),
/// so that `Apple  red`, `Apple│red` and an inverse `Apple` before a plain ` red` are two runs each.
struct ScreenTextRuns {
    let grid: RecognitionGrid

    /// The runs inside `region` (clipped to the screen) in reading order, as ``ScreenElementKind/text``
    /// elements. A run is highlighted when its shade differs from the ground around it (see ``ground(row:columns:in:)``).
    func runs(in region: ScreenRectangle) -> [ScreenElement] {
        let rows = max(0, region.row)..<min(grid.rows, region.row + region.height)
        let columns = max(0, region.column)..<min(grid.columns, region.column + region.width)
        let clipped = ScreenRectangle(row: rows.lowerBound, column: columns.lowerBound, height: rows.count, width: columns.count)
        var found: [ScreenElement] = []
        for row in rows {
            var column = columns.lowerBound
            while column < columns.upperBound {
                guard isWordCell(row, column) else { column += 1; continue }
                let end = runEnd(row: row, from: column, limit: columns.upperBound)
                let shade = grid.shade(row, column)
                found.append(ScreenElement(
                    kind: .text, label: grid.text(row: row, column..<end),
                    frame: ScreenRectangle(row: row, column: column, height: 1, width: end - column),
                    isHighlighted: shade != ground(row: row, columns: column..<end, in: clipped),
                    style: grid.style(row, column)))
                column = end
            }
        }
        return found
    }

    /// Whether a cell shows part of a word: not blank, not a line-drawing character, and not a
    /// `|` standing apart (a blank or the screen's edge on each side: an ASCII box's side, `| Exit |`,
    /// or a column line, `Name | Size`), which is drawn as a line is. (The right half of a wide
    /// character belongs to the word its left half is in.)
    private func isWordCell(_ row: Int, _ column: Int) -> Bool {
        let scalar = grid.scalar(row, column)
        if scalar == 0x7C {
            let blankBefore = column == 0 || grid.isBlank(row, column - 1)
            let blankAfter = column + 1 == grid.columns || grid.isBlank(row, column + 1)
            return !(blankBefore && blankAfter)
        }
        return scalar != 0x20 && !BoxCharacters.isLine(scalar)
    }

    /// The column after the run that starts at `start`.
    private func runEnd(row: Int, from start: Int, limit: Int) -> Int {
        let shade = grid.shade(row, start)
        var end = start
        while end < limit {
            if isWordCell(row, end) && grid.shade(row, end) == shade {
                end += 1
            } else if grid.isBlank(row, end) && grid.shade(row, end) == shade && end + 1 < limit
                && isWordCell(row, end + 1) && grid.shade(row, end + 1) == shade {
                end += 2  // one blank between two words
            } else {
                break
            }
        }
        return end
    }

    /// The shade a run on `row` over `columns` is drawn on: the one most of the cells around it
    /// have (the cells in its columns on the two rows above and the two below it, and the cell on
    /// either side), inside `region`. Two rows each way, so that a run on the first row of a list
    /// is not taken for highlighted because the highlighted row is the one below it.
    /// A tie counts the run's own shade as the ground (not highlighted), so a run stands out only
    /// when most of what surrounds it looks otherwise: a highlighted list row between plain rows,
    /// a focused button in its window, a bar across the screen's last row.
    func ground(row: Int, columns: Range<Int>, in region: ScreenRectangle) -> UInt64 {
        let own = grid.shade(row, columns.lowerBound)
        let regionRows = region.row..<(region.row + region.height)
        let regionColumns = region.column..<(region.column + region.width)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 * columns.count + 2) { around in
            var count = 0
            for neighbour in [row - 2, row - 1, row + 1, row + 2] where regionRows.contains(neighbour) {
                for column in columns {
                    around[count] = grid.shade(neighbour, column)
                    count += 1
                }
            }
            for column in [columns.lowerBound - 1, columns.upperBound] where regionColumns.contains(column) {
                around[count] = grid.shade(row, column)
                count += 1
            }
            // Sorted, equal shades stand together: the longest stretch is the most common shade,
            // the first of the longest the lowest (a tie the run's own shade does not win).
            var shades = UnsafeMutableBufferPointer(rebasing: around[0..<count])
            shades.sort()
            var most = 0
            var mostCommon = own
            var ownCount = 0
            var start = 0
            while start < count {
                var end = start + 1
                while end < count && shades[end] == shades[start] { end += 1 }
                if end - start > most {
                    most = end - start
                    mostCommon = shades[start]
                }
                if shades[start] == own { ownCount = end - start }
                start = end
            }
            return ownCount == most ? own : mostCommon
        }
    }
}
