import Glibc
import _CleanSlateCShim

/// Termination and the keeper: the hang-up, the termination policy, the keeper's kill of the tree,
/// the supervisor's end of a keeper the app stopped or killed, and the waits between them, run by
/// either face of ``LaunchWait``.
extension LaunchedProcess {
    /// How long termination waits, after the policy ran and the tree was killed, for the last
    /// processes to die (a process in uninterruptible sleep dies only when the kernel lets it; its
    /// keeper reaps it later, so no zombie is left either way).
    static let treeKillLimit: Duration = .seconds(5)

    /// Ends the launch: on a terminal, hangs up first (as closing a terminal window does); then runs
    /// `policy` against the app's process group; then has the keeper kill and reap everything the
    /// app started, daemons included; stops the I/O thread and closes every descriptor. Returns the
    /// processes that were still alive when the policy had run, other than the app's own group while
    /// the app was running (see ``EscapedProcess``). Safe to call more than once and from several
    /// threads: every call returns only when the launch has ended.
    @discardableResult
    func terminate(policy: TerminationPolicy) -> [EscapedProcess] {
        guard var run = beginTermination(policy) else {
            _ = try? untilTerminated.block()
            return monitor.withLock { escaped }
        }
        while let wait = run.next() { _ = try? wait.block() }
        return finishTermination(run)
    }

    /// The awaited form of ``terminate(policy:)``: its waits (the policy's grace periods, the end of
    /// the tree, the end of the I/O) suspend the task instead of blocking its thread. A cancelled
    /// task cuts the grace periods short, and the launch is still torn down in full: the waits that
    /// make it safe (the tree and the I/O ending) then run on a thread of their own
    /// (``BlockingWorkThreads``) while the task stays suspended, out of reach of its cancellation.
    @discardableResult
    func terminate(policy: TerminationPolicy) async -> [EscapedProcess] {
        guard var run = beginTermination(policy) else {
            await uncancellably(untilTerminated)
            return monitor.withLock { escaped }
        }
        while let wait = run.next() {
            if run.inGracePeriod { _ = try? await wait.suspend() } else { await uncancellably(wait) }
        }
        return finishTermination(run)
    }

    /// Waits until `wait` is over (or its deadline passed), suspended, whether or not the task is
    /// cancelled: once cancelled, its blocking face runs on a thread of ``BlockingWorkThreads`` (on
    /// the calling thread only when no thread can be started).
    private func uncancellably(_ wait: LaunchWait<Void>) async {
        do {
            _ = try await wait.suspend()
            return
        } catch {
            // Cancelled (or no deadline timer could be started): the wait goes on, blocking, elsewhere.
        }
        _ = try? await BlockingWorkThreads.shared.runElseHere { _ = try wait.block() }
    }

    /// Termination, one step at a time: ``next()`` does what comes next without waiting (signals,
    /// the keeper's kill) and returns what to wait for before the step after it.
    struct TerminationRun {
        fileprivate enum Stage { case policy, killTree, endKeeper, stopIO, done }
        let process: LaunchedProcess
        fileprivate var steps: ArraySlice<TerminationPolicy.Step>
        let appWasRunning: Bool
        fileprivate var stage = Stage.policy

        /// Whether the wait last returned is one of the policy's (which a cancelled task cuts short).
        var inGracePeriod: Bool { stage == .policy }

