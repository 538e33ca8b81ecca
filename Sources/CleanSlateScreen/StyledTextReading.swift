/// Why a styled rendering could not be read back (``ScreenSnapshot/init(styledText:)``).
public struct StyledTextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-based line of the text that is wrong.
    public let line: Int
    /// What is wrong with it.
    public let reason: String

    /// `line 3 of the styled text: ...`.
    public var description: String { "line \(line) of the styled text: \(reason)" }
}

extension ScreenSnapshot {
    /// The screen a styled rendering (``styledText(replacing:)``) describes: the text of its rows
    /// with their styles, its size, its cursor and whether the cursor is hidden or the alternate
    /// screen shown. The title, modes and scrollback, which the rendering does not hold, are left
    /// empty or at their defaults. A reference file can so be drawn as a picture (``svg(marking:)``).
    ///
    /// - Throws: ``StyledTextError`` naming the line for a missing or malformed header, a size above
    ///   ``TerminalEmulator/maximumDimension``, more rows than the header says, a row wider than the
    ///   screen, or a style line that does not parse.
    public init(styledText: String) throws(StyledTextError) {
        let lines = styledText.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try StyledTextHeader(lines.first.map(String.init) ?? "")
        let terminal = TerminalEmulator(rows: header.rows, columns: header.columns, scrollbackLimit: 0)
        if header.alternate { terminal.feed("\u{1B}[?1049h") }
        var row = -1
        var pending: (text: Substring, line: Int)?
        var styles: [Int: String] = [:]
        func drawRow() throws(StyledTextError) {
            guard let pending else { return }
            try Self.draw(pending.text, styles: styles, row: row, on: terminal, line: pending.line)
            styles = [:]
        }
        for (index, line) in lines.enumerated().dropFirst() {
            if line.hasPrefix("|") {
                try drawRow()
                row += 1
                guard row < header.rows else {
                    throw StyledTextError(line: index + 1, reason: "there are more rows than the \(header.rows) the header gives")
                }
                pending = (line.dropFirst(), index + 1)
            } else if line.hasPrefix("~ "), row >= 0 {
                let fields = line.dropFirst(2).split(separator: " ", maxSplits: 1)
                let bounds = fields.first?.split(separator: "-", omittingEmptySubsequences: false) ?? []
                guard (1...2).contains(bounds.count), let first = Int(bounds[0]), let last = Int(bounds[bounds.count - 1]),
                      first >= 0, first <= last, last < header.columns else {
                    throw StyledTextError(line: index + 1, reason: "\(line.debugDescription) does not start with columns on the \(header.columns)-column screen")
                }
                let style = fields.count > 1 ? String(fields[1]) : ""
                for column in first...last { styles[column] = style }
            } else if !line.isEmpty {
                throw StyledTextError(line: index + 1, reason: "\(line.debugDescription) is neither a row (|TEXT) nor a style line (~ COLUMNS STYLE)")
            }
        }
        try drawRow()
        terminal.feed("\u{1B}[0m\u{1B}[\(header.cursor.row + 1);\(header.cursor.column + 1)H")
        if header.cursorHidden { terminal.feed("\u{1B}[?25l") }
        self = terminal.snapshot()
    }

    /// Prints `text` on `row` with the style of each column, then styles the blank columns after it.
    private static func draw(
        _ text: Substring, styles: [Int: String], row: Int, on terminal: TerminalEmulator, line: Int
    ) throws(StyledTextError) {
        var current: String?
        func select(_ style: String) throws(StyledTextError) {
            guard style != current else { return }
            guard let sgr = StyleSGR.sequence(for: style) else {
                throw StyledTextError(line: line, reason: "the style \(style.debugDescription) has a part that is not a colour or an attribute")
            }
            terminal.feed(sgr)
            current = style
        }
        terminal.feed("\u{1B}[\(row + 1);1H")
        let wider = StyledTextError(line: line, reason: "the row is wider than the screen's \(terminal.columns) columns")
        for character in text {
            if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                throw StyledTextError(line: line, reason: "the row holds a control character, which a screen never shows")
            }
            if terminal.wrapPending { throw wider }
            let column = terminal.cursor.column
            try select(styles[column] ?? "")
            terminal.feed(String(character))
            // A character that does not fit wraps (and on the last row scrolls): it is not where it was put.
            if terminal.cursor.row != row || terminal.character(of: terminal.grid.row(row)[column]) != String(character) { throw wider }
        }
        let textEnd = terminal.wrapPending ? terminal.columns : terminal.cursor.column
        for column in styles.keys.sorted() where column >= textEnd {
            try select(styles[column] ?? "")
            terminal.feed("\u{1B}[\(column + 1)G ")
        }
    }
}

