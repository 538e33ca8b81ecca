/// A list drawn as a pop-up with no border: its rows on a rectangle of a shade of their own,
/// padded out to the same width, nothing else on it, hanging off the cursor (a completion menu
/// under or over the word being typed: litecli's `customers` over `products`, ptpython's). A
/// person reads the rectangle as one thing lifted off the screen where they type, and each row
/// of it as an entry to pick, even before one is drawn as the current row.
///
/// Refused: a rectangle that spans the width of its window or the screen, or goes on above or
/// below the rows (a bar or a pane: the Free Pascal IDE's information pane, not a pop-up), a row whose text is not all on the rectangle's shade, rows
/// with no padding of that shade before or after their text (search matches marked one under another, `oat milk`), and rows that
/// read as sentences, and a rectangle away from the cursor (a block beside a drop-down menu) or where the cursor is hidden.
extension RecognitionWork {
    /// Whether `rows` (two or more, one under another, in the window `owner`) form a pop-up list.
    func isPopUpList(_ rows: [ListRow], owner: Int) -> Bool {
        guard rows.count >= 2, let first = rows.first, let last = rows.last, last.row - first.row == rows.count - 1
        else { return false }
        let shade = grid.shade(first.row, first.columns.lowerBound)
        let width = owner < 0 ? grid.columns : windows[owner].right - windows[owner].left - 1
        guard shade != ground(of: owner), let rectangle = shadedExtent(of: first, shade: shade), rectangle.count < width
        else { return false }
        for row in rows {
            guard shadedExtent(of: row, shade: shade) == rectangle,
                  isPadded(row.row, rectangle),
                  !isSentence(grid.trimmedText(row: row.row, row.columns))
            else { return false }
        }
        // The rectangle ends above and below the rows, and hangs off the cursor.
        return [first.row - 1, last.row + 1].allSatisfy { row in
            row < 0 || row >= grid.rows || rectangle.contains { grid.shade(row, $0) != shade }
        } && hangsOffCursor(rectangle, rows: first.row...last.row)
    }

    /// Whether the cursor is on the row just above or just below `rows`, over `columns` or at
    /// their edge: where a pop-up opens, at the word being typed.
    private func hangsOffCursor(_ columns: Range<Int>, rows: ClosedRange<Int>) -> Bool {
        // A hidden cursor is wherever the program's last write left it: it marks no place.
        grid.isCursorVisible
            && (grid.cursor.row == rows.lowerBound - 1 || grid.cursor.row == rows.upperBound + 1)
            && (columns.lowerBound - 1)...columns.upperBound ~= grid.cursor.column
    }

    /// Whether `row`'s text stands on `rectangle` with a blank of it before or after the text:
    /// padding, not a blank between two words of a match marked in place (`oat milk`).
    private func isPadded(_ row: Int, _ rectangle: Range<Int>) -> Bool {
        guard let first = rectangle.first(where: { !grid.isBlank(row, $0) }),
              let last = rectangle.last(where: { !grid.isBlank(row, $0) })
        else { return false }
        return first > rectangle.lowerBound || last < rectangle.upperBound - 1
    }

    /// The columns around `row`'s text drawn on `shade` without a break, or `nil` when some of
    /// its text is not on that shade.
    private func shadedExtent(of row: ListRow, shade: UInt64) -> Range<Int>? {
        guard row.columns.allSatisfy({ grid.shade(row.row, $0) == shade }) else { return nil }
        var start = row.columns.lowerBound
        while start > 0 && grid.shade(row.row, start - 1) == shade { start -= 1 }
        var end = row.columns.upperBound
        while end < grid.columns && grid.shade(row.row, end) == shade { end += 1 }
        return start..<end
    }

    /// Whether `text` reads as a sentence rather than an entry: more words than a choice has, or
    /// a sentence's stop after two words or more.
    private func isSentence(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        return words.count > KeyedChoiceRecognition.mostWords || words.count >= 2 && KeyedChoiceRecognition.endsAsSentence(text)
    }
}
