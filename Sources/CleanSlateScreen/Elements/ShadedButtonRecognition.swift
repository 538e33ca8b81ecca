/// Push buttons drawn as a patch of their own shade rather than in brackets: `  OK  ` and
/// ` Cancel ` each on a coloured patch with the window's ground between them (Turbo Vision's
/// and Borland-like toolkits: the Free Pascal IDE, xwpe). What a person sees is a row of labels
/// each padded inside a block of colour, set apart from the window's ground.
extension RecognitionWork {
    /// The fewest such patches on one row of one window that make a row of buttons: one patch
    /// alone is a highlighted row or word, not a button.
    static let fewestShadedButtons = 2

    /// How many more blanks one side of a button's label may have than the other.
    static let mostShadedButtonOffCentre = 2

    /// Buttons on patches of a shade of their own inside a window (outside every window, coloured
    /// patches are as often a status line's tabs or a list's labels); the buttons of one window
    /// are siblings for the highlight rule.
    mutating func findShadedButtons() {
        var groups: [Int: Int] = [:]
        for row in 0..<grid.rows {
            var patches: [(owner: Int, columns: Range<Int>, label: Range<Int>)] = []
            for span in spans(row: row) where span.owner >= 0 && !grid.isOneShade(row: row, span.columns) {
                let ground = ground(of: span.owner)
                for run in grid.shadeRuns(row: row, span.columns) where grid.shade(row, run.lowerBound) != ground {
                    if let label = shadedButtonLabel(row: row, run, span: span, ground: ground) {
                        patches.append((span.owner, run, label))
                    }
                }
            }
            for patch in patches where patches.filter({ $0.owner == patch.owner }).count >= Self.fewestShadedButtons {
                let group = groups[patch.owner] ?? newHighlightGroup()
                groups[patch.owner] = group
                add(
                    ScreenElement(
                        kind: .button, label: grid.trimmedText(row: row, patch.label),
                        frame: ScreenRectangle(row: row, column: patch.columns.lowerBound, height: 1, width: patch.columns.count),
                        style: grid.style(row, patch.label.lowerBound)),
                    owner: patch.owner,
                    sibling: .init(group: group, look: ElementLook(grid: grid, row: row, label: patch.label, edge: patch.columns.lowerBound)))
            }
        }
    }

    /// The label's columns of a patch of one shade over `columns` that is a button: a blank at
    /// each end inside the patch, the window's ground (or the span's end) on each side of it, and
    /// between the blanks a label of words parted by single blanks, starting with a letter, no
    /// longer than a bracketed button's.
    private func shadedButtonLabel(row: Int, _ columns: Range<Int>, span: Span, ground: UInt64) -> Range<Int>? {
        guard columns.count >= 3, columns.count <= RecognitionWork.longestButtonLabel + 2,
              grid.isBlank(row, columns.lowerBound), grid.isBlank(row, columns.upperBound - 1) else { return nil }
        for side in [columns.lowerBound - 1, columns.upperBound] where span.columns.contains(side) && grid.shade(row, side) != ground {
            return nil
        }
        let first = firstLetter(row: row, columns)
        let end = textEnd(row: row, columns)
        // A button's label sits in the middle of its patch; a highlighted list row's starts it
        // and blanks fill the rest.
        guard first < end, abs((first - columns.lowerBound) - (columns.upperBound - end)) <= Self.mostShadedButtonOffCentre,
              let initial = Unicode.Scalar(grid.scalar(row, first)), initial.properties.isAlphabetic else { return nil }
        var letters = 0
        for column in first..<end {
            if column + 1 < end && grid.isBlank(row, column) && grid.isBlank(row, column + 1) { return nil }
            if Unicode.Scalar(grid.scalar(row, column))?.properties.isAlphabetic ?? false { letters += 1 }
        }
        // One letter on a patch is a mark (a drop-down's `v`), not a name.
        return letters >= 2 ? first..<end : nil
    }
}
