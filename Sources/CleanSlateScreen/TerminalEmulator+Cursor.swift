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

    /// The columns the cursor may reach with relative moves: the left and right margins when inside them.
    private var horizontalBounds: (left: Int, right: Int) {
        (cursorColumn >= leftMargin ? leftMargin : 0, cursorColumn <= rightMargin ? rightMargin : columns - 1)
    }

    /// CUF: right, stopping at the right margin when the cursor is inside the margins.
    func cursorForward(_ count: Int) {
        cursorColumn = min(cursorColumn + count, horizontalBounds.right)
        wrapPending = false
    }

    /// CUB and BS: left, stopping at the left margin when the cursor is inside the margins. With
    /// reverse wraparound (DECSET 45 or 1045) and autowrap, the cursor instead goes on to the end
    /// of the line above, as xterm before patch 383 does for both modes: the move is counted over
    /// the lines between the margins as one stream, which wraps from the top of the scroll region
    /// (or the screen, when the cursor is outside the region) to its bottom. A pending wrap counts
    /// as one of the steps.
    func cursorBackward(_ count: Int) {
        let reverse = modes.autowrap && settings.reverseWraparound
        var count = count
        if reverse && wrapPending { count -= 1 }
        wrapPending = false
        let left = horizontalBounds.left
        var column = cursorColumn - count
        guard column < left else {
            cursorColumn = column
            return
        }
        guard reverse else {
            cursorColumn = left
            return
        }
        // Left of the left margin, the move counts as if it started at the margin.
        if cursorColumn < leftMargin { column = leftMargin + column }
        let insideRegion = cursorRow >= scrollTop && cursorRow <= scrollBottom
        let (top, height) = insideRegion ? (scrollTop, scrollBottom - scrollTop + 1) : (0, rows)
        let lineWidth = rightMargin - leftMargin + 1
        let length = lineWidth * height
        var offset = lineWidth * (cursorRow - top) + column - leftMargin
        offset %= length
        if offset < 0 { offset += length }
        cursorRow = top + offset / lineWidth
        cursorColumn = leftMargin + offset % lineWidth
    }

    /// CHA / HPA: to a zero-based column, relative to the left margin in origin mode.
    func setCursorColumn(_ column: Int) {
        if modes.origin {
            cursorColumn = min(max(column + leftMargin, leftMargin), rightMargin)
        } else {
            cursorColumn = min(max(column, 0), columns - 1)
        }
        wrapPending = false
    }

    /// CUP / HVP / VPA: to a zero-based position, relative to the scroll region and the left and
    /// right margins in origin mode (`keepColumn`: VPA, which leaves the column alone).
    func setCursor(row: Int, column: Int, keepColumn: Bool = false) {
        if modes.origin {
            cursorRow = min(max(row + scrollTop, scrollTop), scrollBottom)
        } else {
            cursorRow = min(max(row, 0), rows - 1)
        }
        if !keepColumn { setCursorColumn(column) }
        wrapPending = false
    }

    /// DECSLRM: sets the left and right margins (one-based, inclusive) and homes the cursor; only
    /// while DECLRMM is set (otherwise `CSI s` saves the cursor).
    func setHorizontalMargins(left: Int, right: Int) {
        guard let margins = Self.margins(first: left, last: right, size: columns) else { return }
        (leftMargin, rightMargin) = margins
        setCursor(row: 0, column: 0)
    }

    /// One-based inclusive margins as zero-based ones, the last clamped to `size`; nil unless first < last.
    private static func margins(first: Int, last: Int, size: Int) -> (Int, Int)? {
        let first = first - 1
        let last = min(last, size) - 1
        return first < last ? (first, last) : nil
    }

    /// DECSTBM: sets the scroll region (one-based, inclusive) and homes the cursor.
    func setScrollRegion(top: Int, bottom: Int) {
        guard let margins = Self.margins(first: top, last: bottom, size: rows) else { return }
        (scrollTop, scrollBottom) = margins
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
