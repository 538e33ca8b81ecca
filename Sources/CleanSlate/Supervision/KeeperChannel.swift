import Glibc
import _CleanSlateCShim

/// The socket between the test process and the keeper of one launch (see ``LaunchSupervisor``):
/// commands go one way, events about the app come back.
struct KeeperChannel {
    let fd: Int32

    /// What the keeper reports.
    enum Event {
        /// The app exited; `treeEmpty` when nothing of its tree was left either (no `.treeEmpty` follows).
        case exited(AppExitStatus, treeEmpty: Bool)
        /// The size-limited sandbox was not copied back at the app's exit (reported before `.exited`).
        case copyBackRefused(SandboxCopyBackRefusal)
        /// The app was stopped by this signal.
        case stopped(Int32)
        /// The app was continued.
        case continued
        /// A descendant still alive when termination finished its policy.
        case survivor(EscapedProcess)
        /// The whole tree is gone; `stillAlive` processes had not died by the deadline.
        case treeGone(stillAlive: Int)
        /// A signal asked for with ``signalGroup(_:)`` has been sent.
        case signaled
        /// The app has exited and nothing of its tree is left.
        case treeEmpty
        /// The keeper is gone (it never closes first on its own, so it was killed).
        case closed
    }

    /// Sends `signals` to the app's process group, in order (to the app alone when the group is
    /// gone); the keeper answers ``Event/signaled`` for each once it has sent it. The requests go in
    /// one write, so the keeper handles them in one wake-up rather than one round trip each.
    func signalGroup(_ signals: [Int32]) {
        var messages = signals.map { cs_supervisor_message(type: CS_SUPERVISOR_SIGNAL_GROUP, a: $0, b: 0, c: 0) }
        _ = messages.withUnsafeMutableBytes { Descriptors.sendAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Asks the keeper to kill the whole tree: first reporting survivors (not counting the app's own
    /// group when `appWasRunning`), then answering `.treeGone` once all are dead or after `limit`.
    func killTree(appWasRunning: Bool, limit: Duration) {
        let milliseconds = limit.clampedMilliseconds
        send(CS_SUPERVISOR_KILL_TREE, appWasRunning ? 1 : 0, 1, milliseconds)
    }

    /// Tells the keeper the launch is over (its tree is gone): it then waits for the next request.
    func release() {
        send(CS_SUPERVISOR_RELEASE, 0, 0, 0)
    }

    private func send(_ type: Int32, _ a: Int32, _ b: Int32, _ c: Int32) {
        var message = cs_supervisor_message(type: type, a: a, b: b, c: c)
        _ = withUnsafeBytes(of: &message) { Descriptors.sendAll(fd, $0) }
    }

    /// The next event if the keeper has sent one (or its socket closed), else nil at once. An epoll
    /// wake-up can be stale: the launch it was for may have ended since, and its descriptor number
    /// been reused by a new launch's keeper socket with nothing to say yet. A blocking read would
    /// then hold the shared I/O thread, and every launch's output, until that keeper next spoke.
    func nextEventIfReady() -> Event? {
        var message = cs_supervisor_message()
        switch withUnsafeMutableBytes(of: &message, { Descriptors.readExactlyIfWaiting(fd, into: $0) }) {
        case nil: return nil
        case false?: return .closed
        case true?: break
        }
        switch message.type {
        case CS_SUPERVISOR_EXITED:
            let status: AppExitStatus = message.a != 0
                ? .exited(message.b) : .signaled(message.b, coreDumped: message.c & CS_EXITED_CORE_DUMPED != 0)
            return .exited(status, treeEmpty: message.c & CS_EXITED_TREE_EMPTY != 0)
        case CS_SUPERVISOR_STOPPED:
            return .stopped(message.a)
        case CS_SUPERVISOR_CONTINUED:
            return .continued
        case CS_SUPERVISOR_SURVIVOR:
            var text = [UInt8](repeating: 0, count: Int(max(0, message.b)))
            guard text.withUnsafeMutableBytes({ Descriptors.readExactly(fd, into: $0) }) else { return .closed }
            let lineLength = min(text.count, Int(max(0, message.c)))
            let executable = text[lineLength...]
            return .survivor(EscapedProcess(
                pid: message.a, commandLine: String(decoding: text[..<lineLength], as: UTF8.self),
                executable: executable.isEmpty ? nil : String(decoding: executable, as: UTF8.self)))
        case CS_SUPERVISOR_COPY_BACK_REFUSED:
            var path = [UInt8](repeating: 0, count: Int(max(0, message.b)))
            guard path.withUnsafeMutableBytes({ Descriptors.readExactly(fd, into: $0) }) else { return .closed }
            return .copyBackRefused(SandboxCopyBackRefusal(errno: message.a, reason: message.c, path: String(decoding: path, as: UTF8.self)))
        case CS_SUPERVISOR_DONE:
            return .treeGone(stillAlive: Int(message.a))
        case CS_SUPERVISOR_SIGNALED:
            return .signaled
        case CS_SUPERVISOR_TREE_EMPTY:
            return .treeEmpty
        default:
            return .closed
        }
    }
}

/// A process started (directly or not) by an app that was still alive when the app was terminated
/// and its termination policy had run: a daemon, a background job, a child that left the app's
/// process group. CleanSlate kills it anyway and reports it, because it would otherwise have
/// outlived the test.
public struct EscapedProcess: Sendable, Equatable, CustomStringConvertible {
    /// Its process id: the host's, or, when ``isInAppPIDNamespace``, the one it had in the app's
    /// PID namespace (the pid the app itself saw, as `$!` in a shell).
    public let pid: Int32
    /// Its command line, arguments separated by spaces; `[name]` (its command name) when it was
    /// between two programs (in the middle of an `exec`) at the time.
    public let commandLine: String
    /// The program it really ran: the target of its `/proc/PID/exe` (as the app saw it, in strict
    /// isolation), which, unlike ``commandLine``, a process cannot rewrite in place (`exec -a
    /// '[kworker/0:1]' sleep 1000` runs `/usr/bin/sleep` with the command line `[kworker/0:1] 1000`);
    /// it names the file run, so a copy of a program under a misleading path is named by that path
    /// (and a process with CAP_SYS_RESOURCE can replace it with `prctl(PR_SET_MM_EXE_FILE)`); nil when
    /// it could not be read (the process was ending, or made itself undumpable).
    public let executable: String?
    /// Whether ``pid`` counts in the app's own PID namespace (strict isolation) rather than the host's.
    public let isInAppPIDNamespace: Bool
    /// Whether its command line is the app's own: a copy of the app made by `fork` that had not run a
    /// program of its own yet. A shell's background job (`sleep 1000 &`) caught between the fork
    /// and the exec looks like this, so ``commandLine`` names the app, not the program it was about
    /// to become; ``description`` says so.
    public let isForkOfTheApp: Bool

    /// Creates a value (for tests and reports).
    public init(
        pid: Int32, commandLine: String, executable: String? = nil, isInAppPIDNamespace: Bool = false, isForkOfTheApp: Bool = false
    ) {
        self.pid = pid
        self.commandLine = commandLine
        self.executable = executable
        self.isInAppPIDNamespace = isInAppPIDNamespace
        self.isForkOfTheApp = isForkOfTheApp
    }

    /// `pid 4321: sleep 1000 (executable /usr/bin/sleep)`, `pid 3 in the app's PID namespace: ...`,
    /// or for a fork of the app `pid 4321: forked from the app (sh -c sleep 1000 & echo x) before it
    /// ran a program of its own (executable /usr/bin/dash)`. The executable is left out only when
    /// the command line starts with exactly its path.
    public var description: String {
        var what = commandLine.isEmpty ? "(command line unknown)"
            : isForkOfTheApp ? "forked from the app (\(commandLine)) before it ran a program of its own" : commandLine
        if let executable, commandLine != executable && !commandLine.hasPrefix(executable + " ") {
            what += " (executable \(executable))"
        }
        return "pid \(pid)\(isInAppPIDNamespace ? " in the app's PID namespace" : ""): \(what)"
    }
}
