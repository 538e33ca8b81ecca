/// Legends written `KEY for ACTION` standing on their own: visidata's `Ctrl+H for help` after its
/// menu bar, nmon's `[H for help]` in its border. What tells one from a sentence naming a key
/// (bmon's `Press ? for help`, sc's `Type '?' for help.`) is that nothing comes before the key:
/// the phrase starts with it (after a gap of two blanks, a line or a bracket), and is no more
/// than the key, `for` and one to three words of action.
enum ForLegendRecognition {
    /// The key and action of `words`, one phrase's words in order, when they are such a legend;
    /// `nil` otherwise. A phrase in brackets (`[H for help]`) may name its key by one character;
    /// one without them names it as keys are written in legends, with a mark of a modifier, a
    /// function key or brackets (`Ctrl+H`, `^G`, `M-x`, `F1`, `<Tab>`), so that `a for apple` in a
    /// list is no legend. (Those marks are also what lets ``ElementRecognizer`` skip the rule
    /// on screens that have none of them.)
    static func legend(_ words: [Substring]) -> (key: String, action: String)? {
        guard (3...5).contains(words.count), words[1] == "for" else { return nil }
        var first = words[0]
        var last = words[words.count - 1]
        let isBracketed = first.first == "[" && last.last == "]"
        if isBracketed {
            first = first.dropFirst()
            last = last.dropLast()
        }
        let actionWords = Array(words[2..<(words.count - 1)]) + [last]
        guard actionWords.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0 == "-" } }) else { return nil }
        let key: String
        if let named = KeyHintRecognition.key(first, allowsNumbers: false) ?? KeyHintRecognition.bracketedKey(first),
           isBracketed || first.contains(where: { "^+<MF".contains($0) }) {
            key = named
        } else if isBracketed, first.count == 1, let character = first.first, character.isASCII, !character.isWhitespace {
            key = String(first)
        } else {
            return nil
        }
        return (key, actionWords.joined(separator: " "))
    }
}

extension RecognitionWork {
    /// `KEY for ACTION` legends (see ``ForLegendRecognition``): each phrase of the free spans (words
    /// over single blanks), and each stretch of text between lines in a window's top and bottom
    /// borders, which no other rule reads for legends.
    mutating func findForLegends() {
        // A row without the letters of `for` holds no legend: its spans are not read.
        for row in 0..<grid.rows where !takesShortcuts || grid.shows(.lettersOfFor, row: row) {
            for span in spans(row: row) where holdsWordFor(row: row, span.columns) {
                var phrase: [Range<Int>] = []
                for word in wordRanges(row: row, span.columns) {
                    if let previous = phrase.last, word.lowerBound > previous.upperBound + 1 {
                        addForLegend(row: row, phrase, owner: span.owner)
                        phrase = []
                    }
                    phrase.append(word)
                }
                addForLegend(row: row, phrase, owner: span.owner)
            }
        }
        // A border's title stays the window's title.
        for (index, window) in windows.enumerated() {
            for row in Set([window.top, window.bottom]) {
                var start: Int?
                for column in window.left...window.right {
                    let isLine = column == window.right || BoxCharacters.isLine(grid.scalar(row, column))
                    if isLine, let begun = start {
                        let isTitle = row == window.top && window.titleColumn.map { (begun..<column).contains($0) } ?? false
                        if !isTitle { addForLegend(row: row, wordRanges(row: row, begun..<column), owner: index) }
                        start = nil
                    } else if !isLine && start == nil {
                        start = column
                    }
                }
            }
        }
    }

    /// Whether `columns` on `row` hold ` for ` (the word on its own): spans without it are not read
    /// word by word.
    private func holdsWordFor(row: Int, _ columns: Range<Int>) -> Bool {
        guard columns.count >= 7 else { return false }
        var column = columns.lowerBound + 1
        while column + 3 < columns.upperBound {
            if grid.scalar(row, column) == 0x66 && grid.scalar(row, column + 1) == 0x6F && grid.scalar(row, column + 2) == 0x72
                && grid.isBlank(row, column - 1) && grid.isBlank(row, column + 3) {
                return true
            }
            column += 1
        }
        return false
    }

    /// Records the phrase at `words` on `row` as a key hint when it is a `KEY for ACTION` legend.
    private mutating func addForLegend(row: Int, _ words: [Range<Int>], owner: Int) {
        guard words.count >= 3, grid.scalar(row, words[1].lowerBound) == 0x66, words[1].count == 3,
              let legend = ForLegendRecognition.legend(words.map { grid.text(row: row, $0)[...] }) else { return }
        let columns = words[0].lowerBound..<words[words.count - 1].upperBound
        let action = words[2].lowerBound..<(words[words.count - 1].upperBound - (grid.scalar(row, columns.upperBound - 1) == 0x5D ? 1 : 0))
        addOnRow(.keyHint, label: legend.action, row: row, columns: columns, owner: owner, keyName: legend.key, lookColumns: action)
    }
}
