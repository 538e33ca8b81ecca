/// Removes a sandbox's directory tree, safely whatever the app under test left in it.
///
/// - Symlinks are removed, never followed: every call is relative to a directory descriptor and
///   opens directories with `O_NOFOLLOW`, so a link to a real folder leaves that folder untouched.
/// - Read-only directories (mode 000 or 500) are given owner permissions through the descriptor
///   just opened (or `fchmodat(AT_SYMLINK_NOFOLLOW)` when it cannot be opened) before their entries
///   are removed; read-only files need nothing, since unlinking depends on the directory's mode.
/// - Names are handled as raw bytes, so newlines and bytes that are not UTF-8 are no problem.
/// - The walk is iterative and holds at most three descriptors (see ``TreeWalker``), so depth is
///   limited by neither the stack nor the descriptor limit.
/// - A mount point (a different device, or a mount root per `statx`, which also catches bind mounts
///   of the same file system) is not entered: it is reported, and what is mounted stays intact. That
///   holds for the root itself: a file system mounted on it is left alone entirely.
/// - One entry of the root can be kept for last (``removedLast``: a sandbox's owner record), removed
///   only once everything else is gone, so a tree that cannot be removed entirely still has it.
/// - What cannot be removed (an immutable file, a mount point) is reported with its path relative to
///   the root and the reason, after everything else has been removed.
struct TreeRemover {
    /// One entry that could not be removed.
    struct Failure: Equatable {
        /// The path relative to the removed root, escaped for display; `.` for the root itself.
        let path: String
        /// The `errno` of the failing call.
        let errno: Int32
        /// Why, and what to do about it.
        let reason: String
    }

    /// A test seam: called with the display path of each entry about to be removed; returning an
    /// `errno` makes the removal fail with it, as an immutable file would.
    var injectedFailure: ((String) -> Int32?)?

    /// An entry of the root removed only after every other entry, just before the root (nil: none).
    var removedLast: FileName?

    /// Removes `rootPath` and everything below it; returns what could not be removed (empty on
    /// success). A root that does not exist counts as removed.
    func removeTree(at rootPath: String) -> [Failure] {
        var failures: [Failure] = []
        let root: Int32
        let rootStatus: FileStatus
        do {
            (root, rootStatus) = try openRoot(rootPath)
        } catch {
            if error == .notFound { return [] }
            return [Failure(path: ".", errno: error.rawValue, reason: "cannot open the sandbox root \(rootPath)")]
        }
        defer { SystemCall.close(root) }
        if FileSystemCall.isMountedOn(root, path: rootPath) == true {
            return [Failure(
                path: ".", errno: Errno.busy.rawValue,
                reason: "a file system is mounted on the sandbox folder itself; it was left alone (unmount it, then wipe again)")]
        }

        var walker = TreeWalker()
        walker.makeAccessible = true
        walker.walkEntries(
            root: root,
            rootStatus: rootStatus,
            visit: { parent, path, entry in
                if path.isEmpty && entry.name == removedLast { return .handled }
                // What the listing says is not a directory is unlinked without reading its status:
                // unlinking never follows a symlink, and fails on a directory (EISDIR), which then
                // takes the careful path below.
                if entry.isKnownNonDirectory {
                    switch remove(entry.name, in: parent, path: path, directory: false) {
                    case nil: return .handled
                    case .isDirectory?: break
                    case let error?:
                        record(error, entry.name, path: path, directory: false, in: &failures)
                        return .failed
                    }
                }
                // Most directories of a sandbox are empty: one rmdir removes them without opening
                // them. rmdir never follows a symlink and fails on a non-empty directory or a mount
                // point, which then take the careful path below.
                if injectedFailure == nil && !entry.isKnownNonDirectory,
                   (try? FileSystemCall.remove(at: parent, entry.name, directory: true)) != nil {
                    return .handled
                }
                let status: FileStatus
                do throws(Errno) {
                    status = try FileSystemCall.fileStatus(at: parent, entry.name)
                } catch {
                    if error == .notFound { return .handled }
                    failures.append(Failure(
                        path: DisplayPath.render(path + [entry.name]), errno: error.rawValue, reason: "reading the status failed"))
                    return .failed
                }
                entry.status = status
                if status.kind == .directory {
                    if FileSystemCall.isMountPoint(status, at: parent, entry.name, treeDevice: rootStatus.device) {
                        failures.append(Failure(
                            path: DisplayPath.render(path + [entry.name]), errno: Errno.busy.rawValue,
                            reason: "a file system is mounted here; it was left alone (unmount it, then wipe again)"))
                        return .failed
                    }
                    return .descend
                }
                if let error = remove(entry.name, in: parent, path: path, directory: false) {
                    record(error, entry.name, path: path, directory: false, in: &failures)
                    return .failed
                }
                return .handled
            },
            leave: { parent, path, name, failedBelow in
                if failedBelow { return false }
                if let error = remove(name, in: parent, path: path, directory: true) {
                    record(error, name, path: path, directory: true, in: &failures)
                    return false
                }
                return true
            },
            fail: { path, name, error, action in
                let full = name.map { path + [$0] } ?? path
                failures.append(Failure(
                    path: full.isEmpty ? "." : DisplayPath.render(full), errno: error.rawValue,
                    reason: "\(action) failed"))
            })
        if failures.isEmpty, let removedLast, let error = remove(removedLast, in: root, path: [], directory: false) {
            record(error, removedLast, path: [], directory: false, in: &failures)
        }
        if failures.isEmpty {
            do throws(Errno) {
                if let code = injectedFailure?(".") { throw Errno(rawValue: code) }
                try FileSystemCall.removeDirectory(path: rootPath)
            } catch where error == .notFound {
                // Removed meanwhile by someone else (a concurrent sweep): that is the goal.
            } catch {
                failures.append(Failure(path: ".", errno: error.rawValue, reason: reason(for: error, directory: true)))
            }
        }
        return failures
    }

