/// Static text: what no other rule took, in runs split at gaps of two or more blanks and where
/// the shade changes.
extension RecognitionWork {
    /// Static texts on the cells still free.
    mutating func findStaticTexts() {
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                var column = span.columns.lowerBound
                while column < span.columns.upperBound {
                    guard !grid.isBlank(row, column) else {
                        column += 1
                        continue
                    }
                    let shade = grid.shade(row, column)
                    var end = column + 1
                    while end < span.columns.upperBound && grid.shade(row, end) == shade
                        && !(grid.isBlank(row, end) && (end + 1 == span.columns.upperBound || grid.isBlank(row, end + 1))) {
                        end += 1
                    }
                    let last = textEnd(row: row, column..<end)
                    addOnRow(.staticText, label: grid.text(row: row, column..<last), row: row, columns: column..<last, owner: span.owner)
                    column = end
                }
            }
        }
    }
}
