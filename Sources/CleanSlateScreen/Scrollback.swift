/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit` of them.
///
/// A ring of line buffers: once full, the oldest line's buffer is reused for the newest, so a
/// steadily scrolling screen allocates nothing.
struct Scrollback {
    private(set) var limit: Int
    private var lines: [[Cell]] = []
    /// The text of each line once a snapshot asked for it (nil until then), slot for slot with `lines`.
    private var texts: [String?] = []
    private var start = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// The number of lines held.
    var count: Int { lines.count }

    /// Appends a copy of `columns` cells at `row`, without its trailing erased cells.
    mutating func push(_ row: UnsafePointer<Cell>, columns: Int) {
        guard limit > 0 else { return }
        var length = columns
        while length > 0 && row[length - 1] == .blank { length -= 1 }
        let cells = UnsafeBufferPointer(start: row, count: length)
        if lines.count < limit {
            lines.append(Array(cells))
            texts.append(nil)
        } else {
            lines[start].removeAll(keepingCapacity: true)
            lines[start].append(contentsOf: cells)
            texts[start] = nil
            start = (start + 1) % lines.count
        }
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
        return lines.removeLast()
    }

    /// Removes every line.
    mutating func removeAll() {
        lines.removeAll()
        texts.removeAll()
        start = 0
    }

    /// The text of every line, oldest first, converting with `text` only the lines not converted before.
    mutating func texts(_ text: ([Cell]) -> String) -> [String] {
        var result: [String] = []
        result.reserveCapacity(lines.count)
        for offset in 0..<lines.count {
            let slot = (start + offset) % lines.count
            if let cached = texts[slot] {
                result.append(cached)
            } else {
                let converted = text(lines[slot])
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
