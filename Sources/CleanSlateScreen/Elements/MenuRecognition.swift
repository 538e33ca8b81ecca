/// Rows of a list or menu: two or more rows in a row, in one window, whose text starts at the
/// same column as the row above's or one column off (mc marks a directory with a `/` before its
/// name), after a `>`-style marker or an ASCII tree branch (`--- `), exactly one of them drawn as the current one. A column
/// header above them is not one of them (see ``RecognitionWork/isColumnHeader(_:)``).
enum MenuRecognition {
    /// Markers some lists draw before the current row (`> Dark`), not part of the row's name.
    static func isMarker(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3E, 0x2A, 0x2D, 0x2022, 0x276F, 0x2192, 0x279C, 0x25B6, 0x25BA: return true  // > * - • ❯ → ➜ ▶ ►
        default: return false
        }
    }

    /// Whether `scalar` is a marker or a stroke of a tree's branch drawn in ASCII (`-`, `\`, `|`,
    /// `+`, `` ` ``, `=`): a run of them before a row's name dresses it, as a pointer does.
    static func isMarkOrBranch(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x5C, 0x7C, 0x2B, 0x60, 0x3D: return true  // \ | + ` =
        default: return isMarker(scalar)
        }
    }
}

extension RecognitionWork {
    /// A row's candidate to be a list row.
    private struct Candidate {
        var owner: Int
        /// Where the row's marker or text starts.
        var start: Int
        /// The row's text, name first (marker left out).
        var text: ListRow
        /// Whether the row is a column header (see ``RecognitionWork/isColumnHeader(_:)``).
        var isColumnHeader = false
    }

    /// Menu rows on free cells (rows picked by their keys were found before: see
    /// ``findKeyedChoices()``).
    mutating func findMenus() {
        var open: [Int: [Candidate]] = [:]
        // Worked out only when a row outside every window is drawn apart (see ``isBar``).
        var lastTextRow: Int?
        // Pictures in block characters are looked for only on screens that show one.
        let mayHoldPicture = grid.triggers.hasPictureBlock
        for row in 0..<grid.rows {
            var seen: Set<Int> = []
            for var candidate in candidates(row: row, spans: spans(row: row)) where !(mayHoldPicture && isPieceOfPicture(candidate.text)) {
                // A column header starts a list of its own: the rows under it.
                candidate.isColumnHeader = isColumnHeader(candidate.text)
                if !candidate.isColumnHeader && (isRuleCaption(candidate.text) || isBar(candidate, lastTextRow: &lastTextRow)) {
                    // A title, status or prompt bar ends the text above it and is none of its rows.
                    if let group = open[candidate.owner] { closeList(group) }
                    open[candidate.owner] = nil
                    continue
                }
                seen.insert(candidate.owner)
                if !candidate.isColumnHeader, var group = open[candidate.owner], let last = group.last,
                   last.text.row == row - 1 && !isDoubleSpaced(group)
                    || last.text.row == row - 2
                    && (isSeparator(row: row - 1, column: last.text.columns.lowerBound) || isBlankBelow(last) && isBlankBelow(candidate)),
                   abs(last.text.columns.lowerBound - candidate.text.columns.lowerBound) <= 1 {
                    group.append(candidate)
                    open[candidate.owner] = group
                } else {
                    if let group = open[candidate.owner] { closeList(group) }
                    open[candidate.owner] = [candidate]
                }
            }
            // Lists are closed in the order of their owners, never in the dictionary's (which
            // changes from one process to the next): closing one claims cells another may want.
            for owner in open.keys.sorted() {
                guard let group = open[owner], !seen.contains(owner),
                      !(group.last.map { isSeparator(row: row, column: $0.text.columns.lowerBound) } ?? false),
                      !(group.last.map { $0.text.row == row - 1 && isBlankBelow($0) && (group.count == 1 || isDoubleSpaced(group)) } ?? false)
                else { continue }
                closeList(group)
                open[owner] = nil
            }
        }
        for owner in open.keys.sorted() { closeList(open[owner]!) }
    }

