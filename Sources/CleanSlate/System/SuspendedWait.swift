/// A task suspended in a wait on a ``Monitor``: the continuation that a broadcast on the monitor
/// (the I/O thread publishing a change), the ``DeadlineTimer`` or the task's cancellation resumes.
///
/// One per awaited wait, armed again before each suspension. Whoever comes first resumes the
/// continuation and takes it, so it is resumed exactly once; the others find nothing to resume (a
/// broadcast that comes between two suspensions is harmless: the wait looks again before it
/// suspends, with the monitor held). A cancellation that comes before the wait suspends is kept,
/// and the next ``arm(_:)`` resumes at once.
final class SuspendedWait: @unchecked Sendable {
    private let lock = Monitor()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<Void, Never>?
    private var cancelled = false
    /// The instant the deadline timer resumes this wait at (nil: not scheduled). Guarded by the
    /// timer's lock (see ``DeadlineTimer``).
    var timerDeadline: MonotonicInstant?

    /// Whether the task waiting was cancelled.
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Keeps `continuation` for the next wake, or resumes it at once when the task was cancelled.
    func arm(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = lock.withLock { () -> Bool in
            if cancelled { return true }
            self.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    /// Resumes the suspended task, if it is suspended (something changed, or its deadline came).
    func wake() {
        lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { continuation = nil }
            return continuation
        }?.resume()
    }

    /// Marks the wait cancelled and resumes the task if it is suspended.
    func cancel() {
        lock.withLock { () -> CheckedContinuation<Void, Never>? in
            cancelled = true
            defer { continuation = nil }
            return continuation
        }?.resume()
    }
}
