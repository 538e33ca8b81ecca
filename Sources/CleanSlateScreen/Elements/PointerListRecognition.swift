/// Lists whose current row is shown by a pointer in a column of its own: `>lo` over `  eth0`
/// (bmon), `> banana` over `  apple` (fzf). What a person sees is one row with a pointer drawn
/// apart (or on a row drawn apart), and rows one under another whose text starts right of the
/// pointer's column, blank below and above the pointer: the rows the pointer moves over. The
/// rows may be indented as a tree (bmon's queueing disciplines under their interface, up to four
/// columns further in). Each row is named by its first words, up to a gap of two blanks or a line.
///
/// Refused: a pointer drawn like the text around it (a quoted line of a mail, `> text`, in a
/// pager or editor), and a pointer with no row above or below it; the list ends at a row starting
/// left of its rows or further in, a blank row, a row starting with a mark (another pointer), or
/// the caption of a rule drawn across (fzf's count `4/5 ───`). A row whose words run
/// into a line with no blank between (cut by a box drawn over it: `qdisc none (│`) cannot be read
/// and is left out, the list going on over it.
enum PointerListRecognition {
    /// Pointers drawn before a list's current row: `>`, `❯`, `→`, `➜`, `▶`, `►`.
    static func isPointer(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3E, 0x276F, 0x2192, 0x279C, 0x25B6, 0x25BA: return true
        default: return false
        }
    }

    /// How many columns further in than the current row's a row of the list may start.
    static let deepestIndent = 4
}

extension RecognitionWork {
    /// Menu items for the rows of lists with a pointer column (see ``PointerListRecognition``).
    mutating func findPointerLists() {
        for row in 0..<grid.rows where grid.rowHolds(row, PointerListRecognition.isPointer) {
            for span in spans(row: row) {
                let pointer = textStart(row: row, span.columns)
                guard pointer < span.columns.upperBound, PointerListRecognition.isPointer(grid.scalar(row, pointer)) else { continue }
                addPointerList(row: row, pointer: pointer, span: span)
            }
        }
    }

    /// The first column of `columns` on `row` that is not blank, or the end.
    private func textStart(row: Int, _ columns: Range<Int>) -> Int {
        columns.first { !grid.isBlank(row, $0) } ?? columns.upperBound
    }

    /// Adds the list around the pointer at `pointer` on `row`, if it is one.
    private mutating func addPointerList(row: Int, pointer: Int, span: Span) {
        // The name right after the pointer, glued (`>lo`) or one blank on (`> banana`).
        var nameStart = pointer + 1
        if nameStart < span.columns.upperBound && grid.isBlank(row, nameStart) { nameStart += 1 }
        guard nameStart < span.columns.upperBound, !grid.isBlank(row, nameStart),
              !PointerListRecognition.isPointer(grid.scalar(row, nameStart)) else { return }
        let ground = ground(of: span.owner)
        guard grid.shade(row, pointer) != ground || grid.shade(row, nameStart) != ground else { return }
        let indents = (nameStart - 1)...(nameStart + PointerListRecognition.deepestIndent)
        /// Where the row at `other` starts when it is a row of the list: blank from the pointer's
        /// column to its text, which starts within `indents`, in the same window.
        func rowStart(_ other: Int) -> Int? {
            guard other >= 0, other < grid.rows, Int(owners[grid.index(other, pointer)]) == span.owner else { return nil }
            guard let start = (span.columns.lowerBound..<min(grid.columns, indents.upperBound + 1)).first(where: { !grid.isBlank(other, $0) }),
                  indents.contains(start), isFree(other, start), Int(owners[grid.index(other, start)]) == span.owner,
                  Unicode.Scalar(grid.scalar(other, start)).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } == true
            else { return nil }
            // A count or title on a rule drawn across (fzf's `4/5 ───`) heads or sums up the rows.
            let words = start..<endOfFirstWords(row: other, start..<grid.columns)
            return isRuleCaption(ListRow(row: other, columns: words)) ? nil : start
        }
        var rows: [(row: Int, start: Int)] = []
        var above = row - 1
        while let start = rowStart(above) {
            rows.insert((above, start), at: 0)
            above -= 1
        }
        rows.append((row, nameStart))
        var below = row + 1
        while let start = rowStart(below) {
            rows.append((below, start))
            below += 1
        }
        guard rows.count >= 2 else { return }
        for (listRow, start) in rows {
            let rowSpan = spans(row: listRow).first { $0.columns.contains(start) }
            let end = endOfFirstWords(row: listRow, start..<(rowSpan?.columns.upperBound ?? grid.columns))
            // Words running into a line: a row cut by a box over it, which cannot be read.
            if end < grid.columns && BoxCharacters.isLine(grid.scalar(listRow, end)) && !grid.isBlank(listRow, end - 1) { continue }
            let isCurrent = listRow == row
            let frameStart = isCurrent ? pointer : start
            add(
                ScreenElement(
                    kind: .menuItem, label: grid.trimmedText(row: listRow, start..<end),
                    frame: ScreenRectangle(row: listRow, column: frameStart, height: 1, width: end - frameStart),
                    isHighlighted: isCurrent, style: grid.style(listRow, start)),
                owner: span.owner)
        }
    }
}
