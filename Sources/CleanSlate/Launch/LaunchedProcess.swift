import Glibc

/// One running (or finished) launch of an app: its process, its descriptors, the thread that drains
/// its output, and the state that waits look at. An ``AppLauncher`` owns one per launch.
///
/// All mutable state is guarded by `monitor`. The I/O thread polls the output descriptors, the
/// process's pidfd and a wake-up pipe together, so output and exit are both seen the moment they happen.
final class LaunchedProcess: @unchecked Sendable {
    /// An output descriptor and the stream it feeds.
    struct Source {
        let fd: Int32
        let stream: AppOutputStream
    }

    let pid: pid_t
    let executable: String
    let monitor = Monitor()

    // Guarded by `monitor`.
    private(set) var output: [AppOutputStream: [UInt8]] = [.standardOutput: [], .standardError: []]
    private(set) var exitStatus: ExitStatus?
    private(set) var ioFinished = false
    /// The screen of a terminal launch (nil for pipes). Guarded by `monitor`.
    let terminal: TerminalSession?

    private let pidfd: Int32
    private var inputFD: Int32?
    /// Writes in progress on `inputFD`; a close waits for them to end (the descriptor number must
    /// not be reused for another file while a write is about to use it).
    private var activeWriters = 0
    private var closeWhenWritersFinish: Int32?
    private let sources: [Source]
    private let wake: (read: Int32, write: Int32)
    private var released = false

    init(pid: pid_t, pidfd: Int32, executable: String, input: Int32?, sources: [Source], terminal: TerminalSession? = nil) throws {
        self.pid = pid
        self.pidfd = pidfd
        self.executable = executable
        self.inputFD = input
        self.terminal = terminal
        self.sources = sources
        for source in sources { try Descriptors.setNonBlocking(source.fd) }
        if let input { try Descriptors.setNonBlocking(input) }
        self.wake = try Descriptors.pipe(for: "the I/O thread of \(executable)")  // last: nothing after it can fail
    }

    /// Takes charge of a child that was just spawned: opens its pidfd, wraps its descriptors and
    /// starts the I/O thread. If any step fails, the child's process group is killed, the child is
    /// reaped, and every descriptor handed over is closed, so nothing of a failed launch survives.
    static func adopt(
        pid: pid_t, executable: String, input: Int32, sources: [Source], terminal: TerminalSession? = nil
    ) throws -> LaunchedProcess {
        let pidfd: Int32
        do {
            pidfd = try ProcessControl.openPidfdOrKill(pid, executable: executable)
        } catch {
            ([input] + sources.map(\.fd)).forEach(SystemCall.close)
            throw error
        }
        let process: LaunchedProcess
        do {
            process = try LaunchedProcess(pid: pid, pidfd: pidfd, executable: executable, input: input, sources: sources, terminal: terminal)
        } catch {
            ProcessControl.signalGroup(pid, SIGKILL)
            _ = ProcessControl.reap(pidfd: pidfd, nohang: false)
            ([pidfd, input] + sources.map(\.fd)).forEach(SystemCall.close)
            throw error
        }
        do {
            try DetachedThread.start { [process] in process.runLoop() }
        } catch {
            // No I/O thread will close the sources: close them here, then tear the rest down.
            process.sources.forEach { SystemCall.close($0.fd) }
            process.monitor.withLock { process.ioFinished = true }
            process.terminate(policy: .immediate)
            throw error
        }
        return process
    }

    // MARK: The I/O loop

