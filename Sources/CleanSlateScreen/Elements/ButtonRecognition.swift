/// Push buttons: `< OK >`, `<Yes>`, `[ Cancel ]` and mc's default button `[< OK >]`. A
/// bracketed text alone on its row outside every window is a status message, not a button; so
/// is one of a column of bracketed readings of one width (dialog --mixedgauge's statuses), and
/// so are the brackets that open a line of a log or a status table (`[WARN]  [ db ]  slow`).
extension RecognitionWork {
    /// The longest label a button may have.
    static let longestButtonLabel = 30

    /// Buttons on free cells; the buttons of one window are siblings for the highlight rule.
    /// A status message (``statusMessage(row:open:span:)``) is taken whole, as static text.
    mutating func findButtons() {
        var groups: [Int: Int] = [:]
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                var column = span.columns.lowerBound
                while column < span.columns.upperBound {
                    let opening = grid.scalar(row, column)
                    if opening == 0x5B, let message = statusMessage(row: row, open: column, span: span) {
                        addOnRow(.staticText, label: grid.text(row: row, message), row: row, columns: message, owner: span.owner)
                        column = message.upperBound
                        continue
                    }
                    guard opening == 0x5B || opening == 0x3C, let (end, label) = button(row: row, open: column, span: span),
                          !isStatusMessage(row: row, column..<(end + 1), owner: span.owner),
                          !isInSentence(row: row, column..<(end + 1), span: span) else {
                        column += 1
                        continue
                    }
                    if isStackedReading(row: row, column..<(end + 1), span: span) || opensARecord(row: row, column..<(end + 1), span: span) {
                        addOnRow(.staticText, label: grid.trimmedText(row: row, label), row: row, columns: column..<(end + 1), owner: span.owner)
                        column = end + 1
                        continue
                    }
                    let group = groups[span.owner] ?? newHighlightGroup()
                    groups[span.owner] = group
                    add(
                        ScreenElement(
                            kind: .button, label: grid.trimmedText(row: row, label),
                            frame: ScreenRectangle(row: row, column: column, height: 1, width: end + 1 - column),
                            style: grid.style(row, firstLetter(row: row, label))),
                        owner: span.owner, sibling: .init(group: group, look: ElementLook(grid: grid, row: row, label: label, edge: column)))
                    column = end + 1
                }
            }
        }
    }

    /// Whether the bracketed text over `columns` is one of a column of readings: a bracket of
    /// the same width right above or below it (dialog --mixedgauge's `[ Completed  ]` over
    /// `[In Progress ]`, one per task), and no other bracket beside it on its stretch of the row.
    /// Buttons stand side by side on a row, not stacked alike: two rows of them (cfdisk's
    /// `[ Delete ]  [ Resize ]` over `[  Write ]  [  Dump  ]`) may line up their brackets.
    /// Outside every window, a bracket with the same text right above or below it is one of a
    /// column of readings whatever stands beside it (a status table's `[ OK ]` over `[ OK ]`); in
    /// a window, actions repeated on each row (`eth0  [ Edit ]  [ Remove ]` over `wlan0  [ Edit ]
    /// [ Remove ]`) are buttons.
    private func isStackedReading(row: Int, _ columns: Range<Int>, span: Span) -> Bool {
        guard grid.scalar(row, columns.lowerBound) == 0x5B else { return false }
        if span.owner == -1 && hasItsTextAboveOrBelow(row: row, columns) { return true }
        if span.columns.contains(where: { !columns.contains($0) && grid.scalar(row, $0) == 0x5B }) || continuesButtonRow(row: row, columns) {
            return false
        }
        return [row - 1, row + 1].contains { other in
            other >= 0 && other < grid.rows && grid.scalar(other, columns.lowerBound) == 0x5B
                && grid.scalar(other, columns.upperBound - 1) == 0x5D
        }
    }

    /// Whether the same text is written over `columns` on the row just above or below `row`.
    private func hasItsTextAboveOrBelow(row: Int, _ columns: Range<Int>) -> Bool {
        [row - 1, row + 1].contains { other in
            other >= 0 && other < grid.rows && columns.allSatisfy { grid.scalar(other, $0) == grid.scalar(row, $0) }
        }
    }

    /// Whether the bracketed text over `columns` is one of the fields that open a record outside
    /// every window: two or more bracketed texts side by side start the row and words follow them
    /// (a status table's `[ OK ]  [ 40% ]  Started Journal Service.`, a log's `[WARN]  [ db ]
    /// connection slow`). A row of buttons holds buttons only; a row that goes on in words after
    /// its brackets is a line of a log or a table, its brackets the line's status, level or source.
    /// Whatever the words start with (`"GET / HTTP/1.1" 500`, `/usr/lib/foo started`), unless
    /// it is another button: a row that goes on in angle brackets (`[ OK ]  [< Save >]  <Yes>`)
    /// is a row of buttons. Only the row's stretch outside windows is read.
    private func opensARecord(row: Int, _ columns: Range<Int>, span: Span) -> Bool {
        guard span.owner == -1 else { return false }
        var column = span.columns.lowerBound
        var brackets = 0
        var isAmongThem = false
        while column < span.columns.upperBound {
            if grid.isBlank(row, column) {
                column += 1
                continue
            }
            guard grid.scalar(row, column) == 0x5B,
                  let close = ((column + 1)..<span.columns.upperBound).first(where: { grid.scalar(row, $0) == 0x5D }) else { break }
            isAmongThem = isAmongThem || column == columns.lowerBound
            brackets += 1
            column = close + 1
        }
        guard isAmongThem, brackets >= 2, column < span.columns.upperBound else { return false }
        let first = grid.scalar(row, column)
        return first != 0x3C && first != 0x5B
    }

    /// Whether the bracketed text over `columns` is written inside a line of words: a word one
    /// blank before it and one blank after it (`2: eth0: <BROADCAST,MULTICAST,UP> mtu 1500`,
    /// `see [ the manual ] for more`). Buttons stand apart from text: at a row's edge, after a gap,
    /// or beside other brackets (`[ OK ] [ Cancel ]`).
    private func isInSentence(row: Int, _ columns: Range<Int>, span: Span) -> Bool {
        func isWord(_ column: Int) -> Bool {
            guard span.columns.contains(column), !grid.isBlank(row, column) else { return false }
            let scalar = grid.scalar(row, column)
            return scalar != 0x5B && scalar != 0x5D && scalar != 0x3C && scalar != 0x3E
        }
        let before = columns.lowerBound - 1
        let after = columns.upperBound
        let wordBefore = span.columns.contains(before) && grid.isBlank(row, before) && isWord(before - 1)
        let wordAfter = span.columns.contains(after) && grid.isBlank(row, after) && isWord(after + 1)
        // Outside every window, a word in angle brackets with no padding is a placeholder next to
        // one word already (`--pid <PID>   process id`). Inside one it is a pop-up's button beside
        // its caption (newt's `Mode <Client>`).
        let isBareAngled = grid.scalar(row, columns.lowerBound) == 0x3C && !grid.isBlank(row, columns.lowerBound + 1)
        return wordBefore && wordAfter || isBareAngled && (wordBefore || wordAfter) && span.owner < 0
    }

    /// Whether the bracketed text over `columns` goes on a row of buttons: the row just above or
    /// below has a bracket over the same columns with another bracket beside it (cgdisk's `[ Write
    /// ]` alone under `[ Align  ]  [ Backup ]  ...`).
    private func continuesButtonRow(row: Int, _ columns: Range<Int>) -> Bool {
        [row - 1, row + 1].contains { other in
            other >= 0 && other < grid.rows && grid.scalar(other, columns.lowerBound) == 0x5B
                && grid.scalar(other, columns.upperBound - 1) == 0x5D
                && (0..<grid.columns).contains { !columns.contains($0) && grid.scalar(other, $0) == 0x5B }
        }
    }

    /// Whether a bracketed text outside every window is alone on its row: a status message such as
    /// nano's `[ New File ]`, not a button.
    private func isStatusMessage(row: Int, _ columns: Range<Int>, owner: Int) -> Bool {
        guard owner == -1, grid.scalar(row, columns.lowerBound) == 0x5B, !continuesButtonRow(row: row, columns) else { return false }
        for column in 0..<grid.columns where !columns.contains(column) && !grid.isBlank(row, column) { return false }
        return true
    }

    /// The columns of a status message on `row`: text in brackets padded with blanks, alone on
    /// its row outside every window (nano's `[ Welcome to nano.  For basic help, type Ctrl+G. ]`,
    /// `[ New File ]`). Read whole, it is not split at its gaps of two blanks as other text is.
    private func statusMessage(row: Int, open start: Int, span: Span) -> Range<Int>? {
        guard span.owner == -1, start + 1 < grid.columns, grid.isBlank(row, start + 1),
              !(0..<start).contains(where: { !grid.isBlank(row, $0) }) else { return nil }
        let end = textEnd(row: row, span.columns)
        guard end - start >= 5, grid.scalar(row, end - 1) == 0x5D, grid.isBlank(row, end - 2),
              !(end..<grid.columns).contains(where: { !grid.isBlank(row, $0) }) else { return nil }
        // A bracket closed and another opened after a blank inside it are bracketed texts side by
        // side (cfdisk's `[  Write ]  [  Dump  ]`), buttons, not one message.
        let closesAndReopens = ((start + 1)..<(end - 1)).contains { column in
            grid.scalar(row, column) == 0x5D && ((column + 1)..<(end - 1)).first(where: { !grid.isBlank(row, $0) }).map { grid.scalar(row, $0) == 0x5B } ?? false
        }
        guard !closesAndReopens, !continuesButtonRow(row: row, start..<end) else { return nil }
        return start..<end
    }

    /// Whether a padded bracket of the same width as `columns` stands two blanks before or after
    /// it on its stretch: buttons drawn one width in a row (cfdisk's `[Bootable]  [ Delete ]`),
    /// where a word that fills its bracket is a button too, not a check box's mark.
    private func isBesideAButtonOfItsWidth(row: Int, _ columns: Range<Int>, span: Span) -> Bool {
        let width = columns.count
        for start in [columns.upperBound + 2, columns.lowerBound - 2 - width] {
            let other = start..<(start + width)
            guard other.lowerBound >= span.columns.lowerBound, other.upperBound <= span.columns.upperBound else { continue }
            let gap = start > columns.lowerBound ? columns.upperBound..<start : other.upperBound..<columns.lowerBound
            let isPaddedBracket = grid.scalar(row, start) == 0x5B && grid.scalar(row, other.upperBound - 1) == 0x5D
                && grid.isBlank(row, start + 1) && grid.isBlank(row, other.upperBound - 2)
            if isPaddedBracket && gap.allSatisfy({ grid.isBlank(row, $0) }) { return true }
        }
        return false
    }

    /// The first non-blank column of `columns` on `row`.
    func firstLetter(row: Int, _ columns: Range<Int>) -> Int {
        columns.first { !grid.isBlank(row, $0) } ?? columns.lowerBound
    }

    /// The button whose opening bracket is at `open`: its closing column and its label's columns.
    ///
    /// `[<` … `>]`; `[ ` … ` ]` (blanks inside, so that `[x]` stays a check box); `<` … `>` padded
    /// with blanks or starting with a capital letter. The label holds a letter and no bracket, and
    /// the button stands apart from other text (a blank or a bracket on each side).
    private func button(row: Int, open: Int, span: Span) -> (Int, Range<Int>)? {
        let limit = min(span.columns.upperBound, open + RecognitionWork.longestButtonLabel + 4)
        let first = grid.scalar(row, open)
        guard first == 0x5B || first == 0x3C else { return nil }
        if open > span.columns.lowerBound {
            let before = grid.scalar(row, open - 1)
            guard before == 0x20 || before == 0x5D || before == 0x3E else { return nil }
        }
        let isMcDefault = first == 0x5B && open + 1 < limit && grid.scalar(row, open + 1) == 0x3C
        let closing: UInt32 = first == 0x3C || isMcDefault ? 0x3E : 0x5D
        let labelStart = isMcDefault ? open + 2 : open + 1
        var close = labelStart
        var hasLetter = false
        while close < limit {
            let scalar = grid.scalar(row, close)
            if scalar == closing { break }
            if scalar == 0x5B || scalar == 0x5D || scalar == 0x3C || scalar == 0x3E { return nil }
            if let letter = Unicode.Scalar(scalar), letter.properties.isAlphabetic { hasLetter = true }
            close += 1
        }
        guard close < limit, hasLetter else { return nil }
        var end = close
        if isMcDefault {
            guard close + 1 < span.columns.upperBound, grid.scalar(row, close + 1) == 0x5D else { return nil }
            end = close + 1
        }
        if end + 1 < span.columns.upperBound {
            let after = grid.scalar(row, end + 1)
            guard after == 0x20 || after == 0x5B || after == 0x3C else { return nil }
        }
        let label = labelStart..<close
        let padded = grid.isBlank(row, labelStart) && grid.isBlank(row, close - 1)
        if first == 0x5B && !isMcDefault && !padded && !isBesideAButtonOfItsWidth(row: row, open..<(end + 1), span: span) { return nil }
        if first == 0x3C && !padded {
            guard let initial = Unicode.Scalar(grid.scalar(row, labelStart)), initial.properties.isUppercase else { return nil }
            // A key in angle brackets with its action after one blank (`<Enter> Toggle`) is a legend.
            let isKey = KeyHintRecognition.bracketedKey(grid.text(row: row, open..<(close + 1))[...]) != nil
            if isKey && close + 2 < span.columns.upperBound && grid.isBlank(row, close + 1) && !grid.isBlank(row, close + 2) { return nil }
        }
        return (end, label)
    }
}
