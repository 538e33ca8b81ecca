/// A screen as a self-contained HTML page: the rows in a `<pre>` block, each run of cells painted
/// alike in one `<span>` with inline CSS (colours in the screen's palette as for
/// ``ScreenSnapshot/svg(marking:)``, inverse applied,
/// bold, italic, dim, hidden, underline, strike-through, overline), the cursor's cell outlined, and
/// a caption with the size and the cursor. The text can be selected and searched; the page loads
/// nothing else. It is also well-formed XML, so tools can read it without an HTML parser.
extension ScreenSnapshot {
    /// The screen as an HTML document.
    public func html() -> String {
        let picture = ScreenPicture.self
        let background = picture.hex(colors.background), foreground = picture.hex(colors.foreground)
        let caption = "\(rows)x\(columns), cursor at row \(cursor.row), column \(cursor.column)" + (isCursorVisible ? "" : " (hidden)")
        var lines = [
            "<!DOCTYPE html>",
            #"<html lang="en"><head><meta charset="utf-8"/>"#,
            "<title>\(picture.escaped(title.isEmpty ? "Terminal screen" : title))</title>",
            "<style>",
            "body { background: #202020; color: #e0e0e0; font-family: sans-serif; margin: 16px; }",
            "pre.screen { display: inline-block; margin: 0; padding: 4px; background: \(background); color: \(foreground); "
                + "font-family: \(picture.fontFamily); font-size: \(picture.fontSize)px; line-height: \(picture.cellHeight)px; }",
            ".cursor { outline: 1px solid \(picture.hex(colors.cursor)); outline-offset: -1px; }",
            "</style></head><body>",
            #"<p class="caption">\#(caption)</p>"#,
        ]
        lines.append(#"<pre class="screen">"# + (0..<rows).map(htmlRow).joined(separator: "\n") + "</pre>")
        lines.append("</body></html>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row as text and spans; runs end at the cursor's cell, which gets a span of its own.
    private func htmlRow(_ row: Int) -> String {
        var html = ""
        var column = 0
        while column < columns {
            let paint = CellPaint(storedCell(row: row, column: column), colors: colors)
            let isCursor = isCursorAt(row, column)
            var text = "", end = column
            repeat {
                text += storedCell(row: row, column: end).character
                end += 1
            } while end < columns && !isCursor && !isCursorAt(row, end) && CellPaint(storedCell(row: row, column: end), colors: colors) == paint
            var classes: [String] = []
            if isCursor { classes.append("cursor") }
            let style = paint.css(on: colors)
            if style.isEmpty && classes.isEmpty {
                html += ScreenPicture.escaped(text)
            } else {
                let classAttribute = classes.isEmpty ? "" : #" class="\#(classes.joined(separator: " "))""#
                let styleAttribute = style.isEmpty ? "" : #" style="\#(style)""#
                html += "<span\(classAttribute)\(styleAttribute)>\(ScreenPicture.escaped(text))</span>"
            }
            column = end
        }
        return html
    }

    private func isCursorAt(_ row: Int, _ column: Int) -> Bool {
        isCursorVisible && cursor.row == row && cursor.column == column
    }
}

extension CellPaint {
    /// The inline CSS that paints a cell like this on a page in `colors`; empty for the default.
    fileprivate func css(on colors: ScreenColors) -> String {
        var parts: [String] = []
        if foreground != colors.foreground { parts.append("color: \(ScreenPicture.hex(foreground))") }
        if background != colors.background { parts.append("background: \(ScreenPicture.hex(background))") }
        if bold { parts.append("font-weight: bold") }
        if italic { parts.append("font-style: italic") }
        if dim { parts.append("opacity: 0.5") }
        if let decorations { parts.append("text-decoration: \(decorations)") }
        if hidden { parts.append("visibility: hidden") }
        return parts.joined(separator: "; ")
    }
}