/// The header line of a styled rendering: `screen ROWSxCOLUMNS cursor ROW,COLUMN [hidden] [alternate]`.
private struct StyledTextHeader {
    let rows: Int
    let columns: Int
    let cursor: ScreenPosition
    let cursorHidden: Bool
    let alternate: Bool

    init(_ line: String) throws(StyledTextError) {
        let words = line.split(separator: " ")
        let size = words.count > 1 ? words[1].split(separator: "x") : []
        let position = words.count > 3 ? words[3].split(separator: ",") : []
        guard words.count >= 4, words[0] == "screen", words[2] == "cursor", size.count == 2, position.count == 2,
              let rows = Int(size[0]), let columns = Int(size[1]), let row = Int(position[0]), let column = Int(position[1]),
              Set(words.dropFirst(4)).isSubset(of: ["hidden", "alternate"]) else {
            throw StyledTextError(line: 1, reason: "\(line.debugDescription) is not a header like \"screen 24x80 cursor 0,0\"")
        }
        let limit = TerminalEmulator.maximumDimension
        guard (1...limit).contains(rows), (1...limit).contains(columns), (0..<rows).contains(row), (0..<columns).contains(column) else {
            throw StyledTextError(line: 1, reason: "the size \(rows)x\(columns) or the cursor \(row),\(column) is off limits "
                + "(sizes 1 to \(limit), the cursor on the screen)")
        }
        self.rows = rows
        self.columns = columns
        cursor = ScreenPosition(row: row, column: column)
        cursorHidden = words.contains("hidden")
        alternate = words.contains("alternate")
    }
}

/// The SGR sequence that selects a style written as in the styled rendering.
enum StyleSGR {
    /// The SGR code of each attribute name of the styled rendering.
    private static let attributes: [String: String] = Dictionary(
        uniqueKeysWithValues: StyleDescription.flags.map { ($0.name, $0.sgr) } + StyleDescription.underlines.values.map { ($0.name, $0.sgr) })

    /// `ESC [ 0 ; ... m` for `style`, nil when a part is unknown.
    static func sequence(for style: String) -> String? {
        var codes = ["0"]
        for part in style.split(separator: " ") {
            if part.hasPrefix("fg=") || part.hasPrefix("bg=") {
                guard let code = color(part.dropFirst(3), foreground: part.hasPrefix("fg=")) else { return nil }
                codes.append(code)
            } else {
                guard let code = attributes[String(part)] else { return nil }
                codes.append(code)
            }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func color(_ name: Substring, foreground: Bool) -> String? {
        let base = foreground ? 30 : 40
        if name == "default" { return "\(base + 9)" }
        if let index = StyleDescription.ansiNames.firstIndex(of: String(name)) { return "\(base + index)" }
        if name.hasPrefix("bright-"), let index = StyleDescription.ansiNames.firstIndex(of: String(name.dropFirst("bright-".count))) {
            return "\(base + 60 + index)"
        }
        if let index = Int(name), (16...255).contains(index) { return "\(base + 8);5;\(index)" }
        if name.hasPrefix("#"), name.count == 7, let value = UInt32(name.dropFirst(), radix: 16) {
            return "\(base + 8);2;\(value >> 16 & 0xFF);\(value >> 8 & 0xFF);\(value & 0xFF)"
        }
        return nil
    }
}
