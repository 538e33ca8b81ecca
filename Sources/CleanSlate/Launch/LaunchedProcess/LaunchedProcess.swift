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
    /// The error of each output stream whose reading failed (other than end of file or, on a
    /// terminal, EIO): what came after it was not seen, and a failed wait says so.
    var outputReadFailures: [AppOutputStream: Int32] = [:]
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
    /// Waits in progress that take the output whole (see ``beginReceivingAllOutput()``).
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

    // The I/O state, touched only by the thread that serves this launch's I/O.
    var openSources: [Source] = []
    /// Sources whose read said EBADF: their numbers are no longer this launch's to close.
    var unownedSources: [Int32] = []
    var keeperOpen = true

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

    deinit {
        if monitor.withLock({ termination == .none }) { terminate(policy: .immediate) }
        waiterBuffer?.deallocate()
    }
}
