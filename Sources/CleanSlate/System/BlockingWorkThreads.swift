/// Threads of their own for the blocking work of awaited calls: a launch's round trip to its keeper
/// (the first launch of a process also starts the supervisor and forks a keeper), and what is left of
/// a cancelled task's termination. The awaited call suspends its task on a continuation that a thread
/// here resumes once the work is done, so Swift's cooperative pool (one thread per core) never holds
/// a thread for it.
///
/// Threads are started as work comes and none is free; up to ``idleLimit`` of them stay parked for
/// the next piece of work (a launch then costs a wake-up, not a thread start), the rest end.
///
/// The test integrations run the wipe of a test's sandbox here too (`package`: not public API).
package final class BlockingWorkThreads: @unchecked Sendable {
    /// The threads of this process.
    package static let shared = BlockingWorkThreads()

    /// How many parked threads are kept for later work (each is a stack of ``stackSize`` and a
    /// parked thread, nothing more).
    static let idleLimit = 8

    /// The stack of each thread: a launch resolves paths and builds its environment with Foundation.
    static let stackSize = 512 * 1024

    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var queue: [Job] = []
    private var parked = 0
    private var unfinished = 0

    /// How many pieces of work are queued or running now (for tests).
    var unfinishedCount: Int { monitor.withLock { unfinished } }

    /// Runs `body` on one of these threads and suspends the calling task until it returns; its
    /// result or error is the call's. Not cancellable: the work runs to its end either way (it must,
    /// to leave nothing half done); the caller looks at its task's cancellation afterwards.
    package func run<T>(_ body: @escaping () throws -> T) async throws -> T {
        try await handOver(body).get().get()
    }

    /// Runs `body` as ``run(_:)`` does, or on the calling thread when no thread can be started: for
    /// work that must be done either way (a wipe, the end of a termination, an interruption
    /// handler). An error thrown by `body` is the call's, in either case.
    package func runElseHere<T>(_ body: @escaping () throws -> T) async throws -> T {
        switch await handOver(body) {
        case let .success(ran): return try ran.get()
        case .failure: return try body()
        }
    }

    /// Hands `body` to one of these threads and suspends the calling task until it has run: what
    /// it gave, or (outer failure) why no thread could take it, `body` then not run at all.
    private func handOver<T>(_ body: @escaping () throws -> T) async -> Result<Result<T, any Error>, any Error> {
        let outcome = Outcome<T>()
        var notStarted: (any Error)?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            do {
                try submit {
                    outcome.result = Result { try body() }
                    continuation.resume()
                }
            } catch {
                notStarted = error
                continuation.resume()
            }
        }
        if let notStarted { return .failure(notStarted) }
        return .success(outcome.result!)
    }

    /// What a piece of work gave, handed from its thread to the resumed task (the continuation's
    /// resume orders the write before the read).
    private final class Outcome<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }

    /// A piece of work, a class so that a job whose thread could not start is found again by identity.
    private final class Job {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Queues `body` for a parked thread, or starts a thread for it when none is free.
    private func submit(_ body: @escaping () -> Void) throws {
        let job = Job(body)
        let needsThread = monitor.withLock { () -> Bool in
            queue.append(job)
            unfinished += 1
            // Each queued job needs a parked thread of its own; a woken thread counts as parked
            // until it takes the lock again, so this may start one thread too many, never too few.
            // Each job that finds enough parked threads wakes one of them (each signal wakes a
            // thread still waiting), not all: the others would only find the queue empty again.
            return parked < queue.count
        }
        if needsThread {
            do {
                try DetachedThread.start(stackSize: Self.stackSize) { [self] in work() }
            } catch {
                // No thread: take the job back, unless a parked thread took it meanwhile.
                let taken = monitor.withLock { () -> Bool in
                    guard let index = queue.lastIndex(where: { $0 === job }) else { return true }
                    queue.remove(at: index)
                    unfinished -= 1
                    return false
                }
                if !taken { throw error }
            }
        } else {
            monitor.signal()
        }
    }

    /// A thread's life: runs queued jobs, parks while there are none, ends when enough are parked.
    private func work() {
        monitor.withLock {
            while true {
                if !queue.isEmpty {
                    let job = queue.removeFirst()
                    monitor.unlocked { job.body() }
                    unfinished -= 1
                    continue
                }
                if parked >= Self.idleLimit { return }
                parked += 1
                monitor.wait()
                parked -= 1
            }
        }
    }
}
