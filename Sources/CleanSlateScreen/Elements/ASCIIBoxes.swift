/// Boxes drawn in plain ASCII (`dialog --ascii-lines`, `mc -a`): a `+` at each corner, `-` along
/// the top and bottom, `|` down both sides, separators `+---+` or `|---|` across, a title in the
/// top side (and in mc, a reading in the bottom one), and in mc's panels columns of `|` from the
/// top down. Such a box is redrawn in the recognition grid with the line-drawing characters it
/// stands for (`┌ ─ ┐ │ ├ ┤ └ ┘`), so every later rule reads it exactly as a line-drawn one.
///
/// `+`, `-` and `|` are common in plain text (diffs, `a+b`, ASCII tables), so a box needs all of
/// it: a top-left `+` with no `-` before it, a top side that runs into a corner (no blank beside
/// one of them), holds a `-` and no other `+`, and ends at a `+` that no `-` follows; `|` under
/// both top corners and down both sides; and a bottom side between two `+` drawn like the top.
/// A `+` followed by `-` inside the top side is a table's column joint: such a table is not a box.
struct ASCIIBoxes {
    let grid: RecognitionGrid

    private static let plus: UInt32 = 0x2B, dash: UInt32 = 0x2D, bar: UInt32 = 0x7C

    /// One box found: its corners, the rows between that are separators, and its column lines.
    struct Box {
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int
        /// Rows drawn `+---+` across the box.
        var separators: [Int]
        /// Rows drawn `|---|` across the box (mc's panels).
        var dividers: [Int]
        /// Columns of `|` inside the box from the row below the top down to the first separator
        /// or divider (mc's panel columns), and the rows they run through.
        var columnLines: [Int]
        var columnLineRows: Range<Int>
    }

    /// Every ASCII box on the screen. A separator's left end is not the corner of another box
    /// (the part below it would be one).
    func boxes() -> [Box] {
        var found: [Box] = []
        var separatorEnds = Set<Int>()
        for row in 0..<grid.rows {
            for column in 0..<grid.columns where grid.scalar(row, column) == Self.plus && !separatorEnds.contains(grid.index(row, column)) {
                guard let box = box(at: row, column) else { continue }
                found.append(box)
                for separator in box.separators { separatorEnds.insert(grid.index(separator, column)) }
            }
        }
        return found
    }

    /// The box whose top-left corner is at `top`, `left`, if all four corners are joined.
    private func box(at top: Int, _ left: Int) -> Box? {
        guard top + 2 < grid.rows, left + 2 < grid.columns, left == 0 || grid.scalar(top, left - 1) != Self.dash else { return nil }
        var right = left + 1
        while right < grid.columns && grid.scalar(top, right) != Self.plus { right += 1 }
        guard right < grid.columns, right + 1 == grid.columns || grid.scalar(top, right + 1) != Self.dash,
              isSide(row: top, left, right),
              grid.scalar(top + 1, left) == Self.bar, grid.scalar(top + 1, right) == Self.bar else { return nil }
        let inside = (left + 1)..<right
        var separators: [Int] = []
        var dividers: [Int] = []
        var bottom: Int?
        var row = top + 1
        while row < grid.rows && bottom == nil {
            let sides = (grid.scalar(row, left), grid.scalar(row, right))
            if sides == (Self.bar, Self.bar) {
                if isDashes(row: row, inside) { dividers.append(row) }
            } else if sides == (Self.plus, Self.plus) && isSide(row: row, left, right) {
                // A row of dashes with sides going on below is a separator; one with a reading in
                // it, or under which the sides stop (another box's top: mc -a's group boxes
                // stacked), ends the box.
                let sidesGoOn = row + 1 < grid.rows && (grid.scalar(row + 1, left), grid.scalar(row + 1, right)) == (Self.bar, Self.bar)
                if isDashes(row: row, inside) && sidesGoOn { separators.append(row) } else { bottom = row }
            } else {
                break
            }
            row += 1
        }
        guard let bottom = bottom ?? separators.popLast() else { return nil }
        dividers.removeAll { $0 > bottom }
        let firstAcross = (separators + dividers).min() ?? bottom
        let columnLineRows = (top + 1)..<firstAcross
        let columnLines = columnLineRows.count < 2 ? [] : inside.filter { column in
            columnLineRows.allSatisfy { grid.scalar($0, column) == Self.bar }
        }
        return Box(
            top: top, left: left, bottom: bottom, right: right, separators: separators, dividers: dividers,
            columnLines: columnLines, columnLineRows: columnLineRows)
    }

    /// Whether `row` between the corners at `left` and `right` is drawn as a top or bottom side:
    /// it runs into a corner (no blank beside one of them: `+ Panel split ---+`), holds a `-` and
    /// no `+`.
    private func isSide(row: Int, _ left: Int, _ right: Int) -> Bool {
        guard right - left >= 2, !grid.isBlank(row, left + 1) || !grid.isBlank(row, right - 1) else { return false }
        var hasDash = false
        for column in (left + 1)..<right {
            let scalar = grid.scalar(row, column)
            if scalar == Self.plus { return false }
            if scalar == Self.dash { hasDash = true }
        }
        return hasDash
    }

    /// Whether every cell of `columns` on `row` is `-`.
    private func isDashes(row: Int, _ columns: Range<Int>) -> Bool {
        for column in columns where grid.scalar(row, column) != Self.dash { return false }
        return true
    }
}

extension RecognitionGrid {
    /// Redraws the ASCII boxes on the screen (``ASCIIBoxes``) with line-drawing characters, so that
    /// the window rule and the rules that stop at lines read them as drawn boxes. Only the
    /// recognition grid changes: labels are read from the cells.
    mutating func redrawASCIIBoxes() {
        let boxes = ASCIIBoxes(grid: self).boxes()
        guard !boxes.isEmpty else { return }
        let horizontal: UInt32 = 0x2500, vertical: UInt32 = 0x2502
        for box in boxes {
            let inside = (box.left + 1)..<box.right
            for row in [box.top, box.bottom] + box.separators + box.dividers {
                for column in inside where scalar(row, column) == 0x2D { redraw(row, column, as: horizontal) }
            }
            for row in (box.top + 1)..<box.bottom where scalar(row, box.left) == 0x7C {
                redraw(row, box.left, as: vertical)
                redraw(row, box.right, as: vertical)
            }
            for row in box.columnLineRows {
                for column in box.columnLines { redraw(row, column, as: vertical) }
            }
            for row in box.separators + box.dividers {
                redraw(row, box.left, as: 0x251C)   // ├
                redraw(row, box.right, as: 0x2524)  // ┤
            }
            redraw(box.top, box.left, as: 0x250C)      // ┌
            redraw(box.top, box.right, as: 0x2510)     // ┐
            redraw(box.bottom, box.left, as: 0x2514)   // └
            redraw(box.bottom, box.right, as: 0x2518)  // ┘
        }
    }
}
