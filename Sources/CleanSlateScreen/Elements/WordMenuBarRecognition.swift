extension RecognitionWork {
    /// A menu bar of single words along the screen's top row, one blank apart (emacs's
    /// `File Edit Options Buffers Tools Help`, ne's `File Documents Edit Search ...`): a person
    /// reads the row as a menu bar when it is a bar drawn across the whole screen (every cell, the
    /// blanks too, in one shade that is not the screen's ground), starts at its left edge (the
    /// first word in column 0 or 1) and holds nothing but four or more capitalised words of
    /// letters. At most one of the words may be drawn apart from the bar, in a shade of its own
    /// from its first letter to its last: the menu open under it, the bar's highlighted item.
    /// A title bar is not one: it holds a version, a path or a lower-case word (nano's
    /// `GNU nano 7.2  notes.txt`), or too few words (`Garden Club`), or starts further in.
    /// Menu bars whose items stand two blanks apart are ``findMenuBars()``'s; this reads only
    /// a top row still free after it.
    mutating func findWordMenuBar() {
        let row = 0
        guard grid.rows > 1, grid.columns > 1, spans(row: row).map(\.columns) == [0..<grid.columns],
              spans(row: row).first?.owner == -1
        else { return }
        let words = wordRanges(row: row, 0..<grid.columns)
        guard words.count >= 4, let first = words.first, first.lowerBound <= 1,
              words.allSatisfy({ isMenuBarWord(grid.text(row: row, $0)) })
        else { return }
        // The bar's own shade is the one of its last cell: an item drawn apart is a word, and the
        // row ends in blanks or a word of the bar.
        let barShade = grid.shade(row, grid.columns - 1)
        guard barShade != ground(of: -1) else { return }
        let apart = (0..<grid.columns).filter { grid.shade(row, $0) != barShade }
        var chosen: Int?
        if let firstApart = apart.first, let lastApart = apart.last {
            guard let index = words.firstIndex(where: { $0 == firstApart..<(lastApart + 1) }),
                  words[index].allSatisfy({ grid.shade(row, $0) == grid.shade(row, firstApart) })
            else { return }
            chosen = index
        }
        for (index, word) in words.enumerated() {
            addMenuBarItem(row: row, word, isHighlighted: index == chosen, owner: -1)
        }
    }

    /// Records the menu bar item drawn over `columns` on `row`, labelled by its text.
    mutating func addMenuBarItem(row: Int, _ columns: Range<Int>, isHighlighted: Bool, owner: Int) {
        add(
            ScreenElement(
                kind: .menuItem, label: grid.text(row: row, columns),
                frame: ScreenRectangle(row: row, column: columns.lowerBound, height: 1, width: columns.count),
                isHighlighted: isHighlighted, style: grid.style(row, columns.lowerBound)),
            owner: owner)
    }

    /// Whether `word` is a word of a top-row menu bar: capitalised parts joined by hyphens, a part
    /// one capital letter and lower-case letters after it (`File`, `Options`, emacs's mode menus
    /// `C` and `Lisp-Interaction`); not an acronym or a version (`GNU`, `7.2`).
    private func isMenuBarWord(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.first, first.isUppercase, first.isLetter else { return false }
            return part.dropFirst().allSatisfy { $0.isLetter && $0.isLowercase }
        }
    }

    /// Whether the phrase at `columns` on `row` reads as a menu's title: two characters or more,
    /// starting with a capital letter (`File`, `Options`, `Downloads`); not a sheet's column
    /// letter (`A`), a mark (`~`, `@`) or a numbered tab (`1:Help`).
    func isMenuTitle(row: Int, _ columns: Range<Int>) -> Bool {
        guard columns.count >= 2, let first = Unicode.Scalar(grid.scalar(row, columns.lowerBound)) else { return false }
        return first.properties.isUppercase
    }

    /// Whether `word` is one capitalised word of two or more letters (`File`, `Options`).
    func isCapitalisedWord(_ word: String) -> Bool {
        guard let first = word.first, first.isUppercase, word.count >= 2 else { return false }
        return word.dropFirst().allSatisfy { $0.isLetter && $0.isLowercase }
    }
}
