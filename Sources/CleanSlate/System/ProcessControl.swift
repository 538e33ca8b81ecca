import Glibc
import _CleanSlateCShim

/// Thin wrappers for process-level calls: pidfds, reaping, signalling a process group.
enum ProcessControl {
    /// A descriptor that becomes readable when `pid` exits (close-on-exec by default).
    static func openPidfd(_ pid: pid_t, executable: String) throws -> Int32 {
        try SystemCall.retrying("pidfd_open", "\(executable) (pid \(pid))", code: .spawnFailed) { cs_pidfd_open(pid) }
    }

    /// The pidfd of a just-spawned child; if it cannot be opened the child is killed and reaped
    /// (a child nobody can watch must not be left running).
    static func openPidfdOrKill(_ pid: pid_t, executable: String) throws -> Int32 {
        do {
            return try openPidfd(pid, executable: executable)
        } catch {
            signalGroup(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            throw error
        }
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

extension ProcessControl {
    /// Whether any process (zombies included) is still in group `pgid`.
    static func groupExists(_ pgid: pid_t) -> Bool {
        kill(-pgid, 0) == 0 || errno == EPERM
    }

    /// The live (non-zombie) members of group `pgid`, found in /proc.
    static func liveMembers(ofGroup pgid: pid_t) -> [pid_t] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var members: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), let stat = try? readSmallFile("/proc/\(pid)/stat") else { continue }
            // Fields after "(comm)": state ppid pgrp ...
            guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = stat[(close + 2)...].split(separator: UInt8(ascii: " "), maxSplits: 3)
            guard fields.count >= 3, fields[0].first != UInt8(ascii: "Z"),
                  pid_t(String(decoding: fields[2], as: UTF8.self)) == pgid else { continue }
            members.append(pid)
        }
        return members
    }

    /// After SIGKILL was sent to group `pgid`: waits, with pidfds (no polling), until every member
    /// has died or `deadline` passes. Returns the pids still alive at the deadline.
    @discardableResult
    static func waitForGroupToVanish(_ pgid: pid_t, until deadline: MonotonicInstant) -> [pid_t] {
        while true {
            let members = liveMembers(ofGroup: pgid)
            if members.isEmpty { return [] }
            var entries: [pollfd] = []
            for member in members {
                let fd = cs_pidfd_open(member)
                if fd >= 0 { entries.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
                signalProcess(member, SIGKILL)
            }
            defer { entries.forEach { SystemCall.close($0.fd) } }
            if entries.isEmpty { continue }
            // Each member's pidfd turns readable when it dies; wait for all of them.
            var pending = entries
            while !pending.isEmpty {
                if MonotonicInstant.now >= deadline { return liveMembers(ofGroup: pgid) }
                let rc = poll(&pending, nfds_t(pending.count), deadline.millisecondsFromNow)
                if rc < 0 && errno != EINTR { break }
                pending.removeAll { $0.revents != 0 }
                for index in pending.indices { pending[index].revents = 0 }
            }
        }
    }

    private static func readSmallFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        defer { SystemCall.close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Descriptors.read(fd, into: $0) }
        guard case let .bytes(n) = count else { return [] }
        return Array(buffer[0..<n])
    }
}
