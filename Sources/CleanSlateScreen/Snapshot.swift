/// An immutable copy of what the terminal shows: cells, cursor, title, modes and scrollback.
///
/// Taking one copies the compact cells only (a few tens of kilobytes at 24x80) and the scrollback's
/// text, which the emulator converts once per line; cells and row text are built when asked for, so
/// a wait can take a snapshot after every chunk of output.
public struct ScreenSnapshot: Sendable, Equatable {
    /// The number of rows.
    public let rows: Int
    /// The number of columns.
    public let columns: Int
    /// The cursor position (zero-based).
    public let cursor: ScreenPosition
    /// Whether the cursor is shown (DECTCEM).
    public let isCursorVisible: Bool
    /// The window title.
    public let title: String
    /// Whether the alternate screen is shown.
    public let isAlternateScreenActive: Bool
    /// The terminal modes at the time of the snapshot.
    public let modes: TerminalModes
    /// The stored cells, row by row.
    let storedCells: [Cell]
    /// The scalars of the cluster entries the cells refer to.
    let clusterScalars: [[UInt32]]
    /// The primary screen's scrollback, oldest line first, trailing blanks trimmed.
    public let scrollback: [String]
    /// The palette and dynamic colours, as the app may have set them (OSC 4, 10–12).
    public let colors: ScreenColors

    /// Creates a snapshot from its parts; `cells` holds `rows * columns` cells row by row.
    init(
        rows: Int, columns: Int, cursor: ScreenPosition, isCursorVisible: Bool, title: String,
        isAlternateScreenActive: Bool, modes: TerminalModes, cells: [Cell], clusters: [[UInt32]], scrollback: [String],
        colors: ScreenColors = ScreenColors()
    ) {
        self.colors = colors
        self.rows = rows
        self.columns = columns
        self.cursor = cursor
        self.isCursorVisible = isCursorVisible
        self.title = title
        self.isAlternateScreenActive = isAlternateScreenActive
        self.modes = modes
        self.storedCells = cells
        self.clusterScalars = clusters
        self.scrollback = scrollback
    }

    /// The text a stored cell shows.
    func character(of cell: Cell) -> String {
        if cell.width == 0 { return "" }
        if cell.code == 0 { return " " }
        if cell.code < 0x80 { return String(Character(Unicode.Scalar(UInt8(cell.code)))) }
        guard cell.isCluster else { return String(Unicode.Scalar(cell.code).map(Character.init) ?? "\u{FFFD}") }
        var text = ""
        for scalar in clusterScalars[Int(cell.code & ~Cell.clusterFlag)] {
            text.unicodeScalars.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
        }
        return text
    }

    /// Snapshots are equal when they show the same thing, whatever their internal numbering.
    public static func == (lhs: ScreenSnapshot, rhs: ScreenSnapshot) -> Bool {
        guard lhs.rows == rhs.rows, lhs.columns == rhs.columns, lhs.cursor == rhs.cursor,
              lhs.isCursorVisible == rhs.isCursorVisible, lhs.title == rhs.title,
              lhs.isAlternateScreenActive == rhs.isAlternateScreenActive, lhs.modes == rhs.modes else { return false }
        for row in 0..<lhs.rows {
            for column in 0..<lhs.columns where lhs.storedCell(row: row, column: column) != rhs.storedCell(row: row, column: column) {
                return false
            }
        }
        return lhs.scrollback == rhs.scrollback
    }

    /// The cell at a zero-based position.
    ///
    /// - Throws: ``ScreenError`` when the position is not on the screen (never a crash).
    public func cell(row: Int, column: Int) throws -> ScreenCell {
        guard row >= 0 && row < rows && column >= 0 && column < columns else {
            throw ScreenError(row: row, column: column, rows: rows, columns: columns)
        }
        return storedCell(row: row, column: column)
    }

