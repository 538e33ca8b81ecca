extension TerminalEmulator {
    /// REP: prints the last printed character `count` more times.
    ///
    /// The work is bounded by the screen, not by `count` (see ``visibleRepeatCount(_:of:)``), and
    /// done a line at a time: what fits on the cursor's line is filled as one run, as the same
    /// prints one by one would leave it (``fillRepeats(of:upTo:)``); where that is not a plain store
    /// (a pending wrap, a wide character that does not fit, a mapping character set), one character
    /// goes through ``print(_:)``, which wraps, scrolls and narrows wide characters. Lines printed
    /// from the bottom of the scroll region are done at once (``repeatFromTheBottom(of:upTo:)``).
    func repeatLastCharacter(_ count: Int) {
        guard lastGraphic != 0 else { return }
        var remaining = visibleRepeatCount(count, of: lastGraphic)
        while remaining > 0 {
            remaining -= repeatFromTheBottom(of: lastGraphic, upTo: remaining)
            guard remaining > 0 else { return }
            let filled = fillRepeats(of: lastGraphic, upTo: remaining)
            if filled > 0 {
                remaining -= filled
                continue
            }
            let columnBefore = cursorColumn
            print(lastGraphic)
            remaining -= 1
            if !modes.autowrap && cursorColumn == columnBefore && CharacterWidth.of(lastGraphic) != 0 {
                // Stuck at the edge: every further print writes the same cells again.
                return
            }
        }
    }

    /// Prints up to `limit` more copies of `scalar` (the character just printed) that fit on the
    /// cursor's line without wrapping, as one run; returns how many it printed.
    ///
    /// It prints none where a print would be anything but a plain store: a pending wrap, a
    /// character set that maps `scalar` to something else, or a width other than 1 or 2.
    private func fillRepeats(of scalar: UInt32, upTo limit: Int) -> Int {
        guard limit > 0, !wrapPending, charsets.isPlainASCII || (charsets.singleShift == nil && charsets.designations[charsets.gl].map(scalar) == scalar)
        else { return 0 }
        var width = CharacterWidth.of(scalar)
        guard width == 1 || width == 2 else { return 0 }
        // The same edge and narrowing as print(_:); neither changes while the cursor stays on this line.
        if width == 2 && columns < 2 { width = 1 }
        let column = cursorColumn
        let edge = column <= rightMargin ? rightMargin + 1 : columns
        if width == 2 && edge - (column <= rightMargin ? leftMargin : 0) < 2 { width = 1 }
        let count = min(limit, width == 1 ? edge - column : (edge - column) / 2)
        guard count > 0 else { return 0 }
        let span = count * width
        // The cells read and written here: up to the one after the run, or the whole line it shifts in insert
        // mode; a run of narrow characters to the end of the line is filled by the grid (below), which
        // takes what it needs, so only the cells before the run are looked at here.
        let reach = modes.insert ? columns : column + span == columns && width == 1 ? column + 1 : min(columns, column + span + 1)
        return withShownGrid { grid -> Int in
            let line = grid.row(cursorRow, through: reach)
            let cell = makeRoom(on: line, at: column, span: span, edge: edge, for: scalar, width: width)
            if width == 1 {
                // The cells before the run are looked at inline when there is one (REP after a line's first character).
                if column + span == columns && (column <= 1 ? column == 0 || line[0].isSame(as: cell) : Cell.all(line, count: column, are: cell)) {
                    // A line this run completes with the character throughout is filled as one cell repeated
                    // (noted, not written: see Grid), for a REP or a scroll to come.
                    grid.fillUnmarked(row: cursorRow, with: cell)
                } else {
                    grid.fill(row: cursorRow, from: column, to: column + span, with: cell)
                }
            } else {
                var rightHalf = cell
                rightHalf.code = 0
                rightHalf.width = 0
                for offset in stride(from: column, to: column + span, by: 2) {
                    line[offset] = cell
                    line[offset + 1] = rightHalf
                }
            }
            cursorColumn = column + span
            if cursorColumn >= edge {
                cursorColumn = edge - 1
                wrapPending = modes.autowrap
            }
            return count
        }
    }

    /// Prints up to `limit` more copies of `scalar` (the character just printed) when the cursor
    /// waits to wrap at the bottom right of a scroll region as wide as the screen; returns how many
    /// it printed (all of them, or none where the conditions do not hold).
    ///
    /// Each line of them would scroll the region up by one (the top row going to the scrollback when
    /// the region is the primary screen) and fill the bottom row with the character, the last line
    /// maybe only in part. The region scrolls by all those lines at once, and the lines that would
    /// go to the scrollback go in order: the region's rows from the top, then copies of the filled
    /// line, of which the scrollback takes one count. Lines the scrollback would drop again are not
    /// pushed. Rows already marked as filled with the same cell are not written again
    /// (``Grid/fillUniform(row:with:)``); rows found to be filled with one cell are marked.
    private func repeatFromTheBottom(of scalar: UInt32, upTo limit: Int) -> Int {
        guard wrapPending, modes.autowrap, !modes.insert, cursorRow == scrollBottom, leftMargin == 0, rightMargin == columns - 1,
            charsets.isPlainASCII || (charsets.singleShift == nil && charsets.designations[charsets.gl].map(scalar) == scalar),
            CharacterWidth.of(scalar) == 1
        else { return 0 }
        return withShownGrid { grid -> Int in
            let (wholeLines, tail) = repeatDivisions.lines.divide(limit, by: columns)
            let lines = wholeLines + (tail > 0 ? 1 : 0)
            var cell = pen
            cell.code = scalar
            cell.width = 1
            let height = scrollBottom - scrollTop + 1
            let toScrollback = !isAlternateActive && scrollTop == 0 && scrollBottom == rows - 1 && scrollbackLines.limit > 0
            // The rows pushed after the old ones entered as whole lines: the partial line enters last.
            let oldRows = min(lines, height), copies = lines - oldRows
            // The copies not yet pushed (they join the old rows' last push when those rows are the character too).
            var copiesLeft = toScrollback ? copies : 0
            if toScrollback {
                // Of `oldRows + copies` lines pushed, the scrollback keeps the newest `limit`.
                var row = max(0, min(oldRows, oldRows + copies - scrollbackLines.limit))
                while row < oldRows {
                    // Rows filled with the same cell go in as one push.
                    var run = grid.uniformRun(from: row, to: oldRows)
                    if run == 0 && grid.markIfUniform(row: row) { run = grid.uniformRun(from: row, to: oldRows) }
                    if row + run == oldRows, let marked = grid.markedCell(row: row), marked.isSame(as: cell) {
                        scrollbackLines.push(repeating: cell, columns: columns, times: run + copiesLeft)
                        copiesLeft = 0
                    } else {
                        pushToScrollback(grid, row: row, times: max(run, 1))
                    }
                    row += max(run, 1)
                }
            }
            grid.scrollUp(top: scrollTop, bottom: scrollBottom, count: lines, fillingUniformlyWith: cell)
            if copiesLeft > 0 {
                scrollbackLines.push(repeating: cell, columns: columns, times: copiesLeft)
            }
            if tail > 0 {
                // The last line: `tail` characters, then what the scroll left (erased with the pen).
                grid.fill(row: scrollBottom, from: tail, to: columns, with: Cell.erased(with: pen))
                cursorColumn = tail
                wrapPending = false
            } else {
                cursorColumn = columns - 1
                wrapPending = true
            }
            return limit
        }
    }

    /// The number of prints of `scalar` that leave the same screen and cursor as `count` prints.
    ///
    /// Printing one character over and over becomes periodic once every row it can reach is full of
    /// it: with autowrap, after the current line and then one line per screen row, each further
    /// line-worth of characters (the width between the margins over the character's width) scrolls an identical line away and leaves the
    /// screen as it was; without autowrap the cursor sticks at the right margin after one line.
    /// Beyond that point, only `count` modulo the period matters. The scrollback therefore gets at
    /// most a screenful of copies of the line from one REP, where xterm would add one per line.
    func visibleRepeatCount(_ count: Int, of scalar: UInt32) -> Int {
        let lineWidth = rightMargin - leftMargin + 1
        let width = lineWidth < 2 ? 1 : max(1, CharacterWidth.of(charsets.isPlainASCII ? scalar : charsets.map(scalar)))
        let period = width == 1 ? lineWidth : max(1, lineWidth / width)
        // The first line may run to the last column (from beyond the right margin); then one line per row.
        let settled = modes.autowrap ? columns + 1 + (rows + 1) * period : columns + 1
        guard count > settled else { return count }
        return modes.autowrap ? settled + repeatDivisions.count.divide(count - settled, by: period).remainder : settled
    }
}
