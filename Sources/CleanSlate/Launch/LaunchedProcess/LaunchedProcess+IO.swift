import Glibc
import _CleanSlateCShim

/// The I/O of a launch: reading its output sources and its keeper's socket, on the shared I/O thread, a
/// thread of its own, or a waiting thread that serves it (see `LaunchedProcess+ServedWaits.swift`), and
/// the end of the I/O.
extension LaunchedProcess {
    /// Whether this launch's I/O is served by a thread of its own rather than the shared
    /// ``IOReactor``: when an output handler may block (back-pressure must hold back this app only),
    /// and when output is delivered in pieces (each waits for the waits to look at it).
    var hasOwnThread: Bool { outputHandler != nil || fragmenter != nil }

    /// The descriptors the I/O thread waits on: open output sources and the keeper's socket.
    var ioDescriptors: [Int32] { openSources.map(\.fd) + (keeperOpen ? [keeper.fd] : []) }

    /// The keeper's socket (for tests of stale wake-ups).
    var keeperDescriptor: Int32 { keeper.fd }

    /// Handles a readable descriptor of this launch (on its I/O thread, or with `ioLock` held on the
    /// reactor or a serving waiter). Returns the descriptors that were closed as a result (end of
    /// file), so the caller stops waiting on them.
    func ioReadable(_ fd: Int32, buffer: UnsafeMutableRawBufferPointer) -> [Int32] {
        var closed: [Int32] = []
        if let source = openSources.first(where: { $0.fd == fd }) {
            if !drain(source, buffer, untilEmpty: false) { closed.append(source.fd) }
        } else if fd == keeper.fd && keeperOpen {
            guard let event = keeper.nextEventIfReady() else { return closed }
            if case .exited = event {
                // Everything the app wrote before exiting is already in the pipes: take it first,
                // so that a test that sees the exit also sees all of its output.
                for source in openSources where !closed.contains(source.fd) {
                    if !drain(source, buffer, untilEmpty: true) { closed.append(source.fd) }
                }
            }
            if case .closed = event {
                keeperOpen = false
                stopWatching([keeper.fd])  // not closed here: terminate() owns the socket
            }
            record(event)
            if monitor.withLock({ hangUpIsDue() }) {
                closed += openSources.map(\.fd).filter { !closed.contains($0) }
            }
        }
        closeSources(closed)
        return closed
    }

    /// Whether the terminal may now be closed for a hang-up under way: the keeper has sent its
    /// signals (or the app or the keeper is gone). Call with the monitor held; true only once.
    func hangUpIsDue() -> Bool {
        guard let target = hangUpAfterSignals, signalsSent >= target || exitStatus != nil || keeperGone else { return false }
        hangUpAfterSignals = nil
        return true
    }

    /// Carries out what terminate() asked of the I/O thread. Returns the descriptors it no longer
    /// waits on, and whether the launch's I/O is over.
    func ioCommands() -> (closed: [Int32], over: Bool) {
        if monitor.withLock({ ioEnded }) { return ([], false) }
        if monitor.withLock({ stopRequested }) { return (ioDescriptors, true) }
        return ([], ioIsOver)
    }

    /// The I/O is over once every source has ended and the keeper has nothing more to say.
    var ioIsOver: Bool {
        openSources.isEmpty && (!keeperOpen || monitor.withLock { treeEmpty })
    }

    func closeSources(_ fds: [Int32]) {
        let sources = openSources.filter { fds.contains($0.fd) }
        // The shared reactor forgets a descriptor before it is closed, never after: once closed,
        // its number may be reused at once by another launch on another thread. It forgets the
        // numbers this launch no longer owns too (they are not closed): it only drops entries
        // that are still this launch's, so one another launch has taken since is left alone.
        stopWatching(sources.map(\.fd))
        sources.map(\.fd).filter { !unownedSources.contains($0) }.forEach(SystemCall.close)
        openSources.removeAll { fds.contains($0.fd) }
        if openSources.isEmpty { monitor.withLock { if !ioFinished { ioFinished = true; noteChange(exit: exitStatus != nil) } } }
    }

