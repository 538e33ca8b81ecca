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
        guard self.rows > 0, columns > 0, !mayShowCommandLinePrompt, liveRecognitionTriggers().holdsPlainTextOnly else { return nil }
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

    /// What the live screen holds that recognition rules need (the ``RecognitionGrid`` of
    /// ``liveRecognitionGrid()`` notes the same), read without building that grid.
    func liveRecognitionTriggers() -> RecognitionTriggers {
        let first = grid.readRow(0)[0]
        var triggers = RecognitionTriggers(firstShade: RecognitionGrid.shade(of: first), firstForeground: first.foreground)
        let clusterScalars = clusters.clusters
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: columns) { scalars in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: columns) { shades in
                RecognitionTriggers.Marks.ascii.withUnsafeBufferPointer { ascii in
                    var asciiMarks: UInt16 = 0
                    for row in 0..<rows {
                        RecognitionGrid.readRow(
                            UnsafeBufferPointer(start: grid.readRow(row), count: columns), clusterScalars: clusterScalars, ascii: ascii,
                            scalars: scalars.baseAddress!, shades: shades.baseAddress!, triggers: &triggers, asciiMarks: &asciiMarks)
                    }
                    triggers.marks.formUnion(RecognitionTriggers.Marks(rawValue: asciiMarks))
                }
            }
        }
        return triggers
    }

    /// Whether the cursor is shown past the first column of a row that starts with a prompt mark:
    /// then recognition may read a command line there (``RecognitionGrid/commandLinePrompt()``).
    private var mayShowCommandLinePrompt: Bool {
        TextFieldRecognition.cursorFollowsPromptMark(cursor: cursor, isCursorVisible: modes.cursorVisible, rows: rows) { row in
            RecognitionGrid.firstScalar(of: grid.readRow(row)[0], clusterScalars: clusters.clusters)
        }
    }
}
