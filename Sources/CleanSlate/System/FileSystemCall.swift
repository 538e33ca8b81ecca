import Glibc
import _CleanSlateCShim

/// A directory entry's name as the raw bytes the kernel returned, never decoded as text.
///
/// File names on Linux are byte strings: they may contain newlines or bytes that are not UTF-8.
/// Code that removes or copies entries passes these bytes back to the kernel unchanged.
typealias FileName = [UInt8]

/// One entry read from a directory: its raw name and the `d_type` hint (`DT_UNKNOWN` on some file
/// systems, so callers that need the type call ``FileSystemCall/status(at:_:)``).
struct DirectoryEntry {
    let name: FileName
    let type: UInt8

    /// Whether the entry may be a directory: `d_type` says so, or does not know (`DT_UNKNOWN`).
    var mayBeDirectory: Bool { type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) }
}

/// Thin wrappers around the descriptor-relative file-system calls CleanSlate uses.
///
/// Each wrapper retries `EINTR` and reports failure as ``Errno``; callers turn that into a
/// ``CleanSlateError`` naming the path relative to the sandbox. Names are raw bytes, resolved
/// relative to a directory descriptor, and no wrapper follows a symlink in the final component
/// unless its name says so.
enum FileSystemCall {
    /// Calls `body` with `name` as a NUL-terminated C string.
    static func withCName<T>(_ name: FileName, _ body: (UnsafePointer<CChar>) -> T) -> T {
        var terminated = name
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { body($0) }
        }
    }

    /// Runs `body` until it does not fail with `EINTR`, turning `-1` into the thread's `errno`.
    @discardableResult
    static func check<T: BinaryInteger>(_ body: () -> T) throws(Errno) -> T {
        switch SystemCall.retryingResult(body) {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// `openat(dirfd, name, O_RDONLY|O_DIRECTORY|O_NOFOLLOW|O_CLOEXEC)`: a directory, never through a symlink.
    static func openDirectory(at dirfd: Int32, _ name: FileName) throws(Errno) -> Int32 {
        try check { withCName(name) { openat(dirfd, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) } }
    }

    /// `open(path, O_RDONLY|O_DIRECTORY|O_CLOEXEC)` for an absolute path the caller trusts (a sandbox root).
    static func openDirectory(path: String, followingSymlink: Bool = false) throws(Errno) -> Int32 {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingSymlink ? 0 : O_NOFOLLOW)
        return try check { open(path, flags) }
    }

    /// `openat(dirfd, name, flags|O_NOFOLLOW|O_CLOEXEC, mode)`.
    static func openFile(at dirfd: Int32, _ name: FileName, flags: Int32, mode: mode_t = 0o600) throws(Errno) -> Int32 {
        try check { withCName(name) { openat(dirfd, $0, flags | O_NOFOLLOW | O_CLOEXEC, mode) } }
    }

    /// `open(path, O_RDONLY|O_CLOEXEC)`, following symlinks: for a host path the caller named.
    static func openForReading(path: String) throws(Errno) -> Int32 {
        try check { open(path, O_RDONLY | O_CLOEXEC) }
    }

    /// `fstatat(dirfd, name, AT_SYMLINK_NOFOLLOW)`: the entry itself, not what a symlink points to.
    static func status(at dirfd: Int32, _ name: FileName) throws(Errno) -> stat {
        var info = stat()
        try check { withCName(name) { fstatat(dirfd, $0, &info, AT_SYMLINK_NOFOLLOW) } }
        return info
    }

    /// `fstat(fd)`.
    static func status(of fd: Int32) throws(Errno) -> stat {
        var info = stat()
        try check { fstat(fd, &info) }
        return info
    }

    /// `stat(path)`, following symlinks.
    static func status(path: String) throws(Errno) -> stat {
        var info = stat()
        try check { stat(path, &info) }
        return info
    }

    /// `mkdirat(dirfd, name, mode)` (the mode is filtered by the umask; callers check or set it afterwards).
    static func makeDirectory(at dirfd: Int32, _ name: FileName, mode: mode_t = 0o700) throws(Errno) {
        try check { withCName(name) { mkdirat(dirfd, $0, mode) } }
    }

    /// `unlinkat(dirfd, name, directory ? AT_REMOVEDIR : 0)`.
    static func remove(at dirfd: Int32, _ name: FileName, directory: Bool) throws(Errno) {
        try check { withCName(name) { unlinkat(dirfd, $0, directory ? AT_REMOVEDIR : 0) } }
    }

    /// `rmdir(path)` for an absolute path the caller trusts (the sandbox root itself).
    static func removeDirectory(path: String) throws(Errno) {
        try check { rmdir(path) }
    }

    /// `fchmod(fd, mode)`: changes the mode of what the descriptor refers to, not of a path.
    static func changeMode(of fd: Int32, to mode: mode_t) throws(Errno) {
        try check { fchmod(fd, mode) }
    }

    /// `fchmodat(dirfd, name, mode, AT_SYMLINK_NOFOLLOW)`: fails (EOPNOTSUPP) on a symlink instead of
    /// changing its target.
    static func changeMode(at dirfd: Int32, _ name: FileName, to mode: mode_t) throws(Errno) {
        try check { withCName(name) { fchmodat(dirfd, $0, mode, AT_SYMLINK_NOFOLLOW) } }
    }

    /// `fchmodat(dirfd, name, mode, 0)`: for a directory this process has just created inside a
    /// folder nobody else can write, where following a symlink is not a risk and the cheaper call
    /// (no O_PATH round trip) is worth it.
    static func changeModeOfNewDirectory(at dirfd: Int32, _ name: FileName, to mode: mode_t) throws(Errno) {
        try check { withCName(name) { fchmodat(dirfd, $0, mode, 0) } }
    }

    /// `readlinkat(dirfd, name)`: the target of a symlink as raw bytes.
    static func readLink(at dirfd: Int32, _ name: FileName) throws(Errno) -> FileName {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = try readLink(at: dirfd, name, into: &buffer)
            if count < capacity { return Array(buffer[0..<count]) }
            capacity *= 4
        }
    }

    /// One `readlinkat(dirfd, name)` into `buffer`; returns the length of the target (equal to the
    /// buffer's size when the target may have been cut short).
    static func readLink(at dirfd: Int32, _ name: FileName, into buffer: inout [UInt8]) throws(Errno) -> Int {
        let capacity = buffer.count
        return try check {
            withCName(name) { cName in
                buffer.withUnsafeMutableBufferPointer { bytes in
                    bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: capacity) { readlinkat(dirfd, cName, $0, capacity) }
                }
            }
        }
    }

    /// `symlinkat(target, dirfd, name)`.
    static func makeSymlink(to target: FileName, at dirfd: Int32, _ name: FileName) throws(Errno) {
        try check { withCName(target) { cTarget in withCName(name) { symlinkat(cTarget, dirfd, $0) } } }
    }

    /// Every entry of the open directory `fd` except `.` and `..`, read from the start of the directory
    /// whatever its offset was (`fd` stays open and usable). The names are the raw `d_name` bytes.
    static func entries(of fd: Int32) throws(Errno) -> [DirectoryEntry] {
        _ = try check { lseek(fd, 0, SEEK_SET) }
        var result: [DirectoryEntry] = []
        // struct linux_dirent64: d_ino (8 bytes), d_off (8), d_reclen (2), d_type (1), d_name (NUL-terminated).
        let lengthOffset = 16, typeOffset = 18, nameOffset = 19
        let filled: Result<Void, Errno> = withUnsafeTemporaryAllocation(byteCount: 8192, alignment: 8) { buffer in
            while true {
                let count = cs_getdents64(fd, buffer.baseAddress, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failure(Errno(rawValue: errno))
                }
                if count == 0 { return .success(()) }
                var offset = 0
                while offset < count {
                    let record = UnsafeRawPointer(buffer.baseAddress!).advanced(by: offset)
                    let length = Int(record.loadUnaligned(fromByteOffset: lengthOffset, as: UInt16.self))
                    let type = record.load(fromByteOffset: typeOffset, as: UInt8.self)
                    let namePointer = record.advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
                    let name = FileName(UnsafeRawBufferPointer(start: namePointer, count: strlen(namePointer)))
                    if name != [0x2E] && name != [0x2E, 0x2E] { result.append(DirectoryEntry(name: name, type: type)) }
                    offset += max(length, 1)
                }
            }
        }
        try filled.get()
        return result
    }

    /// `mkdtemp(template)`: a new directory with mode 0700 and an unpredictable name; returns its path.
    static func makeTemporaryDirectory(template: String) throws(Errno) -> String {
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw Errno(rawValue: errno) }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `name` in `dirfd` is the root of a mount (bind mounts included); `nil` when the kernel
    /// cannot tell.
    static func isMountRoot(at dirfd: Int32, _ name: FileName) -> Bool? {
        let answer = withCName(name) { cs_is_mount_root(dirfd, $0) }
        return answer < 0 ? nil : answer == 1
    }

    /// `ioctl(dest, FICLONE, source)`: shares the source's data blocks with the destination.
    static func cloneContents(from source: Int32, to destination: Int32) throws(Errno) {
        try check { cs_ficlone(destination, source) }
    }

    /// `copy_file_range(source, dest, count)` from and to the current offsets; returns bytes copied.
    static func copyRange(from source: Int32, to destination: Int32, count: Int) throws(Errno) -> Int {
        try check { cs_copy_file_range(source, destination, count) }
    }

    /// `read(fd, buffer)`; returns bytes read (0 at end of file).
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try check { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// `write(fd, bytes)` until every byte is written.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            offset += try check { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
        }
    }

    /// `getenv(name)` at call time; the environment is read, never changed.
    static func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// `access(path, W_OK|X_OK) == 0` for a directory: whether entries can be created in it. This uses
    /// the kernel's own check, which for root still fails on a read-only file system.
    static func isWritableDirectory(_ path: String) -> Bool {
        guard let info = try? status(path: path), (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        return access(path, W_OK | X_OK) == 0
    }

    /// `realpath(path)`: the absolute path with every symlink, `.` and `..` resolved.
    static func canonicalPath(_ path: String) throws(Errno) -> String {
        guard let resolved = realpath(path, nil) else { throw Errno(rawValue: errno) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `fstatat(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW)`: the entry at an absolute path itself.
    static func fileStatusNotFollowing(path: String) throws(Errno) -> FileStatus {
        FileStatus(try status(at: AT_FDCWD, FileName(path.utf8)))
    }

    /// `geteuid()`: the user whose permissions this process has.
    static var effectiveUserID: UInt32 { geteuid() }

    /// The current working directory, for turning a relative root argument into an absolute path.
    static func currentDirectory() -> String? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}


extension FileSystemCall {
    /// `openat(dirfd, name, O_WRONLY|O_CREAT|O_TRUNC|O_NOFOLLOW|O_CLOEXEC, 0600)`: a regular file to
    /// write, created if missing, never through a symlink.
    static func createFile(at dirfd: Int32, _ name: FileName) throws(Errno) -> Int32 {
        try openFile(at: dirfd, name, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    /// `openat(dirfd, name, O_WRONLY|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC, 0600)`: a new file only.
    static func createNewFile(at dirfd: Int32, _ name: FileName) throws(Errno) -> Int32 {
        try openFile(at: dirfd, name, flags: O_WRONLY | O_CREAT | O_EXCL)
    }

    /// `openat(dirfd, name, O_RDONLY|O_NOFOLLOW|O_CLOEXEC)`: a file to read, never through a symlink.
    static func openForReading(at dirfd: Int32, _ name: FileName) throws(Errno) -> Int32 {
        try openFile(at: dirfd, name, flags: O_RDONLY)
    }

    /// Reads `fd` to its end.
    static func readAll(_ fd: Int32) throws(Errno) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try read(fd, into: &chunk)
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
        }
    }

    /// `read(fd)` into the whole of `buffer`; returns bytes read (0 at end of file).
    static func read(_ fd: Int32, into buffer: inout [UInt8]) throws(Errno) -> Int {
        try buffer.withUnsafeMutableBytes { bytes in Result { () throws(Errno) in try read(fd, into: bytes) } }.get()
    }

    /// `writeAll` for the first `count` bytes of an array (all of it by default).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], count: Int? = nil) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) in try writeAll(fd, UnsafeRawBufferPointer(rebasing: buffer[0..<(count ?? buffer.count)])) }
        }.get()
    }
}
