import Glibc
import _CleanSlateCShim

/// Input: writes to the app's input (blocking and awaited), the deferred close, and terminal resizes.
extension LaunchedProcess {
    /// Writes all of `bytes` to the app's input, waiting for it to read, until `deadline`.
    func writeInput(_ bytes: [UInt8], deadline: MonotonicInstant, limit: WaitLimit? = nil) throws {
        let fd = try beginWrite()
        defer { endWrite() }
        var offset = 0
        while try !writeSome(bytes, to: fd, from: &offset, deadline: deadline, limit: limit) {
            if !Descriptors.waitWritable(fd, milliseconds: deadline.millisecondsFromNow) {
                throw inputTimeout(bytes, offset, limit)
            }
        }
    }

    /// The awaited form of ``writeInput(_:deadline:limit:)``: while the app's input is full, the
    /// task is suspended, holding no thread, until the shared I/O thread sees room in it (see
    /// ``IOReactor/wakeWhenWritable(_:_:)``) or `deadline`. Throws `CancellationError` when the
    /// task is cancelled.
    func writeInput(_ bytes: [UInt8], deadline: MonotonicInstant, limit: WaitLimit? = nil) async throws {
        try Task.checkCancellation()
        let fd = try beginWrite()
        defer { endWrite() }
        var offset = 0
        while try !writeSome(bytes, to: fd, from: &offset, deadline: deadline, limit: limit) {
            try await untilWritable(fd, deadline: deadline)
        }
    }

    /// Suspends until `fd` has room, `deadline` passes, or the task is cancelled (thrown).
    private func untilWritable(_ fd: Int32, deadline: MonotonicInstant) async throws {
        let suspended = SuspendedWait()
        var copy: Int32 = -1
        var failure: (any Error)?
        defer {
            if copy >= 0 { IOReactor.shared.forgetWritable(copy) }
            DeadlineTimer.shared.cancel(suspended)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Armed first: room that comes while the watch is being set up resumes it.
                suspended.arm(continuation)
                do {
                    copy = try IOReactor.shared.wakeWhenWritable(fd, suspended)
                    try DeadlineTimer.shared.schedule(suspended, at: deadline)
                } catch {
                    failure = error
                    suspended.wake()
                }
            }
        } onCancel: {
            suspended.cancel()
        }
        if let failure { throw failure }
        if suspended.isCancelled { throw CancellationError() }
    }

    /// Counts a write in progress and returns the input descriptor, or says why there is none.
    func beginWrite() throws -> Int32 {
        try monitor.withLock { () throws -> Int32 in
            guard let fd = inputFD else {
                throw CleanSlateError(.ioFailed, "the standard input of \(executable) is closed; relaunch to write again")
            }
            // A terminal accepts (and buffers) input after the app is gone; a pipe says EPIPE. Say
            // the same in both cases: nobody will read it.
            if terminal != nil, let exitStatus {
                throw CleanSlateError(.ioFailed, "cannot write to \(executable): it has exited (\(exitStatus)); relaunch to write again")
            }
            activeWriters += 1
            return fd
        }
    }

    /// Ends a write begun with ``beginWrite()``, closing the input if a close waited for it.
    func endWrite() {
        monitor.withLock {
            activeWriters -= 1
            if activeWriters == 0, let pending = closeWhenWritersFinish {
                SystemCall.close(pending)
                closeWhenWritersFinish = nil
            }
        }
    }

    /// Writes what the input takes of `bytes` from `offset` on. Returns true once all is written,
    /// false when the input is full (before `deadline`; after it, the timeout is thrown).
    func writeSome(_ bytes: [UInt8], to fd: Int32, from offset: inout Int, deadline: MonotonicInstant, limit: WaitLimit?) throws -> Bool {
        try bytes.withUnsafeBytes { all in
            while offset < all.count {
                switch Descriptors.write(fd, UnsafeRawBufferPointer(rebasing: all[offset...]), toTerminal: terminal != nil) {
                case let .wrote(count):
                    offset += count
                case .wouldBlock:
                    if MonotonicInstant.now >= deadline { throw inputTimeout(bytes, offset, limit) }
                    return false
                case let .failed(code):
                    throw CleanSlateError(.ioFailed, errno: code,
                        "writing to \(executable) failed after \(offset) of \(all.count) bytes (has it exited or closed its input?)")
                }
            }
            return true
        }
    }

    func inputTimeout(_ bytes: [UInt8], _ offset: Int, _ limit: WaitLimit?) -> CleanSlateError {
        CleanSlateError(.timedOut,
            "\(executable) stopped reading its input: \(bytes.count - offset) of \(bytes.count) bytes could not be written before the \(limit?.description ?? "timeout")")
    }

    /// Resizes a terminal launch: the emulator first, then the pseudo-terminal, so the app's
    /// redraw (after its SIGWINCH) lands on a screen of the new size.
    func resizeTerminal(to size: TerminalSize) throws {
        try monitor.withLock {
            guard let terminal, let fd = inputFD else {
                throw CleanSlateError(.notRunning, "cannot resize \(executable): it was not launched on a terminal, or its input is closed")
            }
            terminal.emulator.resize(rows: size.rows, columns: size.columns)
            Array("\(size.columns)x\(size.rows)".utf8).withUnsafeBytes { recorder.record(.resize, $0) }
            try PseudoTerminal.setSize(fd, rows: size.rows, columns: size.columns)
        }
    }

    /// How many writes to the app's input are in progress (for tests of the deferred close).
    var activeWriterCount: Int { monitor.withLock { activeWriters } }

    /// Closes the app's standard input, so it reads end of file.
    func closeInput() {
        monitor.withLock {
            guard let fd = inputFD else { return }
            inputFD = nil
            if activeWriters == 0 { SystemCall.close(fd) } else { closeWhenWritersFinish = fd }
        }
    }
}
