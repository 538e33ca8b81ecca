extension Grid {
    /// Scrolls rows `top...bottom` up by `count`: the top rows leave, rows of `fill` enter at the
    /// bottom (see ``fillWhole(row:with:)``).
    @inline(__always)
    func scrollUp(top: Int, bottom: Int, count: Int, fill: Cell) {
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: count)
        for r in (bottom - count + 1)...bottom { fillWhole(row: r, with: fill) }
    }

    /// Scrolls rows `top...bottom` up by `count` and fills the rows that enter with `cell`, noted as
    /// one cell repeated (``fillUniform(row:with:)``; rows that come round already marked with it are
    /// not touched). Nothing is done when the rows from the top of the screen to `bottom` are known
    /// to be `cell` throughout.
    func scrollUp(top: Int, bottom: Int, count: Int, fillingUniformlyWith cell: Cell) {
        guard !topRowsAreUniform(through: bottom, with: cell) else { return }
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: count)
        for r in (bottom - count + 1)...bottom { fillUniform(row: r, with: cell) }
    }

    /// Scrolls rows `top...bottom` down by `count`: rows of `fill` enter at the top.
    func scrollDown(top: Int, bottom: Int, count: Int, fill: Cell) {
        let height = bottom - top + 1
        let count = min(count, height)
        guard count > 0 else { return }
        rotate(top: top, height: height, by: height - count)
        for r in top..<(top + count) { fillWhole(row: r, with: fill) }
    }

    /// Scrolls the rectangle of rows `top...bottom` and columns `left...right` up by `count`
    /// (cells move; rotating rows is only possible at full width, see ``scrollUp(top:bottom:count:fill:)``).
    func scrollUp(top: Int, bottom: Int, left: Int, right: Int, count: Int, fill: Cell) {
        if left == 0 && right == columns - 1 { return scrollUp(top: top, bottom: bottom, count: count, fill: fill) }
        let count = min(count, bottom - top + 1)
        guard count > 0, left <= right else { return }
        let width = right - left + 1
        for r in Swift.stride(from: top, through: bottom - count, by: 1) { (row(r) + left).update(from: row(r + count) + left, count: width) }
        for r in (bottom - count + 1)...bottom { self.fill(row: r, from: left, to: right + 1, with: fill) }
    }

    /// Scrolls the rectangle of rows `top...bottom` and columns `left...right` down by `count`.
    func scrollDown(top: Int, bottom: Int, left: Int, right: Int, count: Int, fill: Cell) {
        if left == 0 && right == columns - 1 { return scrollDown(top: top, bottom: bottom, count: count, fill: fill) }
        let count = min(count, bottom - top + 1)
        guard count > 0, left <= right else { return }
        let width = right - left + 1
        for r in Swift.stride(from: bottom, through: top + count, by: -1) { (row(r) + left).update(from: row(r - count) + left, count: width) }
        for r in top..<(top + count) { self.fill(row: r, from: left, to: right + 1, with: fill) }
    }

    /// Shifts the cells of columns `left...right` in rows `top...bottom` right by `count` (negative:
    /// left), filling the columns that open up: DECIC, DECDC, DECBI and DECFI.
    func shiftColumns(top: Int, bottom: Int, left: Int, right: Int, by count: Int, fill: Cell) {
        guard left <= right, top <= bottom, count != 0 else { return }
        let width = right - left + 1
        let distance = min(abs(count), width)
        for r in top...bottom {
            let line = row(r)
            if count > 0 {
                if width > distance { (line + left + distance).update(from: line + left, count: width - distance) }
                (line + left).update(repeating: fill, count: distance)
            } else {
                if width > distance { (line + left).update(from: line + left + distance, count: width - distance) }
                (line + right + 1 - distance).update(repeating: fill, count: distance)
            }
        }
    }

    /// Rotates `lineMap[top..<top+height]` left by `shift`.
    private func rotate(top: Int, height: Int, by shift: Int) {
        let shift = shift < height ? shift : shift % height
        guard shift != 0 else { return }
        rowsRotated(top: top, height: height, by: shift)
        if shift == 1 {
            let first = lineMap[top]
            (lineMap + top).update(from: lineMap + top + 1, count: height - 1)
            lineMap[top + height - 1] = first
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: shift) { saved in
            saved.baseAddress!.update(from: lineMap + top, count: shift)
            (lineMap + top).update(from: lineMap + top + shift, count: height - shift)
            (lineMap + top + height - shift).update(from: saved.baseAddress!, count: shift)
        }
    }
}