    /// Opens the root without following a symlink, giving it owner permissions if it has none.
    /// Returns the descriptor and the root's status.
    private func openRoot(_ rootPath: String) throws(Errno) -> (Int32, FileStatus) {
        let root: Int32
        do {
            root = try FileSystemCall.openDirectory(path: rootPath)
        } catch where error == .accessDenied {
            try FileSystemCall.changeMode(path: rootPath, to: 0o700)
            root = try FileSystemCall.openDirectory(path: rootPath)
        }
        do throws(Errno) {
            let status = try FileSystemCall.fileStatus(of: root)
            if status.permissions & 0o700 != 0o700 {
                try? FileSystemCall.changeMode(of: root, to: UInt32(status.permissions | 0o700))
            }
            return (root, status)
        } catch {
            SystemCall.close(root)
            throw error
        }
    }

    /// Unlinks one entry. Returns nil when it is gone (a vanished entry counts as gone), else the error.
    private func remove(_ name: FileName, in parent: Int32, path: [FileName], directory: Bool) -> Errno? {
        do throws(Errno) {
            if let injectedFailure, let code = injectedFailure(DisplayPath.render(path + [name])) {
                throw Errno(rawValue: code)
            }
            try FileSystemCall.remove(at: parent, name, directory: directory)
            return nil
        } catch {
            return error == .notFound ? nil : error
        }
    }

    /// Records a failed removal with its reason.
    private func record(_ error: Errno, _ name: FileName, path: [FileName], directory: Bool, in failures: inout [Failure]) {
        failures.append(Failure(
            path: DisplayPath.render(path + [name]), errno: error.rawValue, reason: reason(for: error, directory: directory)))
    }

    /// A reason and remedy for a failed removal.
    private func reason(for error: Errno, directory: Bool) -> String {
        switch error {
        case .notPermitted:
            "the entry is immutable or append-only (see lsattr; clear it with chattr -i or chattr -a)"
        case .busy:
            "it is in use as a mount point (unmount it, then wipe again)"
        case .notEmpty:
            "the directory was not empty: entries appeared during the wipe (is a process of the app still running?)"
        case .accessDenied:
            "permission denied"
        default:
            directory ? "cannot remove the directory" : "cannot remove the file"
        }
    }
}
