/// Key legends: `^X Exit` (nano, key drawn inverse), `F10Quit` and mc's `10Quit` (number plain,
/// action on a coloured bar), htop's `F1Help`, `M-U Undo`, `q:quit`, `Enter: confirm`.
enum KeyHintRecognition {
    /// The most cells a key written on its own takes: `Shift-Tab` long. Longer runs are words.
    static let longestKeyName = 9

    /// Named keys a legend may write before a colon.
    static let namedKeys: Set<String> = [
        "Enter", "Return", "Esc", "Escape", "Tab", "Space", "Backspace", "Del", "Delete", "Ins", "Insert",
        "Home", "End", "PgUp", "PgDn", "PageUp", "PageDown", "Up", "Down", "Left", "Right", "RET", "SPC",
    ]

    /// Words that join clauses in a sentence: one after a legend's action (`q:quit or ?:help`)
    /// is prose around legends, not part of the action.
    static let joiningWords: Set<String> = ["or", "and", "to", "then", "for", "if", "with"]

    /// Words that list keys in a sentence: one after a key (`SPACE or ^V or f`) makes it one of
    /// several keys named in prose, not a legend's key.
    static let listingWords: Set<String> = ["or", "and"]

    /// A modifier written out by name and joined to the key it holds down (`Alt+F9`, `Ctrl-X`,
    /// `Shift-F3`); Escape pressed before a key is the terminal's meta (xwpe's `ESC-X`).
    static let modifierPrefixes = ["Ctrl-", "Ctrl+", "Alt-", "Alt+", "Shift-", "Shift+", "ESC-", "Esc-"]

    /// Whether `word` is a key written with its modifier by name (``modifierPrefixes``) and
    /// nothing else: the modifier, then one character, a function key or a named key (`Alt+X`,
    /// `ESC-F3`, `Ctrl-Enter`; not visidata's `Shift+C›`, a command's name and a mark).
    static func isModifierNamedKey(_ word: Substring) -> Bool {
        guard let prefix = modifierPrefixes.first(where: { word.hasPrefix($0) }) else { return false }
        let name = word.dropFirst(prefix.count)
        if name.count == 1, let character = name.first { return character.isASCII && !character.isWhitespace }
        if name.first == "F", functionKeyNumber(name.dropFirst()) != nil { return true }
        return namedKeys.contains(String(name))
    }

    /// ``namedKeys`` in lower case.
    static let lowercasedNamedKeys = Set(namedKeys.map { $0.lowercased() })

    /// The key `text` names when written as a key on its own (`^X`, `M-U`, `F10`, mc's `10`, which is F10),
    /// or `nil`. Bare numbers count only when `allowsNumbers` (a legend told apart by its colours).
    static func key(_ text: Substring, allowsNumbers: Bool) -> String? {
        let characters = Array(text)
        if characters.count == 2 && characters[0] == "^" && characters[1] != " " { return String(text) }
        if characters.count == 3 && characters[0] == "M" && characters[1] == "-" && characters[2] != " " { return String(text) }
        if let number = functionKeyNumber(text.dropFirst()), characters.first == "F" { return "F\(number)" }
        if allowsNumbers, let number = functionKeyNumber(text) { return "F\(number)" }
        for prefix in modifierPrefixes + ["C-"] where text.hasPrefix(prefix) && text.count > prefix.count {
            return String(text)
        }
        // As listed, or all in capitals (newsboat writes `ENTER:Open`); a word of prose in lower
        // case (`tab`, `end`) is no key.
        if namedKeys.contains(String(text)) || text.allSatisfy(\.isUppercase) && lowercasedNamedKeys.contains(text.lowercased()) {
            return String(text)
        }
        return nil
    }

    /// The key a word names in angle brackets (`<Enter>`, `<ESC>`, `<F1>`, `<r>`: a key name or one
    /// letter or digit), or `nil`: powertop's `<ESC> Exit | <Enter> Toggle tunable`.
    static func bracketedKey(_ word: Substring) -> String? {
        guard word.count >= 3, word.first == "<", word.last == ">" else { return nil }
        let name = word.dropFirst().dropLast()
        if name.count == 1, let character = name.first, character.isASCII, character.isLetter || character.isNumber { return String(name) }
        return key(name, allowsNumbers: false)
    }

