extension ElementLocator {
    /// Whether every step of the locator finds static texts and the first keeps only those of a
    /// label (the first of ``labels``). On a screen of plain text only, what such a locator names is
    /// then among the static texts of the rows that show that label's words, so an element wait
    /// can resolve it on those rows alone (``TerminalEmulator/plainStaticTexts(onRows:)``).
    public var namesStaticTextsByLabel: Bool {
        steps.allSatisfy { $0.kind == .staticText } && steps[0].filters.contains { $0.label != nil }
    }
}

extension TerminalEmulator {
    /// The static texts on `rows` of the screen as it is now, in reading order, when the screen
    /// holds plain text only (what the recognition triggers say): the elements full
    /// recognition finds on those rows, read without the rest of the screen. `nil` when the screen
    /// holds more than plain text or the cursor may stand after a command line's prompt (a text
    /// field); then only ``elements`` tells.
    ///
    /// A locator that ``ElementLocator/namesStaticTextsByLabel`` resolves on this tree, given the
    /// rows that show its first label's words (``rowsShowingWords(_:)``), to the same matches as
    /// on ``elements`` (the differential tests in LivePlainStaticTextsTests compare the two).
    public func plainStaticTexts(onRows rows: [Int]) -> ScreenElementTree? {
        guard self.rows > 0, columns > 0, !mayShowCommandLinePrompt, livePlainTextTriggers() != nil else { return nil }
        var roots: [ScreenElement] = []
        let clusterScalars = clusters.clusters
        for row in Set(rows).sorted() where row >= 0 && row < self.rows {
            // A grid of this row alone: a row's shades and static texts depend on its cells only.
            let line = RecognitionGrid(
                rows: 1, columns: columns, cells: Array(UnsafeBufferPointer(start: grid.readRow(row), count: columns)),
                clusterScalars: clusterScalars, cursor: cursor, isCursorVisible: modes.cursorVisible)
            line.appendPlainStaticTexts(row: 0, shownOn: row, to: &roots)
        }
        return ScreenElementTree(roots: roots)
    }

    /// What the live screen holds that recognition rules need, as the ``RecognitionGrid`` of
    /// ``liveRecognitionGrid()`` notes it, when that is plain text only
    /// (``RecognitionTriggers/holdsPlainTextOnly``); `nil` otherwise. Read without building that
    /// grid, each cell's look and character noted and nothing written, and left at the first row
    /// that rules plain text out (an element wait reads it on the wakes that show its label).
    func livePlainTextTriggers() -> RecognitionTriggers? {
        let first = grid.readRow(0)[0]
        var triggers = RecognitionTriggers(firstShade: RecognitionGrid.shade(of: first), firstForeground: first.foreground)
        let clusterScalars = clusters.clusters
        let mayBePlain = RecognitionTriggers.Marks.ascii.withUnsafeBufferPointer { ascii -> Bool in
            var asciiMarks: UInt16 = 0
            for row in 0..<rows {
                let cells = grid.readRow(row)
                var previousShade: UInt64 = 0
                var previous = Cell.blank
                for column in 0..<columns {
                    let cell = cells[column]
                    triggers.note(cell: cell, column: column, previous: &previous, previousShade: &previousShade)
                    _ = triggers.noteCharacter(of: cell, clusterScalars: clusterScalars, ascii: ascii, asciiMarks: &asciiMarks)
                }
                guard triggers.mayHoldPlainTextOnly(asciiMarks: asciiMarks) else { return false }
            }
            triggers.marks.formUnion(RecognitionTriggers.Marks(rawValue: asciiMarks))
            return true
        }
        return mayBePlain && triggers.holdsPlainTextOnly ? triggers : nil
    }

    /// Whether the cursor is shown past the first column of a row that starts with a prompt mark:
    /// then recognition may read a command line there (``RecognitionGrid/commandLinePrompt()``).
    private var mayShowCommandLinePrompt: Bool {
        TextFieldRecognition.cursorFollowsPromptMark(cursor: cursor, isCursorVisible: modes.cursorVisible, rows: rows) { row in
            RecognitionGrid.firstScalar(of: grid.readRow(row)[0], clusterScalars: clusters.clusters)
        }
    }
}