    /// Whether `text` is a piece of a picture drawn in block characters (the Free Pascal IDE's
    /// logo: `▌ ▐██▐▀▀▀███▀▀▀`): block characters and no letter or digit. A person reads no
    /// name in it, so it is no row of a list (a row of marks alone, a file list's `..`, is).
    private func isPieceOfPicture(_ text: ListRow) -> Bool {
        var hasBlock = false
        for column in text.columns {
            let scalar = grid.scalar(text.row, column)
            if ProgressRecognition.isBlockElement(scalar) {
                hasBlock = true
            } else if RecognitionGrid.isASCIILetter(scalar) || RecognitionGrid.isASCIIDigit(scalar)
                || scalar >= 0x80 && Unicode.Scalar(scalar).map({ $0.properties.isAlphabetic || $0.properties.numericType != nil }) == true {
                return false
            }
        }
        return hasBlock
    }

    /// Whether the row under `row` is blank over its columns, marker included: a list may leave
    /// one blank row between its rows (alpine's main menu), when it does so between all of them
    /// (a row joined one blank row under the last has a blank row under it too: rows written one
    /// under another after a title and a blank row, nnn's, are a list of their own).
    private func isBlankBelow(_ row: Candidate) -> Bool {
        let below = row.text.row + 1
        return below < grid.rows && (row.start..<row.text.columns.upperBound).allSatisfy { grid.isBlank(below, $0) }
    }

    /// Whether the rows of `group` so far are one blank row apart (the last two, no separator
    /// between them): a row right under its last one is then no row of it.
    private func isDoubleSpaced(_ group: [Candidate]) -> Bool {
        guard group.count >= 2 else { return false }
        let last = group[group.count - 1].text.row
        return last - group[group.count - 2].text.row == 2 && !isSeparator(row: last - 1, column: group[group.count - 1].text.columns.lowerBound)
    }

    /// The last row with a character on it, or -1 for a blank screen.
    private func lastRowWithText() -> Int {
        for row in stride(from: grid.rows - 1, through: 0, by: -1) where (0..<grid.columns).contains(where: { !grid.isBlank(row, $0) }) {
            return row
        }
        return -1
    }

