/// The text of one row of a list (a menu row, a check list's row), split into its name and the
/// rest: dialog's `Dark    Dark theme` is the name `Dark` and the detail `Dark theme`.
struct ListRow {
    /// The row.
    var row: Int
    /// The columns of the row's text, from the first character of its name to its last character.
    var columns: Range<Int>
}

extension RecognitionWork {
    /// The column where the rows' second column of text starts: the first column after the rows'
    /// start at which every row has a blank just before and a character there (whiptail pads its
    /// tags with a single blank when a tag is the longest), or `nil` when there is none.
    func detailColumn(of rows: [ListRow]) -> Int? {
        guard rows.count >= 2, let start = rows.map(\.columns.lowerBound).min(),
              let end = rows.map(\.columns.upperBound).max(), start + 1 < end else { return nil }
        for column in (start + 1)..<end {
            let isBoundary = rows.allSatisfy { row in
                row.columns.contains(column) && row.columns.contains(column - 1)
                    && isGap(row.row, column - 1) && !isGap(row.row, column)
            }
            if isBoundary { return column }
        }
        return nil
    }

    /// Whether a cell separates words: a blank or a line.
    func isGap(_ row: Int, _ column: Int) -> Bool {
        grid.isBlank(row, column) || BoxCharacters.isLine(grid.scalar(row, column))
    }

    /// The first column of `columns` on `row` that starts a gap of two or more blanks or is a line, or the end.
    func endOfFirstWords(row: Int, _ columns: Range<Int>) -> Int {
        var column = columns.lowerBound
        while column < columns.upperBound {
            if BoxCharacters.isLine(grid.scalar(row, column)) { return column }
            if isGap(row, column) && (column + 1 >= columns.upperBound || isGap(row, column + 1)) { return column }
            column += 1
        }
        return columns.upperBound
    }

    /// A list row's name and detail: split at `detailColumn` when the list has one, or at the first
    /// gap of two blanks or column line when that comes first. The detail's own gaps (and column lines) become two blanks.
    func nameAndDetail(of row: ListRow, detailColumn: Int?) -> (String, String?) {
        let firstWords = endOfFirstWords(row: row.row, row.columns)
        let split = detailColumn.map { min(max($0, row.columns.lowerBound), firstWords) } ?? firstWords
        let name = grid.trimmedText(row: row.row, row.columns.lowerBound..<split)
        var pieces: [String] = []
        var column = split
        while column < row.columns.upperBound {
            while column < row.columns.upperBound && isGap(row.row, column) { column += 1 }
            guard column < row.columns.upperBound else { break }
            let end = endOfFirstWords(row: row.row, column..<row.columns.upperBound)
            pieces.append(grid.trimmedText(row: row.row, column..<end))
            column = end
        }
        return (name, pieces.isEmpty ? nil : pieces.joined(separator: "  "))
    }

    /// The end of the text in `columns` on `row`, trailing blanks left out.
    func textEnd(row: Int, _ columns: Range<Int>) -> Int {
        var end = columns.upperBound
        while end > columns.lowerBound && isGap(row, end - 1) { end -= 1 }
        return end
    }
}
