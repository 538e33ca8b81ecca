/// Two screens side by side, for a snapshot that no longer matches: which cells differ, and a
/// self-contained HTML page with both screens as pictures and those cells shaded red.
public enum ScreenComparison {
    /// The positions whose cells differ (character, width, colours or attributes), over the larger
    /// of the two sizes: a cell that is on one screen only differs.
    public static func differingCells(_ reference: ScreenSnapshot, _ actual: ScreenSnapshot) -> Set<ScreenPosition> {
        var cells: Set<ScreenPosition> = []
        for row in 0..<max(reference.rows, actual.rows) {
            for column in 0..<max(reference.columns, actual.columns) {
                let old = reference.cellIfOnScreen(row: row, column: column)
                let new = actual.cellIfOnScreen(row: row, column: column)
                if old == nil || new == nil || old != new { cells.insert(ScreenPosition(row: row, column: column)) }
            }
        }
        return cells
    }

    /// The positions whose characters differ, over the larger of the two sizes (colours and
    /// attributes do not count): what a comparison of the screens' plain text sees.
    public static func differingCharacters(_ reference: ScreenSnapshot, _ actual: ScreenSnapshot) -> Set<ScreenPosition> {
        differingCells(reference, actual).filter { position in
            let old = reference.cellIfOnScreen(row: position.row, column: position.column)
            let new = actual.cellIfOnScreen(row: position.row, column: position.column)
            return old?.character != new?.character || old?.width != new?.width
        }
    }

    /// An HTML page titled `title` showing `reference` and `actual` side by side as SVG pictures
    /// (``ScreenSnapshot/svg(marking:)``), the differing cells shaded on both, with a summary that
    /// counts them and gives each screen's size and cursor.
    ///
    /// Both pictures are drawn in one set of colours, the actual screen's by default (the palette
    /// its app set; a reference file holds none), so only real differences look different.
    ///
    /// - Parameters:
    ///   - reference: the screen the test expected (drawn on the left).
    ///   - actual: the screen the app shows (drawn on the right).
    ///   - title: the page's title.
    ///   - differences: the cells to shade; nil shades ``differingCells(_:_:)`` (pass
    ///     ``differingCharacters(_:_:)`` when only the text was compared).
    ///   - colors: the colours to draw both screens in; nil uses `actual.colors`.
    public static func html(
        reference: ScreenSnapshot, actual: ScreenSnapshot, title: String, marking differences: Set<ScreenPosition>? = nil,
        colors: ScreenColors? = nil
    ) -> String {
        let colors = colors ?? actual.colors
        let differences = differences ?? differingCells(reference, actual)
        let count = differences.count == 1 ? "1 cell differs" : "\(differences.count) cells differ"
        let escapedTitle = ScreenPicture.escaped(title)
        return [
            "<!DOCTYPE html>",
            #"<html lang="en"><head><meta charset="utf-8"/>"#,
            "<title>\(escapedTitle)</title>",
            "<style>",
            "body { background: #202020; color: #e0e0e0; font-family: sans-serif; margin: 16px; }",
            ".side-by-side { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }",
            "figure { margin: 0; } figcaption { margin-bottom: 6px; font-weight: bold; }",
            "</style></head><body>",
            "<h1>\(escapedTitle)</h1>",
            #"<p class="summary">\#(count), shaded red. Reference: \#(describe(reference)). Actual: \#(describe(actual)).</p>"#,
            #"<div class="side-by-side">"#,
            #"<figure class="reference"><figcaption>Reference</figcaption>"#, reference.svg(marking: differences, colors: colors), "</figure>",
            #"<figure class="actual"><figcaption>Actual</figcaption>"#, actual.svg(marking: differences, colors: colors), "</figure>",
            "</div></body></html>",
        ].joined(separator: "\n") + "\n"
    }

    private static func describe(_ screen: ScreenSnapshot) -> String {
        "\(screen.rows)x\(screen.columns), cursor at row \(screen.cursor.row), column \(screen.cursor.column)"
            + (screen.isCursorVisible ? "" : " (hidden)")
    }
}

extension ScreenSnapshot {
    /// The cell at a position, nil when it is off the screen.
    fileprivate func cellIfOnScreen(row: Int, column: Int) -> ScreenCell? {
        row < rows && column < columns ? storedCell(row: row, column: column) : nil
    }
}