    /// The first key of keys written as a list before one action, parted by `,` or `/` (moon-buggy's
    /// `y,RET:start game`, `j/k:move`), each a letter, a digit, a mark or a key name; `nil` for
    /// anything else (a word, a figure, a path).
    static func firstOfKeyList(_ name: Substring) -> String? {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false).flatMap { $0.split(separator: "/", omittingEmptySubsequences: false) }
        guard parts.count >= 2 else { return nil }
        for part in parts {
            let isCharacter = part.count == 1 && part.first.map { $0.isASCII && !$0.isWhitespace } ?? false
            guard isCharacter || key(part, allowsNumbers: false) != nil else { return nil }
        }
        return String(parts[0])
    }

    /// `text` as a function key's number, 1 to 24.
    static func functionKeyNumber(_ text: Substring) -> Int? {
        guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let number = Int(text), (1...24).contains(number) else { return nil }
        return number
    }

    /// The key of a written legend word: `q:quit`, `Enter:`, `-:PrevPg`, `<Space>:NextPg` give their
    /// key and what follows the colon; `/=search` and `[delete]=history` (a mark or a bracketed
    /// name before `=`) too; `H)elp` gives `H` and `elp`, the key's letter being the action's
    /// first (`prefix`); `^X`, `M-U` and `F2` give their key and no action (it is the next word);
    /// `F10Quit` gives `F10` and `Quit`; a key with its modifier by name (`Alt+F9`, `ESC-X`)
    /// gives the key and no action. `isLegendOnly`: the form is written only in legends
    /// (`H)elp`, `/=search`), never in a sentence, so lower-case words after it are its action too.
    static func writtenKey(_ word: Substring) -> (key: String, rest: Substring, prefix: String, isLegendOnly: Bool)? {
        let characters = Array(word)
        if characters.count >= 3, characters[1] == ")", characters[0].isASCII, characters[0].isUppercase, characters[2].isLetter {
            return (String(characters[0]), word.dropFirst(2), String(characters[0]), true)
        }
        if let equals = word.firstIndex(of: "="), equals != word.startIndex {
            let name = word[..<equals]
            let rest = word[word.index(after: equals)...]
            guard rest.first?.isLetter ?? false else { return nil }
            if name.count == 1, let mark = name.first, mark.isASCII, mark.isPunctuation || mark.isSymbol { return (String(name), rest, "", true) }
            if name.count >= 3, name.first == "[", name.last == "]" { return (String(name.dropFirst().dropLast()), rest, "", true) }
            return nil
        }
        if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
            let name = word[..<colon]
            let rest = word[word.index(after: colon)...]
            // Keys or quotes written into what follows make it a command to type (cgdb's
            // `<ESC>:help<Enter>`, vim's `":q<Enter>"`, `":set`), not an action; a quotation mark
            // before the colon opens a quotation.
            if rest.contains(where: { "<>\"".contains($0) }) || name.first == "\"" || name.first == "'" { return nil }
            if name.count == 1, let scalar = name.unicodeScalars.first, scalar.isASCII, scalar.properties.isAlphabetic || "?/".contains(name) {
                return (String(name), rest, "", false)
            }
            // A mark (`-:PrevPg`) or a key named in angle brackets (`<Space>:NextPg`) needs its action glued.
            let isMark = name.count == 1 && name.first.map { $0.isASCII && ($0.isPunctuation || $0.isSymbol) } ?? false
            let isBracketedName = name.count >= 3 && name.first == "<" && name.last == ">"
            if isMark || isBracketedName, rest.first?.isLetter ?? false { return (String(isBracketedName ? name.dropFirst().dropLast() : name), rest, "", false) }
            if let key = key(name, allowsNumbers: false) { return (key, rest, "", false) }
            if let first = firstOfKeyList(name), rest.first?.isLetter ?? false { return (first, rest, "", false) }
            return nil
        }
        if let key = key(word, allowsNumbers: false), word.hasPrefix("^") || word.hasPrefix("M-") || word.hasPrefix("F") || isModifierNamedKey(word) {
            return (key, "", "", false)
        }
        if let name = bracketedKey(word) { return (name, "", "", false) }
        if word.first == "F" {
            let digits = word.dropFirst().prefix { $0.isASCII && $0.isNumber }
            let rest = word.dropFirst(1 + digits.count)
            if let number = functionKeyNumber(digits), let letter = rest.first, letter.isLetter { return ("F\(number)", rest, "", false) }
        }
        return nil
    }
}