    /// Whether a row outside every window is a bar drawn apart from the text around it, not a
    /// list's current row: drawn across the whole screen in a shade other than its ground with a
    /// reading at its right end after a gap (vim's `notes.txt    1,1    All`, tig's `[main] …
    /// 100%`), or on the top row holding one phrase (ncdu's `ncdu 1.18 ~ Use the arrow keys …`)
    /// whose first word is not shaped like the row below's (a list's first row does begin alike),
    /// or on the bottom row holding one phrase not shaped like the row above's (pinfo's
    /// `Viewing line 23/237, 9%`), or with a dash in its first and its last cell (an editor's
    /// mode line, `--:--  notes.txt … (Fundamental)-----`);
    /// or the last text on the screen, starting a line (at the screen's left edge, where a pager,
    /// an editor or a shell writes its prompt), drawn apart over its text alone, no marker before
    /// it (less's `notes.txt (END)` prompt). An indented list whose last row is the current one is
    /// no prompt.
    private func isBar(_ candidate: Candidate, lastTextRow: inout Int?) -> Bool {
        let row = candidate.text.row
        guard candidate.owner < 0, grid.shade(row, candidate.text.columns.lowerBound) != ground(of: -1) else { return false }
        if lastTextRow == nil { lastTextRow = lastRowWithText() }
        if row == lastTextRow && candidate.start == 0 {
            // A prompt is drawn apart over its text alone; a list's current row is marked (`> `)
            // or drawn apart past its text, out to the list's width.
            let text = candidate.text.columns
            let paddedOrMarked = candidate.start < text.lowerBound
                || text.upperBound < grid.columns && grid.shade(row, text.upperBound) == grid.shade(row, text.lowerBound)
            if !paddedOrMarked && grid.isOneShade(row: row, text) { return true }
        }
        // A status bar at the foot of the screen, on its last row or over the input line under
        // it (irssi's and weechat's, after a pane's line in weechat): one phrase across its whole
        // pane in one shade, beginning unlike the rows above and below it, neither of them a
        // phrase alone at its column (a list of phrases' current row, aptitude's `--\ Installed
        // Packages (743)`, has rows like it around it; a bar has a log's lines of several
        // columns, a blank or another pane's row), and no marker before it (fzf's `> banana`
        // over its prompt is the one row its filter left). Higher up, such a row is as often the
        // one row a filter left (peco's `banana` under its query).
        if row >= grid.rows - 2, candidate.start == candidate.text.columns.lowerBound, endOfFirstWords(row: row, candidate.text.columns) >= candidate.text.columns.upperBound, isAcrossItsPane(candidate.text),
           ![row - 1, row + 1].contains(where: { beginsLike(candidate.text, row: $0) || holdsOnePhraseAtColumn(of: candidate.text, row: $0) }) {
            return true
        }
        guard grid.isOneShade(row: row, 0..<grid.columns) else { return false }
        // An editor's mode line: a rule of dashes or equals signs at both ends of the row (zile's
        // `--:--  notes.txt … (Fundamental)------`, mg's `-----Mg: notes.txt … --L1-----`, vile's
        // `=== [Help] [view-only] … == top ==`).
        let first = grid.scalar(row, 0), last = grid.scalar(row, grid.columns - 1)
        if first == last && (first == 0x2D || first == 0x3D) { return true }
        let text = candidate.text.columns
        if endOfFirstWords(row: row, text) >= text.upperBound {
            return row == 0 && !beginsLike(candidate.text, row: row + 1) || row == grid.rows - 1 && !beginsLike(candidate.text, row: row - 1)
        }
        // A short reading (16 characters at most, or 24 when it is a caption and its figure: gdb's
        // `PC: 0x555555555141`) ending at the right edge, three blanks or more before it: a list
        // row's last column that reaches the edge (htop's command, a backup's `2024-03-03
        // 12:00:01`, a package's version) is longer, or is no caption.
        guard text.upperBound >= grid.columns - 2 else { return false }
        var readingStart = text.upperBound
        while readingStart > text.lowerBound && !(grid.isBlank(row, readingStart - 1) && grid.isBlank(row, readingStart - 2)) { readingStart -= 1 }
        var gapStart = readingStart
        while gapStart > text.lowerBound && grid.isBlank(row, gapStart - 1) { gapStart -= 1 }
        let readingLength = text.upperBound - readingStart
        let isShortReading = readingLength <= 16
            || readingLength <= 24 && isCaptionAndFigure(row: row, readingStart..<text.upperBound)
        // A reading is words or figures: a scroll bar's mark in the last column (`█`, `▒`) is none.
        let holdsWords = (readingStart..<text.upperBound).contains { column in
            Unicode.Scalar(grid.scalar(row, column)).map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false
        }
        return isShortReading && readingStart - gapStart >= 3 && holdsWords
    }

    /// Whether `text`'s row is drawn in one shade from the line or the screen's edge before the
    /// text to the line or the screen's edge after it: across its whole pane.
    private func isAcrossItsPane(_ text: ListRow) -> Bool {
        let row = text.row
        let shade = grid.shade(row, text.columns.lowerBound)
        var column = text.columns.lowerBound
        while column > 0 && !BoxCharacters.isLine(grid.scalar(row, column - 1)) {
            column -= 1
            guard grid.shade(row, column) == shade else { return false }
        }
        column = text.columns.lowerBound
        while column < grid.columns && !BoxCharacters.isLine(grid.scalar(row, column)) {
            guard grid.shade(row, column) == shade else { return false }
            column += 1
        }
        return true
    }

