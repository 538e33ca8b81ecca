extension Sandbox {
    /// Writes `bytes` to the file `path` in `location`, creating missing folders (mode 0755).
    ///
    /// An existing file is replaced. The file gets `permissions` (default 0644), set with `fchmod`
    /// so the process umask does not matter. Throws ``CleanSlateError/Code/invalidArgument`` for a
    /// path that is absolute, climbs out with `..` or contains NUL, and
    /// ``CleanSlateError/Code/sandboxFailed`` when a folder on the way is a file or a symlink.
    public func write(_ bytes: [UInt8], to path: String, in location: Location = .home, permissions: UInt16? = nil) throws {
        let relative = try RelativePath(path)
        try whileUsable {
            try withDirectory(location, relative.parent, create: true) { directory in
                do throws(Errno) {
                    let file = try FileSystemCall.createFile(at: directory, relative.name)
                    defer { SystemCall.close(file) }
                    try FileSystemCall.writeAll(file, bytes)
                    try FileSystemCall.changeMode(of: file, to: UInt32(permissions ?? 0o644))
                } catch {
                    throw seedingError(error, "write", path, location)
                }
            }
        }
    }

    /// Writes `text` as UTF-8 to the file `path` in `location`; see the byte-array overload.
    public func write(_ text: String, to path: String, in location: Location = .home, permissions: UInt16? = nil) throws {
        try write(Array(text.utf8), to: path, in: location, permissions: permissions)
    }

    /// Creates the folder `path` in `location` and any missing folders above it (mode 0755).
    ///
    /// An existing folder is fine; an existing file or symlink in the way is an error.
    public func createDirectory(_ path: String, in location: Location = .home) throws {
        let relative = try RelativePath(path)
        try whileUsable {
            try withDirectory(location, relative.components[...], create: true) { _ in }
        }
    }

    /// Copies the host file or folder at `hostPath` to `path` in `location`.
    ///
    /// Folders are copied recursively, preserving modes; symlinks inside are copied as symlinks
    /// (their targets are not copied and not checked). `hostPath` itself is followed if it is a
    /// symlink. The destination must not exist yet; missing folders above it are created.
    public func copyItem(from hostPath: String, to path: String, in location: Location = .home) throws {
        let relative = try RelativePath(path)
        if hostPath.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument, "the host path \(hostPath.debugDescription) contains a NUL byte")
        }
        try whileUsable {
            let source: Int32
            do throws(Errno) {
                source = try FileSystemCall.openForReading(path: hostPath)
            } catch {
                throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot open \(hostPath) to copy it into the sandbox")
            }
            var sourceHandedOver = false
            defer { if !sourceHandedOver { SystemCall.close(source) } }
            try withDirectory(location, relative.parent, create: true) { directory in
                sourceHandedOver = true
                var copier = TreeCopier()
                let destination = location.components + relative.parent
                try copier.copy(source: source, to: relative.name, in: directory, path: Array(destination))
            }
        }
    }

    private func seedingError(_ error: Errno, _ action: String, _ path: String, _ location: Location) -> CleanSlateError {
        CleanSlateError(
            .sandboxFailed, errno: error.rawValue,
            "cannot \(action) \(location.relativePath)/\(path) in the sandbox \(root)"
                + (error == .tooManyLinks ? " (it is a symlink, which the sandbox does not follow)" : ""))
    }
}
