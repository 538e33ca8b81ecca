/// Text renderings of a screen made to be stored as reference files and compared line by line.
///
/// ``ScreenSnapshot/plainText(replacing:)`` is the rows' text. ``ScreenSnapshot/styledText(replacing:)``
/// adds a header with the size and the cursor, and after each row one line per run of cells that
/// share a non-default style:
///
/// ```
/// screen 6x40 cursor 1,17
/// |What's your name? Ada
/// |Error: the name is empty
/// ~ 0-5 fg=red bold
/// ~ 7-23 underline
/// ```
///
/// - The header is `screen ROWSxCOLUMNS cursor ROW,COLUMN` (zero-based, as ``ScreenPosition``),
///   followed by ` hidden` when the cursor is hidden and ` alternate` when the alternate screen is shown.
/// - A row is `|` and its text, trailing blanks trimmed; the blank rows at the bottom are left out.
/// - A style line is `~ FIRST-LAST STYLE` (or `~ COLUMN STYLE` for one column): zero-based display
///   columns of the row above (a wide character covers two) and the style's parts in this order:
///   `fg=COLOUR`, `bg=COLOUR`, `bold`, `dim`, `italic`, `blink`, `inverse`, `hidden`, `strikethrough`,
///   `overline`, `underline` (or `underline=double|curly|dotted|dashed`). A colour is a name for the
///   16 ANSI colours (`red`, `bright-red`, ...), the palette number for 16-255, `#rrggbb` for a direct
///   colour. Cells in the default style have no line.
///
/// Replacements change the text before the columns are counted: a replaced span takes the style of
/// its first cell, so the columns, the cursor's included, stay right whatever the length of the text
/// it replaced (a cursor inside replaced text is placed after the replacement).
extension ScreenSnapshot {
    /// The rows' text, trailing blanks trimmed, without the blank rows at the bottom, joined by newlines.
    public func plainText(replacing replacements: TextReplacements = .none) -> String {
        renderedRows(replacing: replacements).map(\.text).joined(separator: "\n")
    }

