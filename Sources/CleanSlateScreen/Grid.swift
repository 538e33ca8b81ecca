/// The cells of one screen (primary or alternate), stored so that scrolling moves row indices, not cells.
///
/// Storage is one block of `rows * columns` cells. `lineMap[r]` names the storage row shown at
/// screen row `r`; scrolling a region rotates entries of `lineMap` and blanks the rows that come in.
/// The size is fixed for the life of a grid: resizing builds a new grid.
final class Grid {
    let rows: Int
    let columns: Int
    let cells: UnsafeMutablePointer<Cell>
    let lineMap: UnsafeMutablePointer<Int>

    init(rows: Int, columns: Int, fill: Cell = .blank) {
        self.rows = rows
        self.columns = columns
        cells = .allocate(capacity: rows * columns)
        cells.initialize(repeating: fill, count: rows * columns)
        lineMap = .allocate(capacity: rows)
        for row in 0..<rows { lineMap[row] = row }
    }

    deinit {
        cells.deinitialize(count: rows * columns)
        cells.deallocate()
        lineMap.deallocate()
    }

    /// The first cell of screen row `row`.
    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<Cell> {
        cells + lineMap[row] &* columns
    }

    /// Sets cells `from..<to` of `row` to `cell`, one 16-byte store per cell.
    @inline(__always)
    func fill(row: Int, from: Int, to: Int, with cell: Cell) {
        guard from < to else { return }
        let bytes = unsafeBitCast(cell, to: SIMD2<UInt64>.self)
        var target = UnsafeMutableRawPointer(self.row(row) + from)
        let end = UnsafeMutableRawPointer(self.row(row) + to)
        while end - target >= 64 {
            target.storeBytes(of: bytes, as: SIMD2<UInt64>.self)
            target.storeBytes(of: bytes, toByteOffset: 16, as: SIMD2<UInt64>.self)
            target.storeBytes(of: bytes, toByteOffset: 32, as: SIMD2<UInt64>.self)
            target.storeBytes(of: bytes, toByteOffset: 48, as: SIMD2<UInt64>.self)
            target += 64
        }
        while target < end {
            target.storeBytes(of: bytes, as: SIMD2<UInt64>.self)
            target += 16
        }
    }

    /// Sets every cell to `cell`.
    func fillAll(with cell: Cell) {
        cells.update(repeating: cell, count: rows * columns)
    }

    /// Scrolls rows `top...bottom` up by `count`: the top rows leave, blank rows enter at the bottom.
    func scrollUp(top: Int, bottom: Int, count: Int, fill: Cell) {
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: count)
        for r in (bottom - count + 1)...bottom { self.fill(row: r, from: 0, to: columns, with: fill) }
    }

    /// Scrolls rows `top...bottom` down by `count`: blank rows enter at the top.
    func scrollDown(top: Int, bottom: Int, count: Int, fill: Cell) {
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: height - count)
        for r in top..<(top + count) { self.fill(row: r, from: 0, to: columns, with: fill) }
    }

    /// Scrolls the rectangle of rows `top...bottom` and columns `left...right` up by `count`
    /// (cells move; rotating rows is only possible at full width, see ``scrollUp(top:bottom:count:fill:)``).
    func scrollUp(top: Int, bottom: Int, left: Int, right: Int, count: Int, fill: Cell) {
        if left == 0 && right == columns - 1 { return scrollUp(top: top, bottom: bottom, count: count, fill: fill) }
        let count = min(count, bottom - top + 1)
        guard count > 0, left <= right else { return }
        let width = right - left + 1
        for r in stride(from: top, through: bottom - count, by: 1) { (row(r) + left).update(from: row(r + count) + left, count: width) }
        for r in (bottom - count + 1)...bottom { self.fill(row: r, from: left, to: right + 1, with: fill) }
    }

    /// Scrolls the rectangle of rows `top...bottom` and columns `left...right` down by `count`.
    func scrollDown(top: Int, bottom: Int, left: Int, right: Int, count: Int, fill: Cell) {
        if left == 0 && right == columns - 1 { return scrollDown(top: top, bottom: bottom, count: count, fill: fill) }
        let count = min(count, bottom - top + 1)
        guard count > 0, left <= right else { return }
        let width = right - left + 1
        for r in stride(from: bottom, through: top + count, by: -1) { (row(r) + left).update(from: row(r - count) + left, count: width) }
        for r in top..<(top + count) { self.fill(row: r, from: left, to: right + 1, with: fill) }
    }

    /// Shifts the cells of columns `left...right` in rows `top...bottom` right by `count` (negative:
    /// left), filling the columns that open up: DECIC, DECDC, DECBI and DECFI.
    func shiftColumns(top: Int, bottom: Int, left: Int, right: Int, by count: Int, fill: Cell) {
        guard left <= right, top <= bottom, count != 0 else { return }
        let width = right - left + 1
        let distance = min(abs(count), width)
        for r in top...bottom {
            let line = row(r)
            if count > 0 {
                if width > distance { (line + left + distance).update(from: line + left, count: width - distance) }
                (line + left).update(repeating: fill, count: distance)
            } else {
                if width > distance { (line + left).update(from: line + left + distance, count: width - distance) }
                (line + right + 1 - distance).update(repeating: fill, count: distance)
            }
        }
    }

    /// Rotates `lineMap[top..<top+height]` left by `shift`.
    private func rotate(top: Int, height: Int, by shift: Int) {
        let shift = shift % height
        guard shift != 0 else { return }
        if shift == 1 {
            let first = lineMap[top]
            (lineMap + top).update(from: lineMap + top + 1, count: height - 1)
            lineMap[top + height - 1] = first
            return
        }
        let saved = Array(UnsafeBufferPointer(start: lineMap + top, count: shift))
        (lineMap + top).update(from: lineMap + top + shift, count: height - shift)
        for index in 0..<shift { lineMap[top + height - shift + index] = saved[index] }
    }

    /// A new grid of another size holding `prefix` lines first, then this grid's rows from `firstRow` on,
    /// anchored at the top left; cells beyond the new width are dropped.
    func resized(rows newRows: Int, columns newColumns: Int, prefix: [[Cell]], firstRow: Int) -> Grid {
        let grid = Grid(rows: newRows, columns: newColumns)
        var target = 0
        func copy(_ source: UnsafePointer<Cell>, count: Int) {
            let length = min(count, newColumns)
            let destination = grid.row(target)
            destination.update(from: source, count: length)
            // A wide character cut in half by the new right edge becomes a blank.
            if length > 0 && length < count && destination[length - 1].width == 2 {
                destination[length - 1] = Cell.erased(with: destination[length - 1])
            }
            target += 1
        }
        for line in prefix where target < newRows {
            line.withUnsafeBufferPointer { copy($0.baseAddress!, count: $0.count) }
        }
        var source = firstRow
        while target < newRows && source < rows {
            copy(row(source), count: columns)
            source += 1
        }
        return grid
    }

    /// Whether every cell of `row` is an erased blank with default colours.
    func isBlank(row: Int) -> Bool {
        let line = self.row(row)
        for column in 0..<columns where line[column] != .blank { return false }
        return true
    }
}
