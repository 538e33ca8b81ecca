/// Lists laid out side by side in the same rows (a menu of two columns, gtypist's series at
/// 40x100; a grid of completions, kakoune's): what a person sees is one current entry drawn apart
/// as a bar out to the width of its column, past its own text, and more entries further along
/// the same rows, each column's entries starting at one column. Read as whole rows they are no
/// list (the current row is drawn apart over only part of its text); cut into columns as wide as
/// the current entry's bar, each column is a list of its own and the current entry is one of them.
/// Columns of folders side by side (lf's and ranger's parent, current and preview columns) are
/// read the same way: there each column may show its own current entry drawn apart.
/// This is how people read any list that wraps into columns (`ls`-style grids, two-column menus,
/// completion menus, file managers' columns), not one program's idiom.
extension RecognitionWork {
    /// Adds the menu items of `candidateRows` read as lists side by side, when one row (the
    /// current) starts with a bar drawn apart out past its text, the rows around it starting in
    /// one other shade, and the rows' other entries begin at columns that a blank column, crossed
    /// by no bar, parts from the ones before; returns whether it did. `candidateRows` are the
    /// texts of one list candidate, each from its first character to its last.
    mutating func addSideBySideLists(_ candidateRows: [ListRow], owner: Int) -> Bool {
        guard candidateRows.count >= 3 else { return false }
        // The current row is the one whose first cell has a shade no other row's has; the
        // entries' own shade is the one the row next to it starts in, and the lists are the rows
        // around it that start in that shade (a pop-up's rows, not the text above or below it).
        let firstShades = candidateRows.map { grid.shade($0.row, $0.columns.lowerBound) }
        guard let current = firstShades.indices.first(where: { index in !firstShades.indices.contains { $0 != index && firstShades[$0] == firstShades[index] } })
        else { return false }
        let listShade = firstShades[current + 1 < firstShades.count ? current + 1 : current - 1]
        var top = current, bottom = current
        while top > 0 && firstShades[top - 1] == listShade { top -= 1 }
        while bottom + 1 < firstShades.count && firstShades[bottom + 1] == listShade { bottom += 1 }
        // A title row over the lists (ranger's path) starts a cell off the entries: left out.
        let entryStart = candidateRows[current].columns.lowerBound
        while top < current && candidateRows[top].columns.lowerBound != entryStart { top += 1 }
        while bottom > current && candidateRows[bottom].columns.lowerBound != entryStart { bottom -= 1 }
        // Three rows at least: the current one, and two that show the entries' own shade.
        let rows = Array(candidateRows[top...bottom])
        guard rows.count >= 3, let start = rows.map(\.columns.lowerBound).min(),
              let end = rows.map(\.columns.upperBound).max()
        else { return false }
        let chosen = candidateRows[current]
        let barShade = firstShades[current]
        guard abs(chosen.columns.lowerBound - start) <= 1 else { return false }
        // The bar: drawn apart from the entry's first character, past its last (padded to its
        // column's width), and more text after it on the row.
        var barEnd = chosen.columns.lowerBound
        while barEnd < chosen.columns.upperBound && grid.shade(chosen.row, barEnd) == barShade { barEnd += 1 }
        guard barEnd < chosen.columns.upperBound, grid.isBlank(chosen.row, barEnd - 1) else { return false }
        let width = barEnd - chosen.columns.lowerBound
        let cuts = columnStarts(of: rows, from: start, to: end, width: width, listShade: listShade)
        guard cuts.count >= 2 else { return false }
        // Every column's entries start at the column (or one cell after it) and hold a letter: a
        // name a person reads (a hex dump's figures are none); a last column of marks alone (a
        // scroll bar's `█`) is left to the rules after.
        var lists: [[ListRow]] = []
        for (index, cut) in cuts.enumerated() {
            let columnEnd = index + 1 < cuts.count ? cuts[index + 1] : end
            var entries: [ListRow] = []
            for row in rows {
                let pieceStart = max(cut, row.columns.lowerBound), pieceEnd = min(columnEnd, row.columns.upperBound)
                guard pieceStart < pieceEnd else { continue }
                let piece = pieceStart..<pieceEnd
                let first = firstLetter(row: row.row, piece), last = textEnd(row: row.row, piece)
                guard last > first else { continue }
                guard first - cut <= 1 || index == 0 else { return false }
                entries.append(ListRow(row: row.row, columns: first..<last))
            }
            guard entries.allSatisfy({ holdsLetter($0) }) else {
                guard index == cuts.count - 1, index >= 2, !entries.contains(where: { holdsLetter($0) }) else { return false }
                continue
            }
            lists.append(entries)
        }
        // Entries of lists that wrap into columns are all different things; a column repeating an
        // entry (`running` on two rows) is a table's column of values, its current row drawn over
        // the first column only, unless the lists show a current entry each (lf's folders) or a
        // column left short by the wrapping (kakoune's last column of two).
        let currentEntries = lists.joined().filter { isCurrentEntry($0, listShade: listShade) }.count
        let repeatsAnEntry = lists.dropFirst().contains { entries in
            Set(entries.map { grid.text(row: $0.row, $0.columns) }).count < entries.count
        }
        guard lists.count >= 2, !repeatsAnEntry || currentEntries >= 2 || lists.dropFirst().contains(where: { $0.count < lists[0].count })
        else { return false }
        for entries in lists {
            // Named as a list's rows with no tag column: entries side by side are rarely tagged, and
            // a one-blank gap inside a word and its tag (`Series Q`) is no column.
            let names = rowNames(of: entries, detailColumn: nil)
            for (entry, names) in zip(entries, names) {
                add(
                    ScreenElement(
                        kind: .menuItem, label: names.label,
                        frame: ScreenRectangle(row: entry.row, column: entry.columns.lowerBound, height: 1, width: entry.columns.count),
                        isHighlighted: isCurrentEntry(entry, listShade: listShade),
                        style: grid.style(entry.row, entry.columns.lowerBound), detail: names.detail, identifier: names.identifier),
                    owner: owner)
            }
        }
        return true
    }

