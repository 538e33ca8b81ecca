import Glibc

/// A depth-first walk of a directory tree that keeps at most three descriptors open at any depth.
///
/// The walk holds the descriptor of the directory it is in, plus the root's. It goes down with
/// `openat(name, O_NOFOLLOW|O_DIRECTORY)` and comes back up with `openat("..")`, checking that the
/// directory reached is the one it came from (same device and inode); if not (something moved a
/// directory meanwhile) it re-opens the path from the root, name by name, checking each step the
/// same way. So a tree 10,000 levels deep costs no more descriptors than a flat one, and the walk
/// never follows a symlink. Each directory's entries are read once, when the walk enters it.
struct TreeWalker {
    /// What a visitor did with one entry.
    enum Visit {
        /// Walk into this entry (a directory).
        case descend
        /// Done with the entry.
        case handled
        /// The visitor could not handle the entry and has recorded why.
        case failed
    }

    /// Whether to give directories owner read/write/search permission before reading them (the
    /// remover needs this for mode 000 or 500 directories; inspection must not change anything).
    var makeAccessible = false

    private struct Frame {
        let name: FileName
        let status: FileStatus
        var pending: [DirectoryEntry]
        var failed = false
    }

    /// One entry as the walk meets it: its name, its type as the directory listed it (`d_type`, which
    /// may be `DT_UNKNOWN` and may be stale), and its status once someone has read it.
    struct Entry {
        let name: FileName
        let type: UInt8
        /// The entry's status (not following a symlink), when read; a visitor that reads it itself
        /// stores it here, so that walking into the entry does not read it again.
        var status: FileStatus?

        /// Whether the listing says the entry is something other than a directory (so it cannot be
        /// walked into, unless it was replaced since the listing).
        var isKnownNonDirectory: Bool { type != UInt8(DT_DIR) && type != UInt8(DT_UNKNOWN) }
    }

    /// Walks the tree below the open directory `root` (which stays open and owned by the caller).
    ///
    /// - `visit(parent, path, name, status)`: `parent` is a descriptor of the directory holding the
    ///   entry, `path` the components from the root to that directory.
    /// - `leave(parent, path, name, failedBelow)`: called after a directory's entries were visited,
    ///   with a descriptor of its parent; returns false if it failed (that marks the parent failed).
    /// - `fail(path, name, error, action)`: the walk itself could not open or read something;
    ///   `action` is a phrase such as "opening the directory".
    func walk(
        root: Int32,
        visit: (_ parent: Int32, _ path: [FileName], _ name: FileName, _ status: FileStatus) -> Visit,
        leave: (_ parent: Int32, _ path: [FileName], _ name: FileName, _ failedBelow: Bool) -> Bool,
        fail: (_ path: [FileName], _ name: FileName?, _ error: Errno, _ action: String) -> Void
    ) {
        walkEntries(
            root: root,
            visit: { parent, path, entry in
                do throws(Errno) {
                    let status = try FileSystemCall.fileStatus(at: parent, entry.name)
                    entry.status = status
                    return visit(parent, path, entry.name, status)
                } catch {
                    // Vanished since the listing: nothing to visit.
                    if error == .notFound { return .handled }
                    fail(path, entry.name, error, "reading the status")
                    return .failed
                }
            },
            leave: leave, fail: fail)
    }

