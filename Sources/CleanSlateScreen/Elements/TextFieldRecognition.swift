/// Text fields drawn without a box: a field filled out with `_` (whiptail's input box), a run of
/// another shade (or underlined) after a label on the same row (dialog --form), a prompt
/// ending in `:` with the cursor after it (nano's `File Name to Write:`, a wizard's `Name:`), and
/// a command line: a prompt mark starting the cursor's line (fzf's `> `, less's and vim's `:`
/// and `/`, a shell's `$ `).
enum TextFieldRecognition {
    /// A field's label as read from the screen, without a trailing colon.
    static func labelText(_ text: String) -> String {
        var label = text
        while label.last == ":" || label.last == " " { label.removeLast() }
        // A mark in parentheses after the caption dresses it (lynx's `(!)`, "not saved").
        if label.last == ")", let open = label.lastIndex(of: "("), open > label.startIndex,
           label[label.index(before: open)] == " ", !label[open...].contains(where: { $0.isLetter || $0.isNumber }) {
            label = String(label[..<open])
            while label.last == " " { label.removeLast() }
        }
        return label
    }

    /// Whether `scalar` is a mark drawings made of characters are drawn with: `|` `/` `\` `(` `)`
    /// `<` `>` `'` `` ` ``.
    static func isArtMark(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x7C, 0x2F, 0x5C, 0x28, 0x29, 0x3C, 0x3E, 0x27, 0x60: return true
        default: return false
        }
    }

    /// The marks a command line starts with: `>` `:` `/` `?` `$` `%` `❯` `›` `»` `➜`.
    static func isPromptMark(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3E, 0x3A, 0x2F, 0x3F, 0x24, 0x25, 0x276F, 0x203A, 0xBB, 0x279C: return true
        default: return false
        }
    }

    /// Whether the cursor is shown past the first column of a row that starts with a prompt mark
    /// (`firstScalar` gives the first scalar a row shows): what a command line needs first, asked
    /// by recognition (``RecognitionGrid/commandLinePrompt()``) and by an element wait before it
    /// reads a screen without recognising it.
    static func cursorFollowsPromptMark(
        cursor: ScreenPosition, isCursorVisible: Bool, rows: Int, firstScalar: (_ row: Int) -> UInt32
    ) -> Bool {
        isCursorVisible && cursor.row < rows && cursor.column >= 1 && isPromptMark(firstScalar(cursor.row))
    }
}

extension RecognitionGrid {
    /// The columns of the prompt mark that starts the cursor's line, when the cursor is visible on
    /// it after the mark: the mark (once, or two or three times: python's `>>>`) at the screen's left edge, then a blank or the typed text, the
    /// cursor in or just after that text (no gap of two blanks before it), the mark drawn on the
    /// line's own ground (the shade of its last cell). Ordinary text that starts with such a
    /// mark has no cursor after it; a status drawn apart with the cursor after it (less's
    /// `/tmp/notes.txt (END)` inverse) is no command line; nor is a line with text under it (a
    /// file's `// comment` or `/etc/hosts` with an editor's cursor in it).
    func commandLinePrompt() -> Range<Int>? {
        guard TextFieldRecognition.cursorFollowsPromptMark(cursor: cursor, isCursorVisible: isCursorVisible, rows: rows, firstScalar: { scalar($0, 0) }),
              shade(cursor.row, 0) == shade(cursor.row, columns - 1) else { return nil }
        let row = cursor.row
        // A mark may be doubled or tripled (python's `>>>`).
        var markEnd = 1
        while markEnd < 3 && markEnd < cursor.column && scalar(row, markEnd) == scalar(row, 0) { markEnd += 1 }
        for column in markEnd..<min(cursor.column, columns) where column + 1 < cursor.column && isBlank(row, column) && isBlank(row, column + 1) {
            return nil
        }
        // A command line is the last text on the screen (a pager's, an editor's, a shell's, fzf's
        // prompt at the bottom); a line of a file being edited has more text under it.
        for below in (row + 1)..<rows where (0..<columns).contains(where: { !isBlank(below, $0) }) { return nil }
        return 0..<markEnd
    }
}

