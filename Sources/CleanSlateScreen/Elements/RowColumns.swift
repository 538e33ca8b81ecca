/// The text of one row of a list (a menu row, a check list's row), split into its name and the
/// rest: dialog's `Dark    Dark theme` is the name `Dark` and the detail `Dark theme`.
struct ListRow {
    /// The row.
    var row: Int
    /// The columns of the row's text, from the first character of its name to its last character.
    var columns: Range<Int>
}

extension RecognitionWork {
    /// The column where the rows' second column of text starts: the first column after the rows'
    /// start at which every row has a blank just before and a character there (whiptail pads its
    /// tags with a single blank when a tag is the longest), or `nil` when there is none.
    func detailColumn(of rows: [ListRow]) -> Int? {
        guard rows.count >= 2, let start = rows.map(\.columns.lowerBound).min(),
              let end = rows.map(\.columns.upperBound).max(), start + 1 < end else { return nil }
        for column in (start + 1)..<end {
            let isBoundary = rows.allSatisfy { row in
                row.columns.contains(column) && row.columns.contains(column - 1)
                    && isGap(row.row, column - 1) && !isGap(row.row, column)
            }
            if isBoundary { return column }
        }
        return nil
    }

    /// Whether a cell separates words: a blank or a line.
    func isGap(_ row: Int, _ column: Int) -> Bool {
        grid.isBlank(row, column) || BoxCharacters.isLine(grid.scalar(row, column))
    }

    /// The first column of `columns` on `row` that starts a gap of two or more blanks or is a line, or the end.
    func endOfFirstWords(row: Int, _ columns: Range<Int>) -> Int {
        var column = columns.lowerBound
        while column < columns.upperBound {
            if BoxCharacters.isLine(grid.scalar(row, column)) { return column }
            if isGap(row, column) && (column + 1 >= columns.upperBound || isGap(row, column + 1)) { return column }
            column += 1
        }
        return columns.upperBound
    }

    /// A list row's names: its ``ScreenElement/label``, ``ScreenElement/identifier`` and
    /// ``ScreenElement/detail``.
    struct RowNames {
        var label: String
        var identifier: String?
        var detail: String?

        /// A row named by the first of `columns` (the texts after its first column), the rest,
        /// two blanks apart, its detail.
        init(namedByFirstOf columns: [String], identifier: String?) {
            label = columns[0]
            self.identifier = identifier
            detail = columns.count > 1 ? columns.dropFirst().joined(separator: "  ") : nil
        }

        init(label: String, identifier: String?, detail: String?) {
            self.label = label
            self.identifier = identifier
            self.detail = detail
        }
    }

    /// A list row's first column and the other columns' texts: split at `detailColumn` when the
    /// list has one, or at the first gap of two blanks or column line when that comes first, the
    /// rest at its own gaps of two blanks and column lines.
    private func columnTexts(of row: ListRow, detailColumn: Int?) -> (first: String, rest: [String]) {
        let firstWords = endOfFirstWords(row: row.row, row.columns)
        let split = detailColumn.map { min(max($0, row.columns.lowerBound), firstWords) } ?? firstWords
        let first = grid.trimmedText(row: row.row, row.columns.lowerBound..<split)
        var pieces: [String] = []
        var column = split
        while column < row.columns.upperBound {
            while column < row.columns.upperBound && (isGap(row.row, column) || isBarCell(row.row, column)) { column += 1 }
            guard column < row.columns.upperBound else { break }
            var end = endOfFirstWords(row: row.row, column..<row.columns.upperBound)
            if let bar = (column..<end).first(where: { isBarCell(row.row, $0) }) { end = bar }
            pieces.append(grid.trimmedText(row: row.row, column..<end))
            column = end
        }
        return (first, pieces)
    }

    /// Whether a cell is part of a progress indicator (a size bar drawn in a row: ncdu's `[###   ]`).
    func isBarCell(_ row: Int, _ column: Int) -> Bool {
        !barCells.isEmpty && barCells.contains(grid.index(row, column))
    }

