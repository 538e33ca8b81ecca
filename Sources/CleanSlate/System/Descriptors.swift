import Glibc
import _CleanSlateCShim

/// Thin wrappers for descriptor-level calls: pipes, non-blocking mode, reads and writes.
enum Descriptors {
    /// A close-on-exec pipe: `(read, write)`, both above the standard descriptors.
    static func pipe(for subject: String) throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        try SystemCall.retrying("pipe2", subject, code: .spawnFailed) { cs_pipe_cloexec(&fds) }
        // Each end is closed once on failure: the first by its moved copy once it was moved (the
        // original number is closed by then, and may already be another file's).
        let read: Int32
        do { read = try aboveStandardDescriptors(fds[0], subject) } catch {
            fds.forEach(SystemCall.close)
            throw error
        }
        do { return (read, try aboveStandardDescriptors(fds[1], subject)) } catch {
            [read, fds[1]].forEach(SystemCall.close)
            throw error
        }
    }

    /// `fd` itself if it is 3 or more; otherwise a close-on-exec copy at 3 or more, and `fd` closed.
    ///
    /// A process whose standard input, output or error is closed gets new descriptors in 0...2.
    /// Handed to the child's dup2(…, 0/1/2) file actions such a descriptor can be overwritten by an
    /// earlier action before it is copied, so none of ours may live there.
    static func aboveStandardDescriptors(_ fd: Int32, _ subject: String) throws -> Int32 {
        guard fd < 3 else { return fd }
        let moved = try SystemCall.retrying("fcntl(F_DUPFD_CLOEXEC)", subject, code: .spawnFailed) { fcntl(fd, F_DUPFD_CLOEXEC, 3) }
        SystemCall.close(fd)
        return moved
    }

    /// A close-on-exec duplicate of `fd` (the same open file under another number).
    static func duplicate(_ fd: Int32, _ subject: String) throws -> Int32 {
        try SystemCall.retrying("fcntl(F_DUPFD_CLOEXEC)", subject, code: .ioFailed) { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    /// Makes a pipe hold up to `size` bytes, if the system allows (unprivileged processes may go up
    /// to /proc/sys/fs/pipe-max-size); a pipe that cannot be enlarged keeps working as it is.
    static func enlargePipe(_ fd: Int32, to size: Int) {
        _ = cs_set_pipe_size(fd, Int32(clamping: size))
    }

    /// Sets or clears `O_NONBLOCK`.
    static func setNonBlocking(_ fd: Int32, _ on: Bool = true) throws {
        let flags = try SystemCall.retrying("fcntl(F_GETFL)", "descriptor \(fd)") { fcntl(fd, F_GETFL) }
        let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        try SystemCall.retrying("fcntl(F_SETFL)", "descriptor \(fd)") { fcntl(fd, F_SETFL, wanted) }
    }

    /// The outcome of one non-blocking read.
    enum ReadOutcome: Equatable {
        /// This many bytes were read into the buffer.
        case bytes(Int)
        /// Nothing to read right now.
        case wouldBlock
        /// End of file (or, for a pseudo-terminal master, the slave side is gone: EIO).
        case endOfFile
        /// A real error.
        case failed(Int32)
    }

    /// Reads once into `buffer`, retrying EINTR.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN: return .wouldBlock
            case EIO: return .endOfFile
            case let e: return .failed(e)
            }
        }
    }

    /// The outcome of one non-blocking write.
    enum WriteOutcome: Equatable {
        case wrote(Int)
        case wouldBlock
        case failed(Int32)
    }

    /// Writes once without ever raising SIGPIPE in this process, retrying EINTR. `toTerminal`: `fd` is
    /// a pseudo-terminal's master, which never raises SIGPIPE (a write after the other side closed
    /// succeeds or fails with EIO), so the signal mask is left alone: two system calls fewer per write.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, toTerminal: Bool = false) -> WriteOutcome {
        while true {
            let n = toTerminal ? Glibc.write(fd, bytes.baseAddress, bytes.count) : cs_write_nosigpipe(fd, bytes.baseAddress, bytes.count)
            if n >= 0 { return .wrote(n) }
            switch errno {
            case EINTR: continue
            case EAGAIN: return .wouldBlock
            case let e: return .failed(e)
            }
        }
    }

    /// Waits until `fd` is writable or `milliseconds` pass; returns false on timeout.
    static func waitWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        while true {
            let rc = poll(&entry, 1, milliseconds)
            if rc < 0 && errno == EINTR { continue }
            return rc > 0
        }
    }

    /// Waits until `fd` is readable (or at end of file) or `deadline` passes; returns false on timeout.
    static func waitReadable(_ fd: Int32, until deadline: MonotonicInstant) -> Bool {
        !waitReadable([fd], until: deadline).isEmpty
    }

    /// Waits until one of `fds` is readable (or at end of file, or in error) or `deadline` passes;
    /// returns those that are, empty on timeout.
    static func waitReadable(_ fds: [Int32], until deadline: MonotonicInstant) -> [Int32] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let rc = poll(&entries, nfds_t(entries.count), deadline.millisecondsFromNow)
            if rc < 0 && errno == EINTR { continue }
            return rc > 0 ? entries.filter { $0.revents != 0 }.map(\.fd) : []
        }
    }

    /// Fills `buffer` from a blocking socket, retrying EINTR and short reads. False at end of file
    /// or on an error (the peer is gone).
    static func readExactly(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.read(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { return false }
            offset += n
        }
        return true
    }

    /// ``readExactly(_:into:)``, except that when nothing at all is waiting it returns nil at once
    /// instead of blocking (the first read does not wait: no separate poll). Once some of it has
    /// come, it waits for the rest as ``readExactly(_:into:)`` does.
    static func readExactlyIfWaiting(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool? {
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
            if n <= 0 { return false }
            return n == buffer.count || readExactly(fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[n...]))
        }
    }

    /// Sends all of `bytes` on a blocking socket, retrying EINTR and short writes, never raising
    /// SIGPIPE (MSG_NOSIGNAL). False when the peer is gone.
    static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }
}
