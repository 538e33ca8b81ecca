/// The cells of one screen (primary or alternate), stored so that scrolling moves row indices, not
/// cells, and so that work on whole rows is noted rather than done until a row is next used.
///
/// Storage is one block of `rowCapacity * stride` cells: room for `rowCapacity` rows of `stride`
/// cells, of which the screen shows `rows` rows of `columns`. `lineMap[r]` names the storage row
/// shown at screen row `r`; scrolling a region rotates entries of `lineMap` and fills the rows that
/// come in (GridScrolling.swift). `lineMap[rows..<rowCapacity]` name the spare storage rows, which
/// show blanks.
///
/// Each storage row has a width that says which of its cells hold what it shows:
/// - a count `w`: its cells left of `w` do, and the columns from `w` on show blanks, whatever the
///   storage holds there. A row that leaves the screen gets width 0 (``blankLazily(row:)``) and a
///   widening leaves widths as they are, so neither writes cells.
/// - a count `w` cut by a narrowing (``setShownSize(rows:columns:)``), noted in one pass over the
///   widths, not the cells: as above, and a wide character whose left half is the row's last cell shows as a blank.
/// - "uniform": the row shows its mark (below) in every column and its cells are not written
///   (``fillUniform(row:with:)``), so that a row filled whole costs two stores.
/// A row is brought to the screen's width, its blanks or its mark written out, when it is next read
/// or written: every access to cells goes through ``row(_:)`` or ``readRow(_:)``, which do that
/// when the row's width is not the screen's (one comparison otherwise).
///
/// A storage row known to hold one cell in every column (filled so by ``fillUniform(row:with:)``,
/// found so by ``markIfUniform(row:)``, or made so by a caller of ``mark(row:as:)``) is marked with
/// that cell until anything may write to it: every write goes through ``row(_:)`` (or a method
/// built on it), which clears the mark, and a resize in place forgets all marks (after writing out
/// uniform rows); so a marked row is known to hold the cell without reading it. Readers use
/// ``readRow(_:)``, which leaves the mark. The number of rows from the top known to be marked with
/// one cell is kept too (``uniformTopRows``), so that a region known to be one cell throughout is
/// recognised without looking at its rows.
///
/// A grid made with `defersWrites: false` does all that work at once instead (every row's width is
/// always the screen's): the reference the deferred grid is tested against.
final class Grid {
    private(set) var rows: Int
    private(set) var columns: Int
    /// The rows and the cells per row the storage has room for.
    let rowCapacity: Int
    let stride: Int
    let cells: UnsafeMutablePointer<Cell>
    let lineMap: UnsafeMutablePointer<Int>
    /// Whether work on whole rows is noted and done when a row is next used (false: done at once).
    let defersWrites: Bool
    /// For each storage row, the cell it holds in every column, or ``notUniform``.
    private let uniformCells: UnsafeMutablePointer<Cell>
    /// Whether any row may be marked (false: there are no marks to forget).
    private var mayHaveMarks = false
    /// For each storage row, its width (see the type's documentation): `w` (0 or more), `-(w + 1)`
    /// for `w` cut by a narrowing, or ``uniformWidth``. The row is ready to use when this is `columns`.
    private let widths: UnsafeMutablePointer<Int32>
    /// The number of screen rows from the top known to be marked with ``uniformTopCell`` (rows
    /// below may be marked too).
    private(set) var uniformTopRows = 0
    /// The cell the top ``uniformTopRows`` rows are marked with.
    private var uniformTopCell = notUniform

    /// The mark of a storage row not known to be one cell repeated (a right half alone, never filled whole).
    private static let notUniform = Cell(code: 0, foreground: 0, background: 0, attributes: 0, underline: 0, width: 0)
    /// The width of a row that shows its mark in every column without its cells holding it.
    private static let uniformWidth = Int32.min

    /// A blank grid of `rows` by `columns` with storage for at least that many.
    init(rows: Int, columns: Int, rowCapacity: Int = 0, columnCapacity: Int = 0, defersWrites: Bool = true) {
        self.rows = rows
        self.columns = columns
        self.rowCapacity = max(rows, rowCapacity)
        self.defersWrites = defersWrites
        stride = max(columns, columnCapacity)
        cells = .allocate(capacity: self.rowCapacity * stride)
        cells.initialize(repeating: .blank, count: self.rowCapacity * stride)
        lineMap = .allocate(capacity: self.rowCapacity)
        for row in 0..<self.rowCapacity { lineMap[row] = row }
        uniformCells = .allocate(capacity: self.rowCapacity)
        uniformCells.initialize(repeating: Self.notUniform, count: self.rowCapacity)
        // Every stored cell is blank, so every row is ready at the screen's width.
        widths = .allocate(capacity: self.rowCapacity)
        widths.initialize(repeating: Int32(columns), count: self.rowCapacity)
    }

