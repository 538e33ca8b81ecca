/// Progress bars written as text: `[#####     ] 50%`, `[=====>    ]`, htop's `Mem[|||   1.0G/8G]`,
/// and runs of block characters (`████░░░░`).
enum ProgressRecognition {
    /// Characters that fill a bar: `# = | *`, and `@ $ &`, which htop -C draws for the further
    /// segments of a meter (`Mem[|#*@@@@     141M/23.5G]`), and blocks.
    static func isFill(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x23, 0x3D, 0x7C, 0x2A, 0x40, 0x24, 0x26: return true  // # = | * @ $ &
        case 0x2588...0x258F, 0x25A0, 0x2593: return true  // █ ▉ … ▏ ■ ▓
        default: return false
        }
    }

    /// Block characters, full, partial or shaded: a run of three or more is a bar of its own.
    static func isBlock(_ scalar: UInt32) -> Bool {
        (0x2588...0x258F).contains(scalar) || (0x2591...0x2593).contains(scalar) || scalar == 0x25A0 || scalar == 0x25A1
    }

    /// Any character of Unicode's block elements (`▀ ▄ █ ▌ ▐ ░ ▒ ▓` and the eighths), and `■ □`:
    /// the characters pictures drawn in a terminal are made of.
    static func isBlockElement(_ scalar: UInt32) -> Bool {
        (0x2580...0x259F).contains(scalar) || scalar == 0x25A0 || scalar == 0x25A1
    }

    /// Characters that stand for the part not done yet.
    static func isEmptyPart(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x20, 0x2E, 0x2D, 0x5F, 0xB7, 0x2591, 0x2592, 0x25A1: return true  // space . - _ · ░ ▒ □
        default: return false
        }
    }

    /// How much of a cell a block character fills (`▌` half), 1 for other fill characters.
    static func fillAmount(_ scalar: UInt32) -> Double {
        (0x2589...0x258F).contains(scalar) ? Double(0x2590 - scalar) / 8 : 1
    }

    /// The last percentage written in `text` (`42%`, `100.0%`) as a fraction, if any.
    static func percentage(in text: String) -> Double? {
        let characters = Array(text)
        guard let percent = characters.lastIndex(of: "%") else { return nil }
        var start = percent
        while start > 0 && (characters[start - 1].isASCII && (characters[start - 1].isNumber || characters[start - 1] == ".")) {
            start -= 1
        }
        guard start < percent, let number = Double(String(characters[start..<percent])), number <= 100 else { return nil }
        return number / 100
    }

    /// Whether `text` is a percentage and nothing else.
    static func isPercentage(_ text: String) -> Bool {
        text.hasSuffix("%") && percentage(in: text) != nil && text.dropLast().allSatisfy { $0.isNumber || $0 == "." }
    }
}

