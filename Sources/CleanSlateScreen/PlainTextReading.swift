extension ScreenSnapshot {
    /// The screen a plain-text rendering (``plainText(replacing:)``, one line per row) describes:
    /// its lines' text in the default style, the cursor hidden at the top left. The screen is
    /// `rows` by `columns`, or larger when the text has more lines or a wider line, so a reference
    /// file can be drawn next to the screen it was compared with (``ScreenComparison``).
    ///
    /// - Throws: ``StyledTextError`` naming the line for a line that holds a control character, or
    ///   text larger than ``TerminalEmulator/maximumDimension``.
    public init(plainText: String, rows: Int, columns: Int) throws(StyledTextError) {
        let lines = plainText.split(separator: "\n", omittingEmptySubsequences: false)
        let limit = TerminalEmulator.maximumDimension
        let height = min(max(rows, lines.count, 1), limit)
        let rendering = { (width: Int) in
            "screen \(height)x\(width) cursor 0,0 hidden\n" + lines.map { "|" + $0 }.joined(separator: "\n")
        }
        // The styled rendering has a header line before the rows: its line N is line N - 1 here.
        func read(_ width: Int) throws(StyledTextError) -> ScreenSnapshot {
            do throws(StyledTextError) {
                return try ScreenSnapshot(styledText: rendering(width))
            } catch {
                throw StyledTextError(line: max(error.line - 1, 1), reason: error.reason)
            }
        }
        let width = min(max(columns, 1), limit)
        do throws(StyledTextError) {
            self = try read(width)
        } catch {
            // Grow only when a line does not fit: a screen wider than the one compared with would
            // make the added columns count as different.
            let widest = lines.map { $0.unicodeScalars.reduce(0) { $0 + CharacterWidth.of($1.value) } }.max() ?? 0
            guard widest > width else { throw error }
            self = try read(min(widest, limit))
        }
    }
}
