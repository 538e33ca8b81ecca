import Glibc

/// One running (or finished) launch of an app: its process, its descriptors, the thread that drains
/// its output, and the state that waits look at. An ``AppLauncher`` owns one per launch.
///
/// All mutable state is guarded by `monitor`. The I/O thread polls the output descriptors, the
/// socket to the app's keeper (see ``LaunchSupervisor``) and a wake-up pipe together, so output,
/// exit, stops and the keeper's reports are all seen the moment they happen. While a test thread
/// waits on the launch, it polls them itself instead (`LaunchedProcess+ServedWaits.swift`).
final class LaunchedProcess: @unchecked Sendable {
    /// An output descriptor and the stream it feeds.
    struct Source {
        let fd: Int32
        let stream: AppOutputStream
    }

    let pid: pid_t
    let executable: String
    let monitor = Monitor()
    /// Broadcast (besides `monitor`) when the app's exit is learnt, and when its I/O ends after the
    /// exit: what ``waitForExit(until:)`` and the terminal drain after it wait for. Output, stops and
    /// an end of file before the exit do not wake those waiters.
    let exitChanged = Monitor.Condition()
    /// Whether the keeper may take another launch once this one is over (see `LaunchSupervisor.Launch`).
    let keeperReusable: Bool

    // Guarded by `monitor`.
    /// What the app wrote to each stream, within the output limit.
    var output: [AppOutputStream: OutputBuffer]
    /// Plain-text waits in progress, fed every chunk as it arrives.
    var watches: [OutputWatch] = []
    var exitStatus: AppExitStatus?
    /// Why the size-limited sandbox was not copied back at the app's exit (nil: it was, or none).
    var copyBackRefusal: SandboxCopyBackRefusal?
    /// The signal that stopped the app (Ctrl-Z, SIGSTOP), while it is stopped.
    var stopSignal: Int32?
    /// Every output source has reached end of file or was closed.
    var ioFinished = false
    /// The screen of a terminal launch (nil for pipes). Guarded by `monitor`.
    let terminal: TerminalSession?
    /// The timed record of the session (output, input the test sent, resizes). Guarded by `monitor`.
    let recorder: SessionRecorder

    let keeper: KeeperChannel
    /// The keeper as a process (its pid and a pidfd, when it said its pid), which the app can stop
    /// or kill in standard isolation, and the supervisor that ends it then and takes it back for reuse.
    let keeperProcess: LaunchSupervisor.Keeper
    let supervisor: LaunchSupervisor
    /// Called on the I/O thread with every chunk, in order (see ``AppLauncher/outputHandler``).
    let outputHandler: AppLauncher.OutputHandler?
    /// Cuts the output into pieces that every wait sees one by one (``Faults/outputFragmentLength``);
    /// used only on this launch's own I/O thread.
    var fragmenter: OutputFragmenter?
    /// What a failed wait says about the output's pieces and how to replay them (nil without).
    let faultNote: String?
    /// Output pieces delivered so far, and how many of the waits in progress have not yet looked
    /// at the latest one (guarded by `monitor`; see ``deliverPiece(_:from:)``).
    var pieceNumber = 0
    var waitsBehind = 0
    var waitsInProgress = 0
    /// Waits in progress that take the output whole (see ``receivingAllOutput(_:)``).
    var waitsForAll = 0
    /// Signalled when a wait has looked at the latest piece of output, or ended.
    let pieceSeen = Monitor.Condition()
    var inputFD: Int32?
    /// Writes in progress on `inputFD`; a close waits for them to end (the descriptor number must
    /// not be reused for another file while a write is about to use it).
    var activeWriters = 0
    var closeWhenWritersFinish: Int32?
    let sources: [Source]
    let wake: (read: Int32, write: Int32)

