/// A window's title written on its first row inside the box rather than in its border: one
/// phrase centred between the sides, a blank row or a line across under it (calcurse's
/// `Appointments` over a separator, pudb's `Edit Preferences`, minicom's `Minicom Command
/// Summary`). A person reads a centred line at the top of a box as its name, as a title set in
/// the border.
extension RecognitionWork {
    /// How many more blanks one side of a centred title may have than the other (an odd number
    /// of cells left over puts the extra one on either side).
    static let mostTitleRowOffCentre = 1

    /// The fewest blanks between a title row's text and each side of its box.
    static let fewestBlanksBesideTitleRow = 2

    /// Names each window whose border holds no title by its title row, if it has one
    /// (``titleRow(of:)``), and takes that row's text.
    mutating func nameWindowsByTheirTitleRows() {
        for index in windows.indices where windows[index].title.isEmpty {
            guard let title = titleRow(of: windows[index]) else { continue }
            windows[index].title = grid.text(row: windows[index].top + 1, title)
            claim(row: windows[index].top + 1, title)
        }
    }

    /// The columns of the title on `box`'s first inside row: three rows inside or more, the row's
    /// text one phrase (no gap of two blanks) holding a letter and not ending as a sentence does,
    /// centred between the sides with two blanks or more on each, and the row under it blank or a
    /// line across.
    private func titleRow(of box: DrawnBox) -> Range<Int>? {
        guard box.interiorHeight >= 3 else { return nil }
        let row = box.top + 1
        let inside = (box.left + 1)..<box.right
        let first = firstLetter(row: row, inside)
        let end = textEnd(row: row, inside)
        let before = first - inside.lowerBound
        let after = inside.upperBound - end
        // Centred with room on both sides: a message that sizes its box (pinentry's question,
        // one blank from each side) is the box's text, not its name.
        guard first < end, abs(before - after) <= Self.mostTitleRowOffCentre, min(before, after) >= Self.fewestBlanksBesideTitleRow else { return nil }
        var hasLetter = false
        for column in first..<end {
            if BoxCharacters.isLine(grid.scalar(row, column)) || column + 1 < end && grid.isBlank(row, column) && grid.isBlank(row, column + 1) { return nil }
            if Unicode.Scalar(grid.scalar(row, column))?.properties.isAlphabetic ?? false { hasLetter = true }
        }
        // A title names; a sentence ending in `?`, `.` or `!` (a message box's question, `Delete
        // 3 selected files?`) is the box's text.
        if [0x3F, 0x2E, 0x21].contains(grid.scalar(row, end - 1)) { return nil }
        let under = row + 1
        let isBlankUnder = inside.allSatisfy { grid.isBlank(under, $0) }
        let isLineUnder = inside.allSatisfy { BoxCharacters.isLine(grid.scalar(under, $0)) }
        return hasLetter && (isBlankUnder || isLineUnder) ? first..<end : nil
    }
}
