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
/// launch request is one atomic message on a sequenced-packet socket.
final class LaunchSupervisor: @unchecked Sendable {
    /// The supervisor of this process.
    static let shared = LaunchSupervisor()

    private let lock = Monitor()
    private var control: Int32?
    private var supervisorPID: pid_t = 0

    /// How long a new supervisor may take to start (it loads this program's binary and libraries).
    static let startLimit: Int32 = 30_000

    /// A launched app: its pid and the socket to its keeper.
    struct Launch {
        let pid: pid_t
        let channel: Int32
    }

    /// Spawns the app described by `request` under a new keeper.
    func launch(_ request: SpawnRequest) throws -> Launch {
        var lastError: CleanSlateError?
        // A supervisor that died since the last launch is replaced once.
        for _ in 0..<2 {
            let control = try runningControl(for: request.executablePath)
            do {
                return try launch(request, through: control)
            } catch let failure as SupervisorUnreachable {
                lastError = CleanSlateError(.spawnFailed, errno: failure.errno,
                    "the launch supervisor did not answer while launching \(request.executablePath)")
                replace(control)
            }
        }
        throw lastError!
    }

    private struct SupervisorUnreachable: Error { let errno: Int32 }

    private func launch(_ request: SpawnRequest, through control: Int32) throws -> Launch {
        let argv = CStringArray(request.argumentVector)
        let envp = CStringArray(request.environment)
        defer { argv.free(); envp.free() }
        var pid: pid_t = 0, error: Int32 = 0, stage: Int32 = 0
        let channel: Int32
        switch request.standardIO {
        case let .descriptors(input, output, error: errorFD):
            let stdio: [Int32] = [input, output, errorFD]
            channel = cs_supervisor_launch(control, request.executablePath, request.workingDirectory, nil,
                                           argv.pointers, envp.pointers, stdio, &pid, &error, &stage)
        case let .terminal(slavePath):
            channel = cs_supervisor_launch(control, request.executablePath, request.workingDirectory, slavePath,
                                           argv.pointers, envp.pointers, nil, &pid, &error, &stage)
        }
        if channel >= 0 { return Launch(pid: pid, channel: channel) }
        switch stage {
        case CS_STAGE_SPAWN:
            throw Spawner.spawnError(error, request)
        case CS_STAGE_TERMINAL:
            throw CleanSlateError(.spawnFailed, errno: error, "cannot open the pseudo-terminal for \(request.executablePath)")
        case CS_STAGE_PREPARE:
            throw CleanSlateError(.spawnFailed, errno: error, "the launch supervisor could not prepare the launch of \(request.executablePath)")
        default:
            throw SupervisorUnreachable(errno: error)
        }
    }

    /// The control socket of a running supervisor, starting one if there is none.
    private func runningControl(for executable: String) throws -> Int32 {
        try lock.withLock {
            if let control { return control }
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
            control = socket
            supervisorPID = pid
            return socket
        }
    }

    /// Drops a supervisor that stopped answering and reaps it, so the next launch starts another.
    private func replace(_ dead: Int32) {
        lock.withLock {
            guard control == dead else { return }
            SystemCall.close(dead)
            control = nil
            kill(supervisorPID, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(supervisorPID, &status, 0)
        }
    }
}
