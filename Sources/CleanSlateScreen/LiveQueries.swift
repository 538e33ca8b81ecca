extension TerminalEmulator {
    /// Whether `text` is visible on some row of the screen, checked on the live grid without taking
    /// a snapshot or allocating, so that waits can test it after every chunk of output.
    ///
    /// Matches do not span rows; the right half of a wide character is skipped and an erased cell
    /// reads as a space, as in ``ScreenSnapshot/find(_:)``.
    public func screenContains(_ text: String) -> Bool {
        let needle = Array(text.unicodeScalars.map(\.value))
        guard let first = needle.first else { return true }
        return needle.withUnsafeBufferPointer { needle in
            for row in 0..<rows {
                let line = grid.row(row)
                for start in 0..<columns where line[start].width != 0 && Self.leadingScalar(line[start], clusters) == first {
                    if matches(needle, in: line, from: start) { return true }
                }
            }
            return false
        }
    }

    /// Whether the cells of `line` from `start` on show `needle`.
    private func matches(_ needle: UnsafeBufferPointer<UInt32>, in line: UnsafeMutablePointer<Cell>, from start: Int) -> Bool {
        var position = 0
        var column = start
        while position < needle.count {
            guard column < columns else { return false }
            let cell = line[column]
            column += 1
            if cell.width == 0 { continue }
            if cell.isCluster {
                for scalar in clusters.scalars(of: cell.code) {
                    guard position < needle.count, needle[position] == scalar else { return false }
                    position += 1
                }
            } else {
                guard needle[position] == (cell.code == 0 ? 0x20 : cell.code) else { return false }
                position += 1
            }
        }
        return true
    }

    private static func leadingScalar(_ cell: Cell, _ clusters: ClusterTable) -> UInt32 {
        if cell.code == 0 { return 0x20 }
        return cell.isCluster ? (clusters.scalars(of: cell.code).first ?? 0x20) : cell.code
    }
}
