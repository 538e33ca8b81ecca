/// Static text: what no other rule took, in runs split at gaps of two or more blanks and where
/// the shade changes.
extension RecognitionWork {
    /// Static texts on the cells still free.
    mutating func findStaticTexts() {
        let grid = grid  // one copy, not one per span (the closure below changes self)
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                grid.forEachStaticText(row: row, in: span.columns) { columns in
                    addOnRow(.staticText, label: grid.text(row: row, columns), row: row, columns: columns, owner: span.owner)
                }
            }
        }
    }
}

extension RecognitionGrid {
    /// Calls `body` with the columns of each static text in `span` (free cells of one window on
    /// `row`): runs of one shade that start with a character, split at gaps of two or more
    /// blanks, trailing blanks left out.
    @inline(__always)
    func forEachStaticText(row: Int, in span: Range<Int>, _ body: (Range<Int>) -> Void) {
        // Read on the arrays' buffers: every free cell of a screen passes here, and every cell of a
        // plain-text screen on every wake of an element wait.
        scalars.withUnsafeBufferPointer { scalars in
            shades.withUnsafeBufferPointer { shades in
                let rowStart = row * columns
                func isBlank(_ column: Int) -> Bool { scalars[rowStart + column] == 0x20 }
                var column = span.lowerBound
                while column < span.upperBound {
                    guard !isBlank(column) else {
                        column += 1
                        continue
                    }
                    let shade = shades[rowStart + column]
                    var end = column + 1
                    while end < span.upperBound && shades[rowStart + end] == shade
                        && !(isBlank(end) && (end + 1 == span.upperBound || isBlank(end + 1))) {
                        end += 1
                    }
                    var last = end
                    while last > column && (isBlank(last - 1) || BoxCharacters.isLine(scalars[rowStart + last - 1])) { last -= 1 }
                    body(column..<last)
                    column = end
                }
            }
        }
    }

    /// The elements of a screen that holds plain text only (see
    /// ``RecognitionTriggers/holdsPlainTextOnly``): on such a screen every rule but static
    /// text finds nothing, so its static texts, row by row, are its whole tree.
    func plainTextElements() -> ScreenElementTree {
        var roots: [ScreenElement] = []
        for row in 0..<rows { appendPlainStaticTexts(row: row, shownOn: row, to: &roots) }
        return ScreenElementTree(roots: roots)
    }

    /// Appends the static texts of `row` on a screen that holds plain text only to `roots`, their
    /// frames on `screenRow` (a grid of one screen row reads it as its row 0).
    func appendPlainStaticTexts(row: Int, shownOn screenRow: Int, to roots: inout [ScreenElement]) {
        forEachStaticText(row: row, in: 0..<columns) { columns in
            roots.append(ScreenElement(
                kind: .staticText, label: text(row: row, columns),
                frame: ScreenRectangle(row: screenRow, column: columns.lowerBound, height: 1, width: columns.count),
                style: style(row, columns.lowerBound)))
        }
    }
}
