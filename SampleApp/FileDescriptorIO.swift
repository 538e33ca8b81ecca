import Glibc

/// Small helpers over raw file descriptors, shared by the console and the terminal wizard.
enum FileDescriptorIO {
    /// Writes every byte of `bytes` to `descriptor`, retrying after interruptions and partial
    /// writes, and waiting with poll(2) if the descriptor is non-blocking and full.
    /// Returns false if the write failed (errno tells why).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    var waitFor = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waitFor, 1, -1)
                    continue
                }
                return false
            }
            offset += written
        }
        return true
    }

    /// The text of the current errno, such as "No such file or directory".
    static func lastErrorDescription() -> String {
        String(cString: strerror(errno))
    }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }
}
