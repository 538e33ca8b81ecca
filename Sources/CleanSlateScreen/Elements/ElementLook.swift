/// How an element is drawn, reduced to what tells a highlighted element from its siblings.
struct ElementLook: Hashable {
    /// The shade most of the label's characters have.
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
        for column in label where !grid.isBlank(row, column) {
            counts[grid.shade(row, column), default: 0] += 1
            if firstLetter == nil { firstLetter = column }
        }
        let first = firstLetter ?? label.lowerBound
        labelShade = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
            ?? grid.shade(row, first)
        labelBold = grid.isBold(row, first)
        let edgeColumn = edge ?? first
        edgeShade = grid.shade(row, edgeColumn)
        edgeBold = grid.isBold(row, edgeColumn)
        markShade = grid.shade(row, mark ?? edgeColumn)
    }
}