    func stopWatching(_ fds: [Int32]) {
        if !hasOwnThread && !fds.isEmpty { IOReactor.shared.forget(fds, of: self) }
    }

    /// Ends the I/O: closes what is still open and tells terminate() (on the I/O thread). Only the
    /// first call does anything: a request that arrives after the I/O ended by itself must not touch
    /// descriptor numbers that terminate() has since closed and another launch may now use.
    func ioEnd() {
        if monitor.withLock({ ioEnded }) { return }
        stopWatching(ioDescriptors)
        keeperOpen = false
        closeSources(openSources.map(\.fd))
        monitor.withLock {
            ioFinished = true
            ioEnded = true
            noteChange(exit: exitStatus != nil)
        }
    }

    /// Starts serving this launch's I/O: on the shared reactor, or on a thread of its own.
    func startIO() throws {
        openSources = sources
        if hasOwnThread {
            try DetachedThread.start { [self] in runOwnLoop() }
        } else {
            try IOReactor.shared.add(self)
        }
    }

    /// A thread of its own: poll this launch's descriptors and the wake-up pipe.
    func runOwnLoop() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            var entries = ioDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            entries.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            let rc = poll(&entries, nfds_t(entries.count), -1)
            if rc < 0 { if errno == EINTR { continue } else { break } }
            for entry in entries.dropLast() where entry.revents != 0 { _ = ioReadable(entry.fd, buffer: buffer) }
            if entries[entries.count - 1].revents != 0 {
                var byte: UInt8 = 0
                _ = Glibc.read(wake.read, &byte, 1)
                if ioCommands().over { break }
            }
            if ioIsOver { break }
            publishChanges()
        }
        ioEnd()
        publishChanges()
    }

    /// The most one read takes (output pipes are enlarged to this size when the system allows).
    static let readSize = 1 << 20

    /// The most that reading `untilEmpty` at the app's exit takes from one source. All the app wrote
    /// before exiting fits in its pipe (enlarged to ``readSize`` at most) or its terminal's buffer;
    /// beyond that come bytes written after the exit by a process the app left, read as they come.
    /// Without the bound, such a process writing without pause (`yes &`) could keep the reading
    /// thread in this loop for ever: the shared I/O thread, and with it every launch it serves.
    static let exitDrainLimit = readSize

    /// Reads what is available from `source`. Returns false at end of file.
    func drain(_ source: Source, _ buffer: UnsafeMutableRawBufferPointer, untilEmpty: Bool) -> Bool {
        var rounds = 0, taken = 0
        while untilEmpty ? taken < Self.exitDrainLimit : rounds < 16 {
            rounds += 1
            switch Descriptors.read(source.fd, into: buffer) {
            case let .bytes(count):
                taken += count
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                // Outside the lock: a handler that blocks holds the app back (back-pressure), not waits.
                outputHandler?(source.stream, chunk)
                var replies: [UInt8] = []
                if fragmenter != nil {
                    var start = 0
                    var holding = true
                    for length in fragmenter!.pieces(of: count) {
                        let piece = UnsafeRawBufferPointer(rebasing: chunk[start..<(start + length)])
                        replies += deliverPiece(piece, from: source, holding: &holding)
                        start += length
                    }
                } else {
                    replies = monitor.withLock { deliver(chunk, from: source) }
                }
                // Replies to the app's queries; on the shared I/O thread never wait for an app that
                // does not read its terminal (it would hold up every launch), on its own up to 1 s.
                if !replies.isEmpty {
                    try? writeInput(replies, deadline: MonotonicInstant.now.advanced(by: hasOwnThread ? .seconds(1) : .zero))
                }
            case .wouldBlock:
                return true
            case .endOfFile:
                return false
            case let .failed(code):
                monitor.withLock { outputReadFailures[source.stream] = code }
                // EBADF: the number was not open, so something else in this process closed it. It
                // is not closed again here: by now it may be another file's.
                if code == EBADF { unownedSources.append(source.fd) }
                return false
            }
        }
        return true
    }
}
