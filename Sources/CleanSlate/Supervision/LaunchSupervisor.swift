import Glibc
import _CleanSlateCShim

/// The supervisor process through which every app is launched, one per test process.
///
/// Why: an app's process tree must not outlive the test, whatever the app does (double fork,
/// `setsid`, daemons, background jobs of a shell) and however the test process ends (SIGKILL and
/// crashes included, when no teardown code runs). So each launch gets a *keeper* process, forked by
/// this supervisor: the keeper is a child subreaper, so every orphaned descendant of the app is
/// re-parented to it and stays findable; it kills the whole tree on request, and by itself when its
/// socket to the test process reads end of file, which is what the test process's death looks like.
/// The supervisor and the keepers are C code in `_CleanSlateCShim/supervisor.c`; this type starts the
/// supervisor (by re-executing this program's binary, see `cs_supervisor_start`) and talks to it.
///
/// The supervisor is started on the first launch and lives as long as the test process; if it dies
/// it is started again on the next launch. Launches from concurrent tests share it safely: each
/// request for a keeper is one atomic message on a sequenced-packet socket. A keeper whose launch
/// (on pipes or a terminal) ended cleanly is kept (up to ``idleLimit``) and takes the next launch
/// directly, so in the steady state a launch costs one request to an idle keeper and no fork.
final class LaunchSupervisor: @unchecked Sendable {
    /// The supervisor of this process.
    static let shared = LaunchSupervisor()

    /// How long a keeper may take to answer a launch before the launch fails (a keeper answers at
    /// once; one that does not is stopped or was never started, and must not hang the test).
    let replyLimit: Duration

    /// A supervisor of its own (tests use one with a short `replyLimit`); launches normally go
    /// through ``shared``.
    init(replyLimit: Duration = .seconds(30)) {
        self.replyLimit = replyLimit
    }

    /// Lets the supervisor and the idle keepers go (they exit once their sockets close). For
    /// supervisors other than ``shared``, which lives as long as the process.
    deinit {
        idleKeepers.forEach { $0.close() }
        if let supervisorPID = running?.pid {
            running = nil  // closes the control socket: no request holds it any more
            // On end of file it does what it does when the test process dies: it ends what its
            // keepers cannot (a keeper its app keeps stopped), then exits. One that takes longer
            // than ``exitLimit`` is killed, so that deinit never waits longer.
            if let pidfd = ProcessTable.openPidfd(supervisorPID) {
                if ProcessTable.waitForExit(of: [pidfd], timeout: Self.exitLimit) > 0 { kill(supervisorPID, SIGKILL) }
                SystemCall.close(pidfd)
            } else {
                kill(supervisorPID, SIGKILL)
            }
            var status: Int32 = 0
            _ = waitpid(supervisorPID, &status, 0)
        }
    }

    /// How long a supervisor other than ``shared`` is given to end its keepers' trees when it is
    /// let go, before it is killed.
    static let exitLimit: Duration = .seconds(10)

    private let lock = Monitor()
    private var running: Connection?
    /// The running supervisor's pid (0 before the first launch).
    var supervisorPID: pid_t { lock.withLock { running?.pid ?? 0 } }

    /// A running supervisor: its control socket and its pid. A request holds the connection while it
    /// uses the socket, outside the lock (requests run concurrently), so the socket is closed only
    /// once the connection is dropped (the supervisor died or stopped answering) and no request still
    /// holds it: never while one is about to send on its number, which another socket may take once
    /// it is closed.
    final class Connection: @unchecked Sendable {
        let control: Int32
        let pid: pid_t

        init(control: Int32, pid: pid_t) {
            self.control = control
            self.pid = pid
        }

        deinit { SystemCall.close(control) }
    }

    /// The running supervisor's connection, if one is running (for tests).
    var connection: Connection? { lock.withLock { running } }

    /// How long a new supervisor may take to start (it loads this program's binary and libraries).
    static let startLimit: Int32 = 30_000

    /// A keeper: the socket to it, and, once it has said its pid, that pid and a pidfd for it (to
    /// continue it, SIGCONT, should the app stop it), kept together for as long as the keeper serves.
    struct Keeper {
        let channel: Int32
        var pid: pid_t = 0
        var pidfd: Int32 = -1

        /// Notes the keeper's pid, once it has said it (a pidfd is opened once per keeper).
        mutating func identify(as pid: pid_t) {
            guard pid > 0, pid != self.pid else { return }
            if pidfd >= 0 { SystemCall.close(pidfd) }
            self.pid = pid
            pidfd = ProcessTable.openPidfd(pid) ?? -1
        }

        /// Closes the socket (the keeper then ends its launch's tree and exits) and the pidfd.
        func close() {
            SystemCall.close(channel)
            if pidfd >= 0 { SystemCall.close(pidfd) }
        }
    }

    /// A launched app: its pid and its keeper.
    struct Launch {
        let pid: pid_t
        let keeper: Keeper
        var channel: Int32 { keeper.channel }
        var keeperPID: pid_t { keeper.pid }
        /// The supervisor the keeper belongs to: what ends it should the app stop or kill it.
        let supervisor: LaunchSupervisor
        /// Whether the keeper can take another launch once this one is over: not after a strict
        /// launch (it lives in the launch's namespaces).
        let keeperReusable: Bool
    }