    /// Whether `text` is a figure rather than words: each of its words has as many digits as
    /// letters or more (`56.0`, `2024-03-03`, `12:00 +0000`, `101`, `0:03.43`).
    static func isFigure(_ text: String) -> Bool {
        // One pass over the scalars, a word at a time (names are read on every list, so no
        // splitting into substrings).
        var digits = 0
        var letters = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x20 {
                if letters > digits { return false }
                digits = 0
                letters = 0
            } else if RecognitionGrid.isASCIIDigit(value) {
                digits += 1
            } else if RecognitionGrid.isASCIILetter(value) {
                letters += 1
            } else if value >= 0x80 {
                if scalar.properties.numericType != nil { digits += 1 } else if scalar.properties.isAlphabetic { letters += 1 }
            }
        }
        return letters <= digits
    }

    /// The column a table's rows are named by: the column of words a person reads, not a figure.
    /// The first column, unless it is a figure in some row (a size, a date, a process number:
    /// ncdu's `56.0 KiB`, tig's `2024-03-03`, htop's `PID`); then the column that is no figure in
    /// any row and holds the most letters in all, the later on a tie (a command or a message is
    /// written last). Per row when the rows do not have the same columns.
    private func mainColumn(of columns: [[String]]) -> [Int] {
        func letters(_ text: String) -> Int { text.reduce(0) { $0 + ($1.isLetter ? 1 : 0) } }
        func isFigure(_ text: String) -> Bool { !text.isEmpty && Self.isFigure(text) && !Self.isPlaceholder(text) }
        func choose(_ count: Int, isFigureColumn: (Int) -> Bool, lettersIn: (Int) -> Int) -> Int {
            guard isFigureColumn(0) else { return 0 }
            var chosen = 0
            var most = 0
            for index in 1..<count where !isFigureColumn(index) && lettersIn(index) >= most && lettersIn(index) > 0 {
                chosen = index
                most = lettersIn(index)
            }
            return chosen
        }
        guard let count = columns.first?.count, count > 1 else { return columns.map { _ in 0 } }
        if columns.allSatisfy({ $0.count == count }) {
            let chosen = choose(
                count, isFigureColumn: { index in columns.contains { isFigure($0[index]) } },
                lettersIn: { index in columns.reduce(0) { $0 + letters($1[index]) } })
            return columns.map { _ in chosen }
        }
        return columns.map { pieces in
            pieces.count > 1 ? choose(pieces.count, isFigureColumn: { isFigure(pieces[$0]) }, lettersIn: { letters(pieces[$0]) }) : 0
        }
    }

    /// Whether `text` holds neither a letter nor a digit (mc's parent folder `/..`): it takes no
    /// side between words and figures.
    static func isPlaceholder(_ text: String) -> Bool {
        !text.contains { $0.isLetter || $0.isNumber }
    }

    /// Each row's names. A tagged list (dialog's and whiptail's `tag  text` rows) is named by its
    /// text, the tag being the identifier: every row has exactly two columns, split at the
    /// list's shared `detailColumn`, no column line in it; the tags are short (one or two words,
    /// 16 characters at most) and each names one row only, as keys to choose a row by are; every
    /// text holds a letter (it is words a person reads, not a figure); and the texts are not all
    /// keys (mc's menu shortcuts `M-c`). A list of names and values (`Age  36`, `Shell  bash`, a
    /// name repeated) fails one of these and keeps its names. A list whose first column is one
    /// character on every row, a different one on each, is keyed: named by the column after it. Other rows (a table's: mc's files
    /// with their sizes and dates, tig's commits, ncdu's sizes and names, htop's processes) are
    /// named by their main column (``mainColumn(of:)``: words, not figures), the other columns,
    /// two blanks apart, being the detail.
    /// A tree's depth or fold mark before a row's words (``TreeDepthMarks``) and a submenu
    /// arrow after them (``SubmenuMarks``: `File ▷`) are no part of its name, unless leaving the
    /// marks out would give two rows one name where they had two (`[-] README.md` over `[+]
    /// README.md` in a list of changes): then the marks are what tells the rows apart, and they
    /// stay.
    func rowNames(of rows: [ListRow], detailColumn: Int?) -> [RowNames] {
        let written = namesAsWritten(of: rows, detailColumn: detailColumn)
        let names = written.map { names in
            var names = names
            names.label = SubmenuMarks.nameWithoutSubmenuMark(TreeDepthMarks.nameWithoutDepthMark(names.label))
            return names
        }
        guard zip(names, written).contains(where: { $0.label != $1.label }),
              Set(names.map(\.label)).count < Set(written.map(\.label)).count
        else { return names }
        return written
    }

    /// Each row's names as ``rowNames(of:detailColumn:)`` gives them, depth marks kept.
    private func namesAsWritten(of rows: [ListRow], detailColumn: Int?) -> [RowNames] {
        let columns = rows.map { columnTexts(of: $0, detailColumn: detailColumn) }
        let isTagged = detailColumn.map { split in
            rows.allSatisfy { row in
                // The tag is one run of words: no gap of two blanks inside it.
                endOfFirstWords(row: row.row, row.columns) >= textEnd(row: row.row, row.columns.lowerBound..<max(split, row.columns.lowerBound))
                    && !row.columns.contains { BoxCharacters.isLine(grid.scalar(row.row, $0)) }
            }
                && columns.allSatisfy { !$0.first.isEmpty && $0.rest.count == 1 }
                && columns.allSatisfy { Self.isTag($0.first) && $0.rest[0].contains(where: \.isLetter) }
                && Set(columns.map(\.first)).count == columns.count
                && !columns.allSatisfy { Self.isKeyShortcut($0.rest[0]) }
                // A tree's fold marks (`[-]` over `[+]`) place rows; they name none.
                && !columns.allSatisfy { TreeDepthMarks.isFoldMark($0.first) }
        } ?? false
        if isTagged { return columns.map { RowNames(label: $0.rest[0], identifier: $0.first, detail: nil) } }
        // A key column: every row starts with one character, no digit (a table's row number is a
        // figure), a different one on each row (the key that picks it: alpine's `C     COMPOSE
        // MESSAGE    -  Compose and send a message`), then a word (two letters or more: a one-letter
        // flag such as newsboat's `N` is no name). The row is named by those words, the key is its
        // identifier, the rest its detail.
        let isKeyed = detailColumn != nil && Set(columns.map(\.first)).count == columns.count
            && columns.allSatisfy { first, rest in
                first.count == 1 && !(first.first?.isNumber ?? true) && (rest.first?.filter(\.isLetter).count ?? 0) >= 2
            }
        if isKeyed {
            return columns.map { first, rest in
                RowNames(namedByFirstOf: rest, identifier: first)
            }
        }
        // A fold mark or a shared word and tag before the words (``SharedFirstColumn``).
        if let names = SharedFirstColumn.names(of: columns) { return names }
        // Most tables are named by their first column (``mainColumn(of:)``): no need to look further.
        if !columns.contains(where: { !$0.rest.isEmpty && Self.isFigure($0.first) && !Self.isPlaceholder($0.first) && !$0.first.isEmpty }) {
            return columns.map { first, rest in
                RowNames(label: first, identifier: nil, detail: rest.isEmpty ? nil : rest.joined(separator: "  "))
            }
        }
        let pieces = columns.map { [$0.first] + $0.rest }
        return zip(pieces, mainColumn(of: pieces)).map { pieces, main in
            var others = pieces
            var label = others.remove(at: main)
            if main > 0 {
                // Figures written one blank before the words (htop's `0:03.43 /sbin/init`) are the
                // column before's.
                var words = label.split(separator: " ", omittingEmptySubsequences: false)
                var leading: [Substring] = []
                while words.count > 1, Self.isFigure(String(words[0])) { leading.append(words.removeFirst()) }
                if !leading.isEmpty {
                    others.insert(leading.joined(separator: " "), at: main)
                    label = words.joined(separator: " ")
                }
            }
            others.removeAll { $0.isEmpty }
            return RowNames(label: label, identifier: nil, detail: others.isEmpty ? nil : others.joined(separator: "  "))
        }
    }

    /// Whether `text` is short enough to be a tag a person types or reads to pick a row: one or two
    /// words, 16 characters at most.
    private static func isTag(_ text: String) -> Bool {
        text.count <= 16 && text.split(separator: " ").count <= 2
    }

    /// Whether `text` is a key shortcut as menus print one beside an entry (`M-c`, `C-x d`, `F3`, `^S`).
    static func isKeyShortcut(_ text: String) -> Bool {
        text.split(separator: " ").allSatisfy { word in
            KeyHintRecognition.key(word, allowsNumbers: false) != nil || (word.count == 1 && word.first?.isLetter == true)
        }
    }

    /// The end of the text in `columns` on `row`, trailing blanks left out.
    func textEnd(row: Int, _ columns: Range<Int>) -> Int {
        var end = columns.upperBound
        while end > columns.lowerBound && isGap(row, end - 1) { end -= 1 }
        return end
    }
}
