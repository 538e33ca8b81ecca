/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit` of them.
///
/// A ring of line buffers: once full, the oldest line's buffer is reused for the newest, so a
/// steadily scrolling screen allocates nothing.
struct Scrollback {
    private(set) var limit: Int
    private var lines: [[Cell]] = []
    private var start = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// The number of lines held.
    var count: Int { lines.count }

    /// The line at `index`, 0 being the oldest.
    subscript(index: Int) -> [Cell] { lines[(start + index) % lines.count] }

    /// Appends a copy of `columns` cells at `row`, without its trailing erased cells.
    mutating func push(_ row: UnsafePointer<Cell>, columns: Int) {
        guard limit > 0 else { return }
        var length = columns
        while length > 0 && row[length - 1] == .blank { length -= 1 }
        let cells = UnsafeBufferPointer(start: row, count: length)
        if lines.count < limit {
            lines.append(Array(cells))
        } else {
            lines[start].removeAll(keepingCapacity: true)
            lines[start].append(contentsOf: cells)
            start = (start + 1) % lines.count
        }
    }

    /// Removes and returns the newest line, if any.
    mutating func popNewest() -> [Cell]? {
        guard !lines.isEmpty else { return nil }
        let newestIndex = (start + lines.count - 1) % lines.count
        let line = lines.remove(at: newestIndex)
        if newestIndex < start { start -= 1 }
        if lines.isEmpty { start = 0 } else { start %= lines.count }
        return line
    }

    /// Removes every line.
    mutating func removeAll() {
        lines.removeAll()
        start = 0
    }

    /// Applies `body` to every cell held (used to renumber cluster references).
    mutating func updateCells(_ body: (inout Cell) -> Void) {
        for index in lines.indices {
            for column in lines[index].indices { body(&lines[index][column]) }
        }
    }
}
