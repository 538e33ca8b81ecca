import Glibc

/// The write end of the self-pipe, for the signal handler.
///
/// This is SampleApp's only global mutable state, and signal handling is why it exists: a
/// signal handler is a C function pointer that cannot capture anything, so the descriptor it
/// writes to has to live in a global. `SignalPipe.init` sets it before installing the handlers
/// and `SignalPipe.close` clears it after removing them; the handler only reads it.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: writes the signal number as one byte to the self-pipe and nothing else.
/// write(2) is async-signal-safe, and errno is saved and restored around it so the interrupted
/// code never sees it change. A full pipe drops the byte: the loop is already due to wake up.
private func writeSignalToPipe(_ signalNumber: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    _ = write(signalPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// Turns signals into bytes on a pipe (the self-pipe trick), so that the wizard's poll(2) loop
/// learns about a resize (SIGWINCH) or a request to stop (SIGTERM, SIGHUP, SIGINT) at a safe
/// point, and all real work, such as restoring the terminal, happens outside the handler.
final class SignalPipe {
    /// The end to poll for readability and read signal numbers from.
    let readEnd: Int32
    private let writeEnd: Int32
    private var previousActions: [(signal: Int32, action: sigaction)] = []

    /// Creates the pipe (both ends non-blocking and close-on-exec) and installs the handler for
    /// `signals`, remembering the handlers they replace.
    init(forwarding signals: [Int32]) throws(SampleAppError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw SampleAppError(status: .ioError, message: "cannot create a pipe for signals (\(FileDescriptorIO.lastErrorDescription()))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd = writeEnd
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = writeSignalToPipe
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var previous = sigaction()
            sigaction(signalNumber, &action, &previous)
            previousActions.append((signalNumber, previous))
        }
    }

    /// The signals that arrived since the last call, oldest first, without waiting.
    func drain() -> [Int32] {
        var received: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return received }
            received += buffer[0..<count].map { Int32($0) }
        }
    }

    /// Puts the previous handlers back and closes the pipe. Safe to call more than once.
    func close() {
        for (signalNumber, var action) in previousActions.reversed() {
            sigaction(signalNumber, &action, nil)
        }
        previousActions = []
        guard signalPipeWriteEnd == writeEnd else { return }
        signalPipeWriteEnd = -1
        _ = Glibc.close(readEnd)
        _ = Glibc.close(writeEnd)
    }

    /// Ends the process the way `signalNumber` would have without a handler, so the parent sees
    /// "killed by SIGTERM" rather than an ordinary exit. Falls back to exit(128 + signal).
    static func terminateAsIfUnhandled(by signalNumber: Int32) -> Never {
        signal(signalNumber, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signalNumber)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        raise(signalNumber)
        exit(128 + signalNumber)
    }
}
