/// An immutable copy of what the terminal shows: cells, cursor, title, modes and scrollback.
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
    /// The primary screen's scrollback, oldest line first, trailing blanks trimmed.
    public let scrollback: [String]
    /// The cells, row by row (`rows * columns` of them).
    let cells: [ScreenCell]

    /// The cell at a zero-based position.
    ///
    /// - Precondition: the position is on the screen.
    public func cell(row: Int, column: Int) -> ScreenCell {
        precondition(row >= 0 && row < rows && column >= 0 && column < columns, "(\(row), \(column)) is off the screen")
        return cells[row * columns + column]
    }

    /// The text of a row, trailing blanks trimmed. A wide character appears once.
    public func text(row: Int) -> String {
        precondition(row >= 0 && row < rows, "row \(row) is off the screen")
        var text = ""
        for cell in cells[(row * columns)..<((row + 1) * columns)] { text += cell.character }
        return ScreenSnapshot.trimmingTrailingBlanks(text)
    }

    /// The text of every row, trailing blanks trimmed.
    public var lines: [String] { (0..<rows).map { text(row: $0) } }

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
                let cell = cells[row * columns + column]
                if cell.width == 0 { continue }
                for character in cell.character { shown.append((character, column)) }
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
        var cells: [ScreenCell] = []
        cells.reserveCapacity(rows * columns)
        for row in 0..<rows {
            let line = grid.row(row)
            for column in 0..<columns { cells.append(screenCell(line[column])) }
        }
        let scrollback = scrollbackLines.texts { line in
            ScreenSnapshot.trimmingTrailingBlanks(line.reduce(into: "") { $0 += character(of: $1) })
        }
        return ScreenSnapshot(
            rows: rows, columns: columns, cursor: cursor, isCursorVisible: modes.cursorVisible, title: title,
            isAlternateScreenActive: isAlternateActive, modes: modes, scrollback: scrollback, cells: cells)
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
        ScreenCell(
            character: character(of: cell), width: Int(cell.width), foreground: PackedColor.unpack(cell.foreground),
            background: PackedColor.unpack(cell.background), attributes: CellAttributes(rawValue: cell.attributes),
            underline: UnderlineStyle(rawValue: cell.underline) ?? .none)
    }
}