extension RecognitionWork {
    /// Legends told apart by colour: a run of one shade holding only a key (`^G`, `F1`, `10`),
    /// followed at once by a run of another shade holding the action, which starts with a letter. A key of one letter or
    /// digit, a blank after it (nano's ` Y Yes` and ` N No` under `Save modified buffer?`), is
    /// one only in a legend bar: with a legend of a longer key on its row or a row next to it
    /// (nano's `^C Cancel`), as a letter drawn apart alone is often just a hotkey.
    mutating func findStyledKeyHints() {
        var rowsWithLegends: [Bool] = Array(repeating: false, count: grid.rows)
        var letterKeys: [(row: Int, columns: Range<Int>, action: Range<Int>, owner: Int, key: String)] = []
        for row in 0..<grid.rows {
            // A key and its action are two runs of shades: a span of one shade holds none.
            for span in spans(row: row) where !takesShortcuts || !grid.isOneShade(row: row, span.columns) {
                let runs = grid.shadeRuns(row: row, span.columns)
                var index = 0
                while index + 1 < runs.count {
                    let keyRun = runs[index]
                    // A key is at most `Shift-Tab` long: longer runs are not read as text.
                    guard textEnd(row: row, keyRun) - firstLetter(row: row, keyRun) <= KeyHintRecognition.longestKeyName else {
                        index += 1
                        continue
                    }
                    let actionStart = runs[index + 1].lowerBound + (grid.isBlank(row, runs[index + 1].lowerBound) ? 1 : 0)
                    // The cells are checked first: the key's text is built only for a run that can be one.
                    guard !grid.isBlank(row, keyRun.upperBound - 1), actionStart < runs[index + 1].upperBound,
                          !grid.isBlank(row, actionStart), Self.isLetter(grid.scalar(row, actionStart)) else {
                        index += 1
                        continue
                    }
                    let keyText = grid.trimmedText(row: row, keyRun)
                    if let key = KeyHintRecognition.key(keyText[...], allowsNumbers: true) {
                        let actionEnd = endOfAction(row: row, actionStart..<runs[index + 1].upperBound)
                        let keyStart = firstLetter(row: row, keyRun)
                        rowsWithLegends[row] = true
                        addOnRow(
                            .keyHint, label: grid.trimmedText(row: row, actionStart..<actionEnd), row: row, columns: keyStart..<actionEnd,
                            owner: span.owner, keyName: key, lookColumns: actionStart..<actionEnd)
                        index += 2
                    } else if keyText.count == 1, let letter = keyText.unicodeScalars.first, letter.isASCII,
                              letter.properties.isAlphabetic || ("0"..."9").contains(letter) || letter == "?",
                              actionStart > runs[index + 1].lowerBound {
                        let actionEnd = endOfAction(row: row, actionStart..<runs[index + 1].upperBound)
                        letterKeys.append((row, firstLetter(row: row, keyRun)..<actionEnd, actionStart..<actionEnd, span.owner, keyText))
                        index += 2
                    } else {
                        index += 1
                    }
                }
            }
        }
        // Three or more such letters with their actions on a row and the rows next to it are a
        // legend bar of their own (alpine's `? Help  P PrevCmd  R RelNotes` over `O OTHER CMDS`).
        func isNearby(_ other: (row: Int, columns: Range<Int>, action: Range<Int>, owner: Int, key: String), _ row: Int) -> Bool {
            abs(other.row - row) <= 1
        }
        for hint in letterKeys where (max(0, hint.row - 1)...min(grid.rows - 1, hint.row + 1)).contains(where: { rowsWithLegends[$0] })
            || letterKeys.filter({ isNearby($0, hint.row) && $0.owner == hint.owner }).count >= 3 {
            addOnRow(
                .keyHint, label: grid.trimmedText(row: hint.row, hint.action), row: hint.row, columns: hint.columns,
                owner: hint.owner, keyName: hint.key, lookColumns: hint.action)
        }
    }