    // Termination, guarded by `monitor`.
    enum Termination { case none, inProgress, done }
    var termination = Termination.none
    var escaped: [EscapedProcess] = []
    var treeGone = false
    /// The keeper is still busy with this launch's tree after termination.
    var keeperBusy = false
    /// The app exited and its keeper found nothing of its tree left: termination has nothing to do.
    var treeEmpty = false
    var keeperGone = false
    /// Whether the supervisor was asked to end the keeper (the app killed, stopped or traced it).
    enum KeeperEnding { case none, inProgress, done }
    var keeperEnding = KeeperEnding.none
    /// While a hang-up is under way: how many signals the keeper must have confirmed before the I/O
    /// thread closes the terminal (see ``hangUp(followedBy:)``).
    var hangUpAfterSignals: Int?
    var stopRequested = false
    /// The launch's I/O is over: its thread (own or shared) no longer touches its descriptors.
    var ioEnded = false
    /// How many signals the keeper has confirmed sending.
    var signalsSent = 0
    /// Changes the I/O thread has made and not yet announced: it announces them once per batch of
    /// ready descriptors (``publishChanges()``), so that the end of an app (its pipes' end of file,
    /// its exit, the end of its I/O, often all in one batch) wakes a waiting test once, not once each.
    var unpublished = (any: false, exit: false)
    /// How many changes to what waits look at have been made, all of them and those about the exit
    /// (see ``exitChanged``): a wait that serves the I/O itself returns after one.
    var changeCount = 0
    var exitChangeCount = 0

    // A waiting thread that serves the I/O (see `LaunchedProcess+ServedWaits.swift`).
    /// Serialises the handling of this launch's I/O between the shared reactor and a test thread that
    /// serves it while it waits. Taken before `monitor` (or, with `monitor` held, only if free).
    let ioLock = Monitor()
    /// A waiting test thread serves this launch's I/O: the reactor leaves it alone. Guarded by `ioLock`.
    var servedByWaiter = false
    /// Wakes the serving thread for terminate()'s requests and the supervisor's end of the keeper
    /// (an eventfd, -1 until the launch is first served). Guarded by `ioLock`.
    var waiterWake: Int32 = -1
    /// The serving thread's read buffer (allocated when the launch is first served). Guarded by `ioLock`.
    var waiterBuffer: UnsafeMutableRawBufferPointer?

    init(
        pid: pid_t, keeper: Int32, executable: String, input: Int32?, sources: [Source], terminal: TerminalSession? = nil,
        outputLimit: OutputLimit, outputHandler: AppLauncher.OutputHandler?, fragmenter: OutputFragmenter? = nil,
        keeperReusable: Bool, keeperProcess: LaunchSupervisor.Keeper? = nil, supervisor: LaunchSupervisor = .shared
    ) throws {
        self.pid = pid
        self.keeperProcess = keeperProcess ?? LaunchSupervisor.Keeper(channel: keeper)
        self.supervisor = supervisor
        self.keeperReusable = keeperReusable
        self.outputHandler = outputHandler
        self.fragmenter = fragmenter
        self.faultNote = fragmenter.map {
            "faults: output delivered in pieces of 1 to \($0.maximumLength) bytes, seed \($0.seed); "
                + "replay them with \(Faults.seedEnvironmentVariable)=\($0.seed)"
        }
        self.output = [.standardOutput: OutputBuffer(limit: outputLimit), .standardError: OutputBuffer(limit: outputLimit)]
        self.keeper = KeeperChannel(fd: keeper)
        self.executable = executable
        self.inputFD = input
        self.terminal = terminal
        self.recorder = SessionRecorder(size: terminal.map { ($0.emulator.rows, $0.emulator.columns) })
        self.sources = sources
        for source in sources { try Descriptors.setNonBlocking(source.fd) }
        if let input { try Descriptors.setNonBlocking(input) }
        // Last: nothing after it can fail. Only a launch with its own I/O thread needs a wake-up pipe.
        self.wake = outputHandler == nil && fragmenter == nil ? (-1, -1) : try Descriptors.pipe(for: "the I/O thread of \(executable)")
    }

