import Glibc
import _CleanSlateCShim

/// Reading other processes' identity, environment and working directory from `/proc`, and killing
/// one exactly (through a pidfd), for the sandbox sweep.
///
/// Every read is bounded and never blocks: `/proc` files are small and are read with one bounded
/// `read` loop. A process that exits meanwhile simply reads as absent.
enum ProcessTable {
    /// The identity of a process: its pid and its start time in clock ticks after boot (field 22 of
    /// `/proc/<pid>/stat`), which a reused pid does not share.
    struct Identity: Equatable {
        let pid: Int32
        let startTime: UInt64
    }

    /// This process's pid.
    static var currentPid: Int32 { getpid() }

    /// This boot's id (`/proc/sys/kernel/random/boot_id`), empty when unreadable: start times
    /// count from boot, so they are comparable only within one boot.
    static let bootID: String = {
        guard let bytes = readSmallFile("/proc/sys/kernel/random/boot_id", limit: 64) else { return "" }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    }()

    /// The PID namespace this process's pids count in: the inode of `/proc/self/ns/pid`, which reads
    /// `pid:[INODE]`; nil when it cannot be read.
    static let pidNamespace: UInt64? = {
        guard let link = try? FileSystemCall.readLink(at: AT_FDCWD, Array("/proc/self/ns/pid".utf8)),
              link.starts(with: Array("pid:[".utf8)), link.last == UInt8(ascii: "]") else { return nil }
        return UInt64(String(decoding: link.dropFirst(5).dropLast(), as: UTF8.self))
    }()

    /// Whether `/proc` counts pids in this process's namespace: `/proc/self` names this process by
    /// the pid `getpid()` returns. Not so under `unshare -p` without `--mount-proc`, where `/proc`
    /// belongs to the parent namespace and a pid read there names another process.
    static let procCountsPidsOfThisNamespace: Bool = {
        guard let link = try? FileSystemCall.readLink(at: AT_FDCWD, Array("/proc/self".utf8)) else { return false }
        return String(decoding: link, as: UTF8.self) == String(getpid())
    }()