    /// The styled rendering described in the extension's documentation.
    public func styledText(replacing replacements: TextReplacements = .none) -> String {
        var cursorColumn = cursor.column
        if cursor.row >= 0 && cursor.row < rows {
            cursorColumn = renderedColumn(of: cursor.column, in: replacing(replacements, in: units(ofRow: cursor.row)))
        }
        var header = "screen \(rows)x\(columns) cursor \(cursor.row),\(cursorColumn)"
        if !isCursorVisible { header += " hidden" }
        if isAlternateScreenActive { header += " alternate" }
        var lines = [header]
        for row in renderedRows(replacing: replacements) {
            lines.append("|" + row.text)
            for run in row.styleRuns {
                let columns = run.columns.count == 1 ? "\(run.columns.lowerBound)" : "\(run.columns.lowerBound)-\(run.columns.upperBound)"
                lines.append("~ \(columns) \(run.style)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One shown character (a wide one once) with its width, style description, and the screen
    /// column it came from (for a replacement's characters, the column of the replaced text).
    private struct Unit {
        var character: Character
        var width: Int
        var style: String
        var sourceColumn: Int
    }

    /// A row as rendered: its text and the runs of styled columns.
    private struct RenderedRow {
        var text: String
        var styleRuns: [(columns: ClosedRange<Int>, style: String)]
    }

    private func renderedRows(replacing replacements: TextReplacements) -> [RenderedRow] {
        var rendered = (0..<rows).map { renderRow(replacing(replacements, in: units(ofRow: $0))) }
        while let last = rendered.last, last.text.isEmpty, last.styleRuns.isEmpty { rendered.removeLast() }
        return rendered
    }

    private func units(ofRow row: Int) -> [Unit] {
        var units: [Unit] = []
        for column in 0..<columns {
            let cell = storedCell(row: row, column: column)
            if cell.width == 0 { continue }
            // A cell shows one grapheme; anything else is kept whole behind a character that matches nothing.
            let character = cell.character.count == 1 ? cell.character.first! : "\u{FFFC}"
            units.append(Unit(character: character, width: cell.width, style: StyleDescription.of(cell), sourceColumn: column))
        }
        return units
    }

    /// `units` with every match replaced by units of the replacement, in the style of the match's first unit.
    private func replacing(_ replacements: TextReplacements, in units: [Unit]) -> [Unit] {
        let spans = replacements.spans(in: units.map(\.character))
        guard !spans.isEmpty else { return units }
        var result: [Unit] = []
        var index = 0
        for span in spans {
            result.append(contentsOf: units[index..<span.range.lowerBound])
            let first = units[span.range.lowerBound]
            result.append(contentsOf: span.replacement.map {
                Unit(character: $0, width: 1, style: first.style, sourceColumn: first.sourceColumn)
            })
            index = span.range.upperBound
        }
        result.append(contentsOf: units[index...])
        return result
    }

    /// Where the screen column `column` is in the rendered row `units`: the column of the first
    /// character that came from it or from a later column (after a replacement that covers it).
    private func renderedColumn(of column: Int, in units: [Unit]) -> Int {
        var rendered = 0
        for unit in units {
            if unit.sourceColumn >= column { return rendered }
            rendered += unit.width
        }
        return rendered + max(0, column - (units.last.map { $0.sourceColumn + $0.width } ?? 0))
    }

    private func renderRow(_ units: [Unit]) -> RenderedRow {
        var text = ""
        var runs: [(columns: ClosedRange<Int>, style: String)] = []
        var column = 0
        for unit in units {
            text.append(unit.character)
            let last = column + unit.width - 1
            if !unit.style.isEmpty {
                if let previous = runs.last, previous.style == unit.style, previous.columns.upperBound == column - 1 {
                    runs[runs.count - 1].columns = previous.columns.lowerBound...last
                } else {
                    runs.append((column...last, unit.style))
                }
            }
            column = last + 1
        }
        return RenderedRow(text: ScreenSnapshot.trimmingTrailingBlanks(text), styleRuns: runs)
    }
}

/// How a cell's style is written in the styled rendering.
enum StyleDescription {
    static func of(_ cell: ScreenCell) -> String {
        var parts: [String] = []
        if cell.foreground != .default { parts.append("fg=" + name(of: cell.foreground)) }
        if cell.background != .default { parts.append("bg=" + name(of: cell.background)) }
        for (flag, name, _) in flags where cell.attributes.contains(flag) { parts.append(name) }
        if let (name, _) = underlines[cell.underline] { parts.append(name) }
        return parts.joined(separator: " ")
    }

    /// The attribute flags in the order they are written, with their names and SGR codes.
    static let flags: [(flag: CellAttributes, name: String, sgr: String)] = [
        (.bold, "bold", "1"), (.dim, "dim", "2"), (.italic, "italic", "3"), (.blink, "blink", "5"), (.inverse, "inverse", "7"),
        (.hidden, "hidden", "8"), (.strikethrough, "strikethrough", "9"), (.overline, "overline", "53"),
    ]

    /// The underline styles with their names and SGR codes.
    static let underlines: [UnderlineStyle: (name: String, sgr: String)] = [
        .single: ("underline", "4"), .double: ("underline=double", "4:2"), .curly: ("underline=curly", "4:3"),
        .dotted: ("underline=dotted", "4:4"), .dashed: ("underline=dashed", "4:5"),
    ]

    /// The names of the eight ANSI colours (palette entries 0-7; 8-15 are `bright-` and the name).
    static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    static func name(of color: TerminalColor) -> String {
        switch color {
        case .default: return "default"
        case let .indexed(index) where index < 8: return ansiNames[Int(index)]
        case let .indexed(index) where index < 16: return "bright-" + ansiNames[Int(index) - 8]
        case let .indexed(index): return "\(index)"
        case .rgb: return ScreenPicture.hex(ScreenPicture.rgb(color, default: 0))
        }
    }
}
