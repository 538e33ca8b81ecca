/// Month grids: a row naming the seven days of the week in order (`Sun Mon Tue …`, `Mo Tu We …`,
/// `S M T W T F S`) with rows of day numbers (1 to 31) under it, each number under a weekday's
/// name. A person picks a day by pressing it, so each day is a button labelled by its number;
/// numbers outside the weekdays' columns (week numbers in front) are static text. A marked day
/// (`[27]`) is labelled without its brackets.
enum CalendarRecognition {
    /// The English weekday names, Sunday first, that the header's words abbreviate.
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Whether `words` name seven weekdays in order, starting on any day: each word a prefix of
    /// its day's name (one letter at least, case ignored).
    static func areWeekdaysInOrder(_ words: [String]) -> Bool {
        guard words.count == 7 else { return false }
        return (0..<7).contains { first in
            words.indices.allSatisfy { offset in
                let word = words[offset].lowercased()
                return !word.isEmpty && weekdays[(first + offset) % 7].hasPrefix(word)
            }
        }
    }
}

extension RecognitionWork {
    /// The days of every month grid on free cells, as buttons; the days of one grid are siblings
    /// for the highlight rule (the current day is drawn apart).
    mutating func findCalendars() {
        var row = 0
        while row < grid.rows - 1 {
            // Seven days in a row name Wednesday: a row without a `W` or `w` is no header.
            let mayNameWeekdays = !takesShortcuts || grid.shows(.letterW, row: row)
            guard mayNameWeekdays, let header = weekdayHeader(row: row) else {
                row += 1
                continue
            }
            var month: [(row: Int, digits: Range<Int>, frame: Range<Int>)] = []
            var dayRow = row + 1
            while dayRow < grid.rows, let found = days(row: dayRow, under: header) {
                month += found.map { (dayRow, $0.digits, $0.frame) }
                dayRow += 1
            }
            guard dayRow - row - 1 >= 2 else {
                row += 1
                continue
            }
            let owner = Int(owners[grid.index(row, header[0].lowerBound)])
            let group = newHighlightGroup()
            for day in month {
                add(
                    ScreenElement(
                        kind: .button, label: grid.text(row: day.row, day.digits),
                        frame: ScreenRectangle(row: day.row, column: day.frame.lowerBound, height: 1, width: day.frame.count),
                        style: grid.style(day.row, day.digits.lowerBound)),
                    owner: owner, sibling: .init(group: group, look: ElementLook(grid: grid, row: day.row, label: day.digits)))
            }
            row = dayRow
        }
    }

    /// The columns of the seven weekday names on `row`, if it holds them side by side on free
    /// cells of one window (other text before or after them is allowed).
    private func weekdayHeader(row: Int) -> [Range<Int>]? {
        var words: [Range<Int>] = []
        var column = 0
        while column < grid.columns {
            guard isLetter(row, column), isFree(row, column) else {
                if !grid.isBlank(row, column) { words.removeAll() }
                column += 1
                continue
            }
            var end = column
            while end < grid.columns && isFree(row, end) && isLetter(row, end) { end += 1 }
            // A weekday's name is nine letters at most and starts with one of `SMTWF`: any other
            // word breaks the run (checked on the cells, before any text is built).
            let initial = grid.scalar(row, column) & ~0x20
            let mayBeWeekday = end - column <= 9 && (initial == 0x53 || initial == 0x4D || initial == 0x54 || initial == 0x57 || initial == 0x46)
            if !mayBeWeekday || end < grid.columns && !grid.isBlank(row, end) && !BoxCharacters.isLine(grid.scalar(row, end)) {
                words.removeAll()
            } else {
                words.append(column..<end)
                if words.count > 7 { words.removeFirst() }
                let owner = owners[grid.index(row, words[0].lowerBound)]
                if words.count == 7, words.allSatisfy({ owners[grid.index(row, $0.lowerBound)] == owner }),
                   CalendarRecognition.areWeekdaysInOrder(words.map { grid.text(row: row, $0) }) {
                    return words
                }
            }
            column = end
        }
        return nil
    }

    /// The days on `row` under the weekday names `header`: each a number from 1 to 31 whose digits
    /// share a column with a weekday's name, with the brackets around it if any; `nil` when the row
    /// holds none, or holds anything else between the first name's start and the last one's end.
    private func days(row: Int, under header: [Range<Int>]) -> [(digits: Range<Int>, frame: Range<Int>)]? {
        let span = header[0].lowerBound..<header[6].upperBound
        var found: [(digits: Range<Int>, frame: Range<Int>)] = []
        // A marked day's bracket may stand before the first name's column.
        var column = span.lowerBound
        while column > 0 && !grid.isBlank(row, column - 1) && !BoxCharacters.isLine(grid.scalar(row, column - 1)) { column -= 1 }
        while column < span.upperBound {
            guard !grid.isBlank(row, column) else {
                column += 1
                continue
            }
            var end = column
            while end < grid.columns && !grid.isBlank(row, end) { end += 1 }
            var digits = column..<end
            if end - column >= 3, isOpening(grid.scalar(row, column)), isClosing(grid.scalar(row, end - 1)) {
                digits = (column + 1)..<(end - 1)
            }
            let text = grid.text(row: row, digits)
            let isDay = digits.allSatisfy { isFree(row, $0) && RecognitionGrid.isASCIIDigit(grid.scalar(row, $0)) } && (Int(text).map { 1...31 ~= $0 } ?? false)
                && header.contains { $0.overlaps(digits) }
            if isDay {
                found.append((digits, column..<end))
            } else if span.overlaps(column..<end) {
                return nil
            }
            column = end
        }
        return found.isEmpty ? nil : found
    }

    /// Whether the cell shows an ASCII letter (weekday names are English).
    private func isLetter(_ row: Int, _ column: Int) -> Bool { RecognitionGrid.isASCIILetter(grid.scalar(row, column)) }

    private func isOpening(_ scalar: UInt32) -> Bool { scalar == 0x5B || scalar == 0x28 || scalar == 0x3C }

    private func isClosing(_ scalar: UInt32) -> Bool { scalar == 0x5D || scalar == 0x29 || scalar == 0x3E }
}
