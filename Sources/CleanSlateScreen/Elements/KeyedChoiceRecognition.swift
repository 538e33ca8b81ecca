/// Choices picked by the key written before each: `a) Human`, `b) Half-Elf`; `a - Hill Orc`;
/// ` 9) kiwi` over `10) lime` (bash's `select`, its numbers right-aligned); `A:   This overview`;
/// `1. Test Your Speed` (a numbered menu, typespeed's: a number, a period and a blank).
/// What a person sees is a column of short phrases, each after a key one step on from the key
/// above (`a`, `b`, `c`; `9`, `10`), the keys' ends lined up: a menu to pick from by its keys. The
/// row is named by its phrase; its key is its identifier. A long list may go on in the next
/// column, on the same rows, from the next key (crawl's species `a` to `i`, then `j` to `r`; bash's
/// `select` lays its list out down columns too): one list, one current row. One blank row may
/// come before a key (sc's help index leaves one before `Q:`).
///
/// Refused, as text: keys in no order or by mnemonic (nudoku's `h - Move left`, `j - Move down`
/// legend, htop's help `p: toggle program path`; rows naming things are read by
/// ``KeyedThingRecognition`` whatever their keys' order), fewer than three rows, a list that starts
/// anywhere but its first key (`a`, `A`, `0`, `1`) and continues no column, and steps written as
/// prose: a row of two words or more ending in a sentence's stop (`1) Unpack the archive.`; one
/// word with a stop, typespeed's `Story/Credits/RTFM!`, is a name, not a sentence), going on to a
/// line below (a paragraph's wrapped line starting under its text) or of more than eight words. A
/// list with no current row drawn apart is refused among paragraphs (a README's options in a
/// pager: the text describes them, nobody picks them there), when keyed `a - phrase` in fewer than
/// five rows (a legend of keys is written the same way, but takes its keys from its actions' words,
/// not from the alphabet in order: nethack's options `a - acoustics` to `A - lootabc` and
/// minicom's `A - Serial Device` to `N - ...` are lists), and when keyed `1. phrase` unless a prompt asking for the
/// choice follows it: the cursor on one of the next three rows, after text ending in `:`
/// (typespeed's `Choose:`, an installer's `Enter your choice:`). A numbered list in a document or
/// in a command's output is read, not picked.
enum KeyedChoiceRecognition {
    /// How a key is set apart from its phrase (the raw value orders lists found side by side).
    enum Mark: Int, Equatable {
        /// `a) Human`, ` 9) kiwi`.
        case parenthesis
        /// `A:   This overview`.
        case colon
        /// `a - Hill Orc`.
        case dash
        /// `1. Test Your Speed`: a number, a period, a blank (a numbered menu).
        case period
    }

    /// The most words a choice's phrase may have; a longer row reads as a sentence.
    static let mostWords = 8

    /// The fewest rows keyed `a - phrase` in unbroken order (`a`, `b`, `c`, `d`, `e`) that read as
    /// a list to pick from with no current row: a program hands letters out in order to the
    /// things it lists, while a legend takes its keys from its actions' words (`h - Move left`,
    /// `j - Move down`), which seldom run five letters of the alphabet in a row.
    static let fewestKeysHandedOutInOrder = 5

    /// The value of a key for telling whether it follows another: digits as their number,
    /// letters `a` to `z` then `A` to `Z` (the order menus running out of small letters go on in).
    static func order(of key: String) -> Int? {
        if let number = Int(key), key.allSatisfy(\.isASCII) { return number }
        guard key.count == 1, let scalar = key.unicodeScalars.first?.value else { return nil }
        switch scalar {
        case 0x61...0x7A: return 1000 + Int(scalar - 0x61)
        case 0x41...0x5A: return 1026 + Int(scalar - 0x41)
        default: return nil
        }
    }

    /// Whether a list may start at `key`: its first key (`a`, `A`, `0`, `1`).
    static func isFirstKey(_ key: String) -> Bool { ["a", "A", "0", "1"].contains(key) }