    /// The cell at a position known to be on the screen.
    func storedCell(row: Int, column: Int) -> ScreenCell {
        let cell = storedCells[row * columns + column]
        return ScreenCell(cell, character: character(of: cell))
    }

    /// The text of a row, trailing blanks trimmed. A wide character appears once.
    ///
    /// - Throws: ``ScreenError`` when the row is not on the screen (never a crash).
    public func text(row: Int) throws -> String {
        guard row >= 0 && row < rows else { throw ScreenError(row: row, column: nil, rows: rows, columns: columns) }
        return storedText(row: row)
    }

    /// The text of a row known to be on the screen.
    func storedText(row: Int) -> String {
        var text = ""
        for cell in storedCells[(row * columns)..<((row + 1) * columns)] { text += character(of: cell) }
        return ScreenSnapshot.trimmingTrailingBlanks(text)
    }

    /// The text of every row, trailing blanks trimmed.
    public var lines: [String] { (0..<rows).map { storedText(row: $0) } }

    /// The rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// The positions where `text` starts, row by row, left to right (matches do not span rows).
    public func find(_ text: String) -> [ScreenPosition] {
        let needle = Array(text)
        guard !needle.isEmpty else { return [] }
        var found: [ScreenPosition] = []
        for row in 0..<rows {
            // One entry per character shown, with the column it starts in.
            var shown: [(character: Character, column: Int)] = []
            for column in 0..<columns {
                let cell = storedCells[row * columns + column]
                if cell.width == 0 { continue }
                for character in character(of: cell) { shown.append((character, column)) }
            }
            guard shown.count >= needle.count else { continue }
            for start in 0...(shown.count - needle.count) {
                var matches = true
                for offset in 0..<needle.count where shown[start + offset].character != needle[offset] {
                    matches = false
                    break
                }
                if matches { found.append(ScreenPosition(row: row, column: shown[start].column)) }
            }
        }
        return found
    }

    /// Whether `text` appears on some row.
    public func contains(_ text: String) -> Bool { !find(text).isEmpty }

    static func trimmingTrailingBlanks(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}

extension TerminalEmulator {
    /// Takes an immutable copy of the visible screen.
    public func snapshot() -> ScreenSnapshot {
        var cells: [Cell] = []
        cells.reserveCapacity(rows * columns)
        for row in 0..<rows {
            cells.append(contentsOf: UnsafeBufferPointer(start: grid.readRow(row), count: columns))
        }
        let scrollback = scrollbackLines.texts { line in
            ScreenSnapshot.trimmingTrailingBlanks(line.reduce(into: "") { $0 += character(of: $1) })
        }
        return ScreenSnapshot(
            rows: rows, columns: columns, cursor: cursor, isCursorVisible: modes.cursorVisible, title: title,
            isAlternateScreenActive: isAlternateActive, modes: modes, cells: cells, clusters: clusters.clusters,
            scrollback: scrollback, colors: ScreenColors(colors))
    }

    /// The text a stored cell shows.
    func character(of cell: Cell) -> String {
        if cell.width == 0 { return "" }
        if cell.code == 0 { return " " }
        if cell.code < 0x80 { return String(Character(Unicode.Scalar(UInt8(cell.code)))) }
        var text = ""
        for scalar in clusters.scalars(of: cell.code) {
            text.unicodeScalars.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
        }
        return text
    }

    /// The public form of a stored cell.
    func screenCell(_ cell: Cell) -> ScreenCell {
        ScreenCell(cell, character: character(of: cell))
    }
}

extension ScreenCell {
    /// The public form of a stored cell showing `character`.
    init(_ cell: Cell, character: String) {
        self.init(
            character: character, width: Int(cell.width), foreground: PackedColor.unpack(cell.foreground),
            background: PackedColor.unpack(cell.background), attributes: CellAttributes(rawValue: cell.attributes),
            underline: UnderlineStyle(rawValue: cell.underline) ?? .none)
    }
}
