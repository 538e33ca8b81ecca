extension Sandbox {
    /// Everything in `location`, as sorted paths relative to it.
    ///
    /// Folders end in `/`; a folder where a file system is mounted is listed but not entered; files and symlinks (not followed) are listed by their own path. Names that
    /// are not UTF-8 are decoded with U+FFFD in place of the invalid bytes. Inspection changes
    /// nothing, so a folder the app made unreadable is an error (for an ordinary user; root reads it).
    public func files(in location: Location) throws -> [String] {
        try whileUsable {
            var listed: [String] = []
            try walk(location) { _, path, name, status, _ in
                let text = DisplayPath.decode(FileName((path + [name]).joined(separator: [0x2F])))
                listed.append(status.kind == .directory ? text + "/" : text)
                return status.kind == .directory ? .descend : .handled
            }
            return listed.sorted()
        }
    }

    /// The bytes of the file `path` in `location`.
    ///
    /// Only a regular file is read: a symlink (not followed), a folder, a FIFO, a socket or a device
    /// is an error, and opening never blocks (a FIFO cannot stall the test).
    public func contents(of path: String, in location: Location = .home) throws -> [UInt8] {
        let relative = try RelativePath(path)
        return try whileUsable {
            try withDirectory(location, relative.parent, create: false) { directory in
                do throws(Errno) {
                    let file = try FileSystemCall.openRegularFileForReading(at: directory, relative.name)
                    defer { SystemCall.close(file) }
                    return try FileSystemCall.readAll(file)
                } catch {
                    let detail = switch error {
                    case .tooManyLinks: " (it is a symlink, which the sandbox does not follow)"
                    case .invalid: ": it is not a regular file (FIFOs, sockets and devices are never opened)"
                    default: ""
                    }
                    throw CleanSlateError(
                        .sandboxFailed, errno: error.rawValue,
                        "cannot read \(location.relativePath)/\(path) in the sandbox \(root)\(detail)")
                }
            }
        }
    }

    /// The text of the file `path` in `location`, decoded as UTF-8 (invalid bytes become U+FFFD).
    public func text(of path: String, in location: Location = .home) throws -> String {
        String(decoding: try contents(of: path, in: location), as: UTF8.self)
    }

    /// Whether anything (file, folder or symlink, even a dangling one) exists at `path` in `location`.
    ///
    /// False for an invalid path, for a path under a symlink, and once the sandbox is wiped.
    public func fileExists(_ path: String, in location: Location = .home) -> Bool {
        guard let relative = try? RelativePath(path) else { return false }
        let found = try? whileUsable {
            try withDirectory(location, relative.parent, create: false) { directory in
                (try? FileSystemCall.fileStatus(at: directory, relative.name)) != nil
            }
        }
        return found ?? false
    }

    /// Walks `location` with a ``TreeWalker`` (no changes, no symlinks followed), throwing the first
    /// failure as ``CleanSlateError/Code/sandboxFailed`` naming the path.
    ///
    /// A folder where a file system is mounted (a bind mount included) is passed to `visit` with
    /// `isMountPoint` set and is never entered, whatever `visit` answers: inspection stays on the
    /// sandbox's own file system, so `/proc` bind-mounted in HOME costs one entry.
    func walk(
        _ location: Location,
        visit: (_ parent: Int32, _ path: [FileName], _ name: FileName, _ status: FileStatus, _ isMountPoint: Bool)
            -> TreeWalker.Visit
    ) throws {
        try withDirectory(location, [], create: false) { directory in
            var firstFailure: CleanSlateError?
            let device: UInt64
            do throws(Errno) { device = try FileSystemCall.fileStatus(of: directory).device } catch {
                throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot read \(location.relativePath) in the sandbox \(root)")
            }
            TreeWalker().walk(
                root: directory,
                visit: { parent, path, name, status in
                    let mounted = FileSystemCall.isMountPoint(status, at: parent, name, treeDevice: device)
                    let answer = visit(parent, path, name, status, mounted)
                    return mounted && answer == .descend ? .handled : answer
                },
                leave: { _, _, _, _ in true },
                fail: { path, name, error, action in
                    let full = location.components + path + (name.map { [$0] } ?? [])
                    firstFailure = firstFailure ?? CleanSlateError(
                        .sandboxFailed, errno: error.rawValue,
                        "\(action) failed for \(DisplayPath.render(full)) in the sandbox \(root)")
                })
            if let firstFailure { throw firstFailure }
        }
    }
}