    /// The end of a legend's action starting `columns`: its first words (to a gap of two blanks),
    /// ended before a separator standing as a word of its own (hnb's `ESC menu | F2 save`: the
    /// `|` parts legends, it is no part of `menu`; htop's `F7Nice -` keeps its `-`).
    private func endOfAction(row: Int, _ columns: Range<Int>) -> Int {
        let end = endOfFirstWords(row: row, columns)
        var actionEnd = columns.lowerBound
        for word in wordRanges(row: row, columns.lowerBound..<end) {
            if word.count == 1 && Self.isSeparatorMark(grid.scalar(row, word.lowerBound)) { break }
            actionEnd = word.upperBound
        }
        return actionEnd > columns.lowerBound ? actionEnd : end
    }

    /// Whether `scalar` is a mark that parts items of a row: `|` `¦` `·` `•` (a line, `│`, ends
    /// the first words already).
    private static func isSeparatorMark(_ scalar: UInt32) -> Bool {
        scalar == 0x7C || scalar == 0xA6 || scalar == 0xB7 || scalar == 0x2022
    }

    /// Whether `scalar` opens or closes a quotation: `'`, `"`, `‘`, `’`, `“`, `”`.
    private static func isQuotationMark(_ scalar: UInt32) -> Bool {
        scalar == 0x27 || scalar == 0x22 || (0x2018...0x201D).contains(scalar)
    }

    /// Whether `scalar` is a capital letter.
    private static func isCapital(_ scalar: UInt32) -> Bool {
        Unicode.Scalar(scalar)?.properties.isUppercase ?? false
    }

    /// Whether `scalar` is a letter: an action is a word (`Help`, `Quit`); a date's `21:04`, split
    /// by a shadow after `21`, is no legend.
    static func isLetter(_ scalar: UInt32) -> Bool {
        Unicode.Scalar(scalar)?.properties.isAlphabetic ?? false
    }

