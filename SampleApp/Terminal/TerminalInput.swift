import Glibc

/// Something the wizard's loop has to react to.
enum TerminalEvent: Equatable, Sendable {
    /// Keys were pressed.
    case keys([Key])
    /// The terminal was resized (SIGWINCH).
    case resized
    /// A signal asked the process to stop (SIGTERM, SIGHUP or SIGINT).
    case stopRequested(signal: Int32)
    /// The timeout passed with nothing to report.
    case timeout
    /// Standard input reached its end or hung up: nobody is left to answer.
    case inputClosed
}

/// Waits for keys on standard input and for signals on the self-pipe with one poll(2) call,
/// and turns what arrives into `TerminalEvent`s. Nothing here sleeps: all waiting is poll's.
struct TerminalInput {
    /// How long to wait after a lone ESC for the rest of an escape sequence.
    static let escapeTimeoutMilliseconds: Int32 = 50

    /// The pipe the signal handler writes to.
    let signals: SignalPipe
    private var decoder = KeyDecoder()

    /// Creates an input reader for standard input and `signals`.
    init(signals: SignalPipe) {
        self.signals = signals
    }

    /// Waits up to `timeoutMilliseconds` (-1 for no limit) for the next event.
    mutating func next(timeoutMilliseconds: Int32) -> TerminalEvent {
        while true {
            let waitsForEscape = decoder.hasPending
            let timeout = waitsForEscape && (timeoutMilliseconds < 0 || timeoutMilliseconds > Self.escapeTimeoutMilliseconds)
                ? Self.escapeTimeoutMilliseconds : timeoutMilliseconds
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .inputClosed
            }
            if descriptors[1].revents != 0, let event = signalEvent() {
                return event
            }
            if ready == 0 {
                if waitsForEscape {
                    let keys = decoder.flushPending()
                    if !keys.isEmpty { return .keys(keys) }
                }
                return .timeout
            }
            let inputFlags = descriptors[0].revents
            if inputFlags & Int16(POLLIN) != 0 {
                guard let keys = readKeys() else { return .inputClosed }
                if !keys.isEmpty { return .keys(keys) }
            } else if inputFlags & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return .inputClosed
            }
        }
    }

    /// The event for the signals waiting in the pipe: a stop request wins over a resize.
    private func signalEvent() -> TerminalEvent? {
        let received = signals.drain()
        if let stop = received.first(where: { $0 != SIGWINCH }) { return .stopRequested(signal: stop) }
        return received.isEmpty ? nil : .resized
    }

    /// Reads what is available on standard input and decodes it; nil at end of input.
    private mutating func readKeys() -> [Key]? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        if count <= 0 { return nil }
        return decoder.decode(Array(buffer[0..<count]))
    }
}
