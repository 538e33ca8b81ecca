extension [RecognitionWork.Span] {
    /// Takes the cells of `columns` out of these spans (one row's, in order): a span they cut in
    /// two keeps its two ends, one they cover goes. What reading the row's cells again would give,
    /// as taking cells never joins two spans and changes no cell's window.
    mutating func removeCells(_ columns: Range<Int>) {
        var index = 0
        while index < count {
            let span = self[index]
            guard span.columns.overlaps(columns) else {
                index += 1
                continue
            }
            let keepsStart = span.columns.lowerBound < columns.lowerBound
            let keepsEnd = columns.upperBound < span.columns.upperBound
            var start: RecognitionWork.Span { .init(row: span.row, columns: span.columns.lowerBound..<columns.lowerBound, owner: span.owner) }
            var end: RecognitionWork.Span { .init(row: span.row, columns: columns.upperBound..<span.columns.upperBound, owner: span.owner) }
            switch (keepsStart, keepsEnd) {
            case (true, true):
                self[index] = start
                insert(end, at: index + 1)
                index += 2
            case (true, false):
                self[index] = start
                index += 1
            case (false, true):
                self[index] = end
                index += 1
            case (false, false):
                remove(at: index)
            }
        }
    }
}