    deinit {
        cells.deinitialize(count: rowCapacity * stride)
        cells.deallocate()
        lineMap.deallocate()
        uniformCells.deallocate()
        widths.deallocate()
    }

    // MARK: Access to cells

    /// The first cell of screen row `row`, to write to (the row loses its mark of one cell repeated).
    @inline(__always)
    func row(_ row: Int) -> UnsafeMutablePointer<Cell> {
        let storageRow = lineMap[row]
        if widths[storageRow] != Int32(truncatingIfNeeded: columns) { widen(storageRow) }
        unmark(row: row, storageRow: storageRow)
        return cells + storageRow &* stride
    }

    /// The first cell of screen row `row`, to write (and read) only its cells left of `end`: a row
    /// of width 0 (blank) gets its blanks written only up to `end`, and keeps showing blanks from
    /// there (the row loses its mark of one cell repeated). `end` is only worked out when the row is not ready.
    @inline(__always)
    func row(_ row: Int, through end: @autoclosure () -> Int) -> UnsafeMutablePointer<Cell> {
        let storageRow = lineMap[row]
        let width = widths[storageRow]
        // (A row written from the left as far as `end` already is left as it is.)
        if width != Int32(truncatingIfNeeded: columns) && (width < 0 || Int(width) < end()) { bringUp(storageRow, through: end()) }
        unmark(row: row, storageRow: storageRow)
        return cells + storageRow &* stride
    }

    /// The first cell of screen row `row`, to write to, if the row is ready (at the screen's width);
    /// nil otherwise (see ``row(_:through:)``).
    @inline(__always)
    func readyRow(_ row: Int) -> UnsafeMutablePointer<Cell>? {
        let storageRow = lineMap[row]
        guard widths[storageRow] == Int32(truncatingIfNeeded: columns) else { return nil }
        unmark(row: row, storageRow: storageRow)
        return cells + storageRow &* stride
    }

    /// Makes the cells of storage row `storageRow` left of `needed` hold what it shows: a blank row
    /// (width 0) gets blanks up to `needed`; a row written before from the left gets the rest of its
    /// blanks, so that a row written in many short runs is not brought a little further by each;
    /// other rows are brought to the screen's width.
    @inline(never)
    private func bringUp(_ storageRow: Int, through needed: Int) {
        let width = widths[storageRow]
        guard width >= 0 else { return widen(storageRow) }
        guard Int(width) < needed else { return }
        let end = width == 0 ? min(needed, columns) : columns
        let line = cells + storageRow &* stride
        Self.store(.blank, from: line + Int(width), to: line + end)
        widths[storageRow] = Int32(truncatingIfNeeded: end)
    }

    /// The first cell of screen row `row`, to read only.
    @inline(__always)
    func readRow(_ row: Int) -> UnsafePointer<Cell> {
        let storageRow = lineMap[row]
        if widths[storageRow] != Int32(truncatingIfNeeded: columns) { widen(storageRow) }
        return UnsafePointer(cells + storageRow &* stride)
    }

    /// The first cell of screen row `row`, whose every column the caller is about to write: the
    /// row is taken as ready at the screen's width without its blanks being written.
    @inline(__always)
    private func overwrite(row: Int) -> UnsafeMutablePointer<Cell> {
        let storageRow = lineMap[row]
        unmark(row: row, storageRow: storageRow)
        widths[storageRow] = Int32(truncatingIfNeeded: columns)
        return cells + storageRow &* stride
    }

    /// Brings storage row `storageRow` to the screen's width: writes out its mark if it is uniform;
    /// otherwise blanks the half of a wide character a narrowing cut, and writes blanks from its
    /// width to the screen's.
    @inline(never)
    private func widen(_ storageRow: Int) {
        let encoded = widths[storageRow]
        let line = cells + storageRow &* stride
        widths[storageRow] = Int32(columns)
        if encoded == Self.uniformWidth { return Self.store(uniformCells[storageRow], from: line, to: line + columns) }
        let width = encoded < 0 ? -Int(encoded) - 1 : Int(encoded)
        if encoded < 0 { Grid.eraseWideCharacterCut(line, at: width) }
        if width < columns { Self.store(.blank, from: line + width, to: line + columns) }
    }

    /// The number of cells from the left of storage row `storageRow` whose cells hold what it shows
    /// (the rest show blanks): for a row cut by a narrowing its last cell may be half a wide
    /// character, and a uniform row counts the screen's width though its cells do not hold its mark.
    func width(ofStorageRow storageRow: Int) -> Int {
        let encoded = widths[storageRow]
        if encoded == Self.uniformWidth { return columns }
        return encoded < 0 ? -Int(encoded) - 1 : Int(encoded)
    }

