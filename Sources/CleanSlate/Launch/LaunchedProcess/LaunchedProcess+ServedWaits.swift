import Glibc
import _CleanSlateCShim

/// Waits that serve their launch's I/O themselves.
///
/// Why: a test that waits for an app (its exit, a line on its screen) would otherwise be woken by
/// the shared I/O thread, after that thread was woken by the app's output or the keeper's report:
/// two wake-ups in a row on the path the test waits on, each worth tens of microseconds on a small
/// machine whose other core is idle. A waiting thread has nothing else to do, so it polls the
/// launch's descriptors itself, reads and delivers what comes, and returns to its check at the
/// first change: one wake-up, as in a loop written by hand.
///
/// How: the launch's descriptors leave the reactor's epoll set while a waiting thread serves them
/// (``IOReactor/lend(_:of:)``) and go back when it returns (``IOReactor/giveBack(_:of:)``; the set is
/// level-triggered, so nothing that came meanwhile is missed). `ioLock` serialises the two: the
/// reactor leaves a launch alone while `servedByWaiter` is set (an event it had already taken is
/// then the waiting thread's to handle), and every read and every end of the I/O happens with it
/// held. One waiting thread serves a launch at a time; any other waits on the monitor and is woken
/// by the serving thread's broadcasts, as by the reactor's. A launch with an I/O thread of its own
/// (an output handler, output faults) is always served by that thread.
extension LaunchedProcess {
    /// Sleeps until something changes (with `forExit`, only a change about the exit: see
    /// ``exitChanged``) or `deadline`, as `monitor.wait` does, serving the launch's I/O meanwhile when
    /// this thread can (see above). Call with the monitor held; it is let go meanwhile. Returns false
    /// once the deadline has passed.
    func park(until deadline: MonotonicInstant, forExit: Bool = false) -> Bool {
        let seen = forExit ? exitChangeCount : changeCount
        if startServing() {
            monitor.unlocked { serve(until: deadline, exitOnly: forExit, seen: seen) }
            return MonotonicInstant.now < deadline
        }
        return forExit ? monitor.wait(on: exitChanged, until: deadline) : monitor.wait(until: deadline)
    }

    /// The most one read takes on a serving thread.
    static let waiterReadSize = 64 << 10

    /// Takes the launch's I/O over from the reactor, if nobody else serves it and the I/O is not over.
    /// Call with the monitor held: `ioLock` is only taken if free, never waited for, because the
    /// reactor takes it before the monitor.
    private func startServing() -> Bool {
        guard !hasOwnThread && !ioEnded else { return false }
        return ioLock.withLockIfFree { () -> Bool in
            guard !servedByWaiter else { return false }
            if waiterWake < 0 { waiterWake = cs_eventfd() }
            guard waiterWake >= 0 else { return false }
            if waiterBuffer == nil { waiterBuffer = .allocate(byteCount: Self.waiterReadSize, alignment: 16) }
            servedByWaiter = true
            IOReactor.shared.lend(ioDescriptors, of: self)
            return true
        } ?? false
    }

    /// Serves the I/O until a change is counted (of the exit, when `exitOnly`) beyond `seen`, the I/O
    /// ends, or `deadline`; then gives it back. Call without the monitor held.
    private func serve(until deadline: MonotonicInstant, exitOnly: Bool, seen: Int) {
        defer { stopServing() }
        while true {
            let watched = ioLock.withLock { () -> [Int32]? in
                if monitor.withLock({ ioEnded || (exitOnly ? exitChangeCount : changeCount) != seen }) { return nil }
                // terminate() asked for the end of the I/O: the reactor left that to this thread.
                if ioCommands().over { ioEnd(); return nil }
                return ioDescriptors + [waiterWake]
            }
            guard let watched else { return }
            let ready = Descriptors.waitReadable(watched, until: deadline)
            if ready.isEmpty { return }
            ioLock.withLock {
                for fd in ready {
                    if fd == waiterWake {
                        var count: UInt64 = 0
                        _ = Glibc.read(waiterWake, &count, 8)
                    } else {
                        _ = ioReadable(fd, buffer: waiterBuffer!)
                    }
                }
                if ioIsOver { ioEnd() }
            }
            // Other threads waiting on the monitor are woken as the reactor would wake them.
            publishChanges()
            // An app (or what it left) that writes without pause keeps a descriptor readable for
            // ever: the deadline is looked at after every read, not only when poll finds nothing.
            if MonotonicInstant.now >= deadline { return }
        }
    }

    /// Gives the I/O back to the reactor (or ends it, when terminate() asked meanwhile).
    private func stopServing() {
        ioLock.withLock {
            servedByWaiter = false
            guard !monitor.withLock({ ioEnded }) else { return }
            if ioCommands().over { ioEnd() } else { IOReactor.shared.giveBack(ioDescriptors, of: self) }
        }
        publishChanges()
    }

    /// Wakes the thread serving the I/O, if any, to look at terminate()'s requests or the end of the
    /// keeper. Call without the monitor held.
    func wakeServingWaiter() {
        ioLock.withLock {
            guard servedByWaiter && waiterWake >= 0 else { return }
            var one: UInt64 = 1
            _ = Glibc.write(waiterWake, &one, 8)
        }
    }

    /// Handles a readable descriptor for the shared reactor, unless a waiting thread serves the I/O.
    func reactorReadable(_ fd: Int32, buffer: UnsafeMutableRawBufferPointer) {
        ioLock.withLock {
            guard !servedByWaiter else { return }
            _ = ioReadable(fd, buffer: buffer)
            if ioIsOver { ioEnd() }
        }
    }

    /// Carries out terminate()'s requests for the shared reactor, unless a waiting thread serves the
    /// I/O (that thread was woken for them too, and carries them out itself).
    func reactorCommands() {
        ioLock.withLock {
            guard !servedByWaiter else { return }
            if ioCommands().over { ioEnd() }
        }
    }
}
