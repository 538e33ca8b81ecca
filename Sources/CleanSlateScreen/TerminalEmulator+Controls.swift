extension TerminalEmulator {
    /// Performs a C0 control or a (UTF-8 encoded) C1 control.
    func execute(_ code: UInt32) {
        switch code {
        case 0x08: backspace()
        case 0x09: tab(forward: 1)
        case 0x0A, 0x0B, 0x0C:
            lineFeed()
            if modes.newLine { cursorColumn = 0 }
        case 0x0D: carriageReturn()
        case 0x0E: charsets.gl = 1
        case 0x0F: charsets.gl = 0
        case 0x84: lineFeed()
        case 0x85: nextLine()
        case 0x88: setTabStop()
        case 0x8D: reverseIndex()
        case 0x8E: charsets.singleShift = 2
        case 0x8F: charsets.singleShift = 3
        default: break  // BEL and the other controls change nothing on screen.
        }
    }

    /// Performs an escape sequence `ESC [intermediate] final`.
    func escapeDispatch(_ final: UInt8) {
        guard !core.pointee.parser.hasExtraIntermediates else { return }
        switch (core.pointee.parser.intermediate, final) {
        case (0, UInt8(ascii: "6")): backIndex()
        case (0, UInt8(ascii: "V")): setISOProtection(true)
        case (0, UInt8(ascii: "W")): setISOProtection(false)
        case (0, UInt8(ascii: "9")): forwardIndex()
        case (0, UInt8(ascii: "7")): saveCursor()
        case (0, UInt8(ascii: "8")): restoreCursor()
        case (0, UInt8(ascii: "D")): lineFeed()
        case (0, UInt8(ascii: "E")): nextLine()
        case (0, UInt8(ascii: "H")): setTabStop()
        case (0, UInt8(ascii: "M")): reverseIndex()
        case (0, UInt8(ascii: "N")): charsets.singleShift = 2
        case (0, UInt8(ascii: "O")): charsets.singleShift = 3
        case (0, UInt8(ascii: "n")): charsets.gl = 2
        case (0, UInt8(ascii: "o")): charsets.gl = 3
        case (0, UInt8(ascii: "c")): fullReset()
        case (0, UInt8(ascii: "Z")): replyPrimaryDeviceAttributes()  // DECID, the obsolete form of DA.
        case (0, UInt8(ascii: "=")): modes.applicationKeypad = true
        case (0, UInt8(ascii: ">")): modes.applicationKeypad = false
        case (UInt8(ascii: "#"), UInt8(ascii: "8")): screenAlignment()
        case (UInt8(ascii: "("), _): charsets.designations[0] = Charset(designator: final)
        case (UInt8(ascii: ")"), _): charsets.designations[1] = Charset(designator: final)
        case (UInt8(ascii: "*"), _): charsets.designations[2] = Charset(designator: final)
        case (UInt8(ascii: "+"), _): charsets.designations[3] = Charset(designator: final)
        default: break
        }
    }

    /// BS: one column left, but not past the left margin; a pending wrap is cancelled and the
    /// cursor leaves the last column (as libvterm and xterm). With reverse wraparound, as CUB 1.
    func backspace() {
        if modes.autowrap && settings.reverseWraparound {
            cursorBackward(1)
            return
        }
        wrapPending = false
        if cursorColumn > 0 && cursorColumn != leftMargin { cursorColumn -= 1 }
    }

    /// CR: to the left margin, or to the first column when the cursor is left of the margin (xterm;
    /// in origin mode always to the margin).
    func carriageReturn() {
        cursorColumn = cursorColumn >= leftMargin || modes.origin ? leftMargin : 0
        wrapPending = false
    }

    /// LF / IND: down one row, scrolling the region when at its bottom margin (only when the cursor
    /// is between the left and right margins; outside them it stays).
    func lineFeed() {
        wrapPending = false
        if cursorRow == scrollBottom {
            if cursorInsideHorizontalMargins { scrollUp(1) }
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    /// NEL: carriage return and line feed.
    func nextLine() {
        lineFeed()
        carriageReturn()
    }

    /// RI: up one row, scrolling the region down when at its top margin (inside the left and right margins).
    func reverseIndex() {
        wrapPending = false
        if cursorRow == scrollTop {
            if cursorInsideHorizontalMargins { scrollDown(1) }
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    /// Scrolls the region (rows and columns inside the margins) up; on the primary screen with a
    /// full-screen region the leaving lines go to scrollback.
    func scrollUp(_ count: Int) {
        withShownGrid { grid in
            guard !hasHorizontalMargins else {
                grid.scrollUp(top: scrollTop, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count, fill: Cell.erased(with: pen))
                return
            }
            if !isAlternateActive && scrollTop == 0 && scrollBottom == rows - 1 && scrollbackLines.limit > 0 {
                for row in 0..<min(count, rows) { pushToScrollback(grid, row: row) }
            }
            grid.scrollUp(top: scrollTop, bottom: scrollBottom, count: count, fill: Cell.erased(with: pen))
        }
    }

    /// Adds screen row `row` of `grid` to the scrollback `times` times: as its mark when it is
    /// marked as one cell repeated (its cells are not read), otherwise as its cells.
    @inline(__always)
    func pushToScrollback(_ grid: Grid, row: Int, times: Int = 1) {
        if let cell = grid.markedCell(row: row) {
            scrollbackLines.push(repeating: cell, columns: columns, times: times)
        } else {
            scrollbackLines.push(grid.readRow(row), columns: columns, times: times)
        }
    }

    /// Scrolls the region (rows and columns inside the margins) down.
    func scrollDown(_ count: Int) {
        if hasHorizontalMargins {
            grid.scrollDown(top: scrollTop, bottom: scrollBottom, left: leftMargin, right: rightMargin, count: count, fill: Cell.erased(with: pen))
        } else {
            grid.scrollDown(top: scrollTop, bottom: scrollBottom, count: count, fill: Cell.erased(with: pen))
        }
    }

    /// DECBI: one column left; at the left margin the region's columns shift right instead.
    func backIndex() {
        wrapPending = false
        if cursorColumn == leftMargin {
            guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
            grid.shiftColumns(top: scrollTop, bottom: scrollBottom, left: leftMargin, right: rightMargin, by: 1, fill: Cell.erased(with: pen))
        } else if cursorColumn > 0 {
            cursorColumn -= 1
        }
    }

    /// DECFI: one column right; at the right margin the region's columns shift left instead.
    func forwardIndex() {
        wrapPending = false
        if cursorColumn == rightMargin {
            guard cursorRow >= scrollTop && cursorRow <= scrollBottom else { return }
            grid.shiftColumns(top: scrollTop, bottom: scrollBottom, left: leftMargin, right: rightMargin, by: -1, fill: Cell.erased(with: pen))
        } else if cursorColumn < columns - 1 {
            cursorColumn += 1
        }
    }

    /// HT / CHT: to the next tab stop, `count` times, stopping at the right margin (or the last
    /// column when the cursor is beyond the margin).
    func tab(forward count: Int) {
        let last = cursorColumn <= rightMargin ? rightMargin : columns - 1
        var column = cursorColumn
        for _ in 0..<count where column < last {
            repeat { column += 1 } while column < last && !tabStops[column]
        }
        cursorColumn = min(column, last)
        wrapPending = false
    }

    /// CBT: to the previous tab stop, `count` times, stopping at the first column (margins do not
    /// stop it, as in xterm).
    func tabBackward(_ count: Int) {
        var column = cursorColumn
        for _ in 0..<count where column > 0 {
            repeat { column -= 1 } while column > 0 && !tabStops[column]
        }
        cursorColumn = max(column, 0)
        wrapPending = false
    }

    /// HTS: sets a tab stop at the cursor column.
    func setTabStop() {
        tabStops[cursorColumn] = true
    }

    /// DECSC: saves the cursor, pen, wrap state, origin mode and character sets.
    func saveCursor() {
        savedCursors[isAlternateActive ? 1 : 0] = SavedCursor(
            row: cursorRow, column: cursorColumn, pen: pen, wrapPending: wrapPending, origin: modes.origin,
            charsets: charsets)
    }

    /// DECRC: restores what DECSC saved, or resets to the home position with default rendition if nothing was saved.
    func restoreCursor() {
        let saved = savedCursors[isAlternateActive ? 1 : 0]
            ?? SavedCursor(row: 0, column: 0, pen: .blank, wrapPending: false, origin: false, charsets: CharsetState())
        cursorRow = min(saved.row, rows - 1)
        cursorColumn = min(saved.column, columns - 1)
        pen = saved.pen
        wrapPending = saved.wrapPending && cursorColumn == columns - 1
        modes.origin = saved.origin
        charsets = saved.charsets
    }

    /// DECALN: fills the screen with `E`, resets the margins and homes the cursor.
    func screenAlignment() {
        var cell = Cell.blank
        cell.code = UInt32(UInt8(ascii: "E"))
        grid.fillAll(with: cell)
        scrollTop = 0
        scrollBottom = rows - 1
        resetHorizontalMargins()
        cursorRow = 0
        cursorColumn = 0
        wrapPending = false
    }

    /// RIS: back to the power-on state; the title and scrollback are cleared too.
    func fullReset() {
        if isAlternateActive { grid = primaryGrid }
        primaryGrid.fillAll(with: .blank)
        alternateGrid.fillAll(with: .blank)
        scrollbackLines.removeAll()
        clusters.removeAll()
        core.pointee.parser.reset()
        modes = TerminalModes()
        title = ""
        iconName = ""
        savedCursors = [nil, nil]
        settings = ReportedSettings()
        colors = ColorPalette()
        tabStops = TerminalEmulator.defaultTabStops(columns: columns)
        softResetState()
        cursorRow = 0
        cursorColumn = 0
        lastGraphic = 0
    }

    /// DECSTR: resets rendition, margins, character sets and the modes DECSTR covers; the screen is kept.
    func softReset() {
        softResetState()
        modes.cursorVisible = true
        modes.applicationCursorKeys = false
        modes.applicationKeypad = false
        savedCursors[isAlternateActive ? 1 : 0] = nil
    }

    private func softResetState() {
        pen = .blank
        charsets = CharsetState()
        modes.insert = false
        modes.origin = false
        modes.autowrap = true
        scrollTop = 0
        scrollBottom = rows - 1
        resetHorizontalMargins()
        leftRightMarginMode = false
        protectionMode = .none
        settings.reverseWraparound = false
        wrapPending = false
    }

    /// Left and right margins back to the full width.
    func resetHorizontalMargins() {
        leftMargin = 0
        rightMargin = columns - 1
    }
}
