/// Key legends whose key is written in square brackets with the action after it, one blank
/// apart: `[F 1] Select Files`, `[ m ] Move Files After` (mp3blaster's legend box), `[F4] Emacs`,
/// `[F3] Multiline: OFF` (prompt_toolkit's bottom bars). A person reads the bracket as the key
/// and the capitalised words after it as what the key does.
extension RecognitionWork {
    /// Bracketed legends on free cells. A function key or a control key in brackets is a legend
    /// wherever it stands; a letter, digit or bracket in brackets (`[ m ]`) is one only beside
    /// another bracketed legend with another key on its row or a row next to it (a legend box), as
    /// one alone is as often a hotkey in a sentence, and a column of the same letter is a log's
    /// status marks (`[ i ] Checking Updates` over `[ i ] Downloading`). A mark in brackets (`[ ? ]`,
    /// `[ < ]`) is a key only beside another legend on its own row (mp3blaster's box lays its
    /// legends side by side): a log writes one line a row, its status mark first (`[ ! ] Disk
    /// Nearly Full`).
    mutating func findBracketedKeyHints() {
        var legends: [(row: Int, columns: Range<Int>, action: Range<Int>, owner: Int, key: String, isUnmistakable: Bool, isMark: Bool)] = []
        // A row with no `[` holds none (its marks, read without a look at the cells).
        for row in 0..<grid.rows where !takesShortcuts || grid.shows(.openingBracket, row: row) {
            for span in spans(row: row) {
                var column = span.columns.lowerBound
                while column < span.columns.upperBound {
                    guard grid.scalar(row, column) == 0x5B, column == span.columns.lowerBound || grid.isBlank(row, column - 1),
                          let (key, close, isUnmistakable) = bracketedKey(row: row, open: column, span: span),
                          let action = legendAction(row: row, after: close, span: span) else {
                        column += 1
                        continue
                    }
                    let isMark = !isUnmistakable && !key.unicodeScalars.allSatisfy {
                        RecognitionGrid.isASCIILetter($0.value) || RecognitionGrid.isASCIIDigit($0.value) || $0 == "[" || $0 == "]"
                    }
                    legends.append((row, column..<action.upperBound, action, span.owner, key, isUnmistakable, isMark))
                    column = action.upperBound
                }
            }
        }
        for legend in legends where legend.isUnmistakable || legends.contains(where: { other in
            other.owner == legend.owner && other.key != legend.key
                && (other.row == legend.row || abs(other.row - legend.row) == 1 && !legend.isMark && !other.isMark)
        }) {
            addOnRow(
                .keyHint, label: grid.trimmedText(row: legend.row, legend.action), row: legend.row, columns: legend.columns,
                owner: legend.owner, keyName: legend.key, lookColumns: legend.action)
        }
    }

    /// The key written in the brackets opened at `open`, the closing bracket's column, and whether
    /// it is unmistakably a key (a function or control key, `[F 1]`, `[F10]`, `[ ^L]`, or a named
    /// key, `[Enter]`, `[Shift-Tab]`) rather than a character (`[ m ]`, `[ ] ]`, `[ ? ]`: one
    /// visible character with a blank on each side, neither a check box's mark nor `+` or `-`).
    private func bracketedKey(row: Int, open: Int, span: Span) -> (key: String, close: Int, isUnmistakable: Bool)? {
        // One character padded with blanks: the closing bracket is four cells on, whatever the
        // character is (mp3blaster's `[ [ ]` and `[ ] ]`).
        if open + 4 < span.columns.upperBound, grid.isBlank(row, open + 1), grid.isBlank(row, open + 3),
           grid.scalar(row, open + 4) == 0x5D, !grid.isBlank(row, open + 2) {
            let character = grid.scalar(row, open + 2)
            guard (0x21...0x7E).contains(character), character != 0x2B, character != 0x2D,
                  ToggleRecognition.toggle(0x5B, character, 0x5D) == nil,
                  let scalar = Unicode.Scalar(character) else { return nil }
            return (String(Character(scalar)), open + 4, false)
        }
        let limit = min(span.columns.upperBound, open + 2 + KeyHintRecognition.longestKeyName)
        guard open + 2 < limit, let close = (open + 2..<limit).first(where: { grid.scalar(row, $0) == 0x5D }) else { return nil }
        let written = grid.trimmedText(row: row, (open + 1)..<close)
        // `F 1` is mp3blaster's way of writing F1.
        let joined = written.hasPrefix("F ") ? "F" + written.dropFirst(2) : Substring(written)
        if let key = KeyHintRecognition.key(joined, allowsNumbers: false), joined.hasPrefix("F") || joined.hasPrefix("^") || key.count > 1 {
            return (key, close, true)
        }
        return nil
    }

    /// The action written one blank after the closing bracket at `close`: words starting with a
    /// capital letter, over single blanks, up to a gap of two blanks, a word of marks only (`Menu -
    /// CPython`), the next bracket (`Toggle File Display [F 6]`) or a line.
    private func legendAction(row: Int, after close: Int, span: Span) -> Range<Int>? {
        let start = close + 2
        guard start < span.columns.upperBound, grid.isBlank(row, close + 1),
              let initial = Unicode.Scalar(grid.scalar(row, start)), initial.properties.isUppercase else { return nil }
        let words = wordRanges(row: row, start..<endOfFirstWords(row: row, start..<span.columns.upperBound))
        var end = start
        for word in words {
            if grid.scalar(row, word.lowerBound) == 0x5B || isMarksOnly(row: row, word) { break }
            end = word.upperBound
        }
        return start..<end
    }
}