    /// Legends written in plain text: `q:quit`, `Enter: confirm`, `^X Exit`, `M-U Undo`, `F10Quit`.
    /// An action glued to its key is the rest of that word; one written after the key runs to a
    /// gap of two blanks or to the next legend.
    mutating func findWrittenKeyHints() {
        var legends: [WrittenLegend] = []
        var inkedLegends: [WrittenLegend] = []
        for row in 0..<grid.rows {
            for span in spans(row: row) where !takesShortcuts || mayHoldWrittenLegend(row: row, span.columns) {
                let words = wordRanges(row: row, span.columns)
                // The key a word writes, its text built only for words that can be one.
                func writtenKey(_ index: Int) -> (key: String, rest: Substring, prefix: String, isLegendOnly: Bool)? {
                    guard mayStartKey(row: row, words[index]) else { return nil }
                    let text = grid.text(row: row, words[index])
                    return KeyHintRecognition.writtenKey(text[...])
                }
                // Several keys on the span are a run of legends (moon-buggy's `q:quit c:show
                // copyright w:show warranty`): the words between two of them are the first one's
                // action. Worked out only when an action meets a lower-case word.
                var runOfLegends: Bool?
                func isRunOfLegends() -> Bool {
                    if let known = runOfLegends { return known }
                    var found = 0
                    for index in words.indices where writtenKey(index) != nil {
                        found += 1
                        if found == 2 { break }
                    }
                    runOfLegends = found == 2
                    return found == 2
                }
                // A word that is no key, starts with a letter and ends in a colon before a blank is
                // a caption (info's `File: coreutils.info,  Node: Top,  Up: (dir)`): on a stretch
                // holding one, a key name before a colon and a blank (`Up:`) is one more caption,
                // its value no action. Legends glued to their key (`q:Quit`) stay legends. Worked
                // out only for such a legend.
                func holdsCaption() -> Bool {
                    words.indices.contains { index in
                        words[index].count >= 2 && grid.scalar(row, words[index].upperBound - 1) == 0x3A
                            && Self.isLetter(grid.scalar(row, words[index].lowerBound)) && writtenKey(index) == nil
                    }
                }
                var index = 0
                // Whether the phrase being read (words over single blanks) has a caption in it, a
                // word that is no key ending in a colon (`Process state:`): the legends written
                // after it in the phrase are values it explains (`R: running; S: sleeping`), prose.
                var isCaptioned = false
                while index < words.count {
                    if index > 0 && words[index].lowerBound > words[index - 1].upperBound + 1 { isCaptioned = false }
                    guard let (key, rest, prefix, isLegendOnly) = writtenKey(index) else {
                        if grid.scalar(row, words[index].upperBound - 1) == 0x3A { isCaptioned = true }
                        if let inked = inkedLegend(row: row, words: words, index) {
                            inkedLegends.append(WrittenLegend(
                                row: row, columns: words[index].lowerBound..<inked.action.upperBound, action: inked.action, owner: span.owner,
                                key: inked.key, prefix: ""))
                            index = inked.lastWord + 1
                            continue
                        }
                        index += 1
                        continue
                    }
                    var last = index
                    var actionStart: Int? = rest.isEmpty ? nil : words[index].upperBound - rest.count
                    // An action glued to its key (`q:quit`, `F10Quit`) is that word's rest, and the
                    // capitalised words after it over single blanks (`?:View Help`), or in a run of
                    // legends any words up to a word joining clauses (`c:show copyright`, not the
                    // `or` of `q:quit or ?:help`); one written after it (`^X Exit`, `^O Write Out`)
                    // or in a form only legends use (`M)ain screen`) runs over single blanks.
                    // Either stops at the next legend.
                    let isGlued = actionStart != nil && !isLegendOnly
                    func continuesGluedAction(_ next: Range<Int>) -> Bool {
                        Self.isCapital(grid.scalar(row, next.lowerBound))
                            || isRunOfLegends() && !KeyHintRecognition.joiningWords.contains(grid.text(row: row, next))
                    }
                    while last + 1 < words.count, words[last + 1].lowerBound == words[last].upperBound + 1, writtenKey(last + 1) == nil,
                          !isGlued || continuesGluedAction(words[last + 1]), !isMarksOnly(row: row, words[last + 1]) {
                        last += 1
                        if actionStart == nil { actionStart = words[last].lowerBound }
                    }
                    guard let start = actionStart else {
                        index += 1
                        continue
                    }
                    // Single characters written after a key (screen's help, `^B b`: `^B` or `b`) are
                    // more keys for the same command, not what it does: an action is a word.
                    let isMoreKeys = rest.isEmpty && last > index && words[(index + 1)...last].allSatisfy { $0.count == 1 }
                    // A key in angle brackets with a lower-case word after it is named inside a
                    // sentence (aerc's `use <Ctrl+q> to exit`, `Press <Tab> and <Shift+Tab>`);
                    // its legends write the action capitalised (powertop's `<Enter> Toggle tunable`).
                    let isNamedInSentence = rest.isEmpty && grid.scalar(row, words[index].lowerBound) == 0x3C
                        && grid.scalar(row, words[index].upperBound - 1) == 0x3E && !Self.isCapital(grid.scalar(row, start))
                    let isCaption = rest.isEmpty && grid.scalar(row, words[index].upperBound - 1) == 0x3A && holdsCaption()
                    // A key followed by `or` or `and` is one of keys listed in a sentence (man
                    // less's `SPACE or ^V or f or ^F`), no legend.
                    let isListedKey = rest.isEmpty && last > index && KeyHintRecognition.listingWords.contains(grid.text(row: row, words[index + 1]))
                    // A key with its modifier written out, alone before its action, starts its
                    // legend's phrase: after a word one blank before it (joe's `Type Ctrl-K Q to
                    // exit`, less's `ample ESC-v means`) it is named in a sentence. A legend
                    // listed after a comma (`Alt-g: bindings, Ctrl-g: help`) starts a phrase too.
                    func followsAWord() -> Bool {
                        guard index > 0, words[index].lowerBound == words[index - 1].upperBound + 1 else { return false }
                        let before = grid.scalar(row, words[index - 1].upperBound - 1)
                        return before != 0x2C && before != 0x3B && !isMarksOnly(row: row, words[index - 1])
                    }
                    let isModifierNamed = rest.isEmpty && grid.text(row: row, words[index]) == key && KeyHintRecognition.isModifierNamedKey(key[...])
                    // `Ctrl+H for help` is a key and what it is for (``findForLegends()``'s), its
                    // action no `for help`.
                    let joinsAClause = isModifierNamed && last > index && KeyHintRecognition.joiningWords.contains(grid.text(row: row, words[index + 1]))
                    let isNamedAfterAWord = isModifierNamed && (followsAWord() || joinsAClause)
                    // An action opening a quotation (apt's `N: Ignoring file 'x.list' in directory
                    // '/etc/apt'`) reports a message: a legend names what its key does plainly
                    // (an apostrophe inside a word, `Don't save`, opens none).
                    let opensQuotation = words[index...last].dropFirst().contains { Self.isQuotationMark(grid.scalar(row, $0.lowerBound)) }
                        || Self.isQuotationMark(grid.scalar(row, start))
                    // An action written after its key that starts in lower case and ends in a full
                    // stop is a clause of a sentence (less's help: `thus ^K is ctrl-K.`); a legend's
                    // abbreviation (`View Attachm.`) is capitalised.
                    let actionEnd = words[last].upperBound
                    let endsClause = rest.isEmpty && !Self.isCapital(grid.scalar(row, start)) && grid.scalar(row, actionEnd - 1) == 0x2E
                        && (actionEnd - start < 2 || grid.scalar(row, actionEnd - 2) != 0x2E)
                    guard !isMoreKeys && !isNamedInSentence && !isCaption && !opensQuotation && !endsClause && !isListedKey && !isNamedAfterAWord else {
                        index = last + 1
                        continue
                    }
                    var end = words[last].upperBound
                    // A comma or semicolon parts legends written as a list (`Alt-g: bindings, Ctrl-g: help`).
                    if end - 1 > start, grid.scalar(row, end - 1) == 0x2C || grid.scalar(row, end - 1) == 0x3B { end -= 1 }
                    if !isCaptioned {
                        legends.append(WrittenLegend(
                            row: row, columns: words[index].lowerBound..<end, action: start..<end, owner: span.owner, key: key, prefix: prefix))
                    }
                    index = last + 1
                }
            }
        }
        // Keys told apart by their colour alone are legends in a legend bar, side by side: another
        // on the row, and three or more with the rows next to it, or a written legend on the row
        // (calcurse's `? Help  s Save  TAB Chg Win  ^P Prv View`). One such word alone is often
        // just a coloured word, and one per row down a column an editor's line numbers.
        let written = legends
        for legend in inkedLegends {
            let beside = inkedLegends.filter { $0.row == legend.row && $0.owner == legend.owner }.count
            let near = inkedLegends.filter { abs($0.row - legend.row) <= 1 && $0.owner == legend.owner }.count
            if beside >= 2 && near >= 3 || written.contains(where: { $0.row == legend.row && $0.owner == legend.owner }) {
                legends.append(legend)
            }
        }
        let tableLegends = keyTableLegends(legends)
        for (index, legend) in legends.enumerated() where !tableLegends.contains(index) {
            addOnRow(
                .keyHint, label: legend.prefix + grid.trimmedText(row: legend.row, legend.action), row: legend.row,
                columns: legend.columns, owner: legend.owner, keyName: legend.key, lookColumns: legend.action)
        }
    }

