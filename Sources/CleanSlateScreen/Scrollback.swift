/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit` of them.
///
/// A ring of entries, each one line buffer standing for one or more identical lines in a row: a
/// line that is one cell repeated across the width (a blank line, or a line REP filled) joins the
/// newest entry when that entry is the same repeated cell at the same width, so a flood of such lines
/// costs a count, not a copy each. Once every slot is in use, the oldest entry's buffer is
/// overwritten with the newest line, so a steadily scrolling screen allocates nothing. Lines are
/// stored at the width they had on screen, trailing erased cells included, because one copy of a
/// whole row costs less than finding its end on every scroll; they are trimmed when read
/// (``popNewest()``, ``texts(_:)``).
struct Scrollback {
    private(set) var limit: Int
    /// Slot by slot: the line, how many identical lines in a row it stands for, whether it is one
    /// cell repeated, and its text once a snapshot asked for it (nil until then).
    private var lines: [[Cell]] = []
    private var repeats: [Int] = []
    private var uniform: [Bool] = []
    private var texts: [String?] = []
    /// The slot of the oldest entry, and the number of slots in use from there on (wrapping around).
    private var start = 0
    private var entries = 0
    /// The number of lines held.
    private(set) var count = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// Whether the `columns` cells at `row` are all the same cell.
    static func isUniform(_ row: UnsafePointer<Cell>, columns: Int) -> Bool {
        guard columns > 1 else { return true }
        let first = row[0]
        for column in 1..<columns where row[column] != first { return false }
        return true
    }

    /// Appends `times` copies of the `columns` cells at `row`; `uniform` says the caller knows they
    /// are one cell repeated (otherwise they are checked). Only the newest `limit` lines are kept.
    mutating func push(_ row: UnsafePointer<Cell>, columns: Int, times: Int = 1, uniform knownUniform: Bool = false) {
        guard limit > 0, times > 0 else { return }
        let times = min(times, limit)
        let isUniform = knownUniform || Self.isUniform(row, columns: columns)
        if count + times > limit { dropOldest(count + times - limit) }
        if isUniform && entries > 0 {
            let newest = slot(entries - 1)
            if uniform[newest] && lines[newest].count == columns && (columns == 0 || lines[newest][0] == row[0]) {
                repeats[newest] += times
                count += times
                return
            }
        }
        let cells = UnsafeBufferPointer(start: row, count: columns)
        if entries == lines.count {
            if start != 0 { putInOrder() }
            lines.append(Array(cells))
            repeats.append(times)
            uniform.append(isUniform)
            texts.append(nil)
        } else {
            let target = slot(entries)
            repeats[target] = times
            uniform[target] = isUniform
            texts[target] = nil
            lines.withUnsafeMutableBufferPointer { lines in
                if lines[target].count == columns {
                    lines[target].withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: row, count: columns) }
                } else {
                    lines[target] = Array(cells)
                }
            }
        }
        entries += 1
        count += times
    }

    /// The slot of the entry `offset` places after the oldest.
    @inline(__always)
    private func slot(_ offset: Int) -> Int {
        let slot = start + offset
        return slot >= lines.count ? slot - lines.count : slot
    }

    /// Forgets the oldest `dropped` lines (their slots stay, for reuse).
    private mutating func dropOldest(_ dropped: Int) {
        var dropped = min(dropped, count)
        count -= dropped
        while dropped > 0 {
            if repeats[start] > dropped {
                repeats[start] -= dropped
                return
            }
            dropped -= repeats[start]
            texts[start] = nil
            start = slot(1)
            entries -= 1
        }
    }

    /// Rotates the slots so that the oldest entry is at index 0, before a slot is added at the end.
    private mutating func putInOrder() {
        lines = Array(lines[start...] + lines[..<start])
        repeats = Array(repeats[start...] + repeats[..<start])
        uniform = Array(uniform[start...] + uniform[..<start])
        texts = Array(texts[start...] + texts[..<start])
        start = 0
    }

    /// `line` without its trailing erased cells (those with default colours).
    static func trimmed(_ line: [Cell]) -> ArraySlice<Cell> {
        var length = line.count
        while length > 0 && line[length - 1] == .blank { length -= 1 }
        return line[..<length]
    }

    /// Removes and returns the newest line, if any.
    mutating func popNewest() -> [Cell]? {
        guard entries > 0 else { return nil }
        let newest = slot(entries - 1)
        let line = Array(Self.trimmed(lines[newest]))
        count -= 1
        if repeats[newest] > 1 {
            repeats[newest] -= 1
        } else {
            texts[newest] = nil
            entries -= 1
        }
        return line
    }

    /// Removes every line.
    mutating func removeAll() {
        lines.removeAll()
        repeats.removeAll()
        uniform.removeAll()
        texts.removeAll()
        start = 0
        entries = 0
        count = 0
    }

    /// The text of every line, oldest first, converting with `text` only the lines not converted before.
    mutating func texts(_ text: (ArraySlice<Cell>) -> String) -> [String] {
        var result: [String] = []
        result.reserveCapacity(count)
        for offset in 0..<entries {
            let slot = slot(offset)
            let converted: String
            if let cached = texts[slot] {
                converted = cached
            } else {
                converted = text(Self.trimmed(lines[slot]))
                texts[slot] = converted
            }
            for _ in 0..<repeats[slot] { result.append(converted) }
        }
        return result
    }

    /// Applies `body` to every cell held (used to renumber cluster references).
    mutating func updateCells(_ body: (inout Cell) -> Void) {
        for offset in 0..<entries {
            let slot = slot(offset)
            for column in lines[slot].indices { body(&lines[slot][column]) }
        }
    }
}