    /// Keepers released after a launch whose tree was gone, ready for the next launch.
    private var idleKeepers: [Keeper] = []
    /// How many idle keepers are kept for reuse; more are let go (they exit). The pool grows only to
    /// the most launches this process had running at once, so a suite that runs one app at a time
    /// keeps one. Each idle keeper is a process of about 250 kB of its own (the rest is shared with
    /// the supervisor) and one socket here; keeping them spares a burst of concurrent launches a
    /// fork each (`cleanslate-benchmarks sessions`: 128 terminal sessions at once cost 1.41-1.48x
    /// raw pseudo-terminals with 16 kept, 1.17-1.18x with 128).
    static let idleLimit = 128

    /// How many idle keepers wait for a launch now.
    var idleKeeperCount: Int { lock.withLock { idleKeepers.count } }

    /// Lets every idle keeper go (they exit), so the next launch asks the supervisor for a keeper.
    func releaseIdleKeepers() {
        let idle = lock.withLock { () -> [Keeper] in defer { idleKeepers.removeAll() }; return idleKeepers }
        idle.forEach { $0.close() }
    }

    /// Spawns the app described by `request` under a keeper: an idle one when there is one (a
    /// message, no fork), else a new one from the supervisor.
    func launch(_ request: SpawnRequest) throws -> Launch {
        reapSupervisorIfDead()
        var lastError: CleanSlateError?
        // A keeper or supervisor that died meanwhile is replaced: idle keepers that turn out dead are
        // dropped one by one (each failed attempt closes one, so the pool bounds them), and the
        // supervisor is asked at most twice (started again in between if it is gone).
        var supervisorRequests = 0
        while supervisorRequests < 2 {
            // A strict launch uses up its keeper (it ends in the launch's namespaces): it takes a new
            // one, and the idle ones stay for launches that give theirs back.
            let pooled = Self.keeperIsReusable(after: request) ? lock.withLock { idleKeepers.popLast() } : nil
            // A pooled keeper's pid is known; a new one says it in its first message.
            var keeper: Keeper
            if let pooled {
                keeper = pooled
            } else {
                supervisorRequests += 1
                let connection = try runningConnection(for: request.executablePath)
                keeper = Keeper(channel: withExtendedLifetime(connection) { cs_supervisor_new_keeper(connection.control) })
                if keeper.channel < 0 {
                    lastError = CleanSlateError(.spawnFailed, errno: errno,
                        "the launch supervisor did not answer while launching \(request.executablePath)")
                    replace(connection)
                    continue
                }
            }
            do {
                return try launch(request, through: &keeper)
            } catch let failure as KeeperUnreachable where failure.errno == ETIMEDOUT {
                // A keeper that does not answer will not answer a retry either: fail, never hang. It
                // may have started the app and then been stopped by it (SIGSTOP to its parent, faster
                // than SIGCONT could undo): the supervisor ends it and whatever it started.
                if keeper.pid > 0 { _ = endKeeper(keeper.pid) }
                keeper.close()
                throw CleanSlateError(.spawnFailed, errno: ETIMEDOUT,
                    "the launch supervisor did not answer within \(replyLimit) while launching \(request.executablePath) (is it stopped?)")
            } catch let failure as KeeperUnreachable {
                keeper.close()
                lastError = CleanSlateError(.spawnFailed, errno: failure.errno,
                    "the keeper of the launch did not answer while launching \(request.executablePath)")
            } catch {
                // The keeper answered (the spawn failed): it is ready for another request, unless it
                // was the keeper inside a strict launch's namespaces.
                if Self.keeperIsReusable(after: request) { release(keeper) } else { keeper.close() }
                throw error
            }
        }
        throw lastError!
    }

    /// What ``endKeeper(_:)`` found.
    struct EndedKeeper {
        /// The processes the keeper left that the supervisor killed.
        let killed: [EscapedProcess]
        /// How many were still alive at the supervisor's deadline.
        let stillAlive: Int
    }

    /// Has the supervisor end keeper `pid` (one that was killed, or that does not answer: stopped or
    /// traced by its app) and everything its tree left, which the supervisor, a child subreaper,
    /// inherits when the keeper dies. Nil when the supervisor does not answer within ``replyLimit``
    /// (it was stopped or killed too).
    func endKeeper(_ pid: pid_t) -> EndedKeeper? {
        guard pid > 0, let connection = lock.withLock({ running }) else { return nil }
        // A stopped supervisor cannot answer; SIGCONT is harmless to a running one.
        kill(connection.pid, SIGCONT)
        let reply = withExtendedLifetime(connection) { cs_supervisor_end_keeper(connection.control, pid) }
        guard reply >= 0 else { return nil }
        defer { SystemCall.close(reply) }
        let channel = KeeperChannel(fd: reply)
        let deadline = MonotonicInstant.now.advanced(by: replyLimit)
        var killed: [EscapedProcess] = []
        while Descriptors.waitReadable(reply, until: deadline) {
            switch channel.nextEventIfReady() {
            case let .survivor(process)?: killed.append(process)
            case let .treeGone(stillAlive)?: return EndedKeeper(killed: killed, stillAlive: stillAlive)
            case nil: continue
            default: return nil
            }
        }
        return nil
    }

