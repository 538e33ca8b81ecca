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
    }

    /// Whether two statuses describe the same file (device and inode).
    func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}

extension FileSystemCall {
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

    /// `fcntl(fd, F_DUPFD_CLOEXEC)`.
    static func duplicate(_ fd: Int32) throws(Errno) -> Int32 {
        try check { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    /// `fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW)` for a path the caller trusts.
    static func changeMode(path: String, to mode: mode_t) throws(Errno) {
        try check { fchmodat(AT_FDCWD, path, mode, AT_SYMLINK_NOFOLLOW) }
    }
}