    private func runLoop() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        var open = sources
        var exited = false
        var stop = false
        while !stop && !(exited && open.isEmpty) {
            var entries = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            if !exited { entries.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
            entries.append(pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0))
            let rc = poll(&entries, nfds_t(entries.count), -1)
            if rc < 0 { if errno == EINTR { continue } else { break } }

            var closed: [Int32] = []
            for (index, source) in open.enumerated() where entries[index].revents != 0 {
                if !drain(source, buffer, untilEmpty: false) { closed.append(source.fd) }
            }
            if !exited && entries[open.count].revents != 0 {
                // Everything the process wrote before exiting is already in the pipes: take it first,
                // so that a test that sees the exit also sees all of its output.
                for source in open where !closed.contains(source.fd) {
                    if !drain(source, buffer, untilEmpty: true) { closed.append(source.fd) }
                }
                let status = ProcessControl.reap(pidfd: pidfd, nohang: true, keepZombie: true)
                if let status {
                    exited = true
                    monitor.withLock { exitStatus = status; monitor.broadcast() }
                }
            }
            if entries[entries.count - 1].revents != 0 { stop = true }
            for fd in closed { SystemCall.close(fd) }
            open.removeAll { closed.contains($0.fd) }
        }
        for source in open { SystemCall.close(source.fd) }
        monitor.withLock { ioFinished = true; monitor.broadcast() }
    }

    /// Reads what is available from `source`. Returns false at end of file.
    private func drain(_ source: Source, _ buffer: UnsafeMutableRawBufferPointer, untilEmpty: Bool) -> Bool {
        var rounds = 0
        while untilEmpty || rounds < 16 {
            rounds += 1
            switch Descriptors.read(source.fd, into: buffer) {
            case let .bytes(count):
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                let replies = monitor.withLock { () -> [UInt8] in
                    output[source.stream, default: []].append(contentsOf: chunk)
                    let replies = terminal?.consume(chunk) ?? []
                    monitor.broadcast()
                    return replies
                }
                if !replies.isEmpty { try? writeInput(replies, deadline: MonotonicInstant.now.advanced(by: .seconds(1))) }
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
    func writeInput(_ bytes: [UInt8], deadline: MonotonicInstant) throws {
        let fd = try monitor.withLock { () throws -> Int32 in
            guard let fd = inputFD else {
                throw CleanSlateError(.ioFailed, "the standard input of \(executable) is closed; relaunch to write again")
            }
            activeWriters += 1
            return fd
        }
        defer {
            monitor.withLock {
                activeWriters -= 1
                if activeWriters == 0, let pending = closeWhenWritersFinish {
                    SystemCall.close(pending)
                    closeWhenWritersFinish = nil
                }
            }
        }
        var offset = 0
        try bytes.withUnsafeBytes { all in
            while offset < all.count {
                switch Descriptors.write(fd, UnsafeRawBufferPointer(rebasing: all[offset...])) {
                case let .wrote(count):
                    offset += count
                case .wouldBlock:
                    if MonotonicInstant.now >= deadline || !Descriptors.waitWritable(fd, milliseconds: deadline.millisecondsFromNow) {
                        throw CleanSlateError(.timedOut,
                            "\(executable) stopped reading its input: \(all.count - offset) of \(all.count) bytes could not be written before the timeout")
                    }
                case let .failed(code):
                    throw CleanSlateError(.ioFailed, errno: code,
                        "writing to \(executable) failed after \(offset) of \(all.count) bytes (has it exited or closed its input?)")
                }
            }
        }
    }

    /// Resizes a terminal launch: the emulator first, then the pseudo-terminal, so the app's
    /// redraw (after its SIGWINCH) lands on a screen of the new size.
    func resizeTerminal(to size: TerminalSize) throws {
        try monitor.withLock {
            guard let terminal, let fd = inputFD else {
                throw CleanSlateError(.notRunning, "cannot resize \(executable): it was not launched on a terminal, or its input is closed")
            }
            terminal.emulator.resize(rows: size.rows, columns: size.columns)
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

    /// Runs `policy` against the process group, then kills whatever is left of the group, reaps the
    /// process, stops the I/O thread and closes every descriptor. Safe to call more than once.
    func terminate(policy: TerminationPolicy) {
        let alreadyReleased = monitor.withLock { () -> Bool in
            defer { released = true }
            return released
        }
        if alreadyReleased { return }
        for step in policy.steps {
            if monitor.withLock({ exitStatus != nil }) { break }
            switch step {
            case let .signal(signal):
                if !ProcessControl.signalGroup(pid, signal) { ProcessControl.signalProcess(pid, signal) }
            case let .wait(duration):
                _ = waitForExit(until: MonotonicInstant.now.advanced(by: duration))
            }
        }
        // The leader is alive or a zombie, so `pid` still names its group: kill every straggler.
        ProcessControl.signalGroup(pid, SIGKILL)
        // SIGKILL cannot be ignored, but a process stuck in the kernel (uninterruptible sleep) dies
        // only when the kernel lets it: never block teardown on it for more than the bound below.
        if waitForExit(until: MonotonicInstant.now.advanced(by: .seconds(10))) != nil {
            _ = ProcessControl.reap(pidfd: pidfd, nohang: false)
        } else {
            _ = ProcessControl.reap(pidfd: pidfd, nohang: true)
        }
        // Members of the group may still be dying: wait for them, so that "terminated" means gone.
        if ProcessControl.groupExists(pid) {
            ProcessControl.waitForGroupToVanish(pid, until: MonotonicInstant.now.advanced(by: .seconds(5)))
        }
        if !monitor.withLock({ ioFinished }) {
            var one: UInt8 = 1
            _ = Glibc.write(wake.write, &one, 1)
            monitor.withLock { while !ioFinished { monitor.wait() } }
        }
        closeInput()
        SystemCall.close(pidfd)
        SystemCall.close(wake.read)
        SystemCall.close(wake.write)
    }

    /// Waits until the process has exited or `deadline` passes; returns the status if it exited.
    func waitForExit(until deadline: MonotonicInstant) -> ExitStatus? {
        monitor.withLock {
            while exitStatus == nil { if !monitor.wait(until: deadline) { break } }
            return exitStatus
        }
    }

    deinit {
        if !released { terminate(policy: .immediate) }
    }
}
