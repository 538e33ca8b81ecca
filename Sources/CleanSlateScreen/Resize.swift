extension TerminalEmulator {
    /// Changes the screen size as xterm does: content stays anchored at the top left, the cursor is clamped.
    ///
    /// When rows are removed, blank rows below the cursor go first; if more must go, rows leave
    /// from the top (into the scrollback on the primary screen) so the cursor's row stays visible.
    /// When rows are added to the primary screen, lines come back from the scrollback, as far as it holds any.
    /// Margins are reset to the full screen. Sizes are clamped to `1...maximumDimension`, as in ``init(rows:columns:scrollbackLimit:)``.
    public func resize(rows newRows: Int, columns newColumns: Int) {
        let newRows = Self.clampedDimension(newRows)
        let newColumns = Self.clampedDimension(newColumns)
        guard newRows != rows || newColumns != columns else { return }
        let alternateActive = isAlternateActive
        let savedPrimaryRow = savedCursors[0]?.row ?? cursorRow

        let primaryCursorRow = alternateActive ? savedPrimaryRow : cursorRow
        var primaryShift = 0  // How far the primary content moves down (negative: up).
        var prefix: [[Cell]] = []
        var firstRow = 0
        if newRows < rows {
            firstRow = rowsToDrop(primaryGrid, cursorRow: primaryCursorRow, newRows: newRows)
            for row in 0..<firstRow { pushToScrollback(primaryGrid, row: row) }
            primaryShift = -firstRow
        } else if !alternateActive {
            while prefix.count < newRows - rows, let line = scrollbackLines.popNewest() { prefix.insert(line, at: 0) }
            primaryShift = prefix.count
        }
        primaryGrid = primaryGrid.resized(rows: newRows, columns: newColumns, prefix: prefix, firstRow: firstRow, limit: Self.maximumDimension)

        var alternateShift = 0
        var alternateFirst = 0
        if newRows < rows {
            alternateFirst = rowsToDrop(alternateGrid, cursorRow: alternateActive ? cursorRow : 0, newRows: newRows)
            alternateShift = -alternateFirst
        }
        alternateGrid = alternateGrid.resized(rows: newRows, columns: newColumns, prefix: [], firstRow: alternateFirst, limit: Self.maximumDimension)
        grid = alternateActive ? alternateGrid : primaryGrid

        let shift = alternateActive ? alternateShift : primaryShift
        cursorRow = min(max(cursorRow + shift, 0), newRows - 1)
        cursorColumn = min(cursorColumn, newColumns - 1)
        if var saved = savedCursors[0], alternateActive {
            saved.row = min(max(saved.row + primaryShift, 0), newRows - 1)
            savedCursors[0] = saved
        }
        if wrapPending && newColumns > columns {
            // The wrap was pending only because the line was full; now there is room (as libvterm).
            cursorColumn += 1
        }
        wrapPending = false
        let oldColumns = columns
        rows = newRows
        columns = newColumns
        scrollTop = 0
        scrollBottom = newRows - 1
        resetHorizontalMargins()
        if newColumns < oldColumns {
            tabStops.removeLast(oldColumns - newColumns)
        } else {
            tabStops += (oldColumns..<newColumns).map { $0 % 8 == 0 }
        }
    }

    /// How many rows must leave from the top of `grid` to shrink it to `newRows`, after blank rows below the cursor are dropped.
    private func rowsToDrop(_ grid: Grid, cursorRow: Int, newRows: Int) -> Int {
        var excess = grid.rows - newRows
        var bottom = grid.rows - 1
        while excess > 0 && bottom > cursorRow && grid.isBlank(row: bottom) {
            bottom -= 1
            excess -= 1
        }
        return excess
    }
}
