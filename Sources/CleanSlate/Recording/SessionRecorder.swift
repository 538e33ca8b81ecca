import Glibc

/// The timed record of one launch: what the app wrote, what the test typed, and terminal resizes,
/// kept within a byte budget (the first events up to the head's size, the last up to the tail's, a
/// count of what was dropped between them), for ``AppLauncher/sessionRecording()``.
///
/// Fed with the owning launch's monitor held (output on the I/O thread, input from writers), so it
/// needs no lock of its own.
final class SessionRecorder {
    /// What one event holds.
    enum Kind: Sendable { case output, input, resize }

    /// One moment of the session.
    struct Event: Sendable {
        /// Nanoseconds since the launch started.
        let offset: Int64
        let kind: Kind
        let bytes: [UInt8]

        /// What the event counts against the budget: its bytes and a fixed overhead, so that a
        /// flood of one-byte events is bounded too.
        var cost: Int { bytes.count + Self.overhead }
        static let overhead = 32
    }

    /// The default budget: the first 1 MiB and the last 4 MiB of a session.
    static let standardLimit = OutputLimit(headBytes: 1 << 20, tailBytes: 4 << 20)

    let start = MonotonicInstant.now
    /// Seconds since the Unix epoch when the launch started (the asciicast header's timestamp).
    let startedAt = Int(time(nil))
    let limit: OutputLimit
    /// The terminal's size at launch (rows, columns); nil for a launch over pipes.
    let size: (rows: Int, columns: Int)?

    private var head: [Event] = []
    private var headCost = 0
    /// Once an event did not fit in the head, later ones go to the tail (order is kept).
    private var headClosed = false
    /// The tail's events are `tail[tailStart...]`; the dropped front is compacted away now and then.
    private var tail: [Event] = []
    private var tailStart = 0
    private var tailCost = 0
    private(set) var cutEvents = 0
    private(set) var cutBytes = 0

    init(size: (rows: Int, columns: Int)?, limit: OutputLimit = SessionRecorder.standardLimit) {
        self.size = size
        self.limit = limit
    }

    /// Records `bytes` as an event of `kind` now.
    func record(_ kind: Kind, _ bytes: UnsafeRawBufferPointer) {
        if bytes.isEmpty { return }
        let offset = MonotonicInstant.now.duration(since: start).nanosecondsValue
        var event = Event(offset: offset, kind: kind, bytes: Array(bytes))
        if !headClosed && headCost + event.cost <= limit.headBytes {
            head.append(event)
            headCost += event.cost
            return
        }
        headClosed = true
        // An event larger than the whole tail keeps only its end.
        let room = limit.tailBytes - Event.overhead
        if room <= 0 { cut(event); return }
        if event.bytes.count > room {
            cutBytes += event.bytes.count - room
            event = Event(offset: offset, kind: kind, bytes: Array(event.bytes.suffix(room)))
        }
        tail.append(event)
        tailCost += event.cost
        while tailCost > limit.tailBytes {
            cut(tail[tailStart])
            tailCost -= tail[tailStart].cost
            tailStart += 1
        }
        // Compacted once the dropped front is half of the array: amortised O(1) per event, and the
        // array never holds more than twice the events kept.
        if tailStart * 2 > tail.count {
            tail.removeFirst(tailStart)
            tailStart = 0
        }
    }

    private func cut(_ event: Event) {
        cutEvents += 1
        cutBytes += event.bytes.count
    }

    /// How many events are held in memory, dropped ones not yet compacted away included (for tests).
    var storedEventCount: Int { head.count + tail.count }

    /// The events kept, in order: the head, then the tail; `cutAfter` is how many of them come
    /// before the place where events were dropped (nil when nothing was).
    var events: (kept: [Event], cutAfter: Int?) {
        let kept = head + tail[tailStart...]
        return (kept, cutEvents == 0 && cutBytes == 0 ? nil : head.count)
    }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanosecondsValue: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