    /// Whether the words of a phrase are a record of values, not a choice's name: three or more of
    /// them are figures written with marks (`tmux list-windows`'s `0: editor (1 panes) [80x24]
    /// [layout b25d,80x24] @0`). A choice names a thing in words; a figure or two (`Save (2
    /// files)`, a network's `HomeNet (5GHz) [WPA2]`) are allowed.
    static func isRecord(_ words: [Substring]) -> Bool {
        words.filter { word in
            word.contains { $0.isASCII && $0.isNumber } && word.contains { $0.isASCII && ($0.isPunctuation || $0.isSymbol) && $0 != "-" }
        }.count >= 3
    }

    /// Whether `phrase` ends as a sentence does (`.`, `!`, `,`, `;`), an ellipsis (`Open...`) aside.
    static func endsAsSentence(_ phrase: String) -> Bool {
        guard let last = phrase.last, ".!,;".contains(last) else { return false }
        return !phrase.hasSuffix("...") && !phrase.hasSuffix("…")
    }
}

extension RecognitionWork {
    /// One keyed row: where its key, mark and phrase are.
    struct KeyedRow {
        var owner: Int
        var row: Int
        /// Where the key starts.
        var keyStart: Int
        /// The column just after the key: the keys of one list end at the same column.
        var keyEnd: Int
        var mark: KeyedChoiceRecognition.Mark
        var key: String
        var order: Int
        /// The phrase's columns.
        var phrase: Range<Int>
        /// Where the row's text ends: before the next keyed row on the same row, or the span's text.
        var end: Int
    }