    /// Where each column of lists side by side starts: `start`, then each column at least `width`
    /// after the one before that has a blank just before it on every row, a character on some
    /// row, and no bar drawn apart running across it (a blank in a shade other than `listShade`
    /// with the same shade just after it: the current entry of a column padded on).
    private func columnStarts(of rows: [ListRow], from start: Int, to end: Int, width: Int, listShade: UInt64) -> [Int] {
        var cuts = [start]
        var column = start + width
        while column < end {
            let isStart = rows.allSatisfy { row in
                let before = column - 1
                guard row.columns.contains(before) || row.columns.contains(column) else { return true }
                guard grid.isBlank(row.row, before) else { return false }
                let shade = grid.shade(row.row, before)
                return shade == listShade || shade != grid.shade(row.row, column)
            } && rows.contains { row in
                // An entry starts there, or a bar padded one blank before its entry (lf's `docs`).
                (column..<(column + 2)).contains { row.columns.contains($0) && !grid.isBlank(row.row, $0) }
                    && (!grid.isBlank(row.row, column) || grid.shade(row.row, column) != listShade)
            }
            if isStart {
                cuts.append(column)
                column += width
            } else {
                column += 1
            }
        }
        return cuts
    }

    /// Whether `entry` is its column's current one: drawn apart from the entries' own shade at its
    /// first character (each column of folders side by side shows its own current entry).
    private func isCurrentEntry(_ entry: ListRow, listShade: UInt64) -> Bool {
        grid.shade(entry.row, entry.columns.lowerBound) != listShade
    }

    /// Whether `text` holds two bars drawn apart or more (stretches of two cells or more in a
    /// shade other than `ground`) parted by cells in `ground`: the current entries of columns side
    /// by side, not one current row.
    func holdsSeveralBars(_ text: ListRow, ground: UInt64) -> Bool {
        var bars = 0
        var length = 0
        for column in text.columns.lowerBound...text.columns.upperBound {
            if column < text.columns.upperBound && grid.shade(text.row, column) != ground {
                length += 1
                continue
            }
            if length >= 2 { bars += 1 }
            length = 0
        }
        return bars >= 2
    }

    /// Whether an entry holds a letter: a person reads a name in it.
    private func holdsLetter(_ entry: ListRow) -> Bool {
        entry.columns.contains { column in
            Unicode.Scalar(grid.scalar(entry.row, column)).map { $0.properties.isAlphabetic } ?? false
        }
    }
}
