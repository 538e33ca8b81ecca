import Glibc

/// The parts of `struct stat` the sandbox code reads, so it needs no Glibc import.
struct FileStatus: Equatable {
    enum Kind: Equatable { case regular, directory, symlink, other }

    let kind: Kind
    let permissions: UInt16
    let size: Int64
    let device: UInt64
    let inode: UInt64
    let modificationNanoseconds: Int64
    /// The inode change time (`st_ctim`), which no unprivileged call can set back.
    let changeNanoseconds: Int64
    /// The owner's user id.
    let owner: UInt32
    /// The number of hard links (0 once a directory held open has been removed).
    let linkCount: UInt64

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        permissions = UInt16(info.st_mode & 0o7777)
        size = Int64(info.st_size)
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        modificationNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changeNanoseconds = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        owner = UInt32(info.st_uid)
        linkCount = UInt64(info.st_nlink)
    }

    /// Whether two statuses describe the same file (device and inode).
    func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}

extension FileSystemCall {
    /// Whether the directory `name` in `parent` (whose status is `status`) is where a file system is
    /// mounted: its device differs from `treeDevice` (the device of the tree being walked), or
    /// `statx` says it is a mount root, which also catches bind mounts of the same file system.
    static func isMountPoint(_ status: FileStatus, at parent: Int32, _ name: FileName, treeDevice: UInt64) -> Bool {
        status.kind == .directory && (status.device != treeDevice || isMountRoot(at: parent, name) == true)
    }

    /// Whether a file system is mounted on the directory open as `fd`, whose absolute path is
    /// `path`: one `statx` of the descriptor itself; where the kernel cannot say (before Linux 5.8),
    /// its device is compared with its parent's as ``isMountPoint(_:at:_:treeDevice:)`` does. Nil
    /// when it cannot be told.
    static func isMountedOn(_ fd: Int32, path: String) -> Bool? {
        if let answer = isMountRoot(at: fd, []) { return answer }
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: 0x2F), slash + 1 < bytes.count else { return nil }
        let parentPath = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        guard let parent = try? openDirectory(path: parentPath, followingSymlink: true) else { return nil }
        defer { SystemCall.close(parent) }
        guard let parentStatus = try? fileStatus(of: parent), let status = try? fileStatus(of: fd) else { return nil }
        return status.device != parentStatus.device
    }

    /// ``status(at:_:)`` as a ``FileStatus``.
    static func fileStatus(at dirfd: Int32, _ name: FileName) throws(Errno) -> FileStatus {
        FileStatus(try status(at: dirfd, name))
    }

    /// ``status(of:)`` as a ``FileStatus``.
    static func fileStatus(of fd: Int32) throws(Errno) -> FileStatus {
        FileStatus(try status(of: fd))
    }

    /// ``status(path:)`` as a ``FileStatus``.
    static func fileStatus(path: String) throws(Errno) -> FileStatus {
        FileStatus(try status(path: path))
    }

    /// Opens the regular file `name` in `dirfd` for reading, without ever blocking or following a
    /// symlink: `O_NONBLOCK` (a FIFO that took the file's place cannot stall the open), `O_NOCTTY` (nor
    /// can a terminal device become this process's controlling terminal), then `fstat` of what was
    /// opened. Throws `EINVAL` when it is not a regular file, or not the one `expected` describes.
    static func openRegularFileForReading(at dirfd: Int32, _ name: FileName, expected: FileStatus? = nil) throws(Errno) -> Int32 {
        let fd = try openForReadingWithoutBlocking(at: dirfd, name)
        do throws(Errno) {
            let opened = try fileStatus(of: fd)
            guard opened.kind == .regular, expected.map(opened.isSameFile) ?? true else { throw Errno.invalid }
            return fd
        } catch {
            SystemCall.close(fd)
            throw error
        }
    }

    /// `openat(dirfd, name, O_RDONLY|O_NONBLOCK|O_NOCTTY|O_NOFOLLOW|O_CLOEXEC)`: whatever `name` is, the
    /// open returns at once (a FIFO without a writer included) and never acquires a terminal.
    static func openForReadingWithoutBlocking(at dirfd: Int32, _ name: FileName) throws(Errno) -> Int32 {
        try openFile(at: dirfd, name, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
    }

    /// `fcntl(fd, F_DUPFD_CLOEXEC)`.
    static func duplicate(_ fd: Int32) throws(Errno) -> Int32 {
        try check { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    /// `fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW)` for a path the caller trusts.
    static func changeMode(path: String, to mode: mode_t) throws(Errno) {
        try check { fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW) }
    }
}
