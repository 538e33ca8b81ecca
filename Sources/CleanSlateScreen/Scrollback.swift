/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit` of them.
///
/// A ring of line buffers: once full, the oldest line's buffer is overwritten with the newest, so a
/// steadily scrolling screen allocates nothing. Lines are stored at the width they had on screen,
/// trailing erased cells included, because one copy of a whole row costs less than finding its end
/// on every scroll; they are trimmed when read (``popNewest()``, ``texts(_:)``).
struct Scrollback {
    private(set) var limit: Int
    private var lines: [[Cell]] = []
    /// The text of each line once a snapshot asked for it (nil until then), slot for slot with `lines`.
    private var texts: [String?] = []
    private var start = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// The number of lines held.
    var count: Int { lines.count }

    /// Appends a copy of the `columns` cells at `row`.
    mutating func push(_ row: UnsafePointer<Cell>, columns: Int) {
        guard limit > 0 else { return }
        let cells = UnsafeBufferPointer(start: row, count: columns)
        if lines.count < limit {
            lines.append(Array(cells))
            texts.append(nil)
            return
        }
        let slot = start
        start = slot + 1 == lines.count ? 0 : slot + 1
        texts[slot] = nil
        lines.withUnsafeMutableBufferPointer { lines in
            if lines[slot].count == columns {
                lines[slot].withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: row, count: columns) }
            } else {
                lines[slot] = Array(cells)
            }
        }
    }

    /// `line` without its trailing erased cells (those with default colours).
    static func trimmed(_ line: [Cell]) -> ArraySlice<Cell> {
        var length = line.count
        while length > 0 && line[length - 1] == .blank { length -= 1 }
        return line[..<length]
    }

    /// Removes and returns the newest line, if any.
    ///
    /// The ring is first put in order (oldest at index 0), so that once it is no longer full,
    /// ``push(_:columns:)`` can append the next line at the end and keep the order.
    mutating func popNewest() -> [Cell]? {
        guard !lines.isEmpty else { return nil }
        if start != 0 {
            lines = Array(lines[start...] + lines[..<start])
            texts = Array(texts[start...] + texts[..<start])
            start = 0
        }
        texts.removeLast()
        return Array(Self.trimmed(lines.removeLast()))
    }

    /// Removes every line.
    mutating func removeAll() {
        lines.removeAll()
        texts.removeAll()
        start = 0
    }

    /// The text of every line, oldest first, converting with `text` only the lines not converted before.
    mutating func texts(_ text: (ArraySlice<Cell>) -> String) -> [String] {
        var result: [String] = []
        result.reserveCapacity(lines.count)
        for offset in 0..<lines.count {
            let slot = (start + offset) % lines.count
            if let cached = texts[slot] {
                result.append(cached)
            } else {
                let converted = text(Self.trimmed(lines[slot]))
                texts[slot] = converted
                result.append(converted)
            }
        }
        return result
    }

    /// Applies `body` to every cell held (used to renumber cluster references).
    mutating func updateCells(_ body: (inout Cell) -> Void) {
        for index in lines.indices {
            for column in lines[index].indices { body(&lines[index][column]) }
        }
    }
}
