extension TerminalEmulator {
    /// Whether `text` is visible on some row of the screen, checked on the live grid without taking
    /// a snapshot (no per-cell allocation), so that waits can test it after every chunk of output.
    ///
    /// Matches do not span rows; the right half of a wide character is skipped, as in
    /// ``ScreenSnapshot/find(_:)``.
    public func screenContains(_ text: String) -> Bool {
        let needle = Array(text.unicodeScalars.map(\.value))
        guard !needle.isEmpty else { return true }
        var shown: [UInt32] = []
        shown.reserveCapacity(columns * 2)
        for row in 0..<rows {
            shown.removeAll(keepingCapacity: true)
            let line = grid.row(row)
            for column in 0..<columns {
                let cell = line[column]
                if cell.width == 0 { continue }
                if cell.code == 0 {
                    shown.append(0x20)
                } else if cell.isCluster {
                    shown.append(contentsOf: clusters.scalars(of: cell.code))
                } else {
                    shown.append(cell.code)
                }
            }
            if Self.contains(needle, in: shown) { return true }
        }
        return false
    }

    private static func contains(_ needle: [UInt32], in haystack: [UInt32]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var offset = 1
            while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}
