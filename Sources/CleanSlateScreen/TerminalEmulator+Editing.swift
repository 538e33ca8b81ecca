extension TerminalEmulator {
    /// ED: 0 below the cursor, 1 above it, 2 everything, 3 the scrollback (as xterm).
    func eraseInDisplay(_ selector: Int) {
        let blank = Cell.erased(with: pen)
        switch selector {
        case 0:
            eraseInLine(0)
            for row in (cursorRow + 1)..<rows { grid.fill(row: row, from: 0, to: columns, with: blank) }
        case 1:
            eraseInLine(1)
            for row in 0..<cursorRow { grid.fill(row: row, from: 0, to: columns, with: blank) }
        case 2:
            for row in 0..<rows { grid.fill(row: row, from: 0, to: columns, with: blank) }
        case 3:
            scrollbackLines.removeAll()
        default:
            break
        }
        wrapPending = false
    }

    /// EL: 0 right of the cursor (inclusive), 1 left of it (inclusive), 2 the whole line.
    func eraseInLine(_ selector: Int) {
        let line = grid.row(cursorRow)
        let blank = Cell.erased(with: pen)
        switch selector {
        case 0:
            clearHalves(line, from: cursorColumn, to: columns)
            grid.fill(row: cursorRow, from: cursorColumn, to: columns, with: blank)
        case 1:
            clearHalves(line, from: 0, to: cursorColumn + 1)
            grid.fill(row: cursorRow, from: 0, to: cursorColumn + 1, with: blank)
        case 2:
            grid.fill(row: cursorRow, from: 0, to: columns, with: blank)
        default:
            return
        }
        wrapPending = false
    }

    /// ECH: blanks `count` cells from the cursor without moving it.
    func eraseCharacters(_ count: Int) {
        let end = min(cursorColumn + count, columns)
        clearHalves(grid.row(cursorRow), from: cursorColumn, to: end)
        grid.fill(row: cursorRow, from: cursorColumn, to: end, with: Cell.erased(with: pen))
        wrapPending = false
    }

    /// Shifts cells from `column` right by `count`, filling the gap with blanks.
    func insertBlanks(_ line: UnsafeMutablePointer<Cell>, at column: Int, count: Int) {
        let count = min(count, columns - column)
        clearHalves(line, from: column, to: column)
        let moving = columns - column - count
        if moving > 0 { (line + column + count).update(from: line + column, count: moving) }
        (line + column).update(repeating: Cell.erased(with: pen), count: count)
        if line[columns - 1].width == 2 { line[columns - 1] = Cell.erased(with: line[columns - 1]) }
    }

    /// ICH: inserts `count` blanks at the cursor.
    func insertCharacters(_ count: Int) {
        insertBlanks(grid.row(cursorRow), at: cursorColumn, count: count)
        wrapPending = false
    }

    /// DCH: deletes `count` cells at the cursor, pulling the rest of the line left.
    func deleteCharacters(_ count: Int) {
        let line = grid.row(cursorRow)
        let count = min(count, columns - cursorColumn)
        clearHalves(line, from: cursorColumn, to: cursorColumn + count)
        let moving = columns - cursorColumn - count
        if moving > 0 { (line + cursorColumn).update(from: line + cursorColumn + count, count: moving) }
        (line + columns - count).update(repeating: Cell.erased(with: pen), count: count)
        wrapPending = false
    }

    /// IL: inserts blank lines at the cursor row, inside the scroll region only; the cursor goes to the
    /// first column (xterm, ECMA-48's line home).
    func insertLines(_ count: Int) {
        guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
        grid.scrollDown(top: cursorRow, bottom: scrollBottom, count: count, fill: Cell.erased(with: pen))
        cursorColumn = 0
        wrapPending = false
    }

    /// DL: deletes lines at the cursor row, inside the scroll region only; the cursor goes to the first column.
    func deleteLines(_ count: Int) {
        guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
        grid.scrollUp(top: cursorRow, bottom: scrollBottom, count: count, fill: Cell.erased(with: pen))
        cursorColumn = 0
        wrapPending = false
    }
}