    /// ``walk(root:visit:leave:fail:)`` for a visitor that may not need each entry's status: it gets
    /// the entry as listed and reads the status only when it must (``Entry/status``). The walk reads
    /// the status of an entry to be walked into if the visitor has not. `rootStatus` spares reading
    /// the root's status again when the caller has it.
    func walkEntries(
        root: Int32,
        rootStatus knownRootStatus: FileStatus? = nil,
        visit: (_ parent: Int32, _ path: [FileName], _ entry: inout Entry) -> Visit,
        leave: (_ parent: Int32, _ path: [FileName], _ name: FileName, _ failedBelow: Bool) -> Bool,
        fail: (_ path: [FileName], _ name: FileName?, _ error: Errno, _ action: String) -> Void
    ) {
        let rootStatus: FileStatus
        let rootEntries: [DirectoryEntry]
        let current: Int32
        do throws(Errno) {
            if let knownRootStatus { rootStatus = knownRootStatus } else { rootStatus = try FileSystemCall.fileStatus(of: root) }
            rootEntries = try FileSystemCall.entries(of: root)
            current = try FileSystemCall.duplicate(root)
        } catch {
            fail([], nil, error, "reading the directory")
            return
        }
        var frames = [Frame(name: [], status: rootStatus, pending: rootEntries)]
        var path: [FileName] = []
        var directory = current
        defer { SystemCall.close(directory) }

        while !frames.isEmpty {
            let top = frames.count - 1
            if let listed = frames[top].pending.popLast() {
                var entry = Entry(name: listed.name, type: listed.type)
                switch visit(directory, path, &entry) {
                case .handled: continue
                case .failed: frames[top].failed = true; continue
                case .descend: break
                }
                let status: FileStatus
                do throws(Errno) {
                    if let known = entry.status { status = known } else { status = try FileSystemCall.fileStatus(at: directory, entry.name) }
                } catch {
                    if error != .notFound {
                        fail(path, entry.name, error, "reading the status")
                        frames[top].failed = true
                    }
                    continue
                }
                guard status.kind == .directory else { continue }
                do {
                    let (child, entries) = try enter(entry.name, in: directory, expecting: status)
                    SystemCall.close(directory)
                    directory = child
                    frames.append(Frame(name: entry.name, status: status, pending: entries))
                    path.append(entry.name)
                } catch where error == .notFound {
                    // Vanished (or replaced) since it was examined: nothing left to walk.
                } catch {
                    fail(path, entry.name, error, "opening the directory")
                    frames[top].failed = true
                }
                continue
            }
            // Every entry of this directory has been visited.
            guard top > 0 else { return }
            let finished = frames.removeLast()
            path.removeLast()
            do {
                let parent = try ascend(from: directory, root: root, path: path, frames: frames)
                SystemCall.close(directory)
                directory = parent
            } catch {
                fail(path, finished.name, error, "returning to the parent directory")
                return
            }
            if !leave(directory, path, finished.name, finished.failed) || finished.failed {
                frames[frames.count - 1].failed = true
            }
        }
    }

    /// Opens the directory `name` in `parent`, checks it is the entry that was examined, makes it
    /// accessible if asked to, and reads its entries.
    private func enter(_ name: FileName, in parent: Int32, expecting status: FileStatus) throws(Errno)
        -> (Int32, [DirectoryEntry])
    {
        var child: Int32
        do {
            child = try FileSystemCall.openDirectory(at: parent, name)
        } catch where makeAccessible && error == .accessDenied {
            try FileSystemCall.changeMode(at: parent, name, to: 0o700)
            child = try FileSystemCall.openDirectory(at: parent, name)
        }
        do throws(Errno) {
            let opened = try FileSystemCall.fileStatus(of: child)
            // Replaced between the status call and the open: treat as vanished rather than walk it.
            guard opened.isSameFile(as: status) else { throw Errno.notFound }
            if makeAccessible && opened.permissions & 0o700 != 0o700 {
                try FileSystemCall.changeMode(of: child, to: UInt32(opened.permissions | 0o700))
            }
            return (child, try FileSystemCall.entries(of: child))
        } catch {
            SystemCall.close(child)
            throw error
        }
    }

    /// A descriptor of the directory `path` (whose frame is `frames.last`), reached from `directory`
    /// by `..`, or by re-opening from the root if `..` leads somewhere else.
    private func ascend(from directory: Int32, root: Int32, path: [FileName], frames: [Frame]) throws(Errno) -> Int32 {
        let expected = frames[frames.count - 1].status
        let parent = try FileSystemCall.openDirectory(at: directory, [0x2E, 0x2E])
        if let status = try? FileSystemCall.fileStatus(of: parent), status.isSameFile(as: expected) { return parent }
        SystemCall.close(parent)
        var current = try FileSystemCall.duplicate(root)
        for (index, name) in path.enumerated() {
            let next: Int32
            do {
                next = try FileSystemCall.openDirectory(at: current, name)
            } catch {
                SystemCall.close(current)
                throw error
            }
            SystemCall.close(current)
            current = next
            guard let status = try? FileSystemCall.fileStatus(of: current), status.isSameFile(as: frames[index + 1].status)
            else {
                SystemCall.close(current)
                throw Errno.notFound
            }
        }
        return current
    }
}
