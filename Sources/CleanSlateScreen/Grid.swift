/// The cells of one screen (primary or alternate), stored so that scrolling moves row indices, not cells.
///
/// Storage is one block of `rowCapacity * stride` cells: room for `rowCapacity` rows of `stride`
/// cells, of which the screen shows `rows` rows of `columns`. `lineMap[r]` names the storage row
/// shown at screen row `r`; scrolling a region rotates entries of `lineMap` and blanks the rows that
/// come in. `lineMap[rows..<rowCapacity]` name the spare storage rows. Every cell outside the
/// screen (spare rows, and columns from `columns` on) is `.blank`, so that a resize within the
/// storage only blanks what leaves the screen (``resized(rows:columns:prefix:firstRow:)``).
///
/// A storage row known to hold one cell in every column (filled so by ``fillUniform(row:with:)``,
/// found so by ``markIfUniform(row:)``, or made so by a caller of ``mark(row:as:)``) is marked with
/// that cell until anything may write to it: every write goes through ``row(_:)`` (or a method
/// built on it), which clears the mark, and a resize in place forgets all marks; so a marked row is
/// known to hold the cell without reading it. Readers use ``readRow(_:)``, which leaves the mark.
final class Grid {
    private(set) var rows: Int
    private(set) var columns: Int
    /// The rows and the cells per row the storage has room for.
    let rowCapacity: Int
    let stride: Int
    let cells: UnsafeMutablePointer<Cell>
    let lineMap: UnsafeMutablePointer<Int>
    /// For each storage row, the cell it holds in every column, or ``notUniform``.
    private let uniformCells: UnsafeMutablePointer<Cell>
    /// Whether any row may be marked (false: there are no marks to forget).
    private var mayHaveMarks = false

    /// The mark of a storage row not known to be one cell repeated (a right half alone, never filled whole).
    private static let notUniform = Cell(code: 0, foreground: 0, background: 0, attributes: 0, underline: 0, width: 0)

    /// A blank grid of `rows` by `columns` with storage for at least that many.
    init(rows: Int, columns: Int, rowCapacity: Int = 0, columnCapacity: Int = 0) {
        self.rows = rows
        self.columns = columns
        self.rowCapacity = max(rows, rowCapacity)
        stride = max(columns, columnCapacity)
        cells = .allocate(capacity: self.rowCapacity * stride)
        cells.initialize(repeating: .blank, count: self.rowCapacity * stride)
        lineMap = .allocate(capacity: self.rowCapacity)
        for row in 0..<self.rowCapacity { lineMap[row] = row }
        uniformCells = .allocate(capacity: self.rowCapacity)
        uniformCells.initialize(repeating: Self.notUniform, count: self.rowCapacity)
    }

    deinit {
        cells.deinitialize(count: rowCapacity * stride)
        cells.deallocate()
        lineMap.deallocate()
        uniformCells.deallocate()
    }

    /// The first cell of screen row `row`, to write to (the row loses its mark of one cell repeated).
    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<Cell> {
        let storageRow = lineMap[row]
        uniformCells[storageRow] = Self.notUniform
        return cells + storageRow &* stride
    }

    /// The first cell of screen row `row`, to read only.
    @inline(__always)
    func readRow(_ row: Int) -> UnsafePointer<Cell> {
        UnsafePointer(cells + lineMap[row] &* stride)
    }

    /// Whether screen row `row` is marked as one cell repeated across the screen's width.
    func isMarkedUniform(row: Int) -> Bool {
        !uniformCells[lineMap[row]].isSame(as: Self.notUniform)
    }

    /// The cell screen row `row` is marked as holding in every column, if it is marked.
    func markedCell(row: Int) -> Cell? {
        isMarkedUniform(row: row) ? uniformCells[lineMap[row]] : nil
    }

    /// Marks screen row `row` with its cell if it holds one cell in every column; returns whether it does.
    func markIfUniform(row: Int) -> Bool {
        let line = readRow(row)
        guard Cell.all(line, count: columns, are: line[0]) else { return false }
        mark(row: row, as: line[0])
        return true
    }

    /// Marks screen row `row` as holding `cell` in every column, which the caller has just made sure of.
    func mark(row: Int, as cell: Cell) {
        uniformCells[lineMap[row]] = cell
        mayHaveMarks = true
    }

    /// The number of screen rows from `row` on, up to `end`, marked as the same cell repeated as `row` (0 if it is not marked).
    @inline(__always)
    func uniformRun(from row: Int, to end: Int) -> Int {
        let cell = uniformCells[lineMap[row]]
        guard !cell.isSame(as: Self.notUniform) else { return 0 }
        var next = row + 1
        while next < end && uniformCells[lineMap[next]].isSame(as: cell) { next += 1 }
        return next - row
    }

    /// Sets every cell of screen row `row` to `cell` and marks it so; nothing is written when the
    /// row is already marked with `cell`.
    @inline(__always)
    func fillUniform(row: Int, with cell: Cell) {
        let storageRow = lineMap[row]
        guard !uniformCells[storageRow].isSame(as: cell) else { return }
        fill(row: row, from: 0, to: columns, with: cell)
        uniformCells[storageRow] = cell
        mayHaveMarks = true
    }

    /// Forgets every mark of one cell repeated (before writes that bypass ``row(_:)``).
    private func forgetUniformRows() {
        guard mayHaveMarks else { return }
        uniformCells.update(repeating: Self.notUniform, count: rowCapacity)
        mayHaveMarks = false
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

    /// Sets every cell of the screen to `cell`.
    func fillAll(with cell: Cell) {
        for r in 0..<rows { row(r).update(repeating: cell, count: columns) }
    }

    /// Applies `body` to every cell of the storage, on the screen or not.
    func updateEveryCell(_ body: (inout Cell) -> Void) {
        forgetUniformRows()
        for index in 0..<(rowCapacity * stride) { body(&cells[index]) }
    }

    /// Scrolls rows `top...bottom` up by `count`: the top rows leave, blank rows enter at the bottom.
    func scrollUp(top: Int, bottom: Int, count: Int, fill: Cell) {
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: count)
        for r in (bottom - count + 1)...bottom { self.fill(row: r, from: 0, to: columns, with: fill) }
    }