    /// Takes charge of a child that was just spawned under a keeper: wraps its descriptors and
    /// starts the I/O thread. If any step fails, closing the keeper's socket makes the keeper kill
    /// the app's whole tree, and every descriptor handed over is closed, so nothing of a failed
    /// launch survives.
    static func adopt(
        _ launch: LaunchSupervisor.Launch, executable: String, input: Int32, sources: [Source], terminal: TerminalSession? = nil,
        output: (limit: OutputLimit, handler: AppLauncher.OutputHandler?, fragments: OutputFragmenter?)
    ) throws -> LaunchedProcess {
        let process: LaunchedProcess
        do {
            process = try LaunchedProcess(
                pid: launch.pid, keeper: launch.channel, executable: executable, input: input, sources: sources, terminal: terminal,
                outputLimit: output.limit, outputHandler: output.handler, fragmenter: output.fragments, keeperReusable: launch.keeperReusable,
                keeperProcess: launch.keeper, supervisor: launch.supervisor)
        } catch {
            launch.keeper.close()
            ([input] + sources.map(\.fd)).forEach(SystemCall.close)
            throw error
        }
        do {
            try process.startIO()
        } catch {
            // No I/O thread will close the sources or read the keeper: close everything here.
            process.sources.forEach { SystemCall.close($0.fd) }
            process.monitor.withLock {
                process.ioFinished = true
                process.ioEnded = true
                process.termination = .done
            }
            process.closeInput()
            [launch.channel, process.wake.read, process.wake.write].filter { $0 >= 0 }.forEach(SystemCall.close)
            throw error
        }
        return process
    }

    // MARK: The I/O