    /// Whether the row `other` holds one phrase starting at `text`'s first column and nothing
    /// after it on its pane: a row of the same list of phrases.
    private func holdsOnePhraseAtColumn(of text: ListRow, row other: Int) -> Bool {
        let start = text.columns.lowerBound
        guard other >= 0, other < grid.rows, !isGap(other, start), start == 0 || isGap(other, start - 1) else { return false }
        var paneEnd = start
        while paneEnd < grid.columns && !BoxCharacters.isLine(grid.scalar(other, paneEnd)) { paneEnd += 1 }
        return endOfFirstWords(row: other, start..<paneEnd) >= textEnd(row: other, start..<paneEnd)
    }

    /// Whether `columns` of `row` read as a caption and its figure: a word ending in `:`, a blank,
    /// then text holding a digit (a status line's `PC: 0x555555555141`, `Line: 1204`).
    private func isCaptionAndFigure(row: Int, _ columns: Range<Int>) -> Bool {
        guard let colon = columns.first(where: { grid.scalar(row, $0) == 0x3A }), colon > columns.lowerBound,
              colon + 1 < columns.upperBound, grid.isBlank(row, colon + 1),
              (columns.lowerBound..<colon).allSatisfy({ !grid.isBlank(row, $0) })
        else { return false }
        return ((colon + 1)..<columns.upperBound).contains { RecognitionGrid.isASCIIDigit(grid.scalar(row, $0)) }
    }

    /// Whether `text` is the caption of a horizontal rule drawn on across the row (fzf's
    /// `  1/5 ──────`, a `── Section ──` heading): a line of three cells or more right after it
    /// (one blank between at most), or right before it. A caption heads or sums up rows; it is
    /// none of them.
    private func isRuleCaption(_ text: ListRow) -> Bool {
        func isRule(from column: Int, step: Int) -> Bool {
            var column = column
            if column >= 0 && column < grid.columns && grid.isBlank(text.row, column) { column += step }
            for offset in 0..<3 {
                let cell = column + offset * step
                guard cell >= 0, cell < grid.columns, isSeparator(row: text.row, column: cell) else { return false }
            }
            return true
        }
        return isRule(from: text.columns.upperBound, step: 1) || isRule(from: text.columns.lowerBound - 1, step: -1)
    }

    /// Whether `row` is a separator line (`├────┤`) at `column`: a menu's rows go on below it.
    private func isSeparator(row: Int, column: Int) -> Bool {
        let scalar = grid.scalar(row, column)
        return scalar == 0x2500 || scalar == 0x2501 || scalar == 0x2550
    }

    /// Whether `below` (the row under `text`, or over it) begins, at the same column, with a word
    /// of the same shape as `text`'s first word (as long, digits, letters and marks in the same
    /// places: tig's dates `2024-03-03`): the rows of one list begin alike, a title or status bar
    /// and the text next to it do not.
    private func beginsLike(_ text: ListRow, row below: Int) -> Bool {
        guard below >= 0, below < grid.rows else { return false }
        func shape(_ row: Int) -> [Character] {
            var shape: [Character] = []
            var column = text.columns.lowerBound
            while column < grid.columns && !grid.isBlank(row, column) {
                let character = Character(Unicode.Scalar(grid.scalar(row, column)) ?? " ")
                shape.append(character.isNumber ? "9" : character.isLetter ? "a" : character)
                column += 1
            }
            return shape
        }
        let first = shape(text.row)
        return first.count >= 2 && shape(below) == first
    }

