/// What one look at a launch found, for a ``LaunchWait``.
enum WaitStep<Outcome> {
    /// The wait is over with this outcome.
    case finished(Outcome)
    /// Nothing yet: look again after the next change.
    case pending
    /// Nothing yet: look again after the next change or at this instant, whichever comes first
    /// (a quiet period that ends by itself).
    case pendingUntil(MonotonicInstant)
    /// Run this outside the monitor (an interruption monitor's handler, which makes waits of its
    /// own), then look again, with the same deadline.
    case interlude(() throws -> Void)
}

/// The one wait on a launch, under every wait CleanSlate offers: what it waits for (`look`, called
/// with the launch's monitor held now and after every change), until when (`deadline`), which
/// changes wake it, and how it takes output delivered in pieces. It has two faces with the same
/// behaviour: ``block()`` parks the calling thread (serving the launch's I/O meanwhile, see
/// `LaunchedProcess+ServedWaits.swift`), and ``suspend()`` suspends the calling task, holding no
/// thread, until the I/O thread publishes a change, the ``DeadlineTimer`` reaches the deadline, or
/// the task is cancelled.
///
/// Both return nil once the deadline has passed and a last look found nothing; what the outcome
/// means, and the failure report, is the caller's, so they are the same on either face.
struct LaunchWait<Outcome> {
    /// Which changes make the wait look again.
    enum Wakes {
        /// Every change (output, exit, stops).
        case anyChange
        /// Only changes about the exit (see ``LaunchedProcess/exitChanged``).
        case exit
    }

    /// How the wait takes output delivered in pieces (``Faults/outputFragmentLength``).
    enum Pace {
        /// It looks at each piece: the I/O thread gives it the time to (the text and screen waits).
        case eachPiece
        /// It needs all the output, not each piece: pieces are not held back for it.
        case allOutput
        /// It does not look at the output (termination's waits): pieces neither wait for it nor skip holding.
        case none
    }

    let process: LaunchedProcess
    let deadline: MonotonicInstant
    var wakes = Wakes.anyChange
    var pace = Pace.eachPiece
    /// Whether the blocking face serves the launch's I/O while it waits (see ``LaunchedProcess/park(until:forExit:)``):
    /// every wait that looks at the output does; termination's waits (``Pace/none``) do not, as they
    /// ask the I/O thread to stop.
    var servesIO: Bool { pace != .none }
    /// The look, called with the monitor held.
    let look: () throws -> WaitStep<Outcome>

    // MARK: The blocking face

    /// Parks the calling thread until `look` gives an outcome or the deadline passes (nil).
    func block() throws -> Outcome? {
        if pace == .allOutput { process.beginReceivingAllOutput() }
        defer { if pace == .allOutput { process.endReceivingAllOutput() } }
        while true {
            let next: Next = try process.monitor.withLock {
                var seen = beginLooking()
                defer { endLooking(seen) }
                while true {
                    guard let until = try nextLook(&seen) else { continue }
                    switch until {
                    case let .instant(instant) where servesIO: _ = process.park(until: instant, forExit: wakes == .exit)
                    case let .instant(instant): _ = process.monitor.wait(on: wakes == .exit ? process.exitChanged : nil, until: instant)
                    case let .over(next): return next
                    }
                }
            }
            switch next {
            case let .outcome(outcome): return outcome
            case let .interlude(action): try action()
            }
        }
    }

    // MARK: The async face

    /// Suspends the calling task until `look` gives an outcome or the deadline passes (nil).
    ///
    /// - Throws: `CancellationError` as soon as the task is cancelled (at once if it already is).
    func suspend() async throws -> Outcome? {
        try Task.checkCancellation()
        if pace == .allOutput { process.beginReceivingAllOutput() }
        defer { if pace == .allOutput { process.endReceivingAllOutput() } }
        let suspended = SuspendedWait()
        let condition = wakes == .exit ? process.exitChanged : nil
        defer {
            process.monitor.withLock { process.monitor.delist(suspended, from: condition) }
            DeadlineTimer.shared.cancel(suspended)
        }
        return try await withTaskCancellationHandler {
            while true {
                switch try await suspendedRound(suspended, on: condition) {
                case let .outcome(outcome): return outcome
                case let .interlude(action):
                    // An interruption handler is synchronous and may wait itself (a blocking click on
                    // a dialog's button): it runs on a thread of its own while the task stays
                    // suspended, and here only when no such thread could be started.
                    try await BlockingWorkThreads.shared.runElseHere { try action() }
                }
            }
        } onCancel: {
            suspended.cancel()
        }
    }

    /// One round of looks of ``suspend()``, suspended between them: until an outcome or an interlude.
    private func suspendedRound(_ suspended: SuspendedWait, on condition: Monitor.Condition?) async throws -> Next {
        var seen = process.monitor.withLock { beginLooking() }
        defer { process.monitor.withLock { endLooking(seen) } }
        while true {
            var result: Result<Next, any Error>?
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                process.monitor.withLock {
                    do {
                        switch try nextLook(&seen) {
                        case nil:
                            continuation.resume()
                        case let .over(next)?:
                            result = .success(next)
                            continuation.resume()
                        case let .instant(instant)?:
                            // Armed first: the timer may fire as soon as it is scheduled, and a
                            // wake that finds no continuation would be lost.
                            suspended.arm(continuation)
                            process.monitor.enlist(suspended, on: condition)
                            do { try DeadlineTimer.shared.schedule(suspended, at: instant) } catch {
                                result = .failure(error)
                                suspended.wake()
                            }
                        }
                    } catch {
                        result = .failure(error)
                        continuation.resume()
                    }
                }
            }
            if suspended.isCancelled { throw CancellationError() }
            if let result { return try result.get() }
        }
    }

    // MARK: What both faces share

    /// How a round of looking ended.
    private enum Next {
        case outcome(Outcome?)
        case interlude(() throws -> Void)
    }

    /// What to do after a look.
    private enum Until {
        /// Wait until the next change or this instant, then look again.
        case instant(MonotonicInstant)
        /// Stop looking.
        case over(Next)
    }

    /// Looks once (the monitor held): the outcome, or until when to wait before the next look (nil:
    /// look again at once). Before a wait, tells the I/O thread this wait has seen the latest piece.
    private func nextLook(_ seen: inout Int) throws -> Until? {
        let until: MonotonicInstant
        switch try look() {
        case let .finished(outcome): return .over(.outcome(outcome))
        case let .interlude(action): return .over(.interlude(action))
        case .pending: until = deadline
        case let .pendingUntil(instant): until = min(instant, deadline)
        }
        if MonotonicInstant.now >= deadline { return .over(.outcome(nil)) }
        if MonotonicInstant.now >= until { return nil }
        if pace == .eachPiece { process.notePieceSeen(&seen) }
        return .instant(until)
    }

    /// Starts a round of looks (the monitor held); returns the piece seen.
    private func beginLooking() -> Int {
        pace == .eachPiece ? process.beginPieceWait() : 0
    }

    /// Ends a round of looks (the monitor held).
    private func endLooking(_ seen: Int) {
        if pace == .eachPiece { process.endPieceWait(seen: seen) }
    }
}

extension LaunchedProcess {
    /// How many awaited waits are suspended on this launch now (for tests of cancellation).
    var suspendedWaitCount: Int { monitor.suspendedCount() + monitor.suspendedCount(on: exitChanged) }
}

