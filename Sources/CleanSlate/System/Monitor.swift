import Glibc

/// A mutex with a condition variable on the monotonic clock: the one synchronisation primitive of a
/// launched app. The I/O thread changes state and broadcasts; waits sleep until woken or until their
/// deadline, so they return as soon as the awaited output arrives, with no polling. A broadcast
/// also resumes the tasks suspended on it (awaited waits, see ``enlist(_:on:)``), which hold no
/// thread meanwhile.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The condition every change is broadcast on (waiters that care about one kind of change only
    /// use a ``Condition`` of their own).
    private let general = Condition()

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the mutex held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` with the mutex held if it is free now; nil, at once, if another thread holds it.
    /// (Lets a thread that holds another lock take this one without waiting, whatever the order in
    /// which other threads take the two.)
    func withLockIfFree<T>(_ body: () throws -> T) rethrows -> T? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` with the mutex let go, and takes it again after. Call with the mutex held.
    func unlocked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_unlock(mutex)
        defer { pthread_mutex_lock(mutex) }
        return try body()
    }

    /// Wakes every waiter (but those on a ``Condition``). May be called without the mutex held, after
    /// the change was made under it.
    func broadcast() {
        broadcast(general)
    }

    /// Wakes one thread sleeping in ``wait()`` or ``wait(until:)`` (none of the tasks suspended on
    /// the monitor), for waiters that are interchangeable: each wakes for the same kind of work, and
    /// one is enough for one piece of it. May be called without the mutex held, after the change was
    /// made under it.
    func signalOne() {
        pthread_cond_signal(general.condition)
    }

    /// Sleeps until woken or until `deadline`. Call with the mutex held. Returns false once the deadline has passed.
    func wait(until deadline: MonotonicInstant) -> Bool {
        wait(on: general, until: deadline)
    }

    /// Sleeps until woken. Call with the mutex held.
    func wait() {
        pthread_cond_wait(general.condition, mutex)
    }

    /// A second condition variable on this monitor's mutex, for waiters that care about one kind of
    /// change only: changes broadcast on the monitor itself do not wake them, and on a small machine
    /// each needless wake-up is two context switches on the path being waited for.
    final class Condition: @unchecked Sendable {
        fileprivate let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Guards `suspended` (a lock of its own: a broadcast may come with or without the monitor held).
        private let suspendedLock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Tasks suspended until the next broadcast (see ``Monitor/enlist(_:on:)``).
        private var suspended: [ObjectIdentifier: SuspendedWait] = [:]

        init() {
            pthread_mutex_init(suspendedLock, nil)
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(condition, &attributes)
            pthread_condattr_destroy(&attributes)
        }

        deinit {
            pthread_cond_destroy(condition)
            condition.deallocate()
            pthread_mutex_destroy(suspendedLock)
            suspendedLock.deallocate()
        }

        fileprivate func withSuspended<T>(_ body: (inout [ObjectIdentifier: SuspendedWait]) -> T) -> T {
            pthread_mutex_lock(suspendedLock)
            defer { pthread_mutex_unlock(suspendedLock) }
            return body(&suspended)
        }

        /// Resumes every task suspended on this condition (each is then delisted).
        fileprivate func wakeSuspended() {
            let woken = withSuspended { suspended -> [SuspendedWait] in
                if suspended.isEmpty { return [] }
                defer { suspended.removeAll(keepingCapacity: true) }
                return Array(suspended.values)
            }
            woken.forEach { $0.wake() }
        }
    }

    /// Has the next broadcast on `condition` (nil: the monitor's own) resume `wait`'s task, as
    /// ``wait(on:until:)`` has it wake a thread. Call with the mutex held, in the same hold as the
    /// look that found nothing yet: a change is made with the mutex held too, so its broadcast
    /// comes after the enlisting and finds the task.
    func enlist(_ wait: SuspendedWait, on condition: Condition? = nil) {
        (condition ?? general).withSuspended { $0[ObjectIdentifier(wait)] = wait }
    }

    /// How many tasks are suspended on `condition` (nil: the monitor's own), for tests.
    func suspendedCount(on condition: Condition? = nil) -> Int {
        (condition ?? general).withSuspended { $0.count }
    }

    /// Forgets `wait` on `condition` (nil: the monitor's own), once its wait is over.
    func delist(_ wait: SuspendedWait, from condition: Condition? = nil) {
        (condition ?? general).withSuspended { $0[ObjectIdentifier(wait)] = nil }
    }

    /// Wakes every waiter on `condition`. May be called without the mutex held (after the change
    /// was made under it: a waiter either saw the change or was already asleep).
    func broadcast(_ condition: Condition) {
        pthread_cond_broadcast(condition.condition)
        condition.wakeSuspended()
    }

    /// Sleeps on `condition` (nil: the monitor's own) until woken or until `deadline`. Call with the mutex held. Returns false
    /// once the deadline has passed.
    func wait(on condition: Condition?, until deadline: MonotonicInstant) -> Bool {
        if MonotonicInstant.now >= deadline { return false }
        var time = deadline.cTimespec
        pthread_cond_timedwait((condition ?? general).condition, mutex, &time)
        return MonotonicInstant.now < deadline
    }
}

/// A point on the monotonic clock, in nanoseconds.
struct MonotonicInstant: Comparable, Sendable {
    let nanoseconds: Int64

    static var now: MonotonicInstant {
        var time = Glibc.timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// This instant plus a duration (saturating far in the future).
    func advanced(by duration: Duration) -> MonotonicInstant {
        let (seconds, attoseconds) = duration.components
        let total = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if total.overflow { return MonotonicInstant(nanoseconds: .max / 2) }
        return MonotonicInstant(nanoseconds: nanoseconds &+ total.partialValue &+ attoseconds / 1_000_000_000)
    }

    /// The time from `earlier` to this instant.
    func duration(since earlier: MonotonicInstant) -> Duration {
        .nanoseconds(nanoseconds - earlier.nanoseconds)
    }

    /// Milliseconds until this instant from now, clamped to 0...Int32.max, for poll(2).
    var millisecondsFromNow: Int32 {
        let remaining = (nanoseconds - MonotonicInstant.now.nanoseconds + 999_999) / 1_000_000
        return Int32(clamping: max(0, remaining))
    }

    var cTimespec: Glibc.timespec {
        Glibc.timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

extension Duration {
    /// The duration in whole milliseconds (rounded down), clamped to `Int32`, for poll(2) and the keeper.
    var clampedMilliseconds: Int32 {
        Int32(clamping: components.seconds.multipliedReportingOverflow(by: 1000).overflow
            ? Int64.max : components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
    }
}