    /// Menu items for rows picked by their keys (see ``KeyedChoiceRecognition``) on free cells.
    mutating func findKeyedChoices() {
        var byColumn: [[Int]: [KeyedRow]] = [:]
        for row in 0..<grid.rows where mayHoldKey(row: row) {
            for span in spans(row: row) {
                let found = keyedRows(row: row, span: span)
                for keyed in found {
                    byColumn[[keyed.owner, keyed.keyEnd, keyed.mark.rawValue], default: []].append(keyed)
                }
            }
        }
        guard !byColumn.isEmpty else { return }
        // Runs: rows one under another, each key one step on from the key above.
        var runs: [[KeyedRow]] = []
        for (_, rows) in byColumn.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            var run: [KeyedRow] = []
            for keyed in rows {
                if let last = run.last, keyed.row == last.row + 1 || keyed.row == last.row + 2 && isBlankBetween(last, keyed),
                   keyed.order == last.order + 1 || last.key == "z" && keyed.key == "A" {
                    run.append(keyed)
                    continue
                }
                if !run.isEmpty { runs.append(run) }
                run = [keyed]
            }
            if !run.isEmpty { runs.append(run) }
        }
        var listed = Set<[Int]>()
        for list in keyedLists(of: runs) where isChoiceList(list) {
            addKeyedChoices(list)
            for keyed in list { listed.insert([keyed.row, keyed.keyStart]) }
        }
        findKeyedThings(byColumn.values.flatMap { $0 }.filter { !listed.contains([$0.row, $0.keyStart]) })
    }

    /// Whether `row` holds a letter or digit then a mark (`)` or `:` then a blank or the row's end,
    /// ` - `, or a digit then `. `): a cheap look at the cells before the row's spans are read (most rows hold none:
    /// a time's `20:58` or a word's hyphen is no mark).
    func mayHoldKey(row: Int) -> Bool {
        let columns = grid.columns
        func isKey(_ scalar: UInt32) -> Bool { RecognitionGrid.isASCIIDigit(scalar) || RecognitionGrid.isASCIILetter(scalar) }
        return grid.scalars.withUnsafeBufferPointer { scalars in
            let base = row * columns
            for column in 1..<max(1, columns) {
                let mark = scalars[base + column]
                // One test for the four marks, `)` `-` `.` `:`, as bits counted from `)`: most
                // cells are none of them.
                let offset = mark &- 0x29
                guard offset <= 0x11, (0x2_0031 as UInt32) >> offset & 1 != 0 else { continue }
                let isLast = column + 1 == columns
                if mark == 0x29 || mark == 0x3A {
                    if (isLast || scalars[base + column + 1] == 0x20) && isKey(scalars[base + column - 1]) { return true }
                } else if mark == 0x2E, !isLast, scalars[base + column + 1] == 0x20, RecognitionGrid.isASCIIDigit(scalars[base + column - 1]) {
                    return true
                } else if mark == 0x2D, column >= 2, !isLast, scalars[base + column + 1] == 0x20, scalars[base + column - 1] == 0x20,
                          isKey(scalars[base + column - 2]) {
                    return true
                }
            }
            return false
        }
    }

    /// The keyed rows of `span` on `row`: a key (a letter, or one or two digits) after a blank or
    /// at the span's start, its mark, then a phrase holding a letter, up to a gap of two blanks.
    private func keyedRows(row: Int, span: Span) -> [KeyedRow] {
        var result: [KeyedRow] = []
        let columns = span.columns
        var column = columns.lowerBound
        while column < columns.upperBound {
            defer { column += 1 }
            guard column == columns.lowerBound || grid.isBlank(row, column - 1) else { continue }
            var keyEnd = column
            while keyEnd < columns.upperBound && keyEnd - column < 2 && RecognitionGrid.isASCIIDigit(grid.scalar(row, keyEnd)) { keyEnd += 1 }
            if keyEnd == column && RecognitionGrid.isASCIILetter(grid.scalar(row, column)) { keyEnd = column + 1 }
            guard keyEnd > column, let (mark, phraseSearch) = mark(row: row, after: keyEnd, within: columns) else { continue }
            var phraseStart = phraseSearch
            while phraseStart < columns.upperBound && phraseStart - phraseSearch < 4 && grid.isBlank(row, phraseStart) { phraseStart += 1 }
            guard phraseStart < columns.upperBound, !grid.isBlank(row, phraseStart) else { continue }
            let phraseEnd = endOfFirstWords(row: row, phraseStart..<columns.upperBound)
            let key = grid.text(row: row, column..<keyEnd)
            guard let order = KeyedChoiceRecognition.order(of: key),
                  (phraseStart..<phraseEnd).contains(where: { Unicode.Scalar(grid.scalar(row, $0))?.properties.isAlphabetic == true })
            else { continue }
            if var previous = result.popLast() {
                previous.end = textEnd(row: row, previous.phrase.upperBound..<column)
                result.append(previous)
            }
            result.append(KeyedRow(
                owner: span.owner, row: row, keyStart: column, keyEnd: keyEnd, mark: mark, key: key, order: order,
                phrase: phraseStart..<phraseEnd, end: textEnd(row: row, phraseEnd..<columns.upperBound)))
            column = phraseEnd - 1
        }
        return result
    }

    /// The mark right after a key ending at `keyEnd` (`)` or `:` then a blank, ` - `, or `.` then
    /// a blank after a number), and where the phrase may start.
    func mark(row: Int, after keyEnd: Int, within columns: Range<Int>) -> (KeyedChoiceRecognition.Mark, Int)? {
        func scalar(_ column: Int) -> UInt32? { column < columns.upperBound ? grid.scalar(row, column) : nil }
        switch scalar(keyEnd) {
        case 0x29 where scalar(keyEnd + 1) == 0x20: return (.parenthesis, keyEnd + 1)
        case 0x3A where scalar(keyEnd + 1) == 0x20: return (.colon, keyEnd + 1)
        case 0x20 where scalar(keyEnd + 1) == 0x2D && scalar(keyEnd + 2) == 0x20: return (.dash, keyEnd + 2)
        case 0x2E where scalar(keyEnd + 1) == 0x20 && RecognitionGrid.isASCIIDigit(grid.scalar(row, keyEnd - 1)): return (.period, keyEnd + 1)
        default: return nil
        }
    }


    /// The lists `runs` make: a run starting at a first key, with the runs that go on from it in a
    /// column to its right, from its first row, from the key after its last (one after another).
    /// A run that starts elsewhere and goes on from none is no list.
    private func keyedLists(of runs: [[KeyedRow]]) -> [[KeyedRow]] {
        var lists: [[KeyedRow]] = []
        var used = Set<Int>()
        for (index, run) in runs.enumerated() where KeyedChoiceRecognition.isFirstKey(run[0].key) && !used.contains(index) {
            used.insert(index)
            var list = run
            var last = run
            while let next = runs.indices.first(where: { candidate in
                let first = runs[candidate][0]
                return !used.contains(candidate) && first.owner == last[0].owner && first.row == last[0].row
                    && first.mark == last[0].mark && first.keyStart > last[0].keyEnd
                    && (first.order == last[last.count - 1].order + 1 || last[last.count - 1].key == "z" && first.key == "A")
            }) {
                used.insert(next)
                list += runs[next]
                last = runs[next]
            }
            lists.append(list)
        }
        return lists
    }

    /// Whether `list` reads as choices, not as prose or a legend (see ``KeyedChoiceRecognition``).
    private func isChoiceList(_ list: [KeyedRow]) -> Bool {
        guard list.count >= 3, arePhrasesNames(list, mostWords: KeyedChoiceRecognition.mostWords) else { return false }
        if list[0].mark == .period && chosenRow(of: list) == nil && !isFollowedByChoicePrompt(list) { return false }
        // With no current row, the keys are what a person picks by: a list among paragraphs is
        // steps or options a text describes (a README in a pager), and a short `a - phrase` list
        // a legend; keys handed out in order down a long list are a list's (nethack's options).
        guard chosenRow(of: list) == nil else { return true }
        let isLegendLike = list[0].mark == .dash && list.count < KeyedChoiceRecognition.fewestKeysHandedOutInOrder
        return !isLegendLike && !holdsParagraph(owner: list[0].owner, besides: list)
    }

    /// Whether every phrase of `list` reads as a name, not prose: no sentence of two words or
    /// more, no caption (a first word ending in a colon: `ip -o link`'s `1: lo: <LOOPBACK,UP>`),
    /// no record of values, no line wrapped on to the row below, and at most `mostWords` words.
    func arePhrasesNames(_ list: [KeyedRow], mostWords: Int) -> Bool {
        let rows = Set(list.map { [$0.row, $0.keyEnd] })
        for keyed in list {
            let phrase = grid.text(row: keyed.row, keyed.phrase)
            let words = phrase.split(separator: " ")
            if words.count >= 2 && KeyedChoiceRecognition.endsAsSentence(phrase) { return false }
            guard words.count <= mostWords, words.first?.hasSuffix(":") != true, !KeyedChoiceRecognition.isRecord(words) else { return false }
            // A wrapped line: text starting under the phrase on the row below, blank under the key.
            let below = keyed.row + 1
            if below < grid.rows, !rows.contains([below, keyed.keyEnd]), !grid.isBlank(below, keyed.phrase.lowerBound),
               (keyed.keyStart..<keyed.phrase.lowerBound).allSatisfy({ grid.isBlank(below, $0) }) {
                return false
            }
        }
        return true
    }

    /// Whether the cursor stands on one of the three rows under `list`'s last row, after text ending
    /// in `:` and blanks: a prompt asking which entry to pick (typespeed's `Choose:` under its
    /// numbered menu).
    private func isFollowedByChoicePrompt(_ list: [KeyedRow]) -> Bool {
        let cursor = grid.cursor
        guard grid.isCursorVisible, let last = list.last, cursor.row > last.row, cursor.row <= last.row + 3,
              cursor.row < grid.rows, cursor.column <= grid.columns,
              let mark = (0..<cursor.column).last(where: { !grid.isBlank(cursor.row, $0) })
        else { return false }
        return grid.scalar(cursor.row, mark) == 0x3A
    }

    /// Whether the row between `upper` and `lower` (two rows apart) is blank from `upper`'s key to
    /// the end of its phrase: a list may leave a blank row before its last entry (sc's `Q:`).
    private func isBlankBetween(_ upper: KeyedRow, _ lower: KeyedRow) -> Bool {
        (upper.keyStart..<upper.phrase.upperBound).allSatisfy { grid.isBlank(upper.row + 1, $0) }
    }

    /// Whether two rows one under the other in `owner`, none of them a row of `list`, each hold a
    /// phrase of eight words or more one blank apart: a paragraph of prose.
    private func holdsParagraph(owner: Int, besides list: [KeyedRow]) -> Bool {
        let listed = Set(list.map(\.row))
        var previousIsProse = false
        for row in 0..<grid.rows {
            let isProse = !listed.contains(row) && longestPhrase(row: row, owner: owner) >= KeyedChoiceRecognition.mostWords
            if isProse && previousIsProse { return true }
            previousIsProse = isProse
        }
        return false
    }

    /// The most words on `row` inside `owner` written one blank apart.
    private func longestPhrase(row: Int, owner: Int) -> Int {
        var longest = 0, words = 0, blanks = 0
        for column in 0..<grid.columns {
            let isText = Int(owners[grid.index(row, column)]) == owner && !isGap(row, column)
            if isText {
                if blanks > 1 { words = 0 }
                if blanks > 0 || words == 0 { words += 1 }
                blanks = 0
                longest = max(longest, words)
            } else {
                blanks += 1
            }
        }
        return longest
    }

    /// The current row of `list`: the one drawn apart (see ``Highlighting``), or the only one in
    /// a colour of its own. Rows keyed `a - phrase` need one drawn apart: a screen with no key mark
    /// (`)`, `:`) is read only by the rules that need shades (``ElementRecognizer``), and a colour
    /// of the letters is no shade.
    func chosenRow(of list: [KeyedRow]) -> Int? {
        let looks = list.map { ElementLook(grid: grid, row: $0.row, label: $0.phrase) }
        if let drawnApart = Highlighting.highlighted(looks, ground: ground(of: list[0].owner)) { return drawnApart }
        guard list[0].mark != .dash else { return nil }
        return Highlighting.onlyOneInAStyleOfItsOwn(list.map { grid.style($0.row, $0.phrase.lowerBound) })
    }

    /// Adds the rows of `list` as menu items named by their phrases, the key as identifier; a value
    /// every row has after its phrase at the same column (angband's options `: no`), or the rest of
    /// a row drawn apart on past its phrase, is the detail.
    mutating func addKeyedChoices(_ list: [KeyedRow]) {
        let chosen = chosenRow(of: list)
        let detailStarts = list.map { keyed -> Int? in
            let start = (keyed.phrase.upperBound..<keyed.end).first { !grid.isBlank(keyed.row, $0) }
            return start
        }
        let hasDetails = detailStarts.allSatisfy { $0 != nil && $0 == detailStarts[0] }
        let ground = ground(of: list[0].owner)
        for (index, keyed) in list.enumerated() {
            // A row drawn apart on past its phrase (the current row's bar) keeps its rest too:
            // left behind, it would read as a current row of its own.
            let isDrawnOn = detailStarts[index].map { start in
                (keyed.phrase.upperBound..<start).allSatisfy { grid.shade(keyed.row, $0) != ground }
                    && grid.shade(keyed.row, start) == grid.shade(keyed.row, keyed.phrase.lowerBound)
            } ?? false
            let hasDetail = hasDetails || isDrawnOn
            let end = hasDetail ? keyed.end : keyed.phrase.upperBound
            add(
                ScreenElement(
                    kind: .menuItem, label: grid.trimmedText(row: keyed.row, keyed.phrase),
                    frame: ScreenRectangle(row: keyed.row, column: keyed.keyStart, height: 1, width: end - keyed.keyStart),
                    isHighlighted: index == chosen, style: grid.style(keyed.row, keyed.phrase.lowerBound),
                    detail: hasDetail ? grid.trimmedText(row: keyed.row, keyed.phrase.upperBound..<keyed.end) : nil,
                    identifier: keyed.key),
                owner: keyed.owner)
        }
    }
}
