import Glibc
import _CleanSlateCShim

/// Thin wrappers for pseudo-terminal calls.
enum PseudoTerminal {
    /// Opens a new master (close-on-exec, not our controlling terminal), granted and unlocked;
    /// returns it with the slave's path. The slave is opened by the child, after `setsid`, so that it
    /// becomes the child's controlling terminal.
    static func openMaster(for subject: String) throws -> (master: Int32, slavePath: String) {
        var name = [CChar](repeating: 0, count: 128)
        let opened = cs_open_pty_master(&name, name.count)
        guard opened >= 0 else {
            throw CleanSlateError(.spawnFailed, errno: errno, "could not open a pseudo-terminal for \(subject) (is /dev/pts mounted?)")
        }
        let fd = try Descriptors.aboveStandardDescriptors(opened, "the pseudo-terminal of \(subject)")
        let bytes = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return (fd, String(decoding: bytes, as: UTF8.self))
    }

    /// Sets the terminal size; on a master whose slave has a session, the kernel sends SIGWINCH to
    /// the foreground process group.
    static func setSize(_ fd: Int32, rows: Int, columns: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        try SystemCall.retrying("ioctl(TIOCSWINSZ)", "pseudo-terminal descriptor \(fd)") { ioctl(fd, UInt(TIOCSWINSZ), &size) }
    }

    /// A close-on-exec duplicate of `fd`.
    static func duplicate(_ fd: Int32) throws -> Int32 {
        try SystemCall.retrying("fcntl(F_DUPFD_CLOEXEC)", "descriptor \(fd)") { fcntl(fd, F_DUPFD_CLOEXEC, 3) }
    }
}