    /// Whether the first and the last letter or digit of `text` both have a shade other than
    /// `ground`, and no two fields in different shades touch between them. Marks around the words (a scroll bar's `↓` or `▒` drawn in the row's last column,
    /// a pointer before it) are not the row's words, so they do not count; a row of marks alone
    /// (a file list's `.` and `..`) is its own words.
    private func isDrawnApartAtBothEnds(_ text: ListRow, ground: UInt64) -> Bool {
        let end = textEnd(row: text.row, text.columns)
        let words = (text.columns.lowerBound..<max(end, text.columns.lowerBound)).filter { column in
            guard let scalar = Unicode.Scalar(grid.scalar(text.row, column)) else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        guard let first = words.first ?? text.columns.first, let last = words.last ?? (end > text.columns.lowerBound ? end - 1 : nil)
        else { return false }
        guard grid.shade(text.row, first) != ground && grid.shade(text.row, last) != ground else { return false }
        // A bar of fields drawn in shades of their own, touching (lnav's breadcrumb bar: `LOG ` on
        // blue, then the path on white) is no current row: two stretches of two cells or more in
        // different shades other than `ground` with nothing between. A lone cell apart is a
        // hotkey (dialog's `D` of `Dark`); stretches parted by plain cells are two panes' rows
        // side by side (vifm's); lines and a size bar (mc's column lines, ncdu's `[###  ]`) part them too.
        var previous: (shade: UInt64, length: Int)?
        var current: (shade: UInt64, length: Int)?
        for column in first...(last + 1) {
            let cellShade = grid.shade(text.row, min(column, last))
            let isPlain = column > last || cellShade == ground || isBarCell(text.row, column) || BoxCharacters.isLine(grid.scalar(text.row, column))
            if let run = current, isPlain || run.shade != cellShade {
                if let before = previous, before.length >= 2, run.length >= 2 { return false }
                previous = isPlain ? nil : run
                current = nil
            }
            if !isPlain { current = (cellShade, (current?.length ?? 0) + 1) }
        }
        return true
    }

    /// Menu bars: a row of three or more words or phrases, two or more blanks apart, each in one
    /// shade, one of them in a shade none of the others has (mc's `Left  File  Command  Options
    /// Right` while a menu is open). A row whose phrases mix shades (a hotkey letter drawn apart,
    /// htop's header with its sort column) is not a menu bar. A menu bar that is not open, none
    /// of its items apart, is the screen's top row drawn across in one shade other than the
    /// screen's ground and holding only three or more capitalised words, a legend at its right end aside
    /// (``closedMenuBarEntries(row:items:)``).
    mutating func findMenuBars() {
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                var items: [Range<Int>] = []
                var column = span.columns.lowerBound
                while column < span.columns.upperBound {
                    if isGap(row, column) {
                        column += 1
                        continue
                    }
                    let end = endOfFirstWords(row: row, column..<span.columns.upperBound)
                    items.append(column..<end)
                    column = end
                }
                guard items.count >= 3, items.allSatisfy({ grid.isOneShade(row: row, $0) }) else { continue }
                let allItems = items
                let looks = items.map { ElementLook(grid: grid, row: row, label: $0) }
                // Titles drawn with hotkey letters apart (le's bar): the open one is told by its
                // background alone when every phrase reads as a menu's title.
                let chosen = Highlighting.highlighted(looks, ground: ground(of: span.owner))
                    ?? (items.allSatisfy { isMenuTitle(row: row, $0) } ? Highlighting.onlyOneOnABackgroundOfItsOwn(looks) : nil)
                if let chosen {
                    guard looks.indices.allSatisfy({ $0 == chosen || looks[$0].labelShade != looks[chosen].labelShade }) else { continue }
                } else {
                    guard span.owner < 0, let entries = closedMenuBarEntries(row: row, items: items) else { continue }
                    items = entries
                }
                // Read last: most rows are no bar by the checks above.
                guard !isTableRow(row: row, items: allItems, owner: span.owner) else { continue }
                for (index, item) in items.enumerated() {
                    addMenuBarItem(row: row, item, isHighlighted: index == chosen, owner: span.owner)
                }
            }
        }
    }

    /// Whether `items` on `row` are a row of a table, not a menu bar: the row just above or just
    /// below, in the same window, has free text (taken by no element found before: aptitude's key
    /// legends under its bar are not) under every one of them (a spreadsheet's rows, sc's `1  Rent
    /// 900.00` under `0  Item  Cost`, its current cell or row number drawn apart), no line
    /// across them (mc's panels' top border, titled under its bar, is no row). A menu bar stands
    /// alone: a border, a menu, legends or blank cells are next to it, not a row of the same
    /// columns.
    private func isTableRow(row: Int, items: [Range<Int>], owner: Int) -> Bool {
        func hasTextUnderEveryItem(_ neighbour: Int) -> Bool {
            guard neighbour >= 0, neighbour < grid.rows,
                  let first = items.first, let last = items.last,
                  !(first.lowerBound..<last.upperBound).contains(where: { BoxCharacters.isLine(grid.scalar(neighbour, $0)) })
            else { return false }
            return items.allSatisfy { item in
                item.contains { column in
                    isFree(neighbour, column) && !grid.isBlank(neighbour, column) && Int(owners[grid.index(neighbour, column)]) == owner
                }
            }
        }
        return hasTextUnderEveryItem(row - 1) || hasTextUnderEveryItem(row + 1)
    }

    /// The entries of a menu bar that is not open among `items` on `row`, or `nil`: `row` is the
    /// screen's top row, drawn across in one shade that is not the screen's ground (its last
    /// column may be left unpainted: a program writing there would make the terminal wrap), and
    /// each item is one word of letters, capitalised (`Left`, `File`, `Options`): a title bar
    /// (nano's `GNU nano 7.2  notes.txt`, ncdu's `ncdu 1.18 ~ Use the arrow keys`) is not one.
    /// A one-cell mark before the words (xwpe's `#`, Turbo Vision's `≡`: the system menu) is the
    /// bar's first entry when three or more words follow it.
    /// One phrase set apart at the bar's right end, four blanks or more after four words or more
    /// (visidata's `File  Edit ... Help     Ctrl+H for help`), is a legend beside the bar, none of
    /// its entries.
    private func closedMenuBarEntries(row: Int, items: [Range<Int>]) -> [Range<Int>]? {
        guard row == 0, grid.shade(row, 0) != ground(of: -1), grid.isOneShade(row: row, 0..<(grid.columns - 1)) else { return nil }
        // A system menu's mark first (xwpe's `#`, Turbo Vision's `≡`): one cell, no letter or digit.
        let isMark = items.count >= 4 && items[0].count == 1 && Unicode.Scalar(grid.scalar(row, items[0].lowerBound)).map {
            !$0.properties.isAlphabetic && $0.properties.numericType == nil
        } ?? false
        let mark = isMark ? 1 : 0
        let words = items.dropFirst(mark).prefix { isCapitalisedWord(grid.text(row: row, $0)) }
        guard let last = words.last, words.count >= 3 * mark else { return nil }
        // The legend may be read already (a key hint claims `Ctrl+H for help`): look at the cells.
        let textAfter = (last.upperBound..<grid.columns).first { !grid.isBlank(row, $0) }
        if words.count == items.count - mark && textAfter == nil { return items }
        guard words.count >= 4, words.count >= items.count - 1 - mark, let legend = textAfter, legend - last.upperBound >= 4 else { return nil }
        return Array(items.prefix(mark)) + Array(words)
    }

    /// Each window's first free text on `row`, running on across column lines (mc's panels) and
    /// size bars (ncdu's) to the last free text of that window on the row.
    private func candidates(row: Int, spans: [Span]) -> [Candidate] {
        var result: [Candidate] = []
        var current: Candidate?
        var lastEnd = -1
        for span in spans {
            let end = textEnd(row: row, span.columns)
            let first = firstLetter(row: row, span.columns)
            if var candidate = current, candidate.owner == span.owner, onlyLinesBetween(row: row, lastEnd, span.columns.lowerBound) {
                if end > first { candidate.text.columns = candidate.text.columns.lowerBound..<end }
                current = candidate
                lastEnd = span.columns.upperBound
                continue
            }
            if let candidate = current { result.append(candidate) }
            current = nil
            guard end > first, !result.contains(where: { $0.owner == span.owner }) else { continue }
            var nameStart = first
            // A pointer (`> `) or a tree's branch drawn in ASCII (aptitude's `--- `, `--\ `, `|-- `),
            // at most four marks then a blank, is not part of the row's name; a row ending in
            // marks too is a heading drawn as a rule (ncdu's `--- /home/tree -----`), left whole.
            var marksEnd = first
            while marksEnd < end && marksEnd - first < 4 && MenuRecognition.isMarkOrBranch(grid.scalar(row, marksEnd)) { marksEnd += 1 }
            let endsInMarks = end - first >= 3 && ((end - 3)..<end).allSatisfy { MenuRecognition.isMarkOrBranch(grid.scalar(row, $0)) }
            if marksEnd > first && marksEnd < end && grid.isBlank(row, marksEnd) && !endsInMarks {
                nameStart = firstLetter(row: row, marksEnd..<end)
            }
            current = Candidate(owner: span.owner, start: first, text: ListRow(row: row, columns: nameStart..<end))
            lastEnd = span.columns.upperBound
        }
        if let candidate = current { result.append(candidate) }
        return result
    }

    /// Whether the cells from `start` up to `end` on `row` are all lines (and not taken) or a
    /// progress indicator's (a size bar drawn in the row, ncdu's `[####   ]`).
    private func onlyLinesBetween(row: Int, _ start: Int, _ end: Int) -> Bool {
        guard start >= 0, start <= end else { return false }
        for column in start..<end where !isBarCell(row, column) && (!BoxCharacters.isLine(grid.scalar(row, column)) || claimed[grid.index(row, column)]) {
            return false
        }
        return true
    }

    /// Makes a list of the rows when it has two or more and one is highlighted, or is one row
    /// pointed at by a marker and drawn apart. A column header
    /// heading them is one of the rows the highlight is told apart from, but no row itself: when
    /// it is the one drawn apart (htop -C draws it inverse), nothing is. A table in a window (a
    /// column header over its rows: mc's inactive panel, or both panels while its menu bar has the
    /// focus) is a list even when none of its rows is highlighted: a person still names its rows.
    private mutating func closeList(_ rows: [Candidate]) {
        guard let owner = rows.first?.owner else { return }
        if rows.count == 1 {
            // One row left (a filter matched one entry: fzf's `> banana`) is a list's current row
            // when it is pointed at by a marker and drawn apart from its surroundings.
            let row = rows[0]
            guard row.start < row.text.columns.lowerBound, !row.isColumnHeader,
                  grid.shade(row.text.row, row.text.columns.lowerBound) != ground(of: owner) else { return }
        }
        let looks = rows.map { ElementLook(grid: grid, row: $0.text.row, label: $0.text.columns) }
        let headed = rows[0].isColumnHeader
        var chosen = rows.count == 1 ? 0 : Highlighting.highlighted(looks, ground: ground(of: owner))
        // A current row is drawn apart from its first character to its last; a row with only
        // some words in the middle or at one end drawn apart holds a marked match (a pager's or an
        // editor's search), and the text around it is no list.
        if let index = chosen, !isDrawnApartAtBothEnds(rows[index].text, ground: ground(of: owner)) { chosen = nil }
        // A current entry drawn apart over one column of several, or current entries drawn apart
        // in several columns of one row (lf's and ranger's columns of folders): lists side by side.
        if !headed && (chosen.map { holdsSeveralBars(rows[$0].text, ground: ground(of: owner)) } ?? true)
            && addSideBySideLists(rows.map(\.text), owner: owner) { return }
        // With no current row drawn apart, a list is told by a column header in a window or by
        // being drawn as a pop-up (``isPopUpList(_:owner:)``).
        guard chosen != nil || headed && owner >= 0 || isPopUpList(rows.map(\.text), owner: owner), !(headed && chosen == 0)
        else { return }
        let listed = rows.dropFirst(headed ? 1 : 0)
        let names = rowNames(of: listed.map(\.text), detailColumn: detailColumn(of: listed.map(\.text)))
        for ((index, candidate), names) in zip(zip(listed.indices, listed), names) {
            let row = candidate.text.row
            add(
                ScreenElement(
                    kind: .menuItem, label: names.label,
                    frame: ScreenRectangle(row: row, column: candidate.start, height: 1, width: candidate.text.columns.upperBound - candidate.start),
                    isHighlighted: index == chosen, style: grid.style(row, candidate.text.columns.lowerBound), detail: names.detail,
                    identifier: names.identifier),
                owner: owner)
        }
    }
}
