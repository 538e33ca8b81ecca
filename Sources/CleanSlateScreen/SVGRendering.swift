/// A picture of a screen as a self-contained SVG image: the colours (xterm's default palette), the
/// attributes, wide characters and the cursor, for failure reports, CI pages and issues.
///
/// Each cell is ``SVGLayout/cellWidth`` by ``SVGLayout/cellHeight`` pixels. Backgrounds are drawn as
/// rectangles, one per run of cells with the same colour; text as one `<text>` element per run of
/// cells with the same style, stretched (`textLength`) to exactly its cells, so the grid stays
/// aligned whatever monospace font the viewer has; a wide character gets an element of its own, two
/// cells wide. Inverse video swaps the colours, `dim` halves the text's opacity, `hidden` text is not
/// drawn, and a visible cursor is a light box over its cell. The image uses no external resource.
extension ScreenSnapshot {
    /// The screen as an SVG document.
    public func svg() -> String {
        let layout = SVGLayout.self
        let width = columns * layout.cellWidth, height = rows * layout.cellHeight
        var parts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" "#
                + #"font-family="\#(layout.fontFamily)" font-size="\#(layout.fontSize)">"#,
        ]
        if !title.isEmpty { parts.append("<title>\(SVGLayout.escaped(title))</title>") }
        parts.append(#"<rect width="100%" height="100%" fill="\#(SVGLayout.hex(SVGLayout.defaultBackground))"/>"#)
        for row in 0..<rows { parts.append(contentsOf: backgroundElements(row: row)) }
        for row in 0..<rows { parts.append(contentsOf: textElements(row: row)) }
        if isCursorVisible, cursor.row >= 0, cursor.row < rows, cursor.column >= 0, cursor.column < columns {
            parts.append(#"<rect x="\#(cursor.column * layout.cellWidth)" y="\#(cursor.row * layout.cellHeight)" "#
                + #"width="\#(layout.cellWidth)" height="\#(layout.cellHeight)" fill="\#(SVGLayout.hex(SVGLayout.defaultForeground))" fill-opacity="0.5" class="cursor"/>"#)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The colours a cell is drawn with, inverse video applied.
    private func drawnColors(_ cell: ScreenCell) -> (foreground: UInt32, background: UInt32) {
        let foreground = SVGLayout.rgb(cell.foreground, default: SVGLayout.defaultForeground)
        let background = SVGLayout.rgb(cell.background, default: SVGLayout.defaultBackground)
        return cell.attributes.contains(.inverse) ? (background, foreground) : (foreground, background)
    }

    private func backgroundElements(row: Int) -> [String] {
        var elements: [String] = []
        var column = 0
        while column < columns {
            let color = drawnColors(storedCell(row: row, column: column)).background
            var end = column + 1
            while end < columns, drawnColors(storedCell(row: row, column: end)).background == color { end += 1 }
            if color != SVGLayout.defaultBackground {
                elements.append(#"<rect x="\#(column * SVGLayout.cellWidth)" y="\#(row * SVGLayout.cellHeight)" "#
                    + #"width="\#((end - column) * SVGLayout.cellWidth)" height="\#(SVGLayout.cellHeight)" fill="\#(SVGLayout.hex(color))"/>"#)
            }
            column = end
        }
        return elements
    }

    private func textElements(row: Int) -> [String] {
        var elements: [String] = []
        var column = 0
        while column < columns {
            let cell = storedCell(row: row, column: column)
            let style = SVGTextStyle(cell, foreground: drawnColors(cell).foreground)
            if cell.width == 2 || cell.width == 0 {
                if cell.width == 2, !style.isInvisible(cell.character) {
                    elements.append(style.element(cell.character, column: column, row: row, cells: 2))
                }
                column += max(cell.width, 1)
                continue
            }
            var text = cell.character, end = column + 1
            while end < columns {
                let next = storedCell(row: row, column: end)
                guard next.width == 1, SVGTextStyle(next, foreground: drawnColors(next).foreground) == style else { break }
                text += next.character
                end += 1
            }
            let trimmed = ScreenSnapshot.trimmingTrailingBlanks(text)
            if !style.isInvisible(trimmed) || style.decorations != nil {
                let shown = style.decorations == nil ? trimmed : text
                elements.append(style.element(shown, column: column, row: row, cells: style.decorations == nil ? trimmed.count : end - column))
            }
            column = end
        }
        return elements
    }
}

/// How one run of text is drawn.
private struct SVGTextStyle: Equatable {
    let color: UInt32
    let bold: Bool
    let italic: Bool
    let dim: Bool
    let hidden: Bool
    let decorations: String?

    init(_ cell: ScreenCell, foreground: UInt32) {
        color = foreground
        bold = cell.attributes.contains(.bold)
        italic = cell.attributes.contains(.italic)
        dim = cell.attributes.contains(.dim)
        hidden = cell.attributes.contains(.hidden)
        var lines: [String] = []
        if cell.underline != .none { lines.append("underline") }
        if cell.attributes.contains(.strikethrough) { lines.append("line-through") }
        if cell.attributes.contains(.overline) { lines.append("overline") }
        decorations = lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// Whether drawing `text` in this style shows nothing.
    func isInvisible(_ text: String) -> Bool {
        hidden || text.allSatisfy { $0 == " " }
    }

    /// A `<text>` element for `text` starting at `column`, stretched over `cells` cells.
    func element(_ text: String, column: Int, row: Int, cells: Int) -> String {
        var attributes = #"x="\#(column * SVGLayout.cellWidth)" y="\#(row * SVGLayout.cellHeight + SVGLayout.baseline)" "#
            + #"textLength="\#(cells * SVGLayout.cellWidth)" lengthAdjust="spacingAndGlyphs" fill="\#(SVGLayout.hex(color))""#
        if bold { attributes += #" font-weight="bold""# }
        if italic { attributes += #" font-style="italic""# }
        if dim { attributes += #" fill-opacity="0.5""# }
        if let decorations { attributes += #" text-decoration="\#(decorations)""# }
        if hidden { attributes += #" visibility="hidden""# }
        return #"<text \#(attributes) xml:space="preserve">\#(SVGLayout.escaped(text))</text>"#
    }
}

/// The geometry and colours of ``ScreenSnapshot/svg()``.
public enum SVGLayout {
    /// The width of a cell in pixels.
    public static let cellWidth = 9
    /// The height of a cell (a row) in pixels.
    public static let cellHeight = 18
    /// The font size in pixels.
    public static let fontSize = 15
    /// Where the text's baseline is, from the top of its row.
    static let baseline = 14
    /// The font families asked for, the generic `monospace` last.
    static let fontFamily = "DejaVu Sans Mono, Menlo, Consolas, monospace"
    /// The default foreground, xterm's light grey, as 0xRRGGBB.
    public static let defaultForeground: UInt32 = 0xE5E5E5
    /// The default background, black, as 0xRRGGBB.
    public static let defaultBackground: UInt32 = 0x000000

    /// `color` as 0xRRGGBB in xterm's default palette, `fallback` for the default colour.
    public static func rgb(_ color: TerminalColor, default fallback: UInt32) -> UInt32 {
        switch color {
        case .default: return fallback
        case let .indexed(index): return ColorPalette.defaultIndexed[Int(index)]
        case let .rgb(red, green, blue): return UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    /// `#rrggbb`.
    static func hex(_ rgb: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String((0..<6).map { digits[Int(rgb >> UInt32(20 - 4 * $0) & 0xF)] })
    }

    /// `text` safe inside an XML element or attribute: markup characters escaped, and characters
    /// XML cannot hold (C0 controls but tab, DEL and C1 controls, lone surrogates cannot occur) as U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where scalar.value < 0x20 && scalar != "\t", _ where (0x7F...0x9F).contains(scalar.value),
                 _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