extension RecognitionWork {
    /// Text fields on free cells; `underscored` and `shaded` say whether to look for fields filled
    /// out with `_` and for fields of a shade of their own (``ElementRecognizer`` skips them on
    /// screens where they cannot be).
    mutating func findTextFields(underscored: Bool = true, shaded: Bool = true) {
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                let ground = ground(of: span.owner)
                if underscored && findUnderscoredField(in: span, ground: ground) { continue }
                if shaded && findInputBar(in: span, ground: ground) { continue }
                if shaded && findShadedField(in: span, ground: ground) { continue }
                if findCommandLine(in: span) { continue }
                findPromptField(in: span)
            }
        }
    }

    /// A command line (see ``RecognitionGrid/commandLinePrompt()``) on this span: a text field
    /// named by its mark (`>`, `:`, `/`), its value the text after the mark and one blank, its
    /// frame on to the end of the span; the mark stays static text.
    private mutating func findCommandLine(in span: Span) -> Bool {
        guard span.columns.lowerBound == 0, span.row == grid.cursor.row, let mark = grid.commandLinePrompt(),
              mark.upperBound < span.columns.upperBound, isFree(span.row, 0) else { return false }
        let row = span.row
        var valueStart = mark.upperBound
        if grid.isBlank(row, valueStart) && valueStart < grid.cursor.column { valueStart += 1 }
        let valueEnd = endOfFirstWords(row: row, valueStart..<span.columns.upperBound)
        addOnRow(
            .textField, label: grid.trimmedText(row: row, mark), row: row, columns: valueStart..<span.columns.upperBound, owner: span.owner,
            value: .text(grid.trimmedText(row: row, valueStart..<max(valueStart, valueEnd))))
        return true
    }

    /// A field filled out with three or more `_` (newt's entries, `Name: ______` forms): on a shade
    /// of its own, the whole run of that shade; on the window's, the characters just before the
    /// underscores and them. The value is the text before the underscores; the label the words
    /// before the field on its row, or else the text just above it.
    private mutating func findUnderscoredField(in span: Span, ground: UInt64) -> Bool {
        let row = span.row
        var column = span.columns.lowerBound
        while column < span.columns.upperBound {
            guard grid.scalar(row, column) == 0x5F else {
                column += 1
                continue
            }
            var end = column
            while end < span.columns.upperBound && grid.scalar(row, end) == 0x5F { end += 1 }
            guard end - column >= 3, !isDrawnWithArtMarks(row: row, column..<end) else {
                column = end
                continue
            }
            let shade = grid.shade(row, column)
            var start = column
            if shade != ground {
                while start > span.columns.lowerBound && grid.shade(row, start - 1) == shade { start -= 1 }
                while end < span.columns.upperBound && grid.shade(row, end) == shade { end += 1 }
            } else {
                while start > span.columns.lowerBound && !grid.isBlank(row, start - 1) { start -= 1 }
            }
            var label = captionBefore(row: row, column: start, span: span)
            if label.isEmpty && row > 0 { label = textAbove(row: row, from: start, span: span) }
            addOnRow(
                .textField, label: TextFieldRecognition.labelText(label), row: row, columns: start..<end, owner: span.owner,
                value: .text(grid.trimmedText(row: row, start..<column)))
            return true
        }
        return false
    }

    /// Whether the underscores at `columns` on `row` are strokes of a drawing made of characters
    /// (a logo in a chat log or a start screen: irssi's `|_ _|_ _ _____(_)`, nmon's
    /// `|_| |_|_| |_|\___/`): the drawing goes on over the next row or the one before, a mark
    /// that draws (`|` `/` `\` `(` `)` `<` `>` `'` `` ` ``) standing just above or below them, one
    /// column either side included. A field to fill in has no such marks over or under it
    /// (`Name: ______` over `Mail: ______`).
    private func isDrawnWithArtMarks(row: Int, _ columns: Range<Int>) -> Bool {
        let first = max(0, columns.lowerBound - 1)
        let last = min(grid.columns - 1, columns.upperBound)
        for other in [row - 1, row + 1] where other >= 0 && other < grid.rows {
            for column in first...last where TextFieldRecognition.isArtMark(grid.scalar(other, column)) { return true }
        }
        return false
    }

    /// The label written before `column` on `row` (``labelBefore(row:column:span:)``); when that
    /// is a colon standing apart, the caption before it: forms line their captions' colons up in
    /// a column (lynx's `SSL client key file (!)          : ______`).
    private func captionBefore(row: Int, column: Int, span: Span) -> String {
        let label = labelBefore(row: row, column: column, span: span)
        guard label == ":" else { return label }
        var colon = column - 1
        while colon > span.columns.lowerBound && grid.isBlank(row, colon) { colon -= 1 }
        return labelBefore(row: row, column: colon, span: span)
    }

    /// An input bar under its prompt (mc's dialogs: `to:` over a cyan bar holding
    /// `/tmp/cap/files/`): the span's first cells, two or more, in one shade other than the
    /// window's, padded (ending in a blank), ending on the window's shade, a line or the screen's
    /// edge (a field is a bar of its own shade, not the start of a row drawn across), under a row
    /// of text ending in `:` that starts in the same column (one off at most), and over a row
    /// that does not (a list's current row has the next row under it). Label: the prompt without
    /// its colon; value: the bar's text, trimmed (empty bars too).
    private mutating func findInputBar(in span: Span, ground: UInt64) -> Bool {
        let row = span.row
        let start = span.columns.lowerBound + (grid.isBlank(row, span.columns.lowerBound) && grid.shade(row, span.columns.lowerBound) == ground ? 1 : 0)
        guard row > 0, start < span.columns.upperBound else { return false }
        let shade = grid.shade(row, start)
        guard shade != ground else { return false }
        var end = start
        while end < span.columns.upperBound && grid.shade(row, end) == shade { end += 1 }
        let endsOnGround = end == grid.columns || grid.shade(row, end) == ground || BoxCharacters.isLine(grid.scalar(row, end))
        guard end - start >= 2, endsOnGround, grid.isBlank(row, end - 1) else { return false }
        func textStart(_ other: Int) -> Int? {
            guard other >= 0, other < grid.rows, owners[grid.index(other, start)] == Int32(span.owner) else { return nil }
            let column = (max(span.columns.lowerBound, start - 1)..<min(span.columns.upperBound, start + 2)).first { !grid.isBlank(other, $0) }
            return column.flatMap { isFree(other, $0) ? $0 : nil }
        }
        guard let promptStart = textStart(row - 1), textStart(row + 1) == nil else { return false }
        let promptEnd = textEnd(row: row - 1, promptStart..<span.columns.upperBound)
        guard promptEnd > promptStart, grid.scalar(row - 1, promptEnd - 1) == 0x3A else { return false }
        addOnRow(
            .textField, label: TextFieldRecognition.labelText(grid.trimmedText(row: row - 1, promptStart..<promptEnd)), row: row,
            columns: start..<end, owner: span.owner, value: .text(grid.trimmedText(row: row, start..<end)))
        return true
    }

    /// The first words of the nearest row above `row` (two rows at most) with text from `column`
    /// on, in the same window: a prompt written over its field.
    private func textAbove(row: Int, from column: Int, span: Span) -> String {
        for above in stride(from: row - 1, through: max(0, row - 2), by: -1) {
            guard owners[grid.index(above, column)] == Int32(span.owner) else { return "" }
            var end = column
            while end < span.columns.upperBound && isFree(above, end) { end += 1 }
            let start = firstLetter(row: above, column..<end)
            let text = grid.trimmedText(row: above, start..<endOfFirstWords(row: above, start..<end))
            if !text.isEmpty { return text }
        }
        return ""
    }

    /// A run of cells of one shade other than the window's, or underlined, that is padded (ends
    /// in a blank: an underlined word in text, a manual page's `ls [OPTION]...`, is emphasis, no
    /// slot to type into), follows a label drawn on the window's shade and is followed by the window's shade or
    /// a line (not by another window's margin): the label's text names it. When the span starts
    /// at the window's side and its first text, and every cell before it, has the side's shade,
    /// that is the window's shade: a form whose fields fill most of its box (`dialog --form`
    /// sized to fit its fields, all empty) has more blanks of the fields' shade than of its own.
    private mutating func findShadedField(in span: Span, ground windowGround: UInt64) -> Bool {
        let row = span.row
        let side = span.columns.lowerBound - 1
        var ground = windowGround
        if side >= 0, span.owner >= 0, BoxCharacters.isLine(grid.scalar(row, side)), grid.shade(row, side) != windowGround {
            let firstText = firstLetter(row: row, span.columns)
            let sideShade = grid.shade(row, side)
            if !grid.isBlank(row, firstText), (span.columns.lowerBound...firstText).allSatisfy({ grid.shade(row, $0) == sideShade }) { ground = sideShade }
        }
        // A span all on its ground, on a screen with no cell underlined, is one run of the
        // ground: no field (most spans of a screen).
        if takesShortcuts && !grid.triggers.hasUnderline && grid.shade(row, span.columns.lowerBound) == ground
            && grid.isOneShade(row: row, span.columns) {
            return false
        }
        var column = span.columns.lowerBound
        // Whether the last character before `column` is drawn on the window's shade (a label).
        var followsLabel = false
        while column < span.columns.upperBound {
            let shade = grid.shade(row, column)
            let underlined = grid.isUnderlined(row, column)
            var end = column + 1
            while end < span.columns.upperBound && grid.shade(row, end) == shade && grid.isUnderlined(row, end) == underlined { end += 1 }
            let hasText = textEnd(row: row, column..<end) > column
            if shade == ground && !underlined {
                if hasText { followsLabel = true }
            } else {
                let endsOnGround = end == grid.columns || grid.shade(row, end) == ground || BoxCharacters.isLine(grid.scalar(row, end))
                let label = followsLabel ? captionBefore(row: row, column: column, span: span) : ""
                if followsLabel && end - column >= 2 && grid.isBlank(row, end - 1) && endsOnGround && !Self.isKeyName(label)
                    && label.contains(where: { $0.isLetter || $0.isNumber }) && !isListsCurrentRow(row: row, column..<end, ground: ground, owner: span.owner) {
                    // On the screen's top row, a run on to the screen's right edge is the rest of a
                    // bar drawn across the top (a tab bar: aerc's and dte's after the current tab; a
                    // menu bar: links2's after `File`; micro's), not a field: its text is read.
                    if row == 0 && end == grid.columns {
                        let grid = grid
                        grid.forEachStaticText(row: row, in: column..<end) { columns in
                            addOnRow(.staticText, label: grid.text(row: row, columns), row: row, columns: columns, owner: span.owner)
                        }
                        return true
                    }
                    addOnRow(
                        .textField, label: TextFieldRecognition.labelText(label), row: row, columns: column..<end, owner: span.owner,
                        value: .text(grid.trimmedText(row: row, column..<end)))
                    return true
                }
                followsLabel = false
            }
            column = end
        }
        return false
    }

    /// Whether the run at `columns` on `row` is the current row of a list led by a caption (crawl's
    /// `Choices:` before its highlighted `Dungeon Crawl`, over `Choose Game Seed`): text drawn on
    /// the window's ground starts, after a blank, at the column where the run's text starts (or
    /// the run, when it is empty) on the row just above or below. A form's fields have fields,
    /// not lines of text, under them.
    private func isListsCurrentRow(row: Int, _ columns: Range<Int>, ground: UInt64, owner: Int) -> Bool {
        let text = firstLetter(row: row, columns)
        let start = grid.isBlank(row, text) ? columns.lowerBound : text
        return [row - 1, row + 1].contains { other in
            other >= 0 && other < grid.rows && owners[grid.index(other, start)] == Int32(owner) && !grid.isBlank(other, start)
                && grid.shade(other, start) == ground && (start == 0 || grid.isBlank(other, start - 1))
        }
    }

    /// Whether `label` is a key written as keys are, not a word (`F1`, `^X`, `M-U`): a slot of
    /// another shade after it is a key bar's empty action (htop's setup: `F1` over a blank cyan
    /// slot), not a field.
    private static func isKeyName(_ label: String) -> Bool {
        !label.allSatisfy(\.isLetter) && KeyHintRecognition.key(Substring(label), allowsNumbers: false) != nil
    }

    /// The visible cursor on this span after a word ending in `:`, in or just after the text that
    /// follows the colon: a prompt field. Its value runs from after the colon (and one blank) to a
    /// gap of two blanks, its frame on over the blanks of its shade after it (the rest of the
    /// prompt line, empty or not); the prompt stays static text. A label that is a figure (a time
    /// like `00:00:01`) is no prompt.
    private mutating func findPromptField(in span: Span) {
        let cursor = grid.cursor
        let row = span.row
        guard grid.isCursorVisible, cursor.row == row,
              cursor.column >= span.columns.lowerBound, cursor.column <= span.columns.upperBound else { return }
        var colon = min(cursor.column, span.columns.upperBound) - 1
        while colon > span.columns.lowerBound && grid.scalar(row, colon) != 0x3A {
            if grid.isBlank(row, colon) && grid.isBlank(row, colon - 1) { return }
            colon -= 1
        }
        guard colon > span.columns.lowerBound, grid.scalar(row, colon) == 0x3A, !grid.isBlank(row, colon - 1) else { return }
        // A colon between digits is a time's (`Nov 28 02:32 notes.txt`, a file list's), no prompt's.
        guard colon + 1 >= span.columns.upperBound || !(RecognitionGrid.isASCIIDigit(grid.scalar(row, colon - 1)) && RecognitionGrid.isASCIIDigit(grid.scalar(row, colon + 1))) else { return }
        var valueStart = colon + 1
        if valueStart < span.columns.upperBound && grid.isBlank(row, valueStart) { valueStart += 1 }
        let valueEnd = endOfFirstWords(row: row, valueStart..<span.columns.upperBound)
        guard cursor.column >= valueStart - 1 && cursor.column <= valueEnd else { return }
        var frameEnd = min(span.columns.upperBound, max(valueEnd, cursor.column + 1))
        guard frameEnd > valueStart else { return }
        // The field is the rest of the prompt line: the blanks after its text, in its shade.
        let shade = grid.shade(row, valueStart)
        while frameEnd < span.columns.upperBound && grid.isBlank(row, frameEnd) && grid.shade(row, frameEnd) == shade { frameEnd += 1 }
        let label = labelBefore(row: row, column: colon + 1, span: span)
        // A prompt is words: a time written before the cursor (`00:00:01 init`) is none.
        guard !RecognitionWork.isFigure(TextFieldRecognition.labelText(label)) else { return }
        addOnRow(
            .textField, label: TextFieldRecognition.labelText(label), row: row, columns: valueStart..<frameEnd, owner: span.owner,
            value: .text(grid.trimmedText(row: row, valueStart..<valueEnd)))
    }
}
