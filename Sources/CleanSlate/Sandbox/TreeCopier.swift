/// Copies a file or directory tree into a sandbox: regular files with their contents and modes,
/// directories recursively (iteratively, with an explicit stack), symlinks as symlinks.
///
/// File contents are copied by the cheapest means the file systems allow: `ioctl(FICLONE)` (a
/// reflink: shared blocks on btrfs or xfs), else `copy_file_range` (in the kernel), else `read` and
/// `write`. Directories are created 0700, filled, and only then given their source mode, so
/// read-only source directories copy fine. Other kinds of file (FIFOs, sockets, devices) are refused.
/// The walk holds two descriptors per level of the directory being copied, which bounds the depth of
/// a tree it can copy by the descriptor limit; fixtures and templates are shallow.
struct TreeCopier {
    /// How many files were copied by each method (for measurements and tests).
    struct Statistics: Equatable {
        var cloned = 0
        var copiedInKernel = 0
        var copiedByReadWrite = 0
        var directories = 0
        var symlinks = 0
    }

    /// Whether an existing directory at the destination is merged into instead of being an error.
    var mergeDirectories = false
    /// What was copied so far.
    private(set) var statistics = Statistics()
    /// Set after the first FICLONE that the file systems refused: they will refuse the rest too
    /// (one copier copies between the same two file systems), so it is not tried again.
    private var cloningUnsupported = false
    /// Whether the umask takes owner bits of 0700 (as 277 does), so that each new directory must be
    /// given 0700 before anything can be created in it; learnt from the first directory made.
    private var umaskTakesOwnerBits: Bool?

    private enum Work {
        case entry(sourceParent: Int32, name: FileName, destinationParent: Int32, path: [FileName])
        case finish(source: Int32, destination: Int32, permissions: UInt16, path: [FileName])
    }

    private var stack: [Work] = []

    /// Copies the already opened `source` (closed by this call) to `name` in `destinationParent`;
    /// `path` names the destination relative to the sandbox root, for error messages.
    mutating func copy(
        source: Int32, to name: FileName, in destinationParent: Int32, path: [FileName]
    ) throws(CleanSlateError) {
        defer { closeRemaining() }
        try place(source, name: name, in: destinationParent, path: path)
        try run()
    }

    /// Copies every entry of the directory `source` but those named in `excluded` into the directory
    /// `destination` (both stay open and owned by the caller); `path` names `destination` relative to
    /// the sandbox root.
    mutating func copyChildren(
        of source: Int32, into destination: Int32, path: [FileName], excluding excluded: Set<FileName> = []
    ) throws(CleanSlateError) {
        defer { closeRemaining() }
        try pushChildren(of: source, into: destination, path: path, excluding: excluded)
        try run()
    }

    private mutating func run() throws(CleanSlateError) {
        while let work = stack.popLast() {
            switch work {
            case let .entry(sourceParent, name, destinationParent, path):
                try copyEntry(name, from: sourceParent, to: destinationParent, path: path)
            case let .finish(source, destination, permissions, path):
                defer {
                    SystemCall.close(source)
                    SystemCall.close(destination)
                }
                do {
                    try FileSystemCall.changeMode(of: destination, to: UInt32(permissions))
                } catch {
                    throw failure(error, "set the mode of the directory", path)
                }
            }
        }
    }

    /// Copies the entry `name` of `sourceParent`: a symlink is recreated, anything else is opened
    /// (without following symlinks) and placed.
    private mutating func copyEntry(
        _ name: FileName, from sourceParent: Int32, to destinationParent: Int32, path: [FileName]
    ) throws(CleanSlateError) {
        let destination = path + [name]
        do {
            let status = try FileSystemCall.fileStatus(at: sourceParent, name)
            switch status.kind {
            case .symlink:
                let target = try FileSystemCall.readLink(at: sourceParent, name)
                try FileSystemCall.makeSymlink(to: target, at: destinationParent, name)
                statistics.symlinks += 1
                return
            case .regular, .directory:
                let source = try FileSystemCall.openForReading(at: sourceParent, name)
                try place(source, name: name, in: destinationParent, path: path)
            case .other:
                throw CleanSlateError(
                    .sandboxFailed,
                    "cannot copy \(DisplayPath.render(destination)): only files, directories and symlinks can be copied")
            }
        } catch let error as Errno {
            throw failure(error, "copy", destination)
        } catch let error as CleanSlateError {
            throw error
        } catch {
            throw CleanSlateError(.sandboxFailed, "cannot copy \(DisplayPath.render(destination)): \(error)")
        }
    }

