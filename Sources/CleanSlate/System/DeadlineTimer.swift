/// The one thread that resumes awaited waits when their deadline comes (``SuspendedWait``): a
/// suspended wait holds no thread, so something must wake it when nothing else does. It sleeps
/// on the monotonic clock until the earliest deadline scheduled, never polling. It is started by
/// the first awaited wait and lives as long as the process, like the shared I/O thread.
final class DeadlineTimer: @unchecked Sendable {
    /// The timer of this process.
    static let shared = DeadlineTimer()

    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var scheduled: [ObjectIdentifier: SuspendedWait] = [:]
    private var started = false
    /// The instant the thread sleeps until (nil: it sleeps until woken).
    private var sleepingUntil: MonotonicInstant?

    /// Wakes `wait` at `deadline` (replacing the instant it was scheduled at, if any).
    func schedule(_ wait: SuspendedWait, at deadline: MonotonicInstant) throws {
        try monitor.withLock {
            if wait.timerDeadline == deadline { return }
            if !started {
                try DetachedThread.start(stackSize: 128 * 1024) { [self] in run() }
                started = true
            }
            wait.timerDeadline = deadline
            scheduled[ObjectIdentifier(wait)] = wait
            if sleepingUntil.map({ deadline < $0 }) ?? true { monitor.broadcast() }
        }
    }

    /// Forgets `wait` (its wait is over).
    func cancel(_ wait: SuspendedWait) {
        monitor.withLock {
            wait.timerDeadline = nil
            scheduled[ObjectIdentifier(wait)] = nil
        }
    }

    private func run() {
        monitor.withLock {
            while true {
                let now = MonotonicInstant.now
                var due: [SuspendedWait] = []
                var earliest: MonotonicInstant?
                for (key, wait) in scheduled {
                    guard let deadline = wait.timerDeadline else { continue }
                    if deadline <= now {
                        due.append(wait)
                        wait.timerDeadline = nil
                        scheduled[key] = nil
                    } else {
                        earliest = min(earliest ?? deadline, deadline)
                    }
                }
                if !due.isEmpty {
                    monitor.unlocked { due.forEach { $0.wake() } }
                    continue
                }
                sleepingUntil = earliest
                if let earliest { _ = monitor.wait(until: earliest) } else { monitor.wait() }
                sleepingUntil = nil
            }
        }
    }
}