    /// The identity of `pid` if it is alive (a zombie counts as dead), else nil.
    static func identity(of pid: Int32) -> Identity? {
        guard let stat = readSmallFile("/proc/\(pid)/stat", limit: 4096, oneRead: true),
              let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count else { return nil }
        // After "(comm) ": field 3 (state) is at index 0, so field 22 (starttime) is at index 19.
        let fields = stat[(close + 2)...].split(separator: UInt8(ascii: " "), maxSplits: 20)
        guard fields.count > 19, fields[0].first != UInt8(ascii: "Z"), fields[0].first != UInt8(ascii: "X"),
              let start = UInt64(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        return Identity(pid: pid, startTime: start)
    }

    /// The pids of every process visible in `/proc`.
    static func allPids() -> [Int32] {
        guard let proc = try? FileSystemCall.openDirectory(path: "/proc"), let entries = try? FileSystemCall.entries(of: proc) else {
            return []
        }
        SystemCall.close(proc)
        return entries.compactMap { Int32(String(decoding: $0.name, as: UTF8.self)) }
    }

    /// The user id that owns `/proc/<pid>` (the process's effective user), nil if it is gone.
    static func owner(of pid: Int32) -> UInt32? {
        (try? FileSystemCall.fileStatus(path: "/proc/\(pid)"))?.owner
    }

    /// The values of the environment `pid` was started with (`/proc/<pid>/environ`), as
    /// `NAME=value` byte strings; at most `limit` bytes are read.
    static func environment(of pid: Int32, limit: Int = 1 << 20) -> [ArraySlice<UInt8>] {
        guard let bytes = readSmallFile("/proc/\(pid)/environ", limit: limit) else { return [] }
        return bytes.split(separator: 0)
    }

    /// The working directory of `pid` (`/proc/<pid>/cwd`), nil if it cannot be read.
    static func workingDirectory(of pid: Int32) -> [UInt8]? {
        guard let proc = try? FileSystemCall.openDirectory(path: "/proc/\(pid)") else { return nil }
        defer { SystemCall.close(proc) }
        return try? FileSystemCall.readLink(at: proc, Array("cwd".utf8))
    }

    /// Opens a pidfd for `pid` (nil if it is gone): from then on, signals sent through it reach that
    /// process or nobody, even if the pid is reused.
    static func openPidfd(_ pid: Int32) -> Int32? {
        let fd = cs_pidfd_open(pid)
        return fd >= 0 ? fd : nil
    }

    /// Sends SIGKILL through `pidfd`; false if the process had already exited.
    static func kill(pidfd: Int32) -> Bool {
        send(SIGKILL, pidfd: pidfd)
    }

    /// Sends `signal` through `pidfd`; false if the process had already exited.
    static func send(_ signal: Int32, pidfd: Int32) -> Bool {
        while true {
            if cs_pidfd_send_signal(pidfd, signal) == 0 { return true }
            if errno != EINTR { return false }
        }
    }

    /// Waits until every process behind `pidfds` has exited or `timeout` passes; returns how many
    /// were still alive at the end.
    static func waitForExit(of pidfds: [Int32], timeout: Duration) -> Int {
        var pending = pidfds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = ContinuousClock.now + timeout
        while !pending.isEmpty {
            let left = deadline - ContinuousClock.now
            if left <= .zero { break }
            // Rounded up, so the last poll does not end just before the deadline.
            let rc = poll(&pending, nfds_t(pending.count), left.clampedMilliseconds &+ 1)
            if rc < 0 && errno != EINTR { break }
            pending.removeAll { $0.revents != 0 }
        }
        return pending.count
    }

    /// The first `limit` bytes of a file named by a trusted path (under `/proc`), nil if it cannot be
    /// opened; with `oneRead`, what one `read` returns (all of a small `/proc` file).
    static func readSmallFile(_ path: String, limit: Int, oneRead: Bool = false) -> [UInt8]? {
        guard let fd = try? FileSystemCall.openForReading(path: path) else { return nil }
        defer { SystemCall.close(fd) }
        return oneRead ? try? FileSystemCall.readOnce(fd, limit: limit) : try? FileSystemCall.readUpTo(fd, limit: limit)
    }
}

extension FileSystemCall {
    /// One `read` of at most `limit` bytes: for a small regular or `/proc` file, all of it, without
    /// the second call that would only report the end.
    static func readOnce(_ fd: Int32, limit: Int) throws(Errno) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = try read(fd, into: &buffer)
        buffer.removeLast(limit - count)
        return buffer
    }

    /// Reads `fd` until its end or until `limit` bytes were read.
    static func readUpTo(_ fd: Int32, limit: Int) throws(Errno) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit, 65_536))
        while result.count < limit {
            let count = try read(fd, into: &chunk)
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<min(count, limit - result.count)])
        }
        return result
    }

    /// `flock(fd, LOCK_EX|LOCK_NB)` (`LOCK_SH` when not `exclusive`): true when this descriptor now
    /// holds the lock, false when another holds a lock that conflicts with it. The lock goes away
    /// with the descriptor (its last copy, in whichever process) and works across PID namespaces.
    static func tryLock(_ fd: Int32, exclusive: Bool) throws(Errno) -> Bool {
        do {
            try check { flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) }
            return true
        } catch where error.rawValue == EWOULDBLOCK {
            return false
        }
    }

    /// `renameat(dirfd, from, dirfd, to)`: replaces `to` atomically.
    static func rename(at dirfd: Int32, _ from: FileName, to: FileName) throws(Errno) {
        try check { withCName(from) { cFrom in withCName(to) { renameat(dirfd, cFrom, dirfd, $0) } } }
    }

    /// The wall-clock time in whole seconds since 1970.
    static func secondsSinceEpoch() -> Int64 { Int64(time(nil)) }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
