/// The cells of a screen as the recognition rules read them: one scalar per cell and one
/// number for how its background looks, built in one pass so that every rule reads arrays. The
/// same pass notes what the screen holds at all (``RecognitionTriggers``), so that rules that
/// cannot find anything on it are not run.
struct RecognitionGrid {
    /// The number of rows.
    let rows: Int
    /// The number of columns.
    let columns: Int
    /// The stored cells, row by row.
    let cells: [Cell]
    /// The scalars of the cluster entries the cells refer to.
    let clusterScalars: [[UInt32]]
    /// Where the cursor is.
    let cursor: ScreenPosition
    /// Whether the cursor is shown.
    let isCursorVisible: Bool
    /// The first scalar each cell shows: `0x20` for a blank, `0` for the right half of a wide character.
    private(set) var scalars: [UInt32]
    /// How each cell's background looks (see ``shade(of:)``).
    private(set) var shades: [UInt64]
    /// What the screen holds that some rule needs before it can find anything.
    private(set) var triggers = RecognitionTriggers()
    /// The ``RecognitionTriggers/Marks`` of the ASCII characters each row shows (a cluster by its
    /// first scalar), noted in the same pass: a rule that needs some character on a row skips the
    /// rows without it (``shows(_:row:)``) instead of reading their cells. An ASCII box redrawn in
    /// lines (``redraw(_:_:as:)``) keeps its `+`, `-` and `|` here.
    private(set) var rowASCIIMarks: [UInt16]

    /// Reads `screen`.
    init(_ screen: ScreenSnapshot) {
        self.init(
            rows: screen.rows, columns: screen.columns, cells: screen.storedCells, clusterScalars: screen.clusterScalars,
            cursor: screen.cursor, isCursorVisible: screen.isCursorVisible)
    }

    /// Reads `cells` (`rows * columns` of them, row by row).
    init(rows: Int, columns: Int, cells: [Cell], clusterScalars: [[UInt32]], cursor: ScreenPosition, isCursorVisible: Bool) {
        self.rows = rows
        self.columns = columns
        self.cells = cells
        self.clusterScalars = clusterScalars
        self.cursor = cursor
        self.isCursorVisible = isCursorVisible
        var shades: [UInt64] = []
        var rowASCIIMarks = [UInt16](repeating: 0, count: rows)
        var triggers = RecognitionTriggers(
            firstShade: cells.isEmpty ? 0 : RecognitionGrid.shade(of: cells[0]), firstForeground: cells.first?.foreground ?? 0)
        // Every cell is read here, on every wake of an element wait: one pass writing both arrays
        // through buffers.
        let scalars = [UInt32](unsafeUninitializedCapacity: cells.count) { scalars, scalarCount in
            shades = [UInt64](unsafeUninitializedCapacity: cells.count) { shades, shadeCount in
                cells.withUnsafeBufferPointer { cells in
                    RecognitionTriggers.Marks.ascii.withUnsafeBufferPointer { ascii in
                        // The marks of plain ASCII cells, gathered here and noted once at the end.
                        var asciiMarks: UInt16 = 0
                        for rowStart in stride(from: 0, to: cells.count, by: max(columns, 1)) {
                            let count = min(columns, cells.count - rowStart)
                            var rowMarks: UInt16 = 0
                            RecognitionGrid.readRow(
                                UnsafeBufferPointer(rebasing: cells[rowStart..<(rowStart + count)]), clusterScalars: clusterScalars,
                                ascii: ascii, scalars: scalars.baseAddress! + rowStart, shades: shades.baseAddress! + rowStart,
                                triggers: &triggers, asciiMarks: &rowMarks)
                            asciiMarks |= rowMarks
                            let row = rowStart / max(columns, 1)
                            if row < rowASCIIMarks.count { rowASCIIMarks[row] = rowMarks }
                        }
                        triggers.marks.formUnion(RecognitionTriggers.Marks(rawValue: asciiMarks))
                    }
                }
                shadeCount = cells.count
            }
            scalarCount = cells.count
        }
        self.scalars = scalars
        self.shades = shades
        self.triggers = triggers
        self.rowASCIIMarks = rowASCIIMarks
    }

