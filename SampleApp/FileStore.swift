import Glibc

/// The file operations SampleApp needs, on plain paths, with failures turned into
/// `SampleAppError`s that name the path: 73 when something cannot be created, 74 when reading
/// or writing fails.
enum FileStore {
    /// Creates `path` and any missing parents with mode 0700 (as the XDG spec asks).
    static func createDirectory(_ path: String) throws(SampleAppError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 || errno == EEXIST && isDirectory(prefix) { continue }
            throw SampleAppError(
                status: .cannotCreate,
                message: "cannot create folder \(prefix) (\(errno == EEXIST ? "a file is in the way" : FileDescriptorIO.lastErrorDescription()))")
        }
    }

    /// Replaces the file at `path` with `bytes` atomically: the bytes go to a temporary file in
    /// the same folder, are flushed to disk, and the temporary file is renamed over `path`, so a
    /// reader sees either the old file or the complete new one. Creates the folder if needed. A
    /// failed write (a full disk: ENOSPC) removes the temporary file and is `.ioError` (74); the
    /// file at `path` is then as it was, or absent if it was.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SampleAppError) {
        let folder = parentFolder(of: path)
        try createDirectory(folder)
        let temporaryPath = "\(folder)/.\(fileName(of: path)).\(getpid()).tmp"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SampleAppError(status: .cannotCreate, message: "cannot create \(temporaryPath) (\(FileDescriptorIO.lastErrorDescription()))")
        }
        let written = FileDescriptorIO.writeAll(bytes, to: descriptor) && fsync(descriptor) == 0
        let writeError = FileDescriptorIO.lastErrorDescription()
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporaryPath, path) == 0 else {
            let reason = written && closed ? FileDescriptorIO.lastErrorDescription() : writeError
            unlink(temporaryPath)
            throw SampleAppError(status: .ioError, message: "cannot write \(path) (\(reason)); it was left as it was")
        }
    }

    /// Appends `bytes` to the file at `path`, creating the file and its folder if needed.
    static func append(_ bytes: [UInt8], to path: String) throws(SampleAppError) {
        try createDirectory(parentFolder(of: path))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SampleAppError(status: .cannotCreate, message: "cannot open \(path) (\(FileDescriptorIO.lastErrorDescription()))")
        }
        defer { close(descriptor) }
        guard FileDescriptorIO.writeAll(bytes, to: descriptor) else {
            throw SampleAppError(status: .ioError, message: "cannot write \(path) (\(FileDescriptorIO.lastErrorDescription()))")
        }
    }

    /// The contents of the file at `path`, or nil if there is no such file.
    static func readIfPresent(_ path: String) throws(SampleAppError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw SampleAppError(status: .ioError, message: "cannot read \(path) (\(FileDescriptorIO.lastErrorDescription()))")
        }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw SampleAppError(status: .ioError, message: "cannot read \(path) (\(FileDescriptorIO.lastErrorDescription()))")
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
        }
    }

    /// Whether a file or folder exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Removes the file at `path`; a missing file is not an error.
    static func removeFileIfPresent(_ path: String) throws(SampleAppError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw SampleAppError(status: .ioError, message: "cannot remove \(path) (\(FileDescriptorIO.lastErrorDescription()))")
        }
    }

    /// Removes `path` and everything below it without following symbolic links (a link is
    /// removed, never what it points to); a missing path is not an error.
    static func removeTree(_ path: String) throws(SampleAppError) {
        try removeTree(rawPath: Array(path.utf8))
    }

    /// `removeTree(_:)` on the exact bytes of a path, so that names that are not valid UTF-8
    /// (which a String would repair) are still found and removed.
    private static func removeTree(rawPath: [UInt8]) throws(SampleAppError) {
        let cPath = rawPath.map { CChar(bitPattern: $0) } + [0]
        let shownPath = String(decoding: rawPath, as: UTF8.self)
        var info = stat()
        if lstat(cPath, &info) != 0 {
            if errno == ENOENT { return }
            throw SampleAppError(status: .ioError, message: "cannot remove \(shownPath) (\(FileDescriptorIO.lastErrorDescription()))")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            for entry in try directoryEntries(cPath, shownAs: shownPath) {
                try removeTree(rawPath: rawPath + [UInt8(ascii: "/")] + entry)
            }
            if rmdir(cPath) != 0 {
                throw SampleAppError(status: .ioError, message: "cannot remove \(shownPath) (\(FileDescriptorIO.lastErrorDescription()))")
            }
        } else if unlink(cPath) != 0 && errno != ENOENT {
            throw SampleAppError(status: .ioError, message: "cannot remove \(shownPath) (\(FileDescriptorIO.lastErrorDescription()))")
        }
    }

    /// The raw names in the folder at `cPath`, without "." and "..".
    private static func directoryEntries(_ cPath: [CChar], shownAs shownPath: String) throws(SampleAppError) -> [[UInt8]] {
        guard let directory = opendir(cPath) else {
            throw SampleAppError(status: .ioError, message: "cannot list \(shownPath) (\(FileDescriptorIO.lastErrorDescription()))")
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix(while: { $0 != 0 })) }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names
    }

    /// Whether `path` is a folder (following links, as mkdir's EEXIST check needs).
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The folder part of `path` ("/a/b" for "/a/b/c").
    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    private static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