    /// A key told apart from its action by its colour alone (calcurse's red `?`, `s`, `TAB` before
    /// `Help`, `Save`, `Chg Win` in the ground's colour): the word at `index` starts a phrase (the
    /// first word, or two blanks or more after the one before: in code drawn in colours, `x = i if
    /// i else 0`, a name and a keyword are one blank apart), is a key of one
    /// letter, digit, `?` or `/`, or a key name (`TAB`), drawn all in one colour, and after one
    /// blank comes a word starting with a letter in another colour; the action runs over single
    /// blanks while words start in that colour. Gives the key, the action's columns and the
    /// index of its last word.
    private func inkedLegend(row: Int, words: [Range<Int>], _ index: Int) -> (key: String, action: Range<Int>, lastWord: Int)? {
        let word = words[index]
        guard word.count <= KeyHintRecognition.longestKeyName, index + 1 < words.count, words[index + 1].lowerBound == word.upperBound + 1,
              index == 0 || word.lowerBound > words[index - 1].upperBound + 1 else { return nil }
        let keyInk = grid.ink(row, word.lowerBound)
        let actionInk = grid.ink(row, words[index + 1].lowerBound)
        guard actionInk != keyInk, word.allSatisfy({ grid.ink(row, $0) == keyInk }), Self.isLetter(grid.scalar(row, words[index + 1].lowerBound)) else {
            return nil
        }
        let text = grid.text(row: row, word)
        let isOneCharacterKey = text.count == 1 && text.unicodeScalars.first.map { $0.isASCII && ($0.properties.isAlphabetic || "0123456789?/".unicodeScalars.contains($0)) } ?? false
        guard isOneCharacterKey || KeyHintRecognition.key(text[...], allowsNumbers: false) != nil else { return nil }
        var last = index + 1
        while last + 1 < words.count, words[last + 1].lowerBound == words[last].upperBound + 1, grid.ink(row, words[last + 1].lowerBound) == actionInk {
            last += 1
        }
        return (text, words[index + 1].lowerBound..<words[last].upperBound, last)
    }