    /// Copies the open `source` (closed here or by its finish step) to `name` in `destinationParent`.
    private mutating func place(
        _ source: Int32, name: FileName, in destinationParent: Int32, path: [FileName]
    ) throws(CleanSlateError) {
        let destinationPath = path + [name]
        var sourceOwned = true
        defer { if sourceOwned { SystemCall.close(source) } }
        let status: FileStatus
        do { status = try FileSystemCall.fileStatus(of: source) } catch { throw failure(error, "read", destinationPath) }
        switch status.kind {
        case .regular:
            let destination: Int32
            do { destination = try FileSystemCall.createNewFile(at: destinationParent, name) } catch {
                throw failure(error, "create the file", destinationPath)
            }
            defer { SystemCall.close(destination) }
            do {
                try copyContents(from: source, to: destination, size: status.size)
                try FileSystemCall.changeMode(of: destination, to: UInt32(status.permissions))
            } catch {
                throw failure(error, "copy the contents of", destinationPath)
            }
        case .directory:
            let destination: Int32
            do {
                destination = try makeDirectory(name, in: destinationParent)
            } catch {
                throw failure(error, "create the directory", destinationPath)
            }
            sourceOwned = false
            stack.append(.finish(source: source, destination: destination, permissions: status.permissions, path: destinationPath))
            statistics.directories += 1
            try pushChildren(of: source, into: destination, path: destinationPath)
        default:
            throw CleanSlateError(
                .sandboxFailed,
                "cannot copy \(DisplayPath.render(destinationPath)): only files, directories and symlinks can be copied")
        }
    }

    /// Creates (or, when merging, opens an existing) directory and returns its descriptor. A new
    /// directory is 0700 whatever the umask: only the first one's mode is read to find out whether
    /// the umask takes owner bits, and only then is each one's mode set (before it is opened, which
    /// a umask taking the owner's read bit would refuse).
    private mutating func makeDirectory(_ name: FileName, in parent: Int32) throws(Errno) -> Int32 {
        do {
            try FileSystemCall.makeDirectory(at: parent, name, mode: 0o700)
            let needsMode: Bool
            if let known = umaskTakesOwnerBits {
                needsMode = known
            } else {
                needsMode = try FileSystemCall.status(at: parent, name).st_mode & 0o700 != 0o700
                umaskTakesOwnerBits = needsMode
            }
            if needsMode { try FileSystemCall.changeMode(at: parent, name, to: 0o700) }
        } catch where mergeDirectories && error == .exists {
            // Fall through: open it below (O_NOFOLLOW, O_DIRECTORY: a file or symlink fails).
        }
        return try FileSystemCall.openDirectory(at: parent, name)
    }

    private mutating func pushChildren(
        of source: Int32, into destination: Int32, path: [FileName], excluding excluded: Set<FileName> = []
    ) throws(CleanSlateError) {
        let entries: [DirectoryEntry]
        do { entries = try FileSystemCall.entries(of: source) } catch { throw failure(error, "read the directory", path) }
        for entry in entries.reversed() where !excluded.contains(entry.name) {
            stack.append(.entry(sourceParent: source, name: entry.name, destinationParent: destination, path: path))
        }
    }

    /// Copies the bytes of `source` to `destination`: reflink, else in-kernel copy, else read/write.
    /// `size` is the source's size when it was examined: the in-kernel copy stops there, saving the
    /// call that would report the end of the file. A file reporting size 0 (as in /proc) is copied
    /// until its end.
    private mutating func copyContents(from source: Int32, to destination: Int32, size: Int64) throws(Errno) {
        if !cloningUnsupported {
            do {
                try FileSystemCall.cloneContents(from: source, to: destination)
                statistics.cloned += 1
                return
            } catch where Self.unsupported(error) {
                cloningUnsupported = true
            }
        }
        var copied = 0
        var inKernel = true
        while size == 0 || copied < size {
            let count: Int
            do {
                count = try FileSystemCall.copyRange(from: source, to: destination, count: 1 << 30)
            } catch where copied == 0 && Self.unsupported(error) {
                inKernel = false
                break
            }
            if count == 0 { break }
            copied += count
        }
        // Empty files, and pseudo-files that give copy_file_range nothing (procfs, sysfs), are read
        // to be sure: read(2) returns their contents, or 0 at once for a really empty file.
        if inKernel && copied > 0 {
            statistics.copiedInKernel += 1
            return
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = try FileSystemCall.read(source, into: &buffer)
            if count == 0 { break }
            try FileSystemCall.writeAll(destination, buffer, count: count)
        }
        statistics.copiedByReadWrite += 1
    }

    /// The failures that mean "this method is not available here, try the next".
    private static func unsupported(_ error: Errno) -> Bool {
        [.notSupported, .crossDevice, .invalid, .notTerminal, .noSystemCall, .badDescriptor].contains(error)
    }

    private func failure(_ error: Errno, _ action: String, _ path: [FileName]) -> CleanSlateError {
        CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot \(action) \(DisplayPath.render(path)) in the sandbox")
    }

    /// Closes the descriptors of directories whose copy was interrupted by an error.
    private mutating func closeRemaining() {
        while let work = stack.popLast() {
            if case let .finish(source, destination, _, _) = work {
                SystemCall.close(source)
                SystemCall.close(destination)
            }
        }
    }
}
