import Glibc

/// A full-screen session on the terminal: raw mode, the alternate screen, a hidden cursor and
/// the signal self-pipe, all undone by `restore()`.
///
/// `restore()` is idempotent and is called on every way out of the wizard (the wizard calls it
/// from a `defer`), including a stop requested by SIGTERM, SIGHUP or SIGINT, which the loop
/// sees through the self-pipe before it ends the process.
final class TerminalSession {
    /// The signals the session listens for: resizes, and requests to stop.
    static let handledSignals = [SIGWINCH, SIGTERM, SIGHUP, SIGINT]

    /// Signals, delivered as bytes on a pipe for the event loop.
    let signals: SignalPipe
    private let rawMode = RawMode()
    private var isActive = true

    /// Installs the signal handlers, switches to raw mode and enters the alternate screen.
    init() throws(SampleAppError) {
        signals = try SignalPipe(forwarding: Self.handledSignals)
        do {
            try rawMode.enable()
        } catch {
            signals.close()
            throw error
        }
        write(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.clearScreen)
    }

    /// Writes `text` to the terminal. A failed write is ignored: the terminal may be gone,
    /// which the input side reports as `inputClosed`.
    func write(_ text: String) {
        _ = FileDescriptorIO.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// Leaves the alternate screen with the cursor shown and attributes reset, restores the
    /// terminal settings and the previous signal handlers. Safe to call more than once.
    func restore() {
        guard isActive else { return }
        isActive = false
        write(ANSI.resetAttributes + ANSI.showCursor + ANSI.leaveAlternateScreen)
        rawMode.restore()
        signals.close()
    }

    deinit {
        restore()
    }
}
