extension TerminalEmulator {
    /// The elements of the screen as it is now: the same tree as `snapshot().elements`, read
    /// straight from the live grid without the rest of a snapshot (the title, the scrollback's
    /// text, the palette), so that element waits can recognise the screen after every chunk of
    /// output cheaply.
    public var elements: ScreenElementTree {
        let grid = liveRecognitionGrid()
        return ElementRecognizer(grid: grid).recognize().carryingTexts(of: grid)
    }

    /// The screen as it is now for a query made only of text steps
    /// (``ElementLocator/findsOnlyTexts``): no element recognised, only the cells its runs of
    /// words are read from.
    public var textsOnly: ScreenElementTree { ScreenElementTree.textsOnly(of: liveRecognitionGrid()) }

    /// The visible cells as the recognition rules read them.
    func liveRecognitionGrid() -> RecognitionGrid {
        var cells: [Cell] = []
        cells.reserveCapacity(rows * columns)
        for row in 0..<rows {
            cells.append(contentsOf: UnsafeBufferPointer(start: grid.readRow(row), count: columns))
        }
        return RecognitionGrid(
            rows: rows, columns: columns, cells: cells, clusterScalars: clusters.clusters, cursor: cursor,
            isCursorVisible: modes.cursorVisible)
    }
}
