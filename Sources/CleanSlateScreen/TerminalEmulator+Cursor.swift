extension TerminalEmulator {
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
}
