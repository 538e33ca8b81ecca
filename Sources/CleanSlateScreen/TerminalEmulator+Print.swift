extension TerminalEmulator {
    /// Prints a run of printable ASCII starting at `start`; returns the index after the run.
    ///
    /// Only called in the ground state with plain ASCII designated and insert mode off.
    func printASCII(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        // The grid is neither retained nor released for the call (see withShownGrid).
        withShownGrid { printASCII(base, from: start, to: end, on: $0) }
    }

    /// ``printASCII(_:from:to:)`` on `grid`, the grid shown (a parameter, so that the loop keeps
    /// everything it uses in registers rather than in a closure's context).
    @inline(__always)
    private func printASCII(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, on grid: Grid) -> Int {
        var index = start
        let columns = self.columns
        let autowrap = modes.autowrap
        var cell = pen
        cell.width = 1
        cell.code = 0
        let pattern = PrintableASCII.pattern(of: cell)
        var column = cursorColumn
        var pending = wrapPending
        let rightMargin = self.rightMargin
        while index < end {
            var byte = base[index]
            if byte < 0x20 || byte >= 0x7F { break }
            if pending {
                pending = false
                if autowrap {
                    cursorColumn = leftMargin
                    lineFeed()
                    column = leftMargin
                }
            }
            // Text wraps at the right margin, or at the last column when the cursor is beyond it.
            let edge = column <= rightMargin ? rightMargin + 1 : columns
            let limit = min(end, index + edge - column)
            // A row not ready is brought up out of line (a short run only up to the cell after it).
            let line = grid.readyRow(cursorRow) ?? Self.rowForText(grid, cursorRow, base, from: index, to: end, limit: limit, column: column)
            if line[column].width == 0 && column > 0 { line[column - 1] = Cell.erased(with: line[column - 1]) }
            let runStart = index
            var target = UnsafeMutableRawPointer(line + column)
            // Eight bytes at a time while all eight are printable, then one at a time.
            while index &+ 8 <= limit {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard PrintableASCII.allPrintable(word) else { break }
                for shift in stride(from: 0, to: 64, by: 8) {
                    target.storeBytes(of: PrintableASCII.cell(pattern, code: (word &>> UInt64(shift)) & 0xFF), as: SIMD2<UInt64>.self)
                    target += 16
                }
                index &+= 8
            }
            if index < limit {
                byte = base[index]
                while byte >= 0x20 && byte < 0x7F {
                    target.storeBytes(of: PrintableASCII.cell(pattern, code: UInt64(byte)), as: SIMD2<UInt64>.self)
                    target += 16
                    index &+= 1
                    if index == limit { break }
                    byte = base[index]
                }
            }
            column += index - runStart
            if column < columns && line[column].width == 0 { line[column] = Cell.erased(with: line[column]) }
            if column >= edge {
                column = edge - 1
                pending = autowrap
            }
        }
        lastGraphic = UInt32(base[index - 1])
        cursorColumn = column
        wrapPending = pending
        return index
    }

    /// Screen row `row` of `grid`, not ready, for a run of printable ASCII from `base[index]` (to
    /// `end` in all, at most `limit` on this line) written from `column`: brought up to the cell after
    /// a short run (a character before a control sequence), or to the screen's width for a long one
    /// (out of line, to keep the loop small).
    @inline(never)
    private static func rowForText(_ grid: Grid, _ row: Int, _ base: UnsafePointer<UInt8>, from index: Int, to end: Int, limit: Int,
                                   column: Int) -> UnsafeMutablePointer<Cell> {
        var reach = grid.columns
        if index &+ 8 <= end {
            let run = min(limit - index, PrintableASCII.printablePrefix(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
            if run < 8 { reach = min(reach, column + run + 1) }
        }
        return grid.row(row, through: reach)
    }

    /// Prints one character through the character sets, handling width, wrapping, insert mode and combining.
    func print(_ scalar: UInt32) {
        let scalar = charsets.map(scalar)
        var width = CharacterWidth.of(scalar)
        if width == 0 && combine(scalar) { return }
        if width == 0 { width = 1 }
        if width == 2 && columns < 2 { width = 1 }
        if wrapPending && modes.autowrap {
            cursorColumn = leftMargin
            lineFeed()
        }
        wrapPending = false
        // Text wraps at the right margin, or at the last column when the cursor is beyond it.
        var edge = cursorColumn <= rightMargin ? rightMargin + 1 : columns
        if width == 2 && edge - (cursorColumn <= rightMargin ? leftMargin : 0) < 2 { width = 1 }
        if cursorColumn + width > edge {
            if modes.autowrap {
                // A wide character does not fit before the edge: leave the cell blank and wrap (xterm).
                let line = grid.row(cursorRow)
                clearHalves(line, from: cursorColumn, to: edge)
                line[cursorColumn] = Cell.erased(with: pen)
                cursorColumn = leftMargin
                lineFeed()
                edge = rightMargin + 1
            } else {
                cursorColumn = edge - width
            }
        }
        // The cells a print reads and writes: up to the one after it, or the whole line it shifts in insert mode.
        let line = grid.row(cursorRow, through: modes.insert ? columns : min(columns, cursorColumn + width + 1))
        var cell = makeRoom(on: line, at: cursorColumn, span: width, edge: edge, for: scalar, width: width)
        line[cursorColumn] = cell
        if width == 2 {
            cell.code = 0
            cell.width = 0
            line[cursorColumn + 1] = cell
        }
        lastGraphic = scalar
        cursorColumn += width
        if cursorColumn >= edge {
            cursorColumn = edge - 1
            wrapPending = modes.autowrap
        }
    }

    /// Makes room on `line` for `span` cells from `column` (shifting the rest of the line up to `edge`
    /// right in insert mode, and blanking the halves of wide characters the span cuts), and returns
    /// the cell that prints `scalar` at `width` with the current pen: what a print and a repeated
    /// print (REP) store there.
    @inline(__always)
    func makeRoom(on line: UnsafeMutablePointer<Cell>, at column: Int, span: Int, edge: Int, for scalar: UInt32, width: Int) -> Cell {
        if modes.insert { insertBlanks(line, at: column, count: span, end: edge) }
        clearHalves(line, from: column, to: column + span)
        var cell = pen
        cell.code = scalar
        cell.width = UInt8(width)
        return cell
    }

    /// Before cells `from..<to` are overwritten, blanks the other half of any wide character they cut.
    @inline(__always)
    func clearHalves(_ line: UnsafeMutablePointer<Cell>, from: Int, to: Int) {
        if from > 0 && from < columns && line[from].width == 0 { line[from - 1] = Cell.erased(with: line[from - 1]) }
        if to < columns && to > 0 && line[to].width == 0 { line[to] = Cell.erased(with: line[to]) }
    }

    /// Joins a zero-width scalar to the character before the cursor. Returns false if there is none.
    private func combine(_ scalar: UInt32) -> Bool {
        var column = wrapPending ? cursorColumn : cursorColumn - 1
        let line = grid.row(cursorRow)
        if column >= 0 && line[column].width == 0 { column -= 1 }
        guard column >= 0 && line[column].code != 0 else { return false }
        if clusters.needsCompaction { compactClusters() }
        line[column].code = clusters.appending(scalar, to: line[column].code)
        return true
    }

    /// Drops cluster entries no cell refers to any more.
    func compactClusters() {
        var used = [Bool](repeating: false, count: clusters.clusters.count)
        let mark = { (cell: Cell) in
            if cell.isCluster { used[Int(cell.code & ~Cell.clusterFlag)] = true }
        }
        for grid in [primaryGrid, alternateGrid] {
            grid.updateEveryCell { mark($0) }
        }
        scrollbackLines.updateCells { mark($0) }
        let renumbered = clusters.compact(keeping: used)
        let renumber = { (cell: inout Cell) in
            if cell.isCluster { cell.code = renumbered[Int(cell.code & ~Cell.clusterFlag)] }
        }
        for grid in [primaryGrid, alternateGrid] {
            grid.updateEveryCell(renumber)
        }
        scrollbackLines.updateCells(renumber)
    }
}