    /// Scrolls rows `top...bottom` up by `count` and fills the rows that enter with `cell`, marked as
    /// one cell repeated (rows that come round already marked with it are not written again).
    func scrollUp(top: Int, bottom: Int, count: Int, fillingUniformlyWith cell: Cell) {
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: count)
        for r in (bottom - count + 1)...bottom { fillUniform(row: r, with: cell) }
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
        for r in Swift.stride(from: top, through: bottom - count, by: 1) { (row(r) + left).update(from: row(r + count) + left, count: width) }
        for r in (bottom - count + 1)...bottom { self.fill(row: r, from: left, to: right + 1, with: fill) }
    }

    /// Scrolls the rectangle of rows `top...bottom` and columns `left...right` down by `count`.
    func scrollDown(top: Int, bottom: Int, left: Int, right: Int, count: Int, fill: Cell) {
        if left == 0 && right == columns - 1 { return scrollDown(top: top, bottom: bottom, count: count, fill: fill) }
        let count = min(count, bottom - top + 1)
        guard count > 0, left <= right else { return }
        let width = right - left + 1
        for r in Swift.stride(from: bottom, through: top + count, by: -1) { (row(r) + left).update(from: row(r - count) + left, count: width) }
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

    /// This grid at another size, holding `prefix` lines first, then this grid's rows from `firstRow`
    /// on, anchored at the top left; cells beyond the new width are dropped.
    ///
    /// When the size fits the storage (and uses at least a quarter of it) the grid is changed in
    /// place and returned: only the cells that leave the screen are blanked and only the `prefix`
    /// lines are copied. Otherwise a new grid is made with a quarter more room than asked for (up to
    /// `limit` rows and columns), so that a run of growing sizes seldom reallocates.
    func resized(rows newRows: Int, columns newColumns: Int, prefix: [[Cell]], firstRow: Int, limit: Int) -> Grid {
        let fits = newRows <= rowCapacity && newColumns <= stride && newRows * newColumns * 4 >= rowCapacity * stride
        let grid = fits ? self : Grid(rows: newRows, columns: newColumns, rowCapacity: min(limit, newRows + newRows / 4),
                                      columnCapacity: min(limit, newColumns + newColumns / 4))
        let keptCount = max(0, min(rows - firstRow, newRows - min(prefix.count, newRows)))
        if fits {
            // Rows keep their cells but not necessarily their width: the marks no longer hold.
            forgetUniformRows()
            // Rows that leave the screen become spare rows; the rest lose the columns beyond the new width.
            for r in 0..<firstRow { fill(row: r, from: 0, to: columns, with: .blank) }
            for r in (firstRow + keptCount)..<rows { fill(row: r, from: 0, to: columns, with: .blank) }
            if newColumns < columns {
                // A few cells per row, so the loop is kept tight rather than filling row by row.
                for r in firstRow..<(firstRow + keptCount) {
                    let line = cells + lineMap[r] &* stride
                    (line + newColumns).update(repeating: .blank, count: columns - newColumns)
                    Grid.eraseWideCharacterCut(line, at: newColumns)
                }
            }
            // New order: spare rows for the prefix lines, the kept rows, then the other storage rows
            // (the rows above the kept ones, then those below, in their order).
            let prefixCount = min(prefix.count, newRows)
            withUnsafeTemporaryAllocation(of: Int.self, capacity: rowCapacity) { order in
                let target = order.baseAddress!
                // The other rows from index `from` to `to` of their sequence, copied to `destination`.
                let copyOthers = { (from: Int, to: Int, destination: UnsafeMutablePointer<Int>) in
                    let above = max(0, min(to, firstRow) - from)
                    if above > 0 { destination.update(from: self.lineMap + from, count: above) }
                    let belowStart = max(from, firstRow)
                    if to > belowStart { (destination + above).update(from: self.lineMap + belowStart + keptCount, count: to - belowStart) }
                }
                copyOthers(0, prefixCount, target)
                (target + prefixCount).update(from: lineMap + firstRow, count: keptCount)
                copyOthers(prefixCount, rowCapacity - keptCount, target + prefixCount + keptCount)
                lineMap.update(from: target, count: rowCapacity)
            }
            rows = newRows
            columns = newColumns
        } else {
            for offset in 0..<keptCount {
                let source = row(firstRow + offset), target = grid.row(min(prefix.count, newRows) + offset)
                target.update(from: source, count: min(columns, newColumns))
                if newColumns < columns { Grid.eraseWideCharacterCut(target, at: newColumns) }
            }
        }
        for (index, line) in prefix.prefix(newRows).enumerated() {
            let target = grid.row(index)
            line.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: min($0.count, newColumns)) }
            if newColumns < line.count { Grid.eraseWideCharacterCut(target, at: newColumns) }
        }
        return grid
    }

    /// A wide character cut in half by a new right edge at `width` becomes a blank.
    private static func eraseWideCharacterCut(_ line: UnsafeMutablePointer<Cell>, at width: Int) {
        if width > 0 && line[width - 1].width == 2 { line[width - 1] = Cell.erased(with: line[width - 1]) }
    }

    /// Whether every cell of `row` is an erased blank with default colours.
    func isBlank(row: Int) -> Bool {
        Cell.all(readRow(row), count: columns, are: .blank)
    }
}
