/// Legends whose key is one letter drawn apart inside the action's word: ytree's `Attribute Copy
/// Delete` with `A`, `C`, `D` in white on cyan words, mtr's `Help   Display mode` with `H` and
/// `D` in bold, xwpe's `COpy`. A person reads the letter drawn apart as the key to press and the
/// phrase as what it does.
extension RecognitionWork {
    /// The fewest such legends on one stretch of a row that make it a legend bar: a word or two
    /// with a letter drawn apart are as often a hotkey in a dialog's text or a spelling mistake
    /// underlined.
    static let fewestLetterKeyedLegends = 3

    /// Legends keyed by a letter drawn apart, on free cells outside every window below the
    /// screen's top row (a menu bar's titles and a dialog's buttons draw their hotkeys so). On a
    /// stretch of a row, a word of letters only, drawn alike but for one of them, starts a
    /// legend (`R: running;`, a coloured state letter in prose, does not); the words after it one
    /// blank apart with no cell drawn apart go on its action; anything else ends it. Three
    /// legends or more on the stretch are a legend bar when nothing else stands between the first
    /// and the last (words before the first, a caption such as `Keys:`, stay text), their keys are
    /// drawn alike, their actions are drawn alike, and their keys are not all one letter: a search
    /// highlighted in prose (less's or vim's `/e`, `grep --color`) draws every match of the same
    /// letter apart.
    mutating func findLetterKeyedLegends() {
        guard grid.rows > 1 else { return }
        for row in 1..<grid.rows {
            for span in spans(row: row) where span.owner == -1 {
                let words = wordRanges(row: row, span.columns)
                guard words.count >= Self.fewestLetterKeyedLegends else { continue }
                var legends: [(phrase: Range<Int>, key: Int, body: Int)] = []
                var standsBetween = false
                var index = 0
                while index < words.count {
                    guard words[index].allSatisfy({ RecognitionGrid.isASCIILetter(grid.scalar(row, $0)) }),
                          let key = soleCellDrawnApart(row: row, words[index]) else {
                        // A word of the row's text after a legend: a legend after it is prose's.
                        if !legends.isEmpty { standsBetween = true }
                        index += 1
                        continue
                    }
                    if standsBetween {
                        legends = []
                        break
                    }
                    let body = words[index].lowerBound == key ? key + 1 : words[index].lowerBound
                    var last = index
                    while last + 1 < words.count, words[last + 1].lowerBound == words[last].upperBound + 1,
                          isDrawnAlike(row: row, words[last + 1], like: body) {
                        last += 1
                    }
                    legends.append((words[index].lowerBound..<words[last].upperBound, key, body))
                    index = last + 1
                }
                guard legends.count >= Self.fewestLetterKeyedLegends, isLegendBar(row: row, legends) else { continue }
                for legend in legends {
                    addOnRow(
                        .keyHint, label: grid.trimmedText(row: row, legend.phrase), row: row, columns: legend.phrase, owner: span.owner,
                        keyName: grid.text(row: row, legend.key..<(legend.key + 1)), lookColumns: legend.phrase)
                }
            }
        }
    }

    /// Whether legends found on a row read as a bar: their keys drawn alike, their actions drawn
    /// alike, and not every key the same letter (a search's matches).
    private func isLegendBar(row: Int, _ legends: [(phrase: Range<Int>, key: Int, body: Int)]) -> Bool {
        guard let first = legends.first else { return false }
        let firstKey = grid.scalar(row, first.key) | 0x20
        var isOneLetter = true
        for legend in legends {
            guard looksAlike(row: row, legend.key, first.key), looksAlike(row: row, legend.body, first.body) else { return false }
            if grid.scalar(row, legend.key) | 0x20 != firstKey { isOneLetter = false }
        }
        return !isOneLetter
    }

    /// Whether two cells are drawn the same: ink, shade, bold and underline.
    private func looksAlike(row: Int, _ one: Int, _ other: Int) -> Bool {
        grid.ink(row, one) == grid.ink(row, other) && grid.shade(row, one) == grid.shade(row, other)
            && grid.isBold(row, one) == grid.isBold(row, other) && grid.isUnderlined(row, one) == grid.isUnderlined(row, other)
    }

    /// The one cell of a word of two cells or more drawn unlike all its others, which are drawn
    /// alike; `nil` when there is none or more than one. Of two cells drawn unlike, the first.
    private func soleCellDrawnApart(row: Int, _ word: Range<Int>) -> Int? {
        guard word.count >= 2 else { return nil }
        var unlikeFirstCount = 0
        var firstUnlike = word.lowerBound
        for column in word where !looksAlike(row: row, column, word.lowerBound) {
            if unlikeFirstCount == 0 { firstUnlike = column }
            unlikeFirstCount += 1
        }
        if unlikeFirstCount == 1 { return word.count == 2 ? word.lowerBound : firstUnlike }
        // Every other cell unlike the first and alike among themselves: the first is the one apart.
        guard unlikeFirstCount == word.count - 1, isDrawnAlike(row: row, word.dropFirst(), like: word.lowerBound + 1) else { return nil }
        return word.lowerBound
    }

    /// Whether every cell of `word` is drawn as the cell at `column`.
    private func isDrawnAlike(row: Int, _ word: Range<Int>, like column: Int) -> Bool {
        word.allSatisfy { looksAlike(row: row, $0, column) }
    }
}
