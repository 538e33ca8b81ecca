/// How an element is drawn, reduced to what tells a highlighted element from its siblings.
struct ElementLook: Hashable {
    /// The shade most of the label's cells have, blanks between and around its words included (a
    /// button's padding); on a tie, the shade of the label's last character, since a hotkey
    /// letter drawn apart is usually the first.
    var labelShade: UInt64
    /// Whether the label's first character is bold.
    var labelBold: Bool
    /// The shade of the element's first cell (a button's `<`, a check box's `[`).
    var edgeShade: UInt64
    /// Whether the element's first cell is bold (dialog's focused button in monochrome).
    var edgeBold: Bool
    /// The shade of a check box's or radio button's middle cell (whiptail marks the current row's
    /// box there); the edge's shade for other elements.
    var markShade: UInt64

    /// Whether nothing about the element stands out from a window of shade `ground`: every shade
    /// is the window's and nothing is bold.
    func isPlain(on ground: UInt64) -> Bool {
        labelShade == ground && edgeShade == ground && markShade == ground && !labelBold && !edgeBold
    }

    /// The look of an element on `row` whose label occupies `label` and which starts at `edge`
    /// (the label's start when not given).
    init(grid: RecognitionGrid, row: Int, label: Range<Int>, edge: Int? = nil, mark: Int? = nil) {
        var counts: [UInt64: Int] = [:]
        var firstLetter: Int?
        var lastLetter: Int?
        for column in label {
            counts[grid.shade(row, column), default: 0] += 1
            if !grid.isBlank(row, column) {
                if firstLetter == nil { firstLetter = column }
                lastLetter = column
            }
        }
        let first = firstLetter ?? label.lowerBound
        let lastShade = grid.shade(row, lastLetter ?? first)
        let most = counts.values.max() ?? 0
        labelShade = counts[lastShade] == most ? lastShade : counts.filter { $0.value == most }.keys.min() ?? lastShade
        labelBold = grid.isBold(row, first)
        let edgeColumn = edge ?? first
        edgeShade = grid.shade(row, edgeColumn)
        edgeBold = grid.isBold(row, edgeColumn)
        markShade = grid.shade(row, mark ?? edgeColumn)
    }
}
