extension RecognitionWork {
    /// A menu dropped down without a box from a bar along the top row (emacs's and ne's menus): a
    /// person reads the rows just under the bar as a menu when they form a block, three or more
    /// rows each drawn over the same columns in one background that is not the screen's ground,
    /// with one row of the block drawn apart (its text in a shade of its own: the current entry).
    /// Each row's text up to a gap of two blanks is an entry (a key written after that gap,
    /// `C-x C-f`, is not part of its name); a row of marks only (`--`) separates entries. Text
    /// beside the block (the file the menu is drawn over) is no part of it. A block with no row
    /// drawn apart, or not starting right under a bar, is a panel, not an open menu.
    mutating func findDropDownMenu() {
        guard grid.rows > 4, grid.shade(0, grid.columns - 1) != ground(of: -1),
              let (shade, columns) = mostCommonShadedRun(rows: 1..<min(grid.rows, 13))
        else { return }
        var rows: [Int] = []
        var chosen: Int?
        for row in 1..<grid.rows {
            guard columns.allSatisfy({ owners[grid.index(row, $0)] == -1 && isFree(row, $0) }) else { break }
            if columns.allSatisfy({ grid.shade(row, $0) == shade }) {
                rows.append(row)
            } else if chosen == nil, isDrawnApart(row: row, columns, from: shade) {
                chosen = row
                rows.append(row)
            } else {
                break
            }
        }
        guard rows.count >= 3, let chosen else { return }
        let keyColumnEnd = rightAlignedKeyEnd(rows: rows, columns)
        for row in rows {
            defer { claim(row: row, columns) }
            guard let start = columns.first(where: { !grid.isBlank(row, $0) }) else { continue }
            var end = endOfFirstWords(row: row, start..<columns.upperBound)
            if end == keyColumnEnd, let blank = (start..<end).last(where: { grid.isBlank(row, $0) }) { end = blank }
            let name = Self.withoutSubmenuMark(grid.text(row: row, start..<end))
            guard name.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            add(
                ScreenElement(
                    kind: .menuItem, label: name,
                    frame: ScreenRectangle(row: row, column: start, height: 1, width: end - start),
                    isHighlighted: row == chosen, style: grid.style(row, start)),
                owner: -1)
        }
    }

    /// The column where two or more of `rows` end in a key written two or more blanks after the
    /// entry's name (ne's `Save        ^S`, `Quit Now    [Q`): keys aligned to the right. A row
    /// ending there whose last word stands one blank after its name (`Open New... [N`) ends in
    /// its key too.
    private func rightAlignedKeyEnd(rows: [Int], _ columns: Range<Int>) -> Int? {
        var counts: [Int: Int] = [:]
        for row in rows {
            guard let start = columns.first(where: { !grid.isBlank(row, $0) }),
                  let last = columns.last(where: { !grid.isBlank(row, $0) }),
                  endOfFirstWords(row: row, start..<columns.upperBound) <= last
            else { continue }
            counts[last + 1, default: 0] += 1
        }
        // On a tie, the leftmost end: never the dictionary's order, which changes between processes.
        guard let best = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), best.value >= 2 else { return nil }
        return best.key
    }

    /// `name` without a submenu mark after it (emacs's `Print >`, `Input Setup ->`).
    static func withoutSubmenuMark(_ name: String) -> String {
        for mark in [" >", " ->", " ▸", " ►"] where name.hasSuffix(mark) && name.count > mark.count {
            return String(name.dropLast(mark.count))
        }
        return name
    }

    /// The run of one shade, not the screen's ground and four or more cells wide, that the most
    /// of `rows` hold exactly (two at least), with its shade.
    private func mostCommonShadedRun(rows: Range<Int>) -> (UInt64, Range<Int>)? {
        var counts: [String: (shade: UInt64, columns: Range<Int>, count: Int)] = [:]
        for row in rows {
            var start = 0
            for column in 1...grid.columns where column == grid.columns || grid.shade(row, column) != grid.shade(row, start) {
                let shade = grid.shade(row, start)
                if column - start >= 4 && shade != ground(of: -1) {
                    let key = "\(shade) \(start) \(column)"
                    counts[key, default: (shade, start..<column, 0)].count += 1
                }
                start = column
            }
        }
        // On a tie, the run starting leftmost, then the narrowest, then the lowest shade: never the
        // dictionary's order, which changes between processes.
        guard let best = counts.values.max(by: {
            ($0.count, $1.columns.lowerBound, $1.columns.upperBound, $1.shade) < ($1.count, $0.columns.lowerBound, $0.columns.upperBound, $0.shade)
        }), best.count >= 2 else { return nil }
        return (best.shade, best.columns)
    }

    /// Whether `row`'s text over `columns` is drawn in one shade other than `shade`, the rest of
    /// the cells there in either: the block's current entry.
    private func isDrawnApart(row: Int, _ columns: Range<Int>, from shade: UInt64) -> Bool {
        guard let first = columns.first(where: { !grid.isBlank(row, $0) }) else { return false }
        let apart = grid.shade(row, first)
        guard apart != shade else { return false }
        return columns.allSatisfy { column in
            let cellShade = grid.shade(row, column)
            return grid.isBlank(row, column) ? cellShade == apart || cellShade == shade : cellShade == apart
        }
    }
}
