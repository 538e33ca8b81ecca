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
        // Labels hold a shade or two: a short list (on the stack) is cheaper than a dictionary.
        var firstLetter: Int?
        var lastLetter: Int?
        if grid.isOneShade(row: row, label) {
            // One shade (most labels): it is the label's, and only the first character is looked for.
            labelShade = grid.shade(row, label.lowerBound)
            firstLetter = label.first { !grid.isBlank(row, $0) }
        } else {
            labelShade = withUnsafeTemporaryAllocation(of: (shade: UInt64, count: Int).self, capacity: max(1, label.count)) { counts -> UInt64 in
                var used = 0
                // Shades come in runs: the entry of the cell before is tried first. The row's shades
                // and scalars are read on their buffers (every list row and button passes here).
                var current = 0
                grid.shades.withUnsafeBufferPointer { shades in
                    grid.scalars.withUnsafeBufferPointer { scalars in
                        let rowStart = grid.index(row, 0)
                        for column in label {
                            let shade = shades[rowStart + column]
                            if used > 0 && counts[current].shade == shade {
                                counts[current].count += 1
                            } else if let found = counts[0..<used].firstIndex(where: { $0.shade == shade }) {
                                counts[found].count += 1
                                current = found
                            } else {
                                counts[used] = (shade, 1)
                                current = used
                                used += 1
                            }
                            if scalars[rowStart + column] != 0x20 {
                                if firstLetter == nil { firstLetter = column }
                                lastLetter = column
                            }
                        }
                    }
                }
                let seen = UnsafeBufferPointer(rebasing: counts[0..<used])
                let lastShade = grid.shade(row, lastLetter ?? firstLetter ?? label.lowerBound)
                var most = 0
                for entry in seen { most = max(most, entry.count) }
                if seen.contains(where: { $0.shade == lastShade && $0.count == most }) { return lastShade }
                var lowest: UInt64?
                for entry in seen where entry.count == most { lowest = min(lowest ?? entry.shade, entry.shade) }
                return lowest ?? lastShade
            }
        }
        let first = firstLetter ?? label.lowerBound
        labelBold = grid.isBold(row, first)
        let edgeColumn = edge ?? first
        edgeShade = grid.shade(row, edgeColumn)
        edgeBold = grid.isBold(row, edgeColumn)
        markShade = grid.shade(row, mark ?? edgeColumn)
    }
}
