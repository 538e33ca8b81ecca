/// A table's column header: the row of column names above the rows of a list (mc's panel
/// `.n  Name │ Size │Modify time`, htop's `PID USER  PRI  NI …`). A person reads it as the
/// names of the columns, not as a row to choose, so it is never a list row (it stays static text),
/// whether it is drawn like the rows (mc -b) or like the current row (htop -C draws both inverse).
extension RecognitionWork {
    /// Whether `row` is a column header: three or more names two blanks or a column line apart,
    /// no digit among them, and a digit on the row below within the same columns (sizes, dates,
    /// process numbers: the values the names stand over), or, when column lines part the names and
    /// a border or separator line runs just above them (a table's first row, under its frame), a
    /// row below of any text (mc's first file row with its columns covered by a dialog). The rows
    /// of a lined table of words alone are parted by column lines too, but only the first has the
    /// frame above it: they stay rows.
    func isColumnHeader(_ row: ListRow) -> Bool {
        guard row.row + 1 < grid.rows, !holdsDigit(row: row.row, row.columns) else { return false }
        let digitBelow = holdsDigit(row: row.row + 1, row.columns)
        guard digitBelow || row.columns.contains(where: { BoxCharacters.isLine(grid.scalar(row.row, $0)) }) && isUnderRule(row) else { return false }
        var names = 0
        var lines = 0
        var column = row.columns.lowerBound
        while column < row.columns.upperBound {
            if isGap(row.row, column) {
                if BoxCharacters.isLine(grid.scalar(row.row, column)) { lines += 1 }
                column += 1
                continue
            }
            names += 1
            column = endOfFirstWords(row: row.row, column..<row.columns.upperBound)
        }
        return names >= 3 && (lines >= 2 || digitBelow)
    }

    /// Whether a horizontal line (a box's top border or a separator: `─ ━ ═`, dashed or not) runs
    /// above some of `row`'s cells; column lines (`│`) above do not count.
    private func isUnderRule(_ row: ListRow) -> Bool {
        guard row.row > 0 else { return false }
        return row.columns.contains { column in
            switch grid.scalar(row.row - 1, column) {
            case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550: return true
            default: return false
            }
        }
    }

    /// Whether some cell of `columns` on `row` shows a decimal digit.
    private func holdsDigit(row: Int, _ columns: Range<Int>) -> Bool {
        for column in columns where RecognitionGrid.isASCIIDigit(grid.scalar(row, column)) { return true }
        return false
    }
}
