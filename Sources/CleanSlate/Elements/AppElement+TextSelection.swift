import CleanSlateScreen

extension ElementReference where Source == AppLauncher {
    /// The current one of `rows`, where ``select(timeout:fileID:filePath:line:column:)`` moves
    /// from toward `target`. For a recognised element, the one current row of its list. For a
    /// text (whose "list" is every run where its query looked), the highlighted run nearest to
    /// it among those sharing a column with it (the highlight of the same list), else the nearest
    /// highlighted run: a highlighted status bar elsewhere on the screen is not taken for the
    /// list's highlight while the list's own is in sight.
    static func currentRow(among rows: [ScreenElement], toward target: ScreenElement) -> ScreenElement? {
        guard target.kind == .text else { return rows.first(where: isCurrent) }
        let highlighted = rows.filter(\.isHighlighted)
        let inline = highlighted.filter { sharesAColumn($0, target) }
        return (inline.isEmpty ? highlighted : inline).min { abs($0.frame.row - target.frame.row) < abs($1.frame.row - target.frame.row) }
    }

    /// What tells that the highlight moved toward a text: the rows holding a highlighted run that
    /// shares a column with it, once each. A highlighted row may be drawn as several runs (the row
    /// it moves to as another number of them), and highlighted text elsewhere may change with the
    /// current row (ptpython's description of the current option, beside its sidebar).
    static func highlightedTextRows(_ rows: [ScreenElement], toward target: ScreenElement) -> [String] {
        Set(rows.filter { $0.isHighlighted && sharesAColumn($0, target) }.map(\.frame.row)).sorted().map { "row \($0)" }
    }

    /// Whether `run` and `target` have a column in common.
    private static func sharesAColumn(_ run: ScreenElement, _ target: ScreenElement) -> Bool {
        run.frame.column < target.frame.column + target.frame.width && target.frame.column < run.frame.column + run.frame.width
    }
}