    /// Takes back the socket of a keeper whose launch is over and whose tree is gone, for reuse.
    func release(_ keeper: Keeper) {
        let kept = lock.withLock { () -> Bool in
            guard idleKeepers.count < Self.idleLimit else { return false }
            idleKeepers.append(keeper)
            return true
        }
        if !kept { keeper.close() }
    }

    private struct KeeperUnreachable: Error { let errno: Int32 }

    /// Whether a keeper can be pooled once `request`'s launch is over.
    /// (Pipe and terminal launches alike: a keeper leads each terminal launch's session in turn.)
    static func keeperIsReusable(after request: SpawnRequest) -> Bool {
        request.strictLayout == nil
    }

    private func launch(_ request: SpawnRequest, through keeper: inout Keeper) throws -> Launch {
        let argv = CStringArray(request.argumentVector)
        let envp = CStringArray(request.environment)
        let isolation = request.strictLayout.map { CStringArray($0.keeperArguments) }
        defer { argv.free(); envp.free(); isolation?.free() }
        var pid: pid_t = 0, keeperPID = keeper.pid, error: Int32 = 0, stage: Int32 = 0, step: Int32 = 0
        let limit = replyLimit.clampedMilliseconds
        func send(_ isolation: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
            switch request.standardIO {
            case let .descriptors(input, output, error: errorFD):
                let stdio: [Int32] = [input, output, errorFD]
                return cs_keeper_launch(keeper.channel, request.executablePath, request.workingDirectory, nil,
                                        argv.pointers, envp.pointers, stdio, isolation, &pid, &keeperPID, &error, &stage, &step, limit)
            case let .terminal(slavePath):
                return cs_keeper_launch(keeper.channel, request.executablePath, request.workingDirectory, slavePath,
                                        argv.pointers, envp.pointers, nil, isolation, &pid, &keeperPID, &error, &stage, &step, limit)
            }
        }
        let rc = isolation.map { list in list.pointers.withUnsafeBufferPointer { send($0.baseAddress) } } ?? send(nil)
        keeper.identify(as: keeperPID)
        if rc == 0 {
            return Launch(pid: pid, keeper: keeper, supervisor: self,
                          keeperReusable: Self.keeperIsReusable(after: request))
        }
        switch stage {
        case CS_STAGE_ISOLATION:
            throw IsolationFailure.error(errno: error, step: step, executable: request.executablePath, layout: request.strictLayout)
        case CS_STAGE_SPAWN:
            throw Spawner.spawnError(error, request)
        case CS_STAGE_TERMINAL:
            throw CleanSlateError(.spawnFailed, errno: error, "cannot open the pseudo-terminal for \(request.executablePath)")
        case CS_STAGE_PREPARE:
            throw CleanSlateError(.spawnFailed, errno: error, "the launch supervisor could not prepare the launch of \(request.executablePath)")
        default:
            throw KeeperUnreachable(errno: error)
        }
    }

    /// The connection to a running supervisor, starting one if there is none.
    private func runningConnection(for executable: String) throws -> Connection {
        try lock.withLock {
            if let running { return running }
            var socket: Int32 = -1
            let pid = cs_supervisor_start(environ, &socket)
            guard pid > 0 else {
                throw CleanSlateError(.spawnFailed, errno: errno,
                    "cannot start the launch supervisor (a copy of this program, /proc/self/exe) to launch \(executable)")
            }
            if cs_supervisor_wait_ready(socket, Self.startLimit) != 0 {
                let code = errno
                SystemCall.close(socket)
                kill(pid, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
                throw CleanSlateError(.spawnFailed, errno: code,
                    "the launch supervisor (this program's binary re-executed) did not start: is CleanSlate linked into "
                        + "the main executable? A library loaded later with dlopen cannot re-execute itself")
            }
            let connection = Connection(control: socket, pid: pid)
            running = connection
            return connection
        }
    }

    /// Reaps the supervisor if it died (launches served by pooled keepers never ask it, so they would
    /// not notice otherwise): no zombie of it outlives the next launch, and the next launch that needs
    /// a new keeper starts another supervisor.
    private func reapSupervisorIfDead() {
        lock.withLock {
            guard let connection = running else { return }
            var status: Int32 = 0
            guard waitpid(connection.pid, &status, WNOHANG) == connection.pid else { return }
            running = nil
        }
    }

    /// Drops a supervisor that stopped answering and reaps it, so the next launch starts another
    /// (unless another launch did so already: then `dead` was reaped, and its pid may be anyone's).
    private func replace(_ dead: Connection) {
        lock.withLock {
            guard running === dead else { return }
            running = nil
            kill(dead.pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(dead.pid, &status, 0)
        }
    }
}
