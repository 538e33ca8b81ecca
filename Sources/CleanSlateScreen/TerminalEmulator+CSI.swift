extension TerminalEmulator {
    /// Performs a control sequence `CSI [marker] parameters [intermediate] final`.
    func csiDispatch(_ final: UInt8) {
        guard !core.pointee.parser.hasExtraIntermediates else { return }
        let marker = core.pointee.parser.privateMarker
        let intermediate = core.pointee.parser.intermediate
        if marker == 0 && intermediate == 0 {
            plainControlSequence(final)
            return
        }
        let parameters = core.pointee.parser.parameters
        switch (marker, intermediate, final) {
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "h")): setDECModes(true)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "l")): setDECModes(false)
        case (UInt8(ascii: "?"), UInt8(ascii: "$"), UInt8(ascii: "p")): reportMode(parameters.value(0, default: 0), dec: true)
        case (0, UInt8(ascii: "$"), UInt8(ascii: "p")): reportMode(parameters.value(0, default: 0), dec: false)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "J")): eraseInDisplay(parameters.value(0, default: 0, zeroIsDefault: false))
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "K")): eraseInLine(parameters.value(0, default: 0, zeroIsDefault: false))
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "n")): deviceStatusReport(parameters.value(0, default: 0), dec: true)
        case (UInt8(ascii: ">"), 0, UInt8(ascii: "c")): replySecondaryDeviceAttributes()
        case (0, UInt8(ascii: "!"), UInt8(ascii: "p")): softReset()
        default: break  // Cursor style, key modifier options and other settings that change nothing on screen.
        }
    }

    /// Control sequences without a private marker or intermediate byte.
    private func plainControlSequence(_ final: UInt8) {
        let parameters = core.pointee.parser.parameters
        let count = parameters.value(0, default: 1)
        switch final {
        case UInt8(ascii: "@"): insertCharacters(count)
        case UInt8(ascii: "A"): cursorUp(count)
        case UInt8(ascii: "B"), UInt8(ascii: "e"): cursorDown(count)
        case UInt8(ascii: "C"), UInt8(ascii: "a"): cursorForward(count)
        case UInt8(ascii: "D"), UInt8(ascii: "j"): cursorBackward(count)
        case UInt8(ascii: "E"):
            cursorDown(count)
            cursorColumn = 0
        case UInt8(ascii: "F"):
            cursorUp(count)
            cursorColumn = 0
        case UInt8(ascii: "G"), UInt8(ascii: "`"): setCursorColumn(count - 1)
        case UInt8(ascii: "H"), UInt8(ascii: "f"): setCursor(row: count - 1, column: parameters.value(1, default: 1) - 1)
        case UInt8(ascii: "I"): tab(forward: count)
        case UInt8(ascii: "J"): eraseInDisplay(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "K"): eraseInLine(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "L"): insertLines(count)
        case UInt8(ascii: "M"): deleteLines(count)
        case UInt8(ascii: "P"): deleteCharacters(count)
        case UInt8(ascii: "S"): scrollUp(count)
        case UInt8(ascii: "T"): if parameters.count == 1 { scrollDown(count) }
        case UInt8(ascii: "X"): eraseCharacters(count)
        case UInt8(ascii: "Z"): tabBackward(count)
        case UInt8(ascii: "b"): repeatLastCharacter(count)
        case UInt8(ascii: "c"): if parameters.value(0, default: 0, zeroIsDefault: false) == 0 { replyPrimaryDeviceAttributes() }
        case UInt8(ascii: "d"): setCursor(row: count - 1, column: cursorColumn, keepColumn: true)
        case UInt8(ascii: "g"): clearTabStops(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "h"): setANSIModes(true)
        case UInt8(ascii: "k"): cursorUp(count)
        case UInt8(ascii: "l"): setANSIModes(false)
        case UInt8(ascii: "m"): selectGraphicRendition()
        case UInt8(ascii: "n"): deviceStatusReport(parameters.value(0, default: 0, zeroIsDefault: false), dec: false)
        case UInt8(ascii: "r"): setScrollRegion(top: count, bottom: parameters.value(1, default: rows))
        case UInt8(ascii: "s"): saveCursor()
        case UInt8(ascii: "t"): windowOperation(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "u"): restoreCursor()
        default: break
        }
    }

    // MARK: Cursor movement

    /// The rows the cursor may reach with relative moves: the scroll region when inside it.
    private var verticalBounds: (top: Int, bottom: Int) {
        (cursorRow >= scrollTop ? scrollTop : 0, cursorRow <= scrollBottom ? scrollBottom : rows - 1)
    }

    /// CUU: up, stopping at the top margin when the cursor is inside the region.
    func cursorUp(_ count: Int) {
        cursorRow = max(cursorRow - count, verticalBounds.top)
        wrapPending = false
    }

    /// CUD: down, stopping at the bottom margin when the cursor is inside the region.
    func cursorDown(_ count: Int) {
        cursorRow = min(cursorRow + count, verticalBounds.bottom)
        wrapPending = false
    }

    /// CUF: right, stopping at the last column.
    func cursorForward(_ count: Int) {
        cursorColumn = min(cursorColumn + count, columns - 1)
        wrapPending = false
    }

    /// CUB: left, stopping at the first column.
    func cursorBackward(_ count: Int) {
        cursorColumn = max(cursorColumn - count, 0)
        wrapPending = false
    }

    /// CHA / HPA: to a zero-based column.
    func setCursorColumn(_ column: Int) {
        cursorColumn = min(max(column, 0), columns - 1)
        wrapPending = false
    }

    /// CUP / HVP / VPA: to a zero-based position, relative to the scroll region in origin mode.
    func setCursor(row: Int, column: Int, keepColumn: Bool = false) {
        if modes.origin {
            cursorRow = min(max(row + scrollTop, scrollTop), scrollBottom)
        } else {
            cursorRow = min(max(row, 0), rows - 1)
        }
        cursorColumn = min(max(column, 0), columns - 1)
        wrapPending = false
    }

    /// DECSTBM: sets the scroll region (one-based, inclusive) and homes the cursor.
    func setScrollRegion(top: Int, bottom: Int) {
        let top = top - 1
        let bottom = min(bottom, rows) - 1
        guard top < bottom else { return }
        scrollTop = top
        scrollBottom = bottom
        setCursor(row: 0, column: 0)
    }

    /// TBC: 0 clears the stop at the cursor, 3 clears them all.
    func clearTabStops(_ selector: Int) {
        switch selector {
        case 0: tabStops[cursorColumn] = false
        case 3: tabStops = [Bool](repeating: false, count: columns)
        default: break
        }
    }

    // MARK: Erasing and editing

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

    /// IL: inserts blank lines at the cursor row, inside the scroll region only.
    func insertLines(_ count: Int) {
        guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
        grid.scrollDown(top: cursorRow, bottom: scrollBottom, count: count, fill: Cell.erased(with: pen))
        wrapPending = false
    }

    /// DL: deletes lines at the cursor row, inside the scroll region only.
    func deleteLines(_ count: Int) {
        guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
        grid.scrollUp(top: cursorRow, bottom: scrollBottom, count: count, fill: Cell.erased(with: pen))
        wrapPending = false
    }
}
