import CleanSlateScreen

/// One decoded input of a terminal session, with the screen when it was sent and the screen once
/// the app had answered it (just before the next input event, or at the end).
struct SessionAction {
    let input: RecordedInput
    /// Which input event of the session it came from (the ones of one event share their screens).
    let event: Int
    let before: ScreenSnapshot
    let after: ScreenSnapshot
}

/// The inputs of a terminal session one at a time, its output replayed through a
/// `TerminalEmulator` as they are read: only the screens around the current input event are held,
/// so the memory for them stays the same however long the session is (a snapshot is tens of
/// kilobytes; holding one per input event took gigabytes for a long recording).
struct SessionActions {
    private let events: [RecordedSession.Event]
    private let emulator: TerminalEmulator
    /// The index of the next event to replay.
    private var nextEvent = 0
    /// The inputs of the current input event (mouse reports that a test does not repeat left out),
    /// and how many of them were taken.
    private var inputs: [RecordedInput] = []
    private var taken = 0
    /// How many input events came before the current one.
    private var inputEvent = -1
    private var before: ScreenSnapshot
    private var after: ScreenSnapshot
    /// The next input event's data and the screen when it was sent; nil once none is left.
    private var upcoming: (data: String, screen: ScreenSnapshot)?
    /// The screen at the end of the session, once replayed to the end.
    private(set) var last: ScreenSnapshot
    /// The screen after the input taken last (the first screen before any).
    private(set) var lastTakenAfter: ScreenSnapshot

    init(_ session: RecordedSession) {
        events = session.events
        emulator = TerminalEmulator(rows: session.rows, columns: session.columns)
        let first = emulator.snapshot()
        before = first
        after = first
        last = first
        lastTakenAfter = first
        upcoming = replayToNextInput()
    }

    /// The next input, not taken; nil at the end of the session.
    mutating func peek() -> SessionAction? {
        while taken == inputs.count {
            guard let current = upcoming else { return nil }
            before = current.screen
            inputs = RecordedInput.decode(Array(current.data.utf8)).filter { $0 != .ignored }
            taken = 0
            inputEvent += 1
            upcoming = replayToNextInput()
            after = upcoming?.screen ?? last
        }
        return SessionAction(input: inputs[taken], event: inputEvent, before: before, after: after)
    }

    /// The next input, taken; nil at the end of the session.
    @discardableResult
    mutating func next() -> SessionAction? {
        guard let action = peek() else { return nil }
        taken += 1
        lastTakenAfter = action.after
        return action
    }

    /// Replays output and resizes up to the next input event; that event's data and the screen at
    /// it, or nil (with ``last`` set) at the end of the session.
    private mutating func replayToNextInput() -> (data: String, screen: ScreenSnapshot)? {
        while nextEvent < events.count {
            let event = events[nextEvent]
            nextEvent += 1
            switch event.code {
            case "o":
                var bytes = Array(event.data.utf8)
                bytes.withUnsafeMutableBytes { emulator.feed(UnsafeRawBufferPointer($0)) }
            case "r":
                let parts = event.data.split(separator: "x").compactMap { Int($0) }
                if parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) {
                    emulator.resize(rows: parts[1], columns: parts[0])
                }
            case "i":
                return (event.data, emulator.snapshot())
            default: break
            }
        }
        last = emulator.snapshot()
        return nil
    }
}
