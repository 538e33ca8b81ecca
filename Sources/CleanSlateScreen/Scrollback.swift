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
///
/// The newest entry's line, when it is one cell repeated, is also kept outside the ring (its cell
/// and width), and lines that join it are counted outside the ring until something else looks at
/// the slots (``settle()``): a flood of one repeated line into a scrollback that holds only it
/// touches no slot.
struct Scrollback {
    /// One slot of the ring: a line, how many identical lines in a row it stands for, whether it is
    /// one cell repeated, and its text once a snapshot asked for it (nil until then).
    private struct Entry {
        var line: [Cell]
        var repeats: Int
        var isUniform: Bool
        var text: String?
    }

    private(set) var limit: Int
    private var slots: [Entry] = []
    /// The slot of the oldest entry, and the number of slots in use from there on (wrapping around).
    private var start = 0
    private var entries = 0
    /// The number of lines held.
    private(set) var count = 0
    /// The newest entry's cell and width when it is one cell repeated; the width is -1 otherwise (or without entries).
    private var joinCell = Cell.blank
    private var joinWidth = -1
    /// Lines that joined the newest entry (less any dropped from it) not yet added to its slot's `repeats`.
    private var unsettled = 0
    /// What ``texts(_:)`` last returned (nil after a change other than lines added at the end and
    /// dropped from the front), and the lines dropped and added since: so that the text of a long
    /// scrollback, which every snapshot takes, costs the lines that changed rather than all of them.
    private var textCache: [String]?
    private var droppedSinceTexts = 0
    private var addedSinceTexts = 0

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
        settle()
        let times = min(times, limit)
        let isUniform = knownUniform || Self.isUniform(row, columns: columns)
        if count + times > limit { dropOldest(count + times - limit) }
        count += times
        addedSinceTexts += times
        if isUniform && entries > 0 && joinWidth == columns && (columns == 0 || joinCell.isSame(as: row[0])) {
            slots[slot(entries - 1)].repeats += times
            return
        }
        joinWidth = isUniform ? columns : -1
        joinCell = columns > 0 ? row[0] : .blank
        if entries == slots.count {
            if start != 0 { putInOrder() }
            slots.append(Entry(line: Array(UnsafeBufferPointer(start: row, count: columns)), repeats: times, isUniform: isUniform, text: nil))
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
            if slots[target].line.count == columns {
                slots[target].line.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: row, count: columns) }
            } else {
                slots[target].line = Array(UnsafeBufferPointer(start: row, count: columns))
            }
        }
    }

    /// Appends `times` lines of `columns` copies of `cell` (a row known to be one cell repeated,
    /// whose cells need not be read). Only the newest `limit` lines are kept.
    @inline(__always)
    mutating func push(repeating cell: Cell, columns: Int, times: Int = 1) {
        // Fewer than `limit` new lines leave the newest old one, which they may join.
        if times > 0 && times < limit && entries > 0 && joinWidth == columns && joinCell.isSame(as: cell) {
            unsettled += times
            count += times
            addedSinceTexts += times
            guard count > limit else { return }
            if entries == 1 {
                // The oldest line is the newest entry's: it keeps `limit` of its lines.
                unsettled -= count - limit
                droppedSinceTexts += count - limit
                count = limit
            } else {
                dropOldest(count - limit)
            }
            return
        }
        pushAsNewEntry(repeating: cell, columns: columns, times: times)
    }

    /// ``push(repeating:columns:times:)`` of lines that do not join the newest entry.
    @inline(never)
    private mutating func pushAsNewEntry(repeating cell: Cell, columns: Int, times: Int) {
        guard limit > 0, times > 0 else { return }
        withUnsafeTemporaryAllocation(of: Cell.self, capacity: max(columns, 1)) { line in
            line.initialize(repeating: cell)
            push(UnsafePointer(line.baseAddress!), columns: columns, times: times, uniform: true)
        }
    }

    /// Adds the lines counted outside the ring to the newest entry's slot, before anything looks at the slots.
    @inline(__always)
    private mutating func settle() {
        guard unsettled != 0 else { return }
        slots[slot(entries - 1)].repeats += unsettled
        unsettled = 0
    }

    /// Notes the newest entry's cell and width, after the newest entry changed.
    private mutating func noteNewest() {
        guard entries > 0 else {
            joinWidth = -1
            return
        }
        let newest = slot(entries - 1)
        joinWidth = slots[newest].isUniform ? slots[newest].line.count : -1
        joinCell = slots[newest].line.first ?? .blank
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
        settle()
        let dropped = min(dropped, count)
        count -= dropped
        droppedSinceTexts += dropped
        var start = self.start, entries = self.entries
        slots.withUnsafeMutableBufferPointer { Self.drop(dropped, from: $0, start: &start, entries: &entries) }
        self.start = start
        self.entries = entries
        if entries == 0 { joinWidth = -1 }
    }

    /// Takes `dropped` lines (no more than they hold) from the oldest of `entries` entries of `slots`
    /// from slot `start` on, moving `start` past the entries emptied.
    @inline(__always)
    private static func drop(_ dropped: Int, from slots: UnsafeMutableBufferPointer<Entry>, start: inout Int, entries: inout Int) {
        var dropped = dropped
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
        settle()
        let newest = slot(entries - 1)
        let line = slots[newest].line
        count -= 1
        textCache = nil
        if slots[newest].repeats > 1 {
            slots[newest].repeats -= 1
        } else {
            slots[newest].text = nil
            entries -= 1
            noteNewest()
        }
        return line
    }

    /// Removes every line.
    mutating func removeAll() {
        slots.removeAll()
        start = 0
        entries = 0
        count = 0
        unsettled = 0
        joinWidth = -1
        textCache = nil
    }

    /// The text of every line, oldest first, converting with `text` only the lines not converted before.
    /// After lines were only added and dropped since the last call, only those are looked at: the
    /// result of the last call loses the dropped lines and gains the added ones (in place when no
    /// snapshot holds that result any more).
    mutating func texts(_ text: (ArraySlice<Cell>) -> String) -> [String] {
        settle()
        defer { (droppedSinceTexts, addedSinceTexts) = (0, 0) }
        if var kept = textCache, droppedSinceTexts <= kept.count, count - (kept.count - droppedSinceTexts) == addedSinceTexts {
            textCache = nil  // the only reference, if the last snapshot is gone: changed in place
            kept.removeFirst(droppedSinceTexts)
            var added: [String] = []
            added.reserveCapacity(addedSinceTexts)
            var offset = entries - 1
            while added.count < addedSinceTexts && offset >= 0 {
                // An entry's lines are identical: newest entries first, then reversed.
                let converted = convertedText(of: slot(offset), text)
                for _ in 0..<min(slots[slot(offset)].repeats, addedSinceTexts - added.count) { added.append(converted) }
                offset -= 1
            }
            kept.append(contentsOf: added.reversed())
            textCache = kept
            return kept
        }
        var result: [String] = []
        result.reserveCapacity(count)
        for offset in 0..<entries {
            let converted = convertedText(of: slot(offset), text)
            for _ in 0..<slots[slot(offset)].repeats { result.append(converted) }
        }
        textCache = result
        return result
    }

    /// The text of the line in `slot`, converted with `text` the first time it is asked for.
    private mutating func convertedText(of slot: Int, _ text: (ArraySlice<Cell>) -> String) -> String {
        if let cached = slots[slot].text { return cached }
        let converted = text(Self.trimmed(slots[slot].line))
        slots[slot].text = converted
        return converted
    }

    /// Applies `body` to every cell held (used to renumber cluster references); texts are converted again.
    mutating func updateCells(_ body: (inout Cell) -> Void) {
        settle()
        for offset in 0..<entries {
            let slot = slot(offset)
            for column in slots[slot].line.indices { body(&slots[slot].line[column]) }
            slots[slot].text = nil
        }
        textCache = nil
        noteNewest()
    }
}