    /// Reads one row's `cells` into `scalars` and `shades` (as many as there are cells) and notes
    /// what they hold in `triggers`; `ascii` is ``RecognitionTriggers/Marks/ascii``, and the
    /// marks of plain ASCII cells are gathered in `asciiMarks` for the caller to note once. A
    /// cell drawn like the one before it on its row (most cells: text runs in one look) has that
    /// cell's shade and adds nothing to what the triggers know of looks, so only its character
    /// is read.
    @inline(__always)
    static func readRow(
        _ cells: UnsafeBufferPointer<Cell>, clusterScalars: [[UInt32]], ascii: UnsafeBufferPointer<UInt16>,
        scalars: UnsafeMutablePointer<UInt32>, shades: UnsafeMutablePointer<UInt64>,
        triggers: inout RecognitionTriggers, asciiMarks: inout UInt16
    ) {
        var previousShade: UInt64 = 0
        var previous = Cell.blank
        for column in 0..<cells.count {
            let cell = cells[column]
            triggers.note(cell: cell, column: column, previous: &previous, previousShade: &previousShade)
            shades[column] = previousShade
            scalars[column] = triggers.noteCharacter(of: cell, clusterScalars: clusterScalars, ascii: ascii, asciiMarks: &asciiMarks)
        }
    }

    /// The first scalar `cell` shows: `0x20` for a blank, `0` for the right half of a wide
    /// character, a cluster's first scalar.
    @inline(__always)
    static func firstScalar(of cell: Cell, clusterScalars: [[UInt32]]) -> UInt32 {
        if cell.width == 0 { return 0 }
        if cell.isCluster { return clusterScalars[Int(cell.code & ~Cell.clusterFlag)].first ?? 0xFFFD }
        return cell.code != 0 ? cell.code : 0x20
    }

    /// The colour a person sees behind a cell's character: its background, or under inverse its
    /// foreground (the terminal's default foreground counted as a colour of its own). Two cells
    /// with the same shade look alike behind their text; bold and the text colour do not count.
    static func shade(of cell: Cell) -> UInt64 {
        if cell.attributes & CellAttributes.inverse.rawValue != 0 {
            return cell.foreground == 0 ? 0x1_0000_0000 : UInt64(cell.foreground)
        }
        return UInt64(cell.background)
    }

    /// Whether a cell is part of a window's shadow: dark grey or black drawn on black, as dialog
    /// and mc draw them. A shadow takes the shade of the cell to its left, so that what lies
    /// under it keeps looking like its surroundings.
    static func isShadow(_ cell: Cell) -> Bool {
        cell.background == PackedColor.indexed(0) && cell.attributes & CellAttributes.inverse.rawValue == 0
            && (cell.foreground == PackedColor.indexed(0) || cell.foreground == PackedColor.indexed(8))
    }

    /// Shows `scalar` at a cell of the grid (not of the screen): a line-drawing character
    /// standing for the ASCII one drawn there (see ``redrawASCIIBoxes()``).
    mutating func redraw(_ row: Int, _ column: Int, as scalar: UInt32) {
        scalars[row * columns + column] = scalar
        triggers.marks.insert(.line)
    }

    /// The index of a cell in the arrays.
    @inline(__always)
    func index(_ row: Int, _ column: Int) -> Int { row * columns + column }

    /// The scalar at a cell.
    @inline(__always)
    func scalar(_ row: Int, _ column: Int) -> UInt32 { scalars[row * columns + column] }

    /// Whether `scalar` is an ASCII digit (`0` to `9`).
    static func isASCIIDigit(_ scalar: UInt32) -> Bool { (0x30...0x39).contains(scalar) }

    /// Whether `scalar` is an ASCII letter (`A` to `Z`, `a` to `z`).
    static func isASCIILetter(_ scalar: UInt32) -> Bool { (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar) }

    /// The shade at a cell.
    @inline(__always)
    func shade(_ row: Int, _ column: Int) -> UInt64 { shades[row * columns + column] }