    /// Whether storage row `storageRow` is at the screen's width, its cells holding everything it shows.
    func isReady(storageRow: Int) -> Bool {
        widths[storageRow] == Int32(truncatingIfNeeded: columns)
    }

    /// Changes the size the screen shows, within the storage: rows from `rows` on must show blanks
    /// already, and no row may be uniform (``forgetUniformRows()``). Rows wider than the new width
    /// are noted as cut, their cells left as they are.
    func setShownSize(rows newRows: Int, columns newColumns: Int) {
        precondition(newRows <= rowCapacity && newColumns <= stride && !mayHaveMarks)
        if !defersWrites {
            for storageRow in 0..<rowCapacity {
                let line = cells + storageRow &* stride
                if newColumns < columns { Grid.eraseWideCharacterCut(line, at: newColumns) }
                if newColumns > columns { Self.store(.blank, from: line + columns, to: line + newColumns) }
                widths[storageRow] = Int32(newColumns)
            }
        } else if newColumns < columns {
            // One pass over a small array, not over the rows' cells: each row is mended when next used.
            let cut = Int32(-(newColumns + 1))
            for storageRow in 0..<rowCapacity {
                let encoded = widths[storageRow]
                if encoded > Int32(newColumns) || encoded < cut { widths[storageRow] = cut }
            }
        }
        rows = newRows
        columns = newColumns
        uniformTopRows = min(uniformTopRows, newRows)
    }

    /// Makes screen row `row` show blanks, without writing its cells (unless writes are not deferred).
    func blankLazily(row: Int) {
        let storageRow = lineMap[row]
        unmark(row: row, storageRow: storageRow)
        widths[storageRow] = 0
        if !defersWrites { widen(storageRow) }
    }

