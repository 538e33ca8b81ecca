/// Lines that scrolled off the top of the primary screen, oldest first, at most `limit` of them.
///
/// A ring of entries, each one line buffer standing for one or more identical lines in a row: a
/// line that is one cell repeated across the width (a blank line, or a line REP filled) joins the
/// newest entry when that entry is the same repeated cell at the same width, so a flood of such lines
/// costs a count, not a copy each. Once every slot is in use, the oldest entry's buffer is
/// overwritten with the newest line, so a steadily scrolling screen allocates nothing. Lines are
/// stored at the width they had on screen, trailing erased cells included, because one copy of a
/// whole row costs less than finding its end on every scroll; they are trimmed when read as text
/// (``texts(_:)``).
struct Scrollback {
    /// One slot of the ring: a line, how many identical lines in a row it stands for, whether it is
    /// one cell repeated, and its text once a snapshot asked for it (nil until then).
    private struct Entry {
        var line: [Cell]
        var repeats: Int
        var isUniform: Bool
        var text: String?
        /// The line's width and first cell, kept beside it so that a join looks at no array.
        var width: Int
        var first: Cell
    }

    private(set) var limit: Int
    private var slots: [Entry] = []
    /// The slot of the oldest entry, and the number of slots in use from there on (wrapping around).
    private var start = 0
    private var entries = 0
    /// The number of lines held.
    private(set) var count = 0

    init(limit: Int) { self.limit = max(0, limit) }

    /// Whether the `columns` cells at `row` are all the same cell (a line of text differs in its
    /// second cell, which is looked at first).
    @inline(__always)
    static func isUniform(_ row: UnsafePointer<Cell>, columns: Int) -> Bool {
        if columns > 1 && !row[1].isSame(as: row[0]) { return false }
        return columns == 0 || Cell.all(row, count: columns, are: row[0])
    }

    /// Appends `times` copies of the `columns` cells at `row`; `uniform` says the caller knows they
    /// are one cell repeated (otherwise they are checked). Only the newest `limit` lines are kept.
    mutating func push(_ row: UnsafePointer<Cell>, columns: Int, times: Int = 1, uniform knownUniform: Bool = false) {
        guard limit > 0, times > 0 else { return }
        let times = min(times, limit)
        let isUniform = knownUniform || Self.isUniform(row, columns: columns)
        if count + times > limit { dropOldest(count + times - limit) }
        count += times
        if isUniform && entries > 0 && joinNewest(row, columns: columns, times: times) { return }
        if entries == slots.count {
            if start != 0 { putInOrder() }
            slots.append(Entry(line: Array(UnsafeBufferPointer(start: row, count: columns)), repeats: times, isUniform: isUniform, text: nil,
                               width: columns, first: columns > 0 ? row[0] : .blank))
            entries += 1
            return
        }
        let target = slot(entries)
        entries += 1
        slots.withUnsafeMutableBufferPointer { slots in
            // The slot's line buffer is reused when it has the width.
            slots[target].repeats = times
            slots[target].isUniform = isUniform
            slots[target].text = nil
            slots[target].width = columns
            slots[target].first = columns > 0 ? row[0] : .blank
            if slots[target].line.count == columns {
                slots[target].line.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: row, count: columns) }
            } else {
                slots[target].line = Array(UnsafeBufferPointer(start: row, count: columns))
            }
        }
    }

    /// Appends `times` lines of `columns` copies of `cell` (a row known to be one cell repeated,
    /// whose cells need not be read). Only the newest `limit` lines are kept.
    mutating func push(repeating cell: Cell, columns: Int, times: Int = 1) {
        guard limit > 0, times > 0 else { return }
        // Fewer than `limit` new lines leave the newest old one, which they may join.
        if times < limit && entries > 0 && newestRepeats(cell, columns: columns) {
            let newest = slot(entries - 1)
            slots.withUnsafeMutableBufferPointer { $0[newest].repeats += times }
            count += times
            if count > limit { dropOldest(count - limit) }
            return
        }
        withUnsafeTemporaryAllocation(of: Cell.self, capacity: max(columns, 1)) { line in
            line.initialize(repeating: cell)
            push(UnsafePointer(line.baseAddress!), columns: columns, times: times, uniform: true)
        }
    }

    /// Whether the newest entry is `columns` copies of `cell`.
    @inline(__always)
    private func newestRepeats(_ cell: Cell, columns: Int) -> Bool {
        let newest = slot(entries - 1)
        return slots.withUnsafeBufferPointer { $0[newest].isUniform && $0[newest].width == columns && (columns == 0 || $0[newest].first.isSame(as: cell)) }
    }

    /// Adds `times` to the newest entry if it is the uniform line at `row`; returns whether it was.
    private mutating func joinNewest(_ row: UnsafePointer<Cell>, columns: Int, times: Int) -> Bool {
        guard newestRepeats(columns > 0 ? row[0] : .blank, columns: columns) else { return false }
        slots[slot(entries - 1)].repeats += times
        return true
    }

    /// The slot of the entry `offset` places after the oldest.
    @inline(__always)
    private func slot(_ offset: Int) -> Int {
        let slot = start + offset
        return slot >= slots.count ? slot - slots.count : slot
    }

    /// Forgets the oldest `dropped` lines (their slots stay, for reuse).
    @inline(__always)
    private mutating func dropOldest(_ dropped: Int) {
        var dropped = min(dropped, count)
        count -= dropped
        var start = self.start, entries = self.entries
        slots.withUnsafeMutableBufferPointer { slots in
            while dropped > 0 {
                if slots[start].repeats > dropped {
                    slots[start].repeats -= dropped
                    return
                }
                dropped -= slots[start].repeats
                slots[start].text = nil
                start = start + 1 == slots.count ? 0 : start + 1
                entries -= 1
            }
        }
        self.start = start
        self.entries = entries
    }

    /// Rotates the slots so that the oldest entry is at index 0, before a slot is added at the end.
    private mutating func putInOrder() {
        slots = Array(slots[start...] + slots[..<start])
        start = 0
    }

    /// `line` without its trailing erased cells (those with default colours).
    static func trimmed(_ line: [Cell]) -> ArraySlice<Cell> {
        var length = line.count
        while length > 0 && line[length - 1].isSame(as: .blank) { length -= 1 }
        return line[..<length]
    }

    /// Removes and returns the newest line, if any, at the width it had on screen (trailing erased
    /// cells included: the rows it is copied to are blank already). The line's buffer is shared, not copied.
    mutating func popNewest() -> [Cell]? {
        guard entries > 0 else { return nil }
        let newest = slot(entries - 1)
        let line = slots[newest].line
        count -= 1
        if slots[newest].repeats > 1 {
            slots[newest].repeats -= 1
        } else {
            slots[newest].text = nil
            entries -= 1
        }
        return line
    }

    /// Removes every line.
    mutating func removeAll() {
        slots.removeAll()
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
            if let cached = slots[slot].text {
                converted = cached
            } else {
                converted = text(Self.trimmed(slots[slot].line))
                slots[slot].text = converted
            }
            for _ in 0..<slots[slot].repeats { result.append(converted) }
        }
        return result
    }

    /// Applies `body` to every cell held (used to renumber cluster references); texts are converted again.
    mutating func updateCells(_ body: (inout Cell) -> Void) {
        for offset in 0..<entries {
            let slot = slot(offset)
            for column in slots[slot].line.indices { body(&slots[slot].line[column]) }
            if let first = slots[slot].line.first { slots[slot].first = first }
            slots[slot].text = nil
        }
    }
}
