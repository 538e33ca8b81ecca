extension TerminalEmulator {
    /// Whether some row of the screen shows `words` in order, separated by one or more blank
    /// cells: the text a label made of these words is read from (labels count a run of white
    /// space as one space). Checked on the live grid without a snapshot, so that element waits can
    /// skip recognising a screen that cannot hold the element they wait for.
    public func screenContainsWords(_ words: [String]) -> Bool {
        var found = false
        forEachRowShowing(words) { _ in
            found = true
            return false
        }
        return found
    }

    /// The rows of the screen that show `words` as ``screenContainsWords(_:)`` looks for them,
    /// top to bottom (every row when `words` holds no word): the only rows a static text
    /// labelled with these words can be on.
    public func rowsShowingWords(_ words: [String]) -> [Int] {
        var found: [Int] = []
        forEachRowShowing(words) { row in
            found.append(row)
            return true
        }
        return found
    }

    /// Calls `body` with each row that shows `words`, top to bottom, while it returns true.
    private func forEachRowShowing(_ words: [String], _ body: (Int) -> Bool) {
        let scalarWords = words.map { Array($0.unicodeScalars.map(\.value)) }.filter { !$0.isEmpty }
        guard let first = scalarWords.first?.first else {
            for row in 0..<rows where !body(row) { return }
            return
        }
        // This runs on every wake of an element wait: a row without a cluster is read into one
        // buffer on the stack; only a row with one is gathered into an array.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: columns) { buffer in
            var clusterRow: [UInt32] = []
            for row in 0..<rows {
                let shows: Bool
                switch readPlainScalars(row, into: buffer, lookingFor: first) {
                case .withoutFirst:
                    shows = false
                case let .read(count):
                    shows = wordsStart(scalarWords, in: UnsafeBufferPointer(rebasing: buffer[0..<count]))
                case .holdsCluster:
                    readScalars(row, into: &clusterRow)
                    shows = clusterRow.withUnsafeBufferPointer { wordsStart(scalarWords, in: $0) }
                }
                if shows && !body(row) { return }
            }
        }
    }

    /// What reading a row without its clusters gave.
    private enum PlainRowReading {
        /// The row does not show the first scalar looked for.
        case withoutFirst
        /// The row's scalars, this many of them, are in the buffer.
        case read(Int)
        /// The row holds a cluster: read it with ``readScalars(_:into:)``.
        case holdsCluster
    }

    /// Reads the row's cells into `buffer` (`columns` long) as the scalars they show, when no cell
    /// is a cluster (a blank for an erased cell; the right half of a wide character left out).
    private func readPlainScalars(_ row: Int, into buffer: UnsafeMutableBufferPointer<UInt32>, lookingFor first: UInt32) -> PlainRowReading {
        let line = grid.readRow(row)
        var count = 0
        var showsFirst = false
        for column in 0..<columns {
            let cell = line[column]
            if cell.width == 0 { continue }
            if cell.isCluster { return .holdsCluster }
            let scalar = cell.code == 0 ? 0x20 : cell.code
            if scalar == first { showsFirst = true }
            buffer[count] = scalar
            count += 1
        }
        return showsFirst ? .read(count) : .withoutFirst
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

    /// Whether `words` start somewhere in `cells`.
    private func wordsStart(_ words: [[UInt32]], in cells: UnsafeBufferPointer<UInt32>) -> Bool {
        let first = words[0][0]
        for start in cells.indices where cells[start] == first {
            if wordsMatch(words, in: cells, from: start) { return true }
        }
        return false
    }

    private func wordsMatch(_ words: [[UInt32]], in cells: UnsafeBufferPointer<UInt32>, from start: Int) -> Bool {
        var position = start
        for (index, word) in words.enumerated() {
            if index > 0 {
                guard position < cells.count, cells[position] == 0x20 else { return false }
                while position < cells.count && cells[position] == 0x20 { position += 1 }
            }
            guard position + word.count <= cells.count else { return false }
            for (offset, scalar) in word.enumerated() where cells[position + offset] != scalar { return false }
            position += word.count
        }
        return true
    }
}