extension RecognitionWork {
    /// Bracketed bars, block runs and shaded bars on free cells; `shaded` and `drawn` say whether
    /// to look for shaded bars and for bars drawn in characters (``ElementRecognizer`` skips them
    /// on screens without a `%`, or without a `[` or a block character).
    mutating func findProgressBars(shaded: Bool = true, drawn: Bool = true) {
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                if shaded && findShadedBar(in: span) { continue }
                if drawn { findProgressBars(in: span) }
            }
        }
    }

    /// A bar drawn as one or two runs of shades other than the window's, five cells or more,
    /// holding only a percentage (whiptail's gauge: the done part red, the rest blue, `42%` over them).
    private mutating func findShadedBar(in span: Span) -> Bool {
        let row = span.row
        let ground = ground(of: span.owner)
        var column = span.columns.lowerBound
        while column < span.columns.upperBound {
            let shade = grid.shade(row, column)
            var end = column + 1
            while end < span.columns.upperBound && grid.shade(row, end) == shade { end += 1 }
            guard shade != ground else {
                column = end
                continue
            }
            let secondShade = end < span.columns.upperBound ? grid.shade(row, end) : ground
            if secondShade != ground {
                while end < span.columns.upperBound && grid.shade(row, end) == secondShade { end += 1 }
            }
            let text = grid.trimmedText(row: row, column..<end)
            if end - column >= 5, ProgressRecognition.isPercentage(text), let fraction = ProgressRecognition.percentage(in: text) {
                unnamedGauges.append(found.count)
                addOnRow(.progressIndicator, label: "", row: row, columns: column..<end, owner: span.owner, value: .fraction(fraction))
                return true
            }
            column = end
        }
        return false
    }

    private mutating func findProgressBars(in span: Span) {
        let row = span.row
        var column = span.columns.lowerBound
        while column < span.columns.upperBound {
            let scalar = grid.scalar(row, column)
            if scalar == 0x5B, let (end, barEnd) = bracketedBarEnd(row: row, open: column, limit: span.columns.upperBound) {
                addBar(row: row, bar: column..<(end + 1), inside: (column + 1)..<barEnd, reading: barEnd..<end, span: span)
                column = end + 1
            } else if ProgressRecognition.isBlock(scalar) {
                var end = column
                while end < span.columns.upperBound && ProgressRecognition.isBlock(grid.scalar(row, end)) { end += 1 }
                if end - column >= 3 && !isPartOfPicture(row: row, run: column..<end, span: span) {
                    addBar(row: row, bar: column..<end, inside: column..<end, reading: end..<end, span: span)
                }
                column = max(end, column + 1)
            } else {
                column += 1
            }
        }
    }

    /// Whether a run of blocks at `run` is part of a picture drawn in block characters over
    /// several rows (a logo, a chart), not a gauge: what a person sees as a gauge is one row of
    /// blocks, alone on its rows (a gauge over a gauge is told apart by its name or its figure).
    /// A run with a block character just above or just below it, touching its columns, and no
    /// word or figure beside it (a letter or digit in the words before it or in the first word
    /// after it: `CPU`, `50%`) is a piece of a picture: the Free Pascal IDE's logo, drawn with `▄▀█▐▌`.
    private func isPartOfPicture(row: Int, run: Range<Int>, span: Span) -> Bool {
        let touching = max(0, run.lowerBound - 1)..<min(grid.columns, run.upperBound + 1)
        let hasBlockNextRow = [row - 1, row + 1].contains { neighbour in
            neighbour >= 0 && neighbour < grid.rows && touching.contains { ProgressRecognition.isBlockElement(grid.scalar(neighbour, $0)) }
        }
        guard hasBlockNextRow else { return false }
        let label = labelBefore(row: row, column: run.lowerBound, span: span)
        if label.contains(where: { $0.isLetter || $0.isNumber }) { return false }
        var after = run.upperBound
        while after < span.columns.upperBound && grid.isBlank(row, after) { after += 1 }
        var wordEnd = after
        while wordEnd < span.columns.upperBound && !grid.isBlank(row, wordEnd) { wordEnd += 1 }
        return !(after..<wordEnd).contains { column in
            let scalar = grid.scalar(row, column)
            return RecognitionGrid.isASCIIDigit(scalar) || RecognitionGrid.isASCIILetter(scalar)
        }
    }

    /// The column of the `]` closing a bar opened at `open`, and where the bar's reading starts:
    /// fill characters, then the empty part, then at most a short reading with a digit in it
    /// (`100.0%`, `1.0G/8G`), at least 3 cells of bar before the reading. A bar with no fill
    /// whose reading is a bare number, digits and periods (a kernel log's `[    0.004000]`, a
    /// count padded to a width), is a bracketed figure, no gauge: an empty gauge's reading says
    /// what it measures (`0.0%`, `0K/0K`).
    private func bracketedBarEnd(row: Int, open: Int, limit: Int) -> (Int, Int)? {
        var column = open + 1
        var fills = 0
        while column < limit && ProgressRecognition.isFill(grid.scalar(row, column)) { column += 1; fills += 1 }
        if fills > 0 && column < limit && grid.scalar(row, column) == 0x3E { column += 1; fills += 1 }  // =====>
        var empties = 0
        while column < limit && ProgressRecognition.isEmptyPart(grid.scalar(row, column)) { column += 1; empties += 1 }
        guard fills + empties >= 3, fills > 0 || empties >= 3 else { return nil }
        let barEnd = column
        var reading = 0
        var hasDigit = false
        var isBareNumber = true
        while column < limit && grid.scalar(row, column) != 0x5D {
            let scalar = grid.scalar(row, column)
            if scalar == 0x5B { return nil }
            if RecognitionGrid.isASCIIDigit(scalar) { hasDigit = true } else if scalar != 0x2E { isBareNumber = false }
            reading += 1
            column += 1
        }
        guard column < limit, reading == 0 || hasDigit, fills > 0 || reading == 0 || !isBareNumber else { return nil }
        return (column, barEnd)
    }

    /// Adds the bar at `bar`, its fraction from a percentage in its `reading` or just after it,
    /// else from how much of `inside` is filled; its label is the text just before it on the row.
    private mutating func addBar(row: Int, bar: Range<Int>, inside: Range<Int>, reading: Range<Int>, span: Span) {
        var frameEnd = bar.upperBound
        var after = bar.upperBound
        while after < span.columns.upperBound && after < bar.upperBound + 2 && grid.isBlank(row, after) { after += 1 }
        var readingEnd = after
        while readingEnd < span.columns.upperBound && !grid.isBlank(row, readingEnd) { readingEnd += 1 }
        let following = grid.text(row: row, after..<readingEnd)
        var fraction = ProgressRecognition.percentage(in: grid.text(row: row, reading))
        if fraction == nil, ProgressRecognition.isPercentage(following) {
            fraction = ProgressRecognition.percentage(in: following)
            frameEnd = readingEnd
        }
        if fraction == nil {
            var amount = 0.0
            var cells = 0
            for column in inside {
                let scalar = grid.scalar(row, column)
                if ProgressRecognition.isFill(scalar) || scalar == 0x3E { amount += ProgressRecognition.fillAmount(scalar) }
                if ProgressRecognition.isFill(scalar) || scalar == 0x3E || ProgressRecognition.isEmptyPart(scalar) { cells += 1 }
            }
            fraction = cells == 0 ? 0 : min(1, amount / Double(cells))
        }
        let label = labelBefore(row: row, column: bar.lowerBound, span: span)
        addOnRow(
            .progressIndicator, label: label, row: row, columns: bar.lowerBound..<frameEnd, owner: span.owner,
            value: .fraction(fraction ?? 0), lookColumns: bar)
    }

    /// Names the gauges that show only their figure (``unnamedGauges``), once every other element
    /// but static text has taken its cells (see ``gaugeLabel(row:owner:)``).
    mutating func nameGauges() {
        for index in unnamedGauges {
            let gauge = found[index]
            found[index].element.label = gaugeLabel(row: gauge.element.frame.row, owner: gauge.owner)
        }
        unnamedGauges = []
    }

    /// The name a person gives a gauge that shows only its figure (dialog's and whiptail's
    /// `42%`): the first words of the nearest free text above it in its window (`Copying files`;
    /// three rows up at most outside every window; another element's text names only that
    /// element), else its window's title, else nothing: a gauge's figure is its value, never its name.
    private func gaugeLabel(row: Int, owner: Int) -> String {
        let columns = owner >= 0 ? (windows[owner].left + 1)..<windows[owner].right : 0..<grid.columns
        let highest = owner >= 0 ? windows[owner].top + 1 : max(0, row - 3)
        for above in stride(from: row - 1, through: highest, by: -1) {
            guard let start = columns.first(where: { column in
                owners[grid.index(above, column)] == Int32(owner) && !grid.isBlank(above, column) && isFree(above, column)
            }) else { continue }
            return grid.trimmedText(row: above, start..<endOfFirstWords(row: above, start..<columns.upperBound))
        }
        return owner >= 0 ? windows[owner].name : ""
    }

    /// The words just before `column` on the row, back to a gap of two blanks or the span's start.
    func labelBefore(row: Int, column: Int, span: Span) -> String {
        var end = column
        while end > span.columns.lowerBound && grid.isBlank(row, end - 1) { end -= 1 }
        var start = end
        while start > span.columns.lowerBound && !(grid.isBlank(row, start - 1) && start - 2 >= span.columns.lowerBound && grid.isBlank(row, start - 2)) {
            start -= 1
        }
        return grid.trimmedText(row: row, start..<end)
    }
}
