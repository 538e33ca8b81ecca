/// A picture of a screen as a self-contained SVG image: the colours (the palette, default colours
/// and cursor colour the app set with OSC 4, 10, 11 and 12, else xterm's defaults; see
/// ``ScreenSnapshot/colors``), the attributes, wide characters and the cursor, for failure reports,
/// CI pages and issues. The special colours of OSC 5 are not used: xterm draws with them only when
/// its `colorBDMode`-style resources are on, which they are not by default.
///
/// Each cell is ``ScreenPicture/cellWidth`` by ``ScreenPicture/cellHeight`` pixels. Backgrounds are
/// drawn as rectangles, one per run of cells with the same colour; text as one `<text>` element per
/// run of cells with the same style, stretched (`textLength`) to exactly its cells, so the grid stays
/// aligned whatever monospace font the viewer has; a wide character gets an element of its own, two
/// cells wide. Inverse video swaps the colours, `dim` halves the text's opacity, `hidden` text is not
/// drawn, and a visible cursor is a light box over its cell. The image uses no external resource.
extension ScreenSnapshot {
    /// The screen as an SVG document, with each cell in `differences` (the cells that differ from
    /// another screen; positions off this screen are ignored) shaded red under its text.
    public func svg(marking differences: Set<ScreenPosition> = []) -> String {
        svg(marking: differences, colors: colors)
    }

    /// The screen as an SVG document drawn with `colors` instead of its own.
    func svg(marking differences: Set<ScreenPosition>, colors: ScreenColors) -> String {
        let picture = ScreenPicture.self
        let width = columns * picture.cellWidth, height = rows * picture.cellHeight
        var parts = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" "#
                + #"font-family="\#(picture.fontFamily)" font-size="\#(picture.fontSize)">"#,
        ]
        if !title.isEmpty { parts.append("<title>\(picture.escaped(title))</title>") }
        parts.append(#"<rect width="100%" height="100%" fill="\#(picture.hex(colors.background))"/>"#)
        for row in 0..<rows { parts.append(contentsOf: backgroundElements(row: row, colors: colors)) }
        for cell in differences.sorted(by: { ($0.row, $0.column) < ($1.row, $1.column) })
        where cell.row >= 0 && cell.row < rows && cell.column >= 0 && cell.column < columns {
            parts.append(#"<rect x="\#(cell.column * picture.cellWidth)" y="\#(cell.row * picture.cellHeight)" "#
                + #"width="\#(picture.cellWidth)" height="\#(picture.cellHeight)" fill="\#(picture.hex(picture.differenceColor))" "#
                + #"fill-opacity="0.45" class="difference"/>"#)
        }
        for row in 0..<rows { parts.append(contentsOf: textElements(row: row, colors: colors)) }
        if isCursorVisible, cursor.row >= 0, cursor.row < rows, cursor.column >= 0, cursor.column < columns {
            parts.append(#"<rect x="\#(cursor.column * picture.cellWidth)" y="\#(cursor.row * picture.cellHeight)" "#
                + #"width="\#(picture.cellWidth)" height="\#(picture.cellHeight)" fill="\#(picture.hex(colors.cursor))" "#
                + #"fill-opacity="0.5" class="cursor"/>"#)
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private func backgroundElements(row: Int, colors: ScreenColors) -> [String] {
        var elements: [String] = []
        var column = 0
        while column < columns {
            let color = CellPaint(storedCell(row: row, column: column), colors: colors).background
            var end = column + 1
            while end < columns, CellPaint(storedCell(row: row, column: end), colors: colors).background == color { end += 1 }
            if color != colors.background {
                elements.append(#"<rect x="\#(column * ScreenPicture.cellWidth)" y="\#(row * ScreenPicture.cellHeight)" "#
                    + #"width="\#((end - column) * ScreenPicture.cellWidth)" height="\#(ScreenPicture.cellHeight)" fill="\#(ScreenPicture.hex(color))"/>"#)
            }
            column = end
        }
        return elements
    }

    private func textElements(row: Int, colors: ScreenColors) -> [String] {
        var elements: [String] = []
        var column = 0
        while column < columns {
            let cell = storedCell(row: row, column: column)
            let paint = CellPaint(cell, colors: colors)
            if cell.width == 2 || cell.width == 0 {
                if cell.width == 2, !paint.showsNothing(cell.character) {
                    elements.append(paint.svgText(cell.character, column: column, row: row, cells: 2))
                }
                column += max(cell.width, 1)
                continue
            }
            var text = cell.character, end = column + 1
            while end < columns {
                let next = storedCell(row: row, column: end)
                guard next.width == 1, CellPaint(next, colors: colors).drawsTextLike(paint) else { break }
                text += next.character
                end += 1
            }
            if paint.decorations != nil {
                elements.append(paint.svgText(text, column: column, row: row, cells: end - column))
            } else {
                let trimmed = ScreenSnapshot.trimmingTrailingBlanks(text)
                if !paint.showsNothing(trimmed) { elements.append(paint.svgText(trimmed, column: column, row: row, cells: trimmed.count)) }
            }
            column = end
        }
        return elements
    }
}

extension CellPaint {
    /// Whether drawing `text` in this paint shows nothing.
    fileprivate func showsNothing(_ text: String) -> Bool {
        hidden || text.allSatisfy { $0 == " " }
    }

    /// A `<text>` element for `text` starting at `column`, stretched over `cells` cells.
    fileprivate func svgText(_ text: String, column: Int, row: Int, cells: Int) -> String {
        var attributes = #"x="\#(column * ScreenPicture.cellWidth)" y="\#(row * ScreenPicture.cellHeight + ScreenPicture.baseline)" "#
            + #"textLength="\#(cells * ScreenPicture.cellWidth)" lengthAdjust="spacingAndGlyphs" fill="\#(ScreenPicture.hex(foreground))""#
        if bold { attributes += #" font-weight="bold""# }
        if italic { attributes += #" font-style="italic""# }
        if dim { attributes += #" fill-opacity="0.5""# }
        if let decorations { attributes += #" text-decoration="\#(decorations)""# }
        if hidden { attributes += #" visibility="hidden""# }
        return #"<text \#(attributes) xml:space="preserve">\#(ScreenPicture.escaped(text))</text>"#
    }
}
