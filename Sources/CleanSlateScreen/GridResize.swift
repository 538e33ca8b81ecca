extension Grid {
    /// This grid at another size, holding `prefix` lines first, then this grid's rows from `firstRow`
    /// on, anchored at the top left; cells beyond the new width are dropped.
    ///
    /// When the size fits the storage (and uses at least a quarter of it) the grid is changed in
    /// place and returned: no row's cells are touched but the `prefix` lines copied in. Rows that
    /// leave the screen are blanked by their width, and a narrowing notes the new width of the rows
    /// it cuts (``setShownSize(rows:columns:)``); each row is mended when next used. Otherwise a new
    /// grid is made with a quarter more room than asked for (up to `limit` rows and columns), so
    /// that a run of growing sizes seldom reallocates.
    func resized(rows newRows: Int, columns newColumns: Int, prefix: [[Cell]], firstRow: Int, limit: Int) -> Grid {
        let fits = newRows <= rowCapacity && newColumns <= stride && newRows * newColumns * 4 >= rowCapacity * stride
        let grid = fits ? self : Grid(rows: newRows, columns: newColumns, rowCapacity: min(limit, newRows + newRows / 4),
                                      columnCapacity: min(limit, newColumns + newColumns / 4), defersWrites: defersWrites)
        let keptCount = max(0, min(rows - firstRow, newRows - min(prefix.count, newRows)))
        let prefixCount = min(prefix.count, newRows)
        if fits {
            // Rows keep their cells but not necessarily their width: the marks no longer hold.
            forgetUniformRows()
            // Rows that leave the screen become spare rows, which show blanks.
            for r in 0..<firstRow { blankLazily(row: r) }
            for r in (firstRow + keptCount)..<rows { blankLazily(row: r) }
            reorderRows(prefixCount: prefixCount, firstRow: firstRow, keptCount: keptCount)
            setShownSize(rows: newRows, columns: newColumns)
        } else {
            for offset in 0..<keptCount {
                let source = readRow(firstRow + offset), target = grid.row(prefixCount + offset)
                target.update(from: source, count: min(columns, newColumns))
                if newColumns < columns { Grid.eraseWideCharacterCut(target, at: newColumns) }
            }
        }
        for (index, line) in prefix.prefix(newRows).enumerated() { grid.replace(row: index, with: line) }
        return grid
    }

    /// Puts the storage rows in their order after a resize in place: spare rows for the `prefixCount`
    /// prefix lines, the `keptCount` rows from `firstRow` on, then the other storage rows (the rows
    /// above the kept ones, then those below, in their order).
    private func reorderRows(prefixCount: Int, firstRow: Int, keptCount: Int) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: rowCapacity) { order in
            let target = order.baseAddress!
            // The other rows from index `from` to `to` of their sequence, copied to `destination`.
            let copyOthers = { (from: Int, to: Int, destination: UnsafeMutablePointer<Int>) in
                let above = max(0, min(to, firstRow) - from)
                if above > 0 { destination.update(from: self.lineMap + from, count: above) }
                let belowStart = max(from, firstRow)
                if to > belowStart { (destination + above).update(from: self.lineMap + belowStart + keptCount, count: to - belowStart) }
            }
            copyOthers(0, prefixCount, target)
            (target + prefixCount).update(from: lineMap + firstRow, count: keptCount)
            copyOthers(prefixCount, rowCapacity - keptCount, target + prefixCount + keptCount)
            lineMap.update(from: target, count: rowCapacity)
        }
    }
}
