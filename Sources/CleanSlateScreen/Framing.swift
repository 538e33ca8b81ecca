extension ScreenSnapshot {
    /// The screen drawn in a box for a failure message, with row numbers, a column ruler and the cursor.
    ///
    /// Each row is prefixed with its two-digit zero-based number. Above the box a ruler gives the
    /// column numbers (tens, when there are more than ten columns, then units). With `showCursor`, the cursor row is marked `>` beside its
    /// number, the cursor column `^` in the bottom border, and a last line states the position:
    ///
    ///               1
    ///     01234567890123
    ///    ┌──────────────┐
    ///  00│$ ls          │
    /// >01│$             │
    ///    └──^───────────┘
    ///    cursor: row 1, column 2 (visible)
    public func framed(showCursor: Bool = true) -> String {
        var output = ""
        var tens = "    "
        var units = "    "
        for column in 0..<columns {
            tens += column % 10 == 0 && column > 0 ? String((column / 10) % 10) : " "
            units += String(column % 10)
        }
        if columns > 10 { output += ScreenSnapshot.trimmingTrailingBlanks(tens) + "\n" }
        output += units + "\n"
        output += "   ┌" + String(repeating: "─", count: columns) + "┐\n"
        for row in 0..<rows {
            let marker = showCursor && row == cursor.row ? ">" : " "
            let number = row < 10 ? "0\(row)" : "\(row)"
            var line = ""
            for column in 0..<columns { line += storedCell(row: row, column: column).character }
            output += marker + number + "│" + line + "│\n"
        }
        var bottom = ""
        for column in 0..<columns { bottom += showCursor && column == cursor.column ? "^" : "─" }
        output += "   └" + bottom + "┘"
        if showCursor {
            output += "\n   cursor: row \(cursor.row), column \(cursor.column) (\(isCursorVisible ? "visible" : "hidden"))"
        }
        return output
    }
}