    /// A legend written in plain text, found but not yet recorded.
    private struct WrittenLegend {
        var row: Int
        var columns: Range<Int>
        var action: Range<Int>
        var owner: Int
        var key: String
        var prefix: String
    }

    /// Legends that are rows of a key table: keys listed one under another, each followed by a
    /// colon and a blank at the same column, with what it does after (htop's help, `     Tab:
    /// switch to next screen tab` over `  Arrows: scroll process list`). That is text being
    /// read, not a legend to press: three such rows in a row or more in a window, where a legend
    /// was read on one of them, are a table, and every legend on its rows over that colon is its
    /// text. A legend bar (nano's, two rows) is not lined up that way, and legends glued to their
    /// key (`q:Quit`) have no blank after the colon. Each legend is given as its index in `legends`.
    private func keyTableLegends(_ legends: [WrittenLegend]) -> Set<Int> {
        func hasSpacedColon(_ row: Int, _ colon: Int, owner: Int) -> Bool {
            colon >= 1 && colon + 1 < grid.columns && grid.scalar(row, colon) == 0x3A && grid.isBlank(row, colon + 1)
                && !grid.isBlank(row, colon - 1) && Int(owners[grid.index(row, colon)]) == owner
        }
        var tableColons: Set<[Int]> = []  // [owner, row, colon]
        for legend in legends {
            let colon = legend.action.lowerBound - 2
            guard hasSpacedColon(legend.row, colon, owner: legend.owner), !tableColons.contains([legend.owner, legend.row, colon]) else { continue }
            var first = legend.row
            var last = legend.row
            while first > 0 && hasSpacedColon(first - 1, colon, owner: legend.owner) { first -= 1 }
            while last + 1 < grid.rows && hasSpacedColon(last + 1, colon, owner: legend.owner) { last += 1 }
            guard last - first >= 2 else { continue }
            for row in first...last { tableColons.insert([legend.owner, row, colon]) }
        }
        var result: Set<Int> = []
        guard !tableColons.isEmpty else { return result }
        for (index, legend) in legends.enumerated() where legend.columns.contains(where: { tableColons.contains([legend.owner, legend.row, $0]) }) {
            result.insert(index)
        }
        return result
    }

