/// Boxes drawn in plain ASCII (`dialog --ascii-lines`, `TERM=vt52`-grade programs): a `+` at each
/// corner, `-` along the top and bottom, `|` down both sides, separators `+---+` across, a title
/// in the top side. Such a box is redrawn in the recognition grid with the line-drawing characters
/// it stands for (`┌ ─ ┐ │ ├ ┤ └ ┘`), so every later rule reads it exactly as a line-drawn one.
///
/// `+`, `-` and `|` are common in plain text (diffs, `a+b`, ASCII tables), so a box needs all of
/// it: a top-left `+` with `-` after it and no `-` before it, a top side from `-` to `-` (a title
/// in between) ending at a `+` that no `-` follows, `|` under both top corners and down both
/// sides, and a bottom row that is all `-` between two `+`. A `+` followed by `-` inside the top
/// side is a table's column joint: such a table is not a box.
struct ASCIIBoxes {
    let grid: RecognitionGrid

    private static let plus: UInt32 = 0x2B, dash: UInt32 = 0x2D, bar: UInt32 = 0x7C

    /// One box found: its corners, and the rows between that are separators.
    struct Box {
        var top: Int
        var left: Int
        var bottom: Int
        var right: Int
        var separators: [Int]
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
        guard left + 3 < grid.columns, top + 2 < grid.rows, grid.scalar(top, left + 1) == Self.dash,
              left == 0 || grid.scalar(top, left - 1) != Self.dash else { return nil }
        var right = left + 2
        while right < grid.columns && grid.scalar(top, right) != Self.plus { right += 1 }
        guard right < grid.columns, grid.scalar(top, right - 1) == Self.dash,
              right + 1 == grid.columns || grid.scalar(top, right + 1) != Self.dash,
              grid.scalar(top + 1, left) == Self.bar, grid.scalar(top + 1, right) == Self.bar else { return nil }
        var lines: [Int] = []
        var row = top + 2
        while row < grid.rows {
            let sides = (grid.scalar(row, left), grid.scalar(row, right))
            if sides == (Self.bar, Self.bar) {
                row += 1
            } else if sides == (Self.plus, Self.plus) && isDashes(row: row, (left + 1)..<right) {
                lines.append(row)
                row += 1
            } else {
                break
            }
        }
        guard let bottom = lines.popLast() else { return nil }
        return Box(top: top, left: left, bottom: bottom, right: right, separators: lines)
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
            for column in (box.left + 1)..<box.right where scalar(box.top, column) == 0x2D { redraw(box.top, column, as: horizontal) }
            for row in box.separators + [box.bottom] {
                for column in (box.left + 1)..<box.right { redraw(row, column, as: horizontal) }
            }
            for row in (box.top + 1)..<box.bottom where scalar(row, box.left) == 0x7C {
                redraw(row, box.left, as: vertical)
                redraw(row, box.right, as: vertical)
            }
            for row in box.separators {
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
