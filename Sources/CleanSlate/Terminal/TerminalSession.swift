import CleanSlateScreen

/// The screen side of a terminal launch: the emulator that turns the app's output into a screen.
/// Accessed only with the owning process's monitor held.
final class TerminalSession {
    let emulator: TerminalEmulator
    /// When the app last wrote anything, for "settled" waits.
    var lastOutput = MonotonicInstant.now

    init(size: TerminalSize) {
        emulator = TerminalEmulator(rows: size.rows, columns: size.columns)
    }

    /// Feeds output to the emulator and returns its replies to queries (cursor position, device
    /// attributes, ...), which must be written back so that apps waiting for them do not hang.
    func consume(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        lastOutput = MonotonicInstant.now
        emulator.feed(bytes)
        return emulator.takeReplies()
    }
}