        mutating func next() -> LaunchWait<Void>? {
            while true {
                switch stage {
                case .policy:
                    guard let step = steps.popFirst(), process.monitor.withLock({ process.exitStatus == nil }) else {
                        stage = .killTree
                        continue
                    }
                    switch step {
                    case let .signal(signal):
                        process.keeper.signalGroup(process.withContinue(signal))
                    case let .wait(duration):
                        return process.until(MonotonicInstant.now.advanced(by: duration), wakes: .exit) { $0.exitStatus != nil }
                    }
                case .killTree:
                    stage = .endKeeper
                    if !process.monitor.withLock({ process.treeEmpty }) {
                        process.keeper.killTree(appWasRunning: appWasRunning, limit: LaunchedProcess.treeKillLimit)
                        let deadline = MonotonicInstant.now.advanced(by: LaunchedProcess.treeKillLimit + .seconds(1))
                        return process.until(deadline) { $0.treeGone || $0.keeperGone || $0.ioEnded }
                    }
                case .endKeeper:
                    stage = .stopIO
                    // A keeper that was killed, or that did not answer (stopped again, or traced), is ended by
                    // the supervisor together with everything its tree left.
                    if process.keeperProcess.pid > 0 && process.monitor.withLock({ process.keeperGone || (!process.treeGone && !process.treeEmpty) }) {
                        // The supervisor's round trip (up to its reply limit) runs on a thread of its
                        // own, and the run waits for its end like any other step: an awaited
                        // termination stays suspended meanwhile instead of holding a pool thread.
                        // (Started only once: the keeper's `.closed` report may have started it already.)
                        if process.monitor.withLock({ process.keeperEnding == .none }),
                           (try? DetachedThread.start { [process] in process.endKeeper() }) == nil {
                            process.endKeeper()
                        }
                        return process.until(MonotonicInstant(nanoseconds: .max / 2)) { $0.keeperEnding == .done }
                    }
                case .stopIO:
                    stage = .done
                    if !process.monitor.withLock({ process.ioEnded }) {
                        process.monitor.withLock { process.stopRequested = true }
                        process.wakeIOThread()
                        return process.until(MonotonicInstant(nanoseconds: .max / 2)) { $0.ioEnded }
                    }
                case .done:
                    return nil
                }
            }
        }
    }

    /// A wait on the monitor until `holds` (called with it held) or `deadline`, that does not serve
    /// the I/O (termination asks the I/O thread to stop) nor hold output pieces back.
    func until(_ deadline: MonotonicInstant, wakes: LaunchWait<Void>.Wakes = .anyChange, _ holds: @escaping (LaunchedProcess) -> Bool) -> LaunchWait<Void> {
        LaunchWait<Void>(process: self, deadline: deadline, wakes: wakes, pace: .none) { [self] in
            holds(self) ? .finished(()) : .pending
        }
    }

    /// Until another caller's termination is done.
    var untilTerminated: LaunchWait<Void> {
        until(MonotonicInstant(nanoseconds: .max / 2)) { $0.termination == .done }
    }

    /// Starts termination: nil when another caller already did (wait for ``untilTerminated``);
    /// otherwise continues the keeper and hangs up a terminal, and returns the steps that follow.
    func beginTermination(_ policy: TerminationPolicy) -> TerminationRun? {
        let first = monitor.withLock { () -> Bool in
            guard termination == .none else { return false }
            termination = .inProgress
            return true
        }
        guard first else { return nil }
        // An app can stop its keeper (SIGSTOP to its parent); a stopped keeper would carry out none of
        // what follows. Continuing it is harmless when it runs; when the app's tree is known to be
        // gone, the keeper has nothing to do (and the next launch continues it if need be).
        if keeperProcess.pidfd >= 0 && !monitor.withLock({ treeEmpty }) { _ = ProcessTable.send(SIGCONT, pidfd: keeperProcess.pidfd) }
        let appWasRunning = monitor.withLock { exitStatus == nil }
        var steps = policy.steps[...]
        if terminal != nil && appWasRunning {
            // The policy's signals before its first wait follow the hang-up's at once (as they did
            // when sent on their own): in the same write, so the keeper sends them all in one go.
            var leading: [Int32] = []
            while case let .signal(signal)? = steps.first {
                leading.append(signal)
                steps.removeFirst()
            }
            hangUp(followedBy: leading)
        }
        return TerminationRun(process: self, steps: steps, appWasRunning: appWasRunning)
    }

