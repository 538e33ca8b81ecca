extension TerminalEmulator {
    /// Whether some row of the screen shows `words` in order, separated by one or more blank
    /// cells: the text a label made of these words is read from (labels count a run of white
    /// space as one space). Checked on the live grid without a snapshot, so that element waits can
    /// skip recognising a screen that cannot hold the element they wait for.
    public func screenContainsWords(_ words: [String]) -> Bool {
        let scalarWords = words.map { Array($0.unicodeScalars.map(\.value)) }.filter { !$0.isEmpty }
        guard let first = scalarWords.first?.first else { return true }
        // One buffer for every row: this runs on every wake of an element wait.
        var cells: [UInt32] = []
        cells.reserveCapacity(columns)
        for row in 0..<rows where mayHold(first, row: row) {
            readScalars(row, into: &cells)
            for start in cells.indices where cells[start] == first {
                if wordsMatch(scalarWords, in: cells, from: start) { return true }
            }
        }
        return false
    }

    /// Whether some cell of the row shows `scalar` or is a cluster (which may hold it): rows
    /// without are passed over before their scalars are gathered.
    private func mayHold(_ scalar: UInt32, row: Int) -> Bool {
        let line = grid.readRow(row)
        for column in 0..<columns where line[column].code == scalar || line[column].isCluster || (line[column].code == 0 && scalar == 0x20) {
            return true
        }
        return false
    }

    /// Puts the row's cells into `scalars` as the scalars they show (a blank for an erased cell;
    /// the right half of a wide character left out; a cluster as its scalars).
    private func readScalars(_ row: Int, into scalars: inout [UInt32]) {
        let line = grid.readRow(row)
        scalars.removeAll(keepingCapacity: true)
        for column in 0..<columns {
            let cell = line[column]
            if cell.width == 0 { continue }
            if cell.isCluster { scalars.append(contentsOf: clusters.scalars(of: cell.code)) } else { scalars.append(cell.code == 0 ? 0x20 : cell.code) }
        }
    }

    private func wordsMatch(_ words: [[UInt32]], in cells: [UInt32], from start: Int) -> Bool {
        var position = start
        for (index, word) in words.enumerated() {
            if index > 0 {
                guard position < cells.count, cells[position] == 0x20 else { return false }
                while position < cells.count && cells[position] == 0x20 { position += 1 }
            }
            guard position + word.count <= cells.count, cells[position..<(position + word.count)].elementsEqual(word) else { return false }
            position += word.count
        }
        return true
    }
}
