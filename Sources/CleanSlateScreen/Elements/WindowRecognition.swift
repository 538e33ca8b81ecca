/// A rectangle drawn with line-drawing characters: the outline of a window, a group box, a list
/// or an input field.
struct DrawnBox {
    /// The row of the top border.
    var top: Int
    /// The column of the left border.
    var left: Int
    /// The row of the bottom border.
    var bottom: Int
    /// The column of the right border.
    var right: Int
    /// The title written into the top border, trimmed; empty when there is none.
    var title: String
    /// The column where the title's first character is, when there is a title.
    var titleColumn: Int?

    /// The window's name: its title when the title holds a word or a path (a letter, a digit, `~`
    /// or `/`). Marks alone in a border (hexcurse's scroll mark `^`, mp3blaster's `( - )`, mc's
    /// `]>` left of a covered title, termshark's half-block frame `▌ … ▐`) name nothing: a person
    /// calls that window by no name, as one with no title.
    var name: String {
        title.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "~" || $0 == "/" } ? title : ""
    }

    /// The whole box, borders included.
    var frame: ScreenRectangle { ScreenRectangle(row: top, column: left, height: bottom - top + 1, width: right - left + 1) }
    /// The number of rows between the borders.
    var interiorHeight: Int { bottom - top - 1 }
    /// The number of cells inside the box.
    var area: Int { (bottom - top + 1) * (right - left + 1) }
}

/// Finds boxes: a top-left corner, a top border to the first top-right corner on its row, one
/// whole side (vertical lines or tees: the left one down to a bottom-left corner, else the right
/// one down to a bottom-right corner), and the two bottom corners on one row. The other side need
/// not be whole, so a box stays one when another window is drawn over one of its sides (an mc
/// dialog over the panels).
struct WindowRecognition {
    let grid: RecognitionGrid

    /// Every box on the screen, in reading order of their top-left corners.
    func boxes() -> [DrawnBox] {
        var found: [DrawnBox] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where BoxCharacters.isTopLeft(grid.scalar(row, column)) {
                if let box = box(at: row, column) { found.append(box) }
            }
        }
        return found
    }

    /// The box whose top-left corner is at `row`, `column`, if the corners close.
    private func box(at top: Int, _ left: Int) -> DrawnBox? {
        var right = left + 1
        var bracketed: [Range<Int>] = []
        while right < grid.columns {
            let scalar = grid.scalar(top, right)
            if BoxCharacters.isTopRight(scalar) {
                guard let reopening = reopeningCorner(row: top, after: right) else { break }
                bracketed.append((right + 1)..<reopening)
                right = reopening + 1
                continue
            }
            if BoxCharacters.isTopLeft(scalar) { return nil }
            right += 1
        }
        guard right < grid.columns,
              let bottom = bottomOfSide(column: left, from: top, isSide: BoxCharacters.isLeftSide, isCorner: BoxCharacters.isBottomLeft)
                ?? bottomOfSide(column: right, from: top, isSide: BoxCharacters.isRightSide, isCorner: BoxCharacters.isBottomRight),
              BoxCharacters.isBottomLeft(grid.scalar(bottom, left)), BoxCharacters.isBottomRight(grid.scalar(bottom, right)) else { return nil }
        let (title, titleColumn) = bracketed.first.map { bracketedTitle(row: top, $0) } ?? self.title(row: top, between: left, right)
        return DrawnBox(top: top, left: left, bottom: bottom, right: right, title: title, titleColumn: titleColumn)
    }

    /// The column of the corner that opens the border again after a title set between corners
    /// in it (btop's `╭─┐cpu┌──┐menu┌─╮`: `┐` before the text, `┌` after it), or `nil` when the
    /// corner at `corner` ends the border: a line, a blank row's end or nothing but lines follows.
    private func reopeningCorner(row: Int, after corner: Int) -> Int? {
        var column = corner + 1
        while column < grid.columns && !BoxCharacters.isLine(grid.scalar(row, column)) { column += 1 }
        guard column > corner + 1, column < grid.columns, BoxCharacters.isTopLeft(grid.scalar(row, column)),
              !grid.trimmedText(row: row, (corner + 1)..<column).isEmpty
        else { return nil }
        return column
    }

    /// The title set between corners over `columns`, without a superscript digit in front (btop's
    /// `¹cpu`: the key that shows the box, drawn apart from its name).
    private func bracketedTitle(row: Int, _ columns: Range<Int>) -> (String, Int?) {
        var first = columns.lowerBound
        while first < columns.upperBound && (grid.isBlank(row, first) || Self.isSuperscriptDigit(grid.scalar(row, first))) { first += 1 }
        return (grid.trimmedText(row: row, first..<columns.upperBound), first)
    }

    /// `¹ ² ³` and `⁰ ⁴`…`⁹`.
    private static func isSuperscriptDigit(_ scalar: UInt32) -> Bool {
        scalar == 0xB9 || scalar == 0xB2 || scalar == 0xB3 || scalar == 0x2070 || (0x2074...0x2079).contains(scalar)
    }

    /// The row of the corner that ends a side drawn down `column` from the row below `top`, or
    /// `nil` when something else interrupts the side first.
    private func bottomOfSide(column: Int, from top: Int, isSide: (UInt32) -> Bool, isCorner: (UInt32) -> Bool) -> Int? {
        var row = top + 1
        while row < grid.rows {
            let scalar = grid.scalar(row, column)
            if isCorner(scalar) { return row }
            if !isSide(scalar) { return nil }
            row += 1
        }
        return nil
    }

    /// Whether the text over `columns` of a border is a scroll mark (dialog's `↑(-)`, `↓(+)`): an
    /// arrow and no letter. It tells there is more to see, it names nothing.
    private func isScrollMark(row: Int, _ columns: Range<Int>) -> Bool {
        var hasArrow = false
        for column in columns {
            let scalar = grid.scalar(row, column)
            if (0x2190...0x21FF).contains(scalar) { hasArrow = true }
            if let character = Unicode.Scalar(scalar), character.properties.isAlphabetic { return false }
        }
        return hasArrow
    }

    /// The title in a top border: of the stretches of text between the lines that are no scroll
    /// mark, the first one with a blank on each side (`─ Layout ─`, `┤ Settings ├`, mc's
    /// `<─ ~ ─.[^]>` gives `~`), or else the longest (dialog's `──Settings──`).
    private func title(row: Int, between left: Int, _ right: Int) -> (String, Int?) {
        var stretches: [Range<Int>] = []
        var start: Int?
        for column in (left + 1)...right {
            let isLine = column == right || BoxCharacters.isLine(grid.scalar(row, column))
            if isLine, let begun = start {
                stretches.append(begun..<column)
                start = nil
            } else if !isLine && start == nil {
                start = column
            }
        }
        let named = stretches.filter { !grid.trimmedText(row: row, $0).isEmpty && !isScrollMark(row: row, $0) }
        let padded = named.first { grid.isBlank(row, $0.lowerBound) && grid.isBlank(row, $0.upperBound - 1) && $0.count > 2 }
        guard let chosen = padded ?? named.max(by: { $0.count < $1.count }) else { return ("", nil) }
        var first = chosen.lowerBound
        while grid.isBlank(row, first) { first += 1 }
        return (grid.trimmedText(row: row, chosen), first)
    }
}