    /// The runs of one shade that `columns` of `row` split into, in order (a key and its action,
    /// a label's patch and the ground beside it).
    func shadeRuns(row: Int, _ columns: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = columns.lowerBound
        for column in columns where column > start && shade(row, column) != shade(row, column - 1) {
            runs.append(start..<column)
            start = column
        }
        if start < columns.upperBound { runs.append(start..<columns.upperBound) }
        return runs
    }

    /// Whether every cell of `columns` on `row` has the same shade (read on the array's buffer:
    /// several rules ask it of every stretch of a screen).
    func isOneShade(row: Int, _ columns: Range<Int>) -> Bool {
        guard let first = columns.first else { return true }
        return shades.withUnsafeBufferPointer { shades in
            let start = index(row, first)
            let shade = shades[start]
            for index in start..<(start + columns.count) where shades[index] != shade { return false }
            return true
        }
    }

    /// Whether `row` shows, in some cell, each of the ASCII characters `marks` stands for (read
    /// from ``rowASCIIMarks``, without a look at the cells).
    @inline(__always)
    func shows(_ marks: RecognitionTriggers.Marks, row: Int) -> Bool {
        rowASCIIMarks[row] & marks.rawValue == marks.rawValue
    }

    /// Whether a cell shows nothing (a space or an erased cell).
    @inline(__always)
    func isBlank(_ row: Int, _ column: Int) -> Bool { scalars[row * columns + column] == 0x20 }

    /// The colour a cell's character is drawn in (its foreground as stored).
    @inline(__always)
    func ink(_ row: Int, _ column: Int) -> UInt32 { cells[row * columns + column].foreground }

    /// Whether a cell is bold.
    func isBold(_ row: Int, _ column: Int) -> Bool {
        cells[row * columns + column].attributes & CellAttributes.bold.rawValue != 0
    }

    /// Whether a cell is underlined in any style.
    func isUnderlined(_ row: Int, _ column: Int) -> Bool { cells[row * columns + column].underline != 0 }

    /// How the cell is drawn, as elements report it.
    func style(_ row: Int, _ column: Int) -> ScreenElementStyle {
        let cell = cells[row * columns + column]
        return ScreenElementStyle(
            foreground: PackedColor.unpack(cell.foreground), background: PackedColor.unpack(cell.background),
            attributes: CellAttributes(rawValue: cell.attributes & ~CellAttributes.protected.rawValue))
    }

    /// The text of `columns` on `row` as shown (wide characters once), untrimmed.
    func text(row: Int, _ columnRange: Range<Int>) -> String {
        // Plain ASCII (most labels) is gathered on the stack and decoded once: no array, and no
        // allocation at all for a short label.
        let asciiCount = columnRange.count
        if asciiCount <= 64, let ascii = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: asciiCount, { bytes -> String? in
            var count = 0
            for column in columnRange {
                let cell = cells[row * columns + column]
                guard cell.width == 1, cell.code < 0x80 else { return nil }
                bytes[count] = cell.code == 0 ? 0x20 : UInt8(cell.code)
                count += 1
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<count]), as: UTF8.self)
        }) {
            return ascii
        }
        // UTF-8 gathered in an array and decoded once: far cheaper than growing a String per cell.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(columnRange.count)
        for column in columnRange {
            let cell = cells[row * columns + column]
            if cell.width == 0 { continue }
            if cell.isCluster {
                for scalar in clusterScalars[Int(cell.code & ~Cell.clusterFlag)] {
                    UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { bytes.append($0) }
                }
            } else if cell.code < 0x80 {
                bytes.append(cell.code == 0 ? 0x20 : UInt8(cell.code))
            } else {
                UTF8.encode(Unicode.Scalar(cell.code) ?? "\u{FFFD}") { bytes.append($0) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `columns` on `row` with leading and trailing blanks removed.
    func trimmedText(row: Int, _ columnRange: Range<Int>) -> String {
        var lower = columnRange.lowerBound
        var upper = columnRange.upperBound
        while lower < upper && isBlank(row, lower) { lower += 1 }
        while upper > lower && isBlank(row, upper - 1) { upper -= 1 }
        return text(row: row, lower..<upper)
    }
}