    /// Ends termination once its waits are over: closes what is left and lets the keeper go.
    func finishTermination(_ run: TerminationRun) -> [EscapedProcess] {
        closeInput()
        // A keeper whose tree is gone takes the next launch, on pipes or a terminal (it leads each
        // terminal launch's session in turn); a strict launch's keeper lives in the launch's
        // namespaces, so it is let go (it exits).
        let reusable = monitor.withLock { !keeperGone && !keeperBusy && (treeGone || treeEmpty) } && keeperReusable
        if reusable {
            keeper.release()
            supervisor.release(keeperProcess)
        } else {
            keeperProcess.close()
        }
        [wake.read, wake.write].filter { $0 >= 0 }.forEach(SystemCall.close)
        // The I/O is over: no thread serves it or will (a serving wait ends once it sees the end).
        ioLock.withLock {
            if waiterWake >= 0 { SystemCall.close(waiterWake) }
            waiterWake = -1
        }
        return monitor.withLock {
            termination = .done
            monitor.broadcast()
            return escaped
        }
    }

    /// Has the supervisor end this launch's keeper (which the app killed, stopped or traced) and
    /// everything its tree left, and records each process it killed as escaped: they were alive,
    /// and only the supervisor's second line of defence ended them. The app's exit is then known
    /// (killed). Runs once per launch; a second caller waits for the first.
    func endKeeper() {
        guard keeperProcess.pid > 0 else { return }
        let first = monitor.withLock { () -> Bool in
            if keeperEnding == .none { keeperEnding = .inProgress; return true }
            while keeperEnding != .done { monitor.wait() }
            return false
        }
        guard first else { return }
        let ended = supervisor.endKeeper(keeperProcess.pid)
        monitor.withLock {
            if let ended {
                escaped.append(contentsOf: ended.killed)
                if ended.stillAlive > 0 { keeperBusy = true }
            } else {
                escaped.append(EscapedProcess(pid: keeperProcess.pid, commandLine:
                    "the keeper of \(executable), which the app stopped or killed; the launch supervisor did not answer either, so what the app started may still be running"))
            }
            keeperGone = true
            treeGone = true
            if exitStatus == nil { exitStatus = .signaled(SIGKILL, coreDumped: false) }
            keeperEnding = .done
            countChange(exit: true)
            monitor.broadcast()
            monitor.broadcast(exitChanged)
        }
        wakeServingWaiter()
    }

    /// Closes the terminal, as closing a terminal window does: the app reads end of file or EIO
    /// from it, and its process group gets SIGHUP (then SIGCONT, so a stopped job sees it), which
    /// shells pass on to their jobs.
    ///
    /// The signals go first, as when the kernel hangs a terminal up: a shell blocked reading its
    /// terminal must see SIGHUP (and pass it to its jobs), not just a failed read. So the I/O thread
    /// closes the terminal once it has read the keeper's confirmation of both signals. The test
    /// thread does not wait for that: it goes on with the termination policy, whose signals the
    /// keeper sends after these, in order.
    /// `then` are sent right after the hang-up's two signals (see ``terminate(policy:)``).
    func hangUp(followedBy then: [Int32]) {
        monitor.withLock { hangUpAfterSignals = signalsSent + 2 }
        keeper.signalGroup([SIGHUP, SIGCONT] + then.flatMap(withContinue))
        closeInput()
    }

    /// `signal`, followed by SIGCONT while the app is stopped: a stopped app would only see the
    /// signal once continued (as `kill` in a shell does).
    func withContinue(_ signal: Int32) -> [Int32] {
        monitor.withLock { stopSignal != nil } ? [signal, SIGCONT] : [signal]
    }

    func wakeIOThread() {
        if hasOwnThread {
            var one: UInt8 = 1
            _ = Glibc.write(wake.write, &one, 1)
        } else {
            IOReactor.shared.wake(self)
            wakeServingWaiter()
        }
    }

    /// Continues a stopped app (SIGCONT to its process group), as `fg` does. Once termination has
    /// begun the keeper's socket is termination's (and, once it is over, may be another launch's).
    func resume() throws {
        try monitor.withLock {
            guard termination == .none else {
                throw CleanSlateError(.notRunning, "cannot resume \(executable): it was terminated; launch it again")
            }
        }
        keeper.signalGroup([SIGCONT])
    }

    /// Waits until the process has exited or `deadline` passes; returns the status if it exited.
    func waitForExit(until deadline: MonotonicInstant) -> AppExitStatus? {
        monitor.withLock {
            while exitStatus == nil { if !park(until: deadline, forExit: true) { break } }
            return exitStatus
        }
    }
}
