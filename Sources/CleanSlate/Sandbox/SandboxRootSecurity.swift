/// The rule a folder must follow before sandboxes are created in it: no other user may be able to
/// rename, remove or replace what is created there, or the folders above it.
///
/// A sandbox is handed to the app by path, and wiped by path from its root folder down. If another
/// user could write to that folder (or to any folder above it), they could swap a sandbox for a
/// symlink between its creation and its use, and the app would write, or the wipe would look,
/// wherever they chose. So every folder on the resolved path, from `/` to the root folder, must be:
/// - owned by the current user or by root (an owner can always rename what is inside, even in a
///   sticky folder); and
/// - writable by nobody else (no group or other write permission), unless it has the sticky bit, as
///   `/tmp` and `/dev/shm` do: there, others cannot rename or remove what this user created, and
///   each sandbox is a `mkdtemp` folder with an unpredictable name and mode 0700.
///
/// A folder breaking the rule is refused with ``CleanSlateError/Code/sandboxRootInsecure``, naming the
/// folder and the command that fixes it.
enum SandboxRootSecurity {
    /// What makes the folder at the absolute, symlink-free `path` unsafe as a sandbox root, or nil
    /// when it and every folder above it follow the rule.
    static func problem(with path: String) -> String? {
        let me = FileSystemCall.effectiveUserID
        var prefixes = ["/"]
        var current = ""
        for component in path.split(separator: "/") {
            current += "/" + component
            prefixes.append(current)
        }
        for folder in prefixes {
            let status: FileStatus
            do {
                status = try FileSystemCall.fileStatusNotFollowing(path: folder)
            } catch {
                return "\(folder) cannot be examined (errno \(error.rawValue))"
            }
            if status.kind != .directory {
                return "\(folder) changed while it was being checked (it is no longer a folder)"
            }
            if status.owner != me && status.owner != 0 {
                return "\(folder) belongs to uid \(status.owner), not to you (uid \(me)) or root, so that user could "
                    + "replace a sandbox with a symlink; use a folder you own (or chown \(me) \(folder))"
            }
            let writableByOthers = status.permissions & 0o022 != 0
            let sticky = status.permissions & 0o1000 != 0
            if writableByOthers && !sticky {
                let mode = String(status.permissions, radix: 8)
                return "\(folder) is writable by other users (mode \(String(repeating: "0", count: max(0, 4 - mode.count)) + mode)) "
                    + "without the sticky bit, so another user could replace a sandbox with a symlink; make it private "
                    + "(chmod go-w \(folder)) or sticky like /tmp (chmod +t \(folder))"
            }
        }
        return nil
    }
}