    // The I/O state, touched only by the thread that serves this launch's I/O.
    var openSources: [Source] = []
    var keeperOpen = true

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
        // its number may be reused at once by another launch on another thread.
        stopWatching(sources.map(\.fd))
        sources.forEach { SystemCall.close($0.fd) }
        openSources.removeAll { fds.contains($0.fd) }
        if openSources.isEmpty { monitor.withLock { if !ioFinished { ioFinished = true; noteChange(exit: exitStatus != nil) } } }
    }

    func stopWatching(_ fds: [Int32]) {
        if !hasOwnThread && !fds.isEmpty { IOReactor.shared.forget(fds) }
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

    /// Records that the I/O thread changed what waits look at (call with the monitor held); `exit`
    /// when it concerns the app's exit (see ``exitChanged``).
    func noteChange(exit: Bool) {
        unpublished.any = true
        if exit { unpublished.exit = true }
        countChange(exit: exit)
    }

    /// Counts a change (call with the monitor held).
    func countChange(exit: Bool) {
        changeCount &+= 1
        if exit { exitChangeCount &+= 1 }
    }

    /// Wakes the waiters for what the I/O thread changed since the last call (on the I/O thread,
    /// after a batch of ready descriptors, without the monitor held).
    func publishChanges() {
        let changes = monitor.withLock { () -> (any: Bool, exit: Bool) in
            defer { unpublished = (false, false) }
            return unpublished
        }
        if changes.any { monitor.broadcast() }
        if changes.exit { monitor.broadcast(exitChanged) }
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

    /// The app's state; call with `monitor` held.
    var stateWhileLocked: AppState {
        if let exitStatus { return .exited(exitStatus) }
        if let stopSignal { return .stopped(pid: pid, signal: stopSignal) }
        return .running(pid: pid)
    }

    /// Applies one report of the keeper to the state that waits look at.
    func record(_ event: KeeperChannel.Event) {
        monitor.withLock {
            switch event {
            case let .exited(status, treeEmpty: empty):
                exitStatus = status
                stopSignal = nil
                if empty { treeEmpty = true }
            case let .copyBackRefused(refusal):
                copyBackRefusal = refusal
            case let .stopped(signal):
                stopSignal = signal
            case .continued:
                stopSignal = nil
            case let .survivor(process):
                escaped.append(process)
            case let .treeGone(stillAlive):
                treeGone = true
                // A keeper still waiting for a process stuck in the kernel cannot take another launch.
                if stillAlive > 0 { keeperBusy = true }
            case .signaled:
                signalsSent += 1
            case .treeEmpty:
                treeEmpty = true
            case .closed:
                keeperGone = true
                if keeperProcess.pid > 0 && termination == .none {
                    // The app (or another process of this user) killed the keeper. Its tree is now the
                    // supervisor's, which kills it; what it killed becomes this launch's escaped
                    // processes, and the exit is known once that is done.
                    if (try? DetachedThread.start { [self] in endKeeper() }) != nil { break }
                }
                // Inside its namespaces the keeper was PID 1: everything in them died with it.
                if exitStatus == nil { exitStatus = .signaled(SIGKILL, coreDumped: false) }
            }
            switch event {
            case .exited, .closed: noteChange(exit: true)
            default: noteChange(exit: false)
            }
        }
    }

    /// The most one read takes (output pipes are enlarged to this size when the system allows).
    static let readSize = 1 << 20

    /// Starts a plain-text wait's search: it has found `needle` at once if the output kept holds it;
    /// otherwise the I/O thread feeds it every new chunk. Call with the monitor held.
    func startWatch(for needle: [UInt8], in stream: AppOutputStream) -> OutputWatch {
        let kept = output[stream]!
        let watch = OutputWatch(needle: needle, stream: stream, seen: kept.suffix(max(0, needle.count - 1)))
        if kept.bytes.withUnsafeBytes({ ByteSearch.contains(needle, in: $0) }) { watch.markFound() }
        watches.append(watch)
        return watch
    }

    /// Ends a wait's search. Call with the monitor held.
    func stopWatch(_ watch: OutputWatch) {
        watches.removeAll { $0 === watch }
    }

    /// Keeps `bytes` of `source`'s output and hands them to the screen and the searches of waits;
    /// returns the terminal's replies. Call with the monitor held.
    func deliver(_ bytes: UnsafeRawBufferPointer, from source: Source) -> [UInt8] {
        output[source.stream]!.append(bytes)
        recorder.record(.output, bytes)
        for watch in watches where watch.stream == source.stream { watch.scan(bytes) }
        let replies = terminal?.consume(bytes) ?? []
        noteChange(exit: false)
        return replies
    }

    /// Delivers one piece of output in fault injection. A piece waits (up to ``pieceLookLimit``,
    /// after which the rest of the chunk goes at once, `holding` cleared) for a wait to be in
    /// progress, as the test's next wait usually starts just after the input that made the app
    /// redraw; then it is delivered, and each wait in progress is given the time (up to the same
    /// limit) to look at it before the next piece comes. So a wait sees the screen or the output as
    /// it is after each piece, on every run, as it would if the app's output had arrived in such pieces.
    func deliverPiece(_ piece: UnsafeRawBufferPointer, from source: Source, holding: inout Bool) -> [UInt8] {
        monitor.withLock {
            if holding {
                let held = MonotonicInstant.now.advanced(by: Self.pieceLookLimit)
                while waitsInProgress == 0 && waitsForAll == 0 {
                    if !monitor.wait(on: pieceSeen, until: held) { holding = false; break }
                }
            }
            let replies = deliver(piece, from: source)
            unpublished = (false, unpublished.exit)
            pieceNumber += 1
            waitsBehind = waitsInProgress
            monitor.broadcast()
            let limit = MonotonicInstant.now.advanced(by: Self.pieceLookLimit)
            while waitsBehind > 0 { if !monitor.wait(on: pieceSeen, until: limit) { break } }
            return replies
        }
    }

    /// Marks a wait that needs all the output, not each piece (waiting for the app's exit), for the
    /// duration of `body`: pieces are not held back for a wait while it runs.
    func receivingAllOutput<T>(_ body: () throws -> T) rethrows -> T {
        beginReceivingAllOutput()
        defer { endReceivingAllOutput() }
        return try body()
    }

    /// Starts what ``receivingAllOutput(_:)`` marks (for a wait that cannot run in one closure).
    func beginReceivingAllOutput() {
        monitor.withLock { waitsForAll += 1 }
        monitor.broadcast(pieceSeen)
    }

    /// Ends what ``beginReceivingAllOutput()`` started.
    func endReceivingAllOutput() {
        monitor.withLock { waitsForAll -= 1 }
    }

    /// How long a piece of output waits for the waits in progress to look at it.
    static let pieceLookLimit: Duration = .seconds(1)

    /// Starts a wait that looks at output piece by piece; returns the piece it has seen. Call with the monitor held.
    func beginPieceWait() -> Int {
        waitsInProgress += 1
        if faultNote != nil { monitor.broadcast(pieceSeen) }
        return pieceNumber
    }

    /// Parks a wait until something changes or `deadline` (see ``park(until:forExit:)``), first telling
    /// the I/O thread the wait has looked at the latest piece. Call with the monitor held.
    func waitForPiece(after seen: inout Int, until deadline: MonotonicInstant) -> Bool {
        notePieceSeen(&seen)
        return park(until: deadline)
    }

    /// Ends a wait begun with ``beginPieceWait()``. Call with the monitor held.
    func endPieceWait(seen: Int) {
        var seen = seen
        notePieceSeen(&seen)
        waitsInProgress -= 1
    }

    /// Tells the I/O thread the wait has looked at the latest piece. Call with the monitor held.
    func notePieceSeen(_ seen: inout Int) {
        guard seen != pieceNumber else { return }
        seen = pieceNumber
        if waitsBehind > 0 {
            waitsBehind -= 1
            monitor.broadcast(pieceSeen)
        }
    }

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
            case .endOfFile, .failed:
                return false
            }
        }
        return true
    }

    // MARK: Input

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
    /// task sleeps (``Task/sleep(for:)``, holding no thread) and tries again, first after 1 ms, then
    /// twice as long each time up to ``inputRetryLimit``, until `deadline`. Throws
    /// `CancellationError` when the task is cancelled.
    func writeInput(_ bytes: [UInt8], deadline: MonotonicInstant, limit: WaitLimit? = nil) async throws {
        try Task.checkCancellation()
        let fd = try beginWrite()
        defer { endWrite() }
        var offset = 0
        var pause = Duration.milliseconds(1)
        while try !writeSome(bytes, to: fd, from: &offset, deadline: deadline, limit: limit) {
            try await Task.sleep(for: min(pause, deadline.duration(since: .now)))
            pause = min(pause * 2, Self.inputRetryLimit)
        }
    }

    /// The longest pause of an awaited write between two tries on a full input.
    static let inputRetryLimit: Duration = .milliseconds(20)

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

    // MARK: Teardown

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
    /// task cuts the grace periods short, and the launch is still torn down in full: the short
    /// waits that make it safe (the tree and the I/O ending, milliseconds) then block.
    @discardableResult
    func terminate(policy: TerminationPolicy) async -> [EscapedProcess] {
        guard var run = beginTermination(policy) else {
            if (try? await untilTerminated.suspend()) == nil { _ = try? untilTerminated.block() }
            return monitor.withLock { escaped }
        }
        while let wait = run.next() {
            if (try? await wait.suspend()) == nil && !run.inGracePeriod { _ = try? wait.block() }
        }
        return finishTermination(run)
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
                        process.endKeeper()
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
        LaunchWait<Void>(process: self, deadline: deadline, wakes: wakes, pace: .none, servesIO: false) { [self] in
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

    /// Continues a stopped app (SIGCONT to its process group), as `fg` does.
    func resume() {
        keeper.signalGroup([SIGCONT])
    }

    /// Waits until the process has exited or `deadline` passes; returns the status if it exited.
    func waitForExit(until deadline: MonotonicInstant) -> AppExitStatus? {
        monitor.withLock {
            while exitStatus == nil { if !park(until: deadline, forExit: true) { break } }
            return exitStatus
        }
    }

    deinit {
        if monitor.withLock({ termination == .none }) { terminate(policy: .immediate) }
        waiterBuffer?.deallocate()
    }
}