    /// Makes screen row `row` show `line` from the left, cut to the screen's width (a wide character
    /// cut in half becomes a blank), then blanks.
    func replace(row: Int, with line: [Cell]) {
        let storageRow = lineMap[row]
        unmark(row: row, storageRow: storageRow)
        let target = cells + storageRow &* stride
        let count = min(line.count, columns)
        line.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: count) }
        if count < line.count { Grid.eraseWideCharacterCut(target, at: count) }
        widths[storageRow] = Int32(count)
        if !defersWrites { widen(storageRow) }
    }

    // MARK: Marks of one cell repeated

    /// Clears the mark of screen row `row`, stored at `storageRow`.
    @inline(__always)
    private func unmark(row: Int, storageRow: Int) {
        uniformCells[storageRow] = Self.notUniform
        uniformTopRows = min(uniformTopRows, row)
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
    @inline(__always)
    func mark(row: Int, as cell: Cell) {
        uniformCells[lineMap[row]] = cell
        mayHaveMarks = true
        noteMark(row: row, as: cell)
    }

    /// Keeps ``uniformTopRows`` true after screen row `row` was marked with `cell` (or found so).
    @inline(__always)
    private func noteMark(row: Int, as cell: Cell) {
        if row == uniformTopRows && (row == 0 || cell.isSame(as: uniformTopCell)) {
            uniformTopCell = cell
            uniformTopRows = row + 1
        } else if row < uniformTopRows && !cell.isSame(as: uniformTopCell) {
            uniformTopRows = row
        }
    }

    /// Whether screen rows `0...bottom` are all known to be marked with `cell`.
    @inline(__always)
    func topRowsAreUniform(through bottom: Int, with cell: Cell) -> Bool {
        uniformTopRows > bottom && uniformTopCell.isSame(as: cell)
    }

    /// The number of screen rows from `row` on, up to `end`, marked as the same cell repeated as `row` (0 if it is not marked).
    @inline(__always)
    func uniformRun(from row: Int, to end: Int) -> Int {
        let cell = uniformCells[lineMap[row]]
        guard !cell.isSame(as: Self.notUniform) else { return 0 }
        // The rows known marked alike from the top are not looked at.
        var next = row < uniformTopRows ? max(row + 1, min(uniformTopRows, end)) : row + 1
        while next < end && uniformCells[lineMap[next]].isSame(as: cell) { next += 1 }
        if row == 0 || (row <= uniformTopRows && cell.isSame(as: uniformTopCell)) {
            // The rows from the top to `next` are marked alike: they need not be looked at again.
            uniformTopCell = cell
            uniformTopRows = max(uniformTopRows, next)
        }
        return next - row
    }

    /// Makes every cell of screen row `row` show `cell` and marks it so: only noted, unless writes
    /// are not deferred; nothing is done when the row is already marked with `cell`.
    @inline(__always)
    func fillUniform(row: Int, with cell: Cell) {
        guard !uniformCells[lineMap[row]].isSame(as: cell) else { return noteMark(row: row, as: cell) }
        fillUnmarked(row: row, with: cell)
    }

    /// ``fillUniform(row:with:)`` of a row known not to be marked (the caller has just had it from ``row(_:)``).
    @inline(__always)
    func fillUnmarked(row: Int, with cell: Cell) {
        let storageRow = lineMap[row]
        if defersWrites {
            // A blank row is one of width 0, whose cells can be written from the left without the rest.
            widths[storageRow] = cell.isSame(as: .blank) ? 0 : Self.uniformWidth
        } else {
            let line = overwrite(row: row)
            Self.store(cell, from: line, to: line + columns)
        }
        mark(row: row, as: cell)
    }

    /// Sets every cell of screen row `row` to `cell` and marks it so, as ``fillUniform(row:with:)``
    /// but writing the cells unless `cell` is a blank (which costs nothing to note): for erases and
    /// scrolls, whose rows are usually written again at once.
    @inline(__always)
    func fillWhole(row: Int, with cell: Cell) {
        let storageRow = lineMap[row]
        if cell.isSame(as: .blank) || uniformCells[storageRow].isSame(as: cell) { return fillUniform(row: row, with: cell) }
        let line = overwrite(row: row)
        Self.store(cell, from: line, to: line + columns)
        mark(row: row, as: cell)
    }

    /// Forgets every mark of one cell repeated, writing out the rows that are uniform (before writes
    /// that bypass ``row(_:)``, and before a resize).
    func forgetUniformRows() {
        guard mayHaveMarks else { return }
        for storageRow in 0..<rowCapacity where widths[storageRow] == Self.uniformWidth { widen(storageRow) }
        uniformCells.update(repeating: Self.notUniform, count: rowCapacity)
        mayHaveMarks = false
        uniformTopRows = 0
    }

    // MARK: Writing cells

    /// Stores `cell` in every cell from `start` up to `end`, one 16-byte store per cell.
    @inline(__always)
    static func store(_ cell: Cell, from start: UnsafeMutablePointer<Cell>, to end: UnsafeMutablePointer<Cell>) {
        let bytes = unsafeBitCast(cell, to: SIMD2<UInt64>.self)
        var target = UnsafeMutableRawPointer(start)
        let end = UnsafeMutableRawPointer(end)
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

    /// Sets cells `from..<to` of `row` to `cell` (a whole row is filled as by ``fillWhole(row:with:)``).
    @inline(__always)
    func fill(row: Int, from: Int, to: Int, with cell: Cell) {
        guard from < to else { return }
        if from == 0 && to == columns { return fillWhole(row: row, with: cell) }
        let line = self.row(row, through: to)
        Self.store(cell, from: line + from, to: line + to)
    }

    /// Sets every cell of the screen to `cell` (a blank screen is only noted, see ``blankLazily(row:)``).
    func fillAll(with cell: Cell) {
        for r in 0..<rows {
            if cell.isSame(as: .blank) { blankLazily(row: r) } else { fillUniform(row: r, with: cell) }
        }
    }

    /// Applies `body` to every cell that a storage row shows, on the screen or not (the rest show blanks).
    func updateEveryCell(_ body: (inout Cell) -> Void) {
        forgetUniformRows()
        for storageRow in 0..<rowCapacity {
            let line = cells + storageRow &* stride
            for column in 0..<width(ofStorageRow: storageRow) { body(&line[column]) }
        }
    }

    /// Whether every cell of `row` is an erased blank with default colours.
    func isBlank(row: Int) -> Bool {
        if let cell = markedCell(row: row) { return cell.isSame(as: .blank) }
        return width(ofStorageRow: lineMap[row]) == 0 || Cell.all(readRow(row), count: columns, are: .blank)
    }

    /// A wide character cut in half by a new right edge at `width` becomes a blank.
    static func eraseWideCharacterCut(_ line: UnsafeMutablePointer<Cell>, at width: Int) {
        if width > 0 && line[width - 1].width == 2 { line[width - 1] = Cell.erased(with: line[width - 1]) }
    }

    /// Notes that `lineMap[top..<top+height]` were rotated left by `shift` (for ``uniformTopRows``).
    func rowsRotated(top: Int, height: Int, by shift: Int) {
        guard top + height > uniformTopRows else { return }
        uniformTopRows = top == 0 ? max(0, uniformTopRows - shift) : min(uniformTopRows, top)
    }
}