    /// The columns of each word of `columns` on `row` (split at single blanks).
    func wordRanges(row: Int, _ columns: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for column in columns.lowerBound...columns.upperBound {
            let isWordCell = column < columns.upperBound && !grid.isBlank(row, column)
            if isWordCell && start == nil { start = column }
            if !isWordCell, let begun = start {
                result.append(begun..<column)
                start = nil
            }
        }
        return result
    }

    /// Whether the word at `columns` holds no letter or digit (`|`, `·`): a mark parting legends
    /// (`<ESC> Exit | <Enter> Toggle`), no part of an action.
    func isMarksOnly(row: Int, _ columns: Range<Int>) -> Bool {
        columns.allSatisfy { column in
            guard let scalar = Unicode.Scalar(grid.scalar(row, column)) else { return true }
            return !scalar.properties.isAlphabetic && scalar.properties.numericType == nil
        }
    }

    /// Whether `columns` on `row` can hold a written legend at all, read on the cells before any
    /// word is: a word that may start one (``mayStartKey(row:_:)``) writes a key mark or `<` (the
    /// characters `RecognitionTriggers.Marks.ascii` marks `keyMark` or `angleBracket`: one list
    /// for the screen's triggers and this), and a key told apart by its colour
    /// (``inkedLegend(row:words:_:)``) needs text in two colours. Most stretches of a screen (a
    /// file list's names and sizes) have neither.
    private func mayHoldWrittenLegend(row: Int, _ columns: Range<Int>) -> Bool {
        grid.scalars.withUnsafeBufferPointer { scalars in
            grid.cells.withUnsafeBufferPointer { cells in
                RecognitionTriggers.Marks.ascii.withUnsafeBufferPointer { ascii in
                    let legendMarks = RecognitionTriggers.Marks([.keyMark, .angleBracket]).rawValue
                    var firstInk: UInt32?
                    for index in grid.index(row, columns.lowerBound)..<(grid.index(row, columns.lowerBound) + columns.count) {
                        let scalar = scalars[index]
                        if scalar == 0x20 { continue }
                        if scalar < 0x80 && ascii[Int(scalar)] & legendMarks != 0 { return true }
                        let ink = cells[index].foreground
                        if ink != (firstInk ?? ink) { return true }
                        firstInk = ink
                    }
                    return false
                }
            }
        }
    }

    /// Whether the word at `columns` can start a written legend at all, read before its text is
    /// built: it starts with `^`, `M` or `F`; or with a modifier's name (``KeyHintRecognition/modifierPrefixes``); or it starts with a visible ASCII character that is
    /// no digit and holds a colon or `=`; or its second character is `)`.
    private func mayStartKey(row: Int, _ columns: Range<Int>) -> Bool {
        let first = grid.scalar(row, columns.lowerBound)
        if first == 0x5E || first == 0x4D || first == 0x46 { return true }
        if columns.count >= 3 && grid.scalar(row, columns.lowerBound + 1) == 0x29 { return true }
        // `Alt+`, `Ctrl-`, `Shift-`, `ESC-`: a capital, then `-` or `+` three to five columns in.
        if (first == 0x41 || first == 0x43 || first == 0x53 || first == 0x45) && columns.count >= 5
            && (3...5).contains(where: { columns.lowerBound + $0 < columns.upperBound && [0x2D, 0x2B].contains(grid.scalar(row, columns.lowerBound + $0)) }) {
            return true
        }
        if columns.count >= 3 && first == 0x3C && grid.scalar(row, columns.upperBound - 1) == 0x3E { return true }
        let startsLikeAKey = (0x21...0x7E).contains(first) && !RecognitionGrid.isASCIIDigit(first)
        return startsLikeAKey && columns.contains { grid.scalar(row, $0) == 0x3A || grid.scalar(row, $0) == 0x3D }
    }
}
