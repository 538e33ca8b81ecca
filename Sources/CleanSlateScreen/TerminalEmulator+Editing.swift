extension TerminalEmulator {
    /// ED (and DECSED when `selective`): 0 below the cursor, 1 above it, 2 everything, 3 the
    /// scrollback (as xterm). Protected cells are spared as ``erase(row:from:to:selective:)`` says.
    func eraseInDisplay(_ selector: Int, selective: Bool = false) {
        switch selector {
        case 0:
            eraseInLine(0, selective: selective)
            for row in (cursorRow + 1)..<rows { erase(row: row, from: 0, to: columns, selective: selective) }
        case 1:
            eraseInLine(1, selective: selective)
            for row in 0..<cursorRow { erase(row: row, from: 0, to: columns, selective: selective) }
        case 2:
            for row in 0..<rows { erase(row: row, from: 0, to: columns, selective: selective) }
        case 3:
            scrollbackLines.removeAll()
        default:
            break
        }
        wrapPending = false
    }

    /// EL (and DECSEL when `selective`): 0 right of the cursor (inclusive), 1 left of it
    /// (inclusive), 2 the whole line.
    func eraseInLine(_ selector: Int, selective: Bool = false) {
        switch selector {
        case 0: erase(row: cursorRow, from: cursorColumn, to: columns, selective: selective)
        case 1: erase(row: cursorRow, from: 0, to: cursorColumn + 1, selective: selective)
        case 2: erase(row: cursorRow, from: 0, to: columns, selective: selective)
        default: return
        }
        wrapPending = false
    }

    /// ECH: blanks `count` cells from the cursor without moving it.
    func eraseCharacters(_ count: Int) {
        erase(row: cursorRow, from: cursorColumn, to: min(cursorColumn + count, columns), selective: false)
        wrapPending = false
    }

    /// Shifts cells from `column` up to `end` (exclusive; the right margin plus one, or the width)
    /// right by `count`, filling the gap with blanks; cells pushed past `end` are lost.
    func insertBlanks(_ line: UnsafeMutablePointer<Cell>, at column: Int, count: Int, end: Int) {
        let count = min(count, end - column)
        clearHalves(line, from: column, to: column)
        let moving = end - column - count
        if moving > 0 { (line + column + count).update(from: line + column, count: moving) }
        (line + column).update(repeating: Cell.erased(with: pen), count: count)
        if line[end - 1].width == 2 { line[end - 1] = Cell.erased(with: line[end - 1]) }
    }

    /// ICH: inserts `count` blanks at the cursor, up to the right margin; nothing outside the margins.
    func insertCharacters(_ count: Int) {
        wrapPending = false
        guard cursorInsideHorizontalMargins else { return }
        insertBlanks(grid.row(cursorRow), at: cursorColumn, count: count, end: rightMargin + 1)
    }

    /// DCH: deletes `count` cells at the cursor, pulling the rest of the line (up to the right
    /// margin) left; nothing outside the margins.
    func deleteCharacters(_ count: Int) {
        wrapPending = false
        guard cursorInsideHorizontalMargins else { return }
        let end = rightMargin + 1
        let line = grid.row(cursorRow)
        let count = min(count, end - cursorColumn)
        clearHalves(line, from: cursorColumn, to: cursorColumn + count)
        let moving = end - cursorColumn - count
        if moving > 0 { (line + cursorColumn).update(from: line + cursorColumn + count, count: moving) }
        (line + end - count).update(repeating: Cell.erased(with: pen), count: count)
    }

    /// Whether the cursor is inside the scroll region and the left and right margins.
    private var cursorInsideRegion: Bool {
        cursorRow >= scrollTop && cursorRow <= scrollBottom && cursorInsideHorizontalMargins
    }

    /// IL: inserts blank lines at the cursor row, inside the scroll region and margins only; the
    /// cursor goes to the left margin (xterm, ECMA-48's line home).
    func insertLines(_ count: Int) {
        guard cursorInsideRegion else { return }
        grid.scrollDown(top: cursorRow, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count, fill: Cell.erased(with: pen))
        cursorColumn = leftMargin
        wrapPending = false
    }

    /// DL: deletes lines at the cursor row, inside the scroll region and margins only; the cursor
    /// goes to the left margin.
    func deleteLines(_ count: Int) {
        guard cursorInsideRegion else { return }
        grid.scrollUp(top: cursorRow, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count, fill: Cell.erased(with: pen))
        cursorColumn = leftMargin
        wrapPending = false
    }

    /// DECIC (`CSI Pn ' }`): inserts `count` blank columns at the cursor column, in the rows of
    /// the scroll region and up to the right margin; nothing when the cursor is outside them.
    func insertColumns(_ count: Int) {
        guard cursorInsideRegion else { return }
        grid.shiftColumns(top: scrollTop, bottom: scrollBottom, left: cursorColumn, right: rightMargin, by: count, fill: Cell.erased(with: pen))
    }

    /// DECDC (`CSI Pn ' ~`): deletes `count` columns at the cursor column, in the rows of the scroll
    /// region, pulling the columns up to the right margin left.
    func deleteColumns(_ count: Int) {
        guard cursorInsideRegion else { return }
        grid.shiftColumns(top: scrollTop, bottom: scrollBottom, left: cursorColumn, right: rightMargin, by: -count, fill: Cell.erased(with: pen))
    }
}
