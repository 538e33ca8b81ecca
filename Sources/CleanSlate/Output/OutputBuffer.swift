import _CleanSlateCShim

/// One stream of an app's output as kept in memory: the first bytes up to the limit's head, the
/// last bytes up to its tail, and the count of everything written (see ``OutputLimit``).
///
/// The end is compacted when it reaches twice the tail's size, so appending stays amortised O(1)
/// per byte and memory stays under head + 2 × tail.
struct OutputBuffer {
    let limit: OutputLimit
    private(set) var head: [UInt8] = []
    /// The end of the stream: up to twice the tail's size, so that compacting is rare.
    private var recent: [UInt8] = []
    /// Every byte ever written to the stream.
    private(set) var total = 0

    init(limit: OutputLimit) {
        self.limit = limit
    }

    /// The last bytes kept: at most the limit's tail.
    var tail: ArraySlice<UInt8> { recent.suffix(limit.tailBytes) }

    /// Bytes dropped between the head and the tail.
    var cut: Int { total - head.count - tail.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        total += bytes.count
        var rest = bytes[...]
        if head.count < limit.headBytes {
            let taken = min(limit.headBytes - head.count, rest.count)
            head.append(contentsOf: rest.prefix(taken))
            rest = rest.dropFirst(taken)
        }
        if rest.isEmpty || limit.tailBytes == 0 { return }
        recent.append(contentsOf: rest.suffix(limit.tailBytes))
        if recent.count >= 2 * limit.tailBytes { recent.removeFirst(recent.count - limit.tailBytes) }
    }

    /// The bytes kept, in order; where bytes were dropped, a line saying how many.
    var bytes: [UInt8] {
        if cut == 0 { return head + tail }
        return head + Array(Self.cutNotice(cut, limit: limit).utf8) + Array(tail)
    }

    /// The last `count` bytes kept (fewer if fewer are kept), for failure reports.
    func suffix(_ count: Int) -> [UInt8] {
        let tail = self.tail
        if tail.count >= count { return Array(tail.suffix(count)) }
        return Array(head.suffix(count - tail.count)) + tail
    }

    /// The bytes from stream offset `offset` on that are still kept (a part inside the cut is gone).
    func bytes(from offset: Int) -> [UInt8] {
        let offset = max(0, offset)
        let tail = self.tail
        let fromTail = Array(tail.dropFirst(max(0, offset - (total - tail.count))))
        return offset < head.count ? Array(head[offset...]) + fromTail : fromTail
    }

    /// The notice put where output was cut.
    static func cutNotice(_ count: Int, limit: OutputLimit) -> String {
        "\n[CleanSlate: \(count) bytes of output cut here; the output limit keeps the \(limit); see AppLauncher.outputLimit]\n"
    }
}

/// A plain-text wait's search, run by the I/O thread on every chunk as it arrives, so it sees every
/// byte once however much output there is and whatever the output limit drops.
final class OutputWatch {
    let needle: [UInt8]
    let stream: AppOutputStream
    /// The last `needle.count - 1` bytes seen, so a match split across chunks is found.
    private var carry: [UInt8]
    private(set) var found = false

    init(needle: [UInt8], stream: AppOutputStream, seen: [UInt8]) {
        self.needle = needle
        self.stream = stream
        self.carry = Array(seen.suffix(max(0, needle.count - 1)))
    }

    /// Records a match found in what was kept before the watch started.
    func markFound() { found = true }

    /// Searches a new chunk (and the bytes before it that could start a match).
    func scan(_ chunk: UnsafeRawBufferPointer) {
        if found || needle.isEmpty { found = true; return }
        if !carry.isEmpty {
            let joined = carry + Array(chunk.prefix(needle.count - 1))
            if ByteSearch.contains(needle, in: joined) { found = true; return }
        }
        if ByteSearch.contains(needle, in: chunk) { found = true; return }
        let keep = needle.count - 1
        if chunk.count >= keep {
            carry = Array(chunk.suffix(keep))
        } else {
            carry = Array((carry + Array(chunk)).suffix(keep))
        }
    }
}

/// Byte-level substring search (glibc's `memmem`).
enum ByteSearch {
    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count, let base = haystack.baseAddress else { return false }
        return needle.withUnsafeBytes { cs_memmem(base, haystack.count, $0.baseAddress, needle.count) != nil }
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        haystack.withUnsafeBytes { contains(needle, in: $0) }
    }
}
