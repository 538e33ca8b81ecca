import Glibc
import _CleanSlateCShim

/// Thin wrappers for process-level calls: pidfds, reaping, signalling a process group.
enum ProcessControl {
    /// A descriptor that becomes readable when `pid` exits (close-on-exec by default).
    static func openPidfd(_ pid: pid_t, executable: String) throws -> Int32 {
        try SystemCall.retrying("pidfd_open", "\(executable) (pid \(pid))", code: .spawnFailed) { cs_pidfd_open(pid) }
    }

    /// Reads the exit status of the process behind `pidfd`. Returns nil if `nohang` and it is still
    /// running. With `keepZombie` the process is not reaped, so its pid (and group id) stays reserved.
    static func reap(pidfd: Int32, nohang: Bool, keepZombie: Bool = false) -> ExitStatus? {
        var exited: Int32 = 0, value: Int32 = 0, core: Int32 = 0
        while true {
            let rc = cs_reap_pidfd(pidfd, nohang ? 1 : 0, keepZombie ? 1 : 0, &exited, &value, &core)
            if rc == 1 { return nil }
            if rc == 0 { return exited != 0 ? .exited(value) : .signaled(value, coreDumped: core != 0) }
            if errno == EINTR { continue }
            // ECHILD: already reaped elsewhere; report it as unknown rather than crash.
            return .signaled(0, coreDumped: false)
        }
    }

    /// Sends `signal` to every process in the group `pgid`; returns false if no such group exists.
    @discardableResult
    static func signalGroup(_ pgid: pid_t, _ signal: Int32) -> Bool {
        kill(-pgid, signal) == 0
    }

    /// Sends `signal` to one process.
    @discardableResult
    static func signalProcess(_ pid: pid_t, _ signal: Int32) -> Bool {
        kill(pid, signal) == 0
    }

    /// Waits up to `milliseconds` for `pidfd` to become readable (the process exited). Returns true if it did.
    static func waitForExit(pidfd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        while true {
            let rc = poll(&entry, 1, milliseconds)
            if rc < 0 && errno == EINTR { continue }
            return rc > 0
        }
    }
}
