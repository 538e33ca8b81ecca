/// Reaching folders inside a sandbox by descriptor, one name at a time, never through a symlink.
extension Sandbox {
    /// Opens the directory `location`/`components` without following symlinks, creating missing
    /// directories below the location (mode 0755) when `create` is set, and passes its descriptor
    /// to `body`.
    func withDirectory<T>(
        _ location: Location, _ components: ArraySlice<FileName>, create: Bool, _ body: (Int32) throws -> T
    ) throws -> T {
        try withDirectory(under: location.components, components, create: create, body)
    }

    /// Passes a descriptor of the sandbox root to `body`.
    func withRootDirectory<T>(_ body: (Int32) throws -> T) throws -> T {
        try withDirectory(under: [], [], create: false, body)
    }

    /// Opens `base`/`components` below the root (creating missing `components` when `create` is
    /// set) and passes its descriptor to `body`.
    func withDirectory<T>(
        under base: [FileName], _ components: ArraySlice<FileName>, create: Bool, _ body: (Int32) throws -> T
    ) throws -> T {
        var current: Int32
        do {
            current = try FileSystemCall.openDirectory(path: root)
        } catch {
            throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot open the sandbox root \(root)")
        }
        defer { SystemCall.close(current) }
        var walked: [FileName] = []
        for (index, name) in (base + components).enumerated() {
            walked.append(name)
            let next: Int32
            do {
                next = try openStep(name, in: current, create: create && index >= base.count)
            } catch {
                let reason = error == .notDirectory || error == .tooManyLinks
                    ? "is not a directory (symlinks are not followed inside a sandbox)" : "cannot be opened"
                throw CleanSlateError(
                    .sandboxFailed, errno: error.rawValue, "\(DisplayPath.render(walked)) in the sandbox \(root) \(reason)")
            }
            SystemCall.close(current)
            current = next
        }
        return try body(current)
    }

    private func openStep(_ name: FileName, in directory: Int32, create: Bool) throws(Errno) -> Int32 {
        do {
            return try FileSystemCall.openDirectory(at: directory, name)
        } catch where create && error == .notFound {
            do {
                try FileSystemCall.makeDirectory(at: directory, name, mode: 0o700)
            } catch where error == .exists {}
            let made = try FileSystemCall.openDirectory(at: directory, name)
            try? FileSystemCall.changeMode(of: made, to: 0o755)
            return made
        }
    }

    /// Writes the owner record, then creates the location folders with their modes (whatever the
    /// umask), all relative to descriptors of the new root and of `xdg`, which only this process can
    /// write.
    ///
    /// The umask is checked once, on `xdg` (created 0755, then read back through the descriptor
    /// opened anyway): when it took no bit of 0755 it takes none of 0700 either, and every other
    /// folder is created with its mode at once; otherwise each folder's mode is set after it is made.
    /// That spares seven `fchmodat` calls per sandbox under the usual umasks (022, 002, 0).
    func makeLayout() throws {
        try withRootDirectory { root in
            try writeOwnerRecord(in: root)
            let xdg = FileName("xdg".utf8)
            try makeFolder(xdg, in: root, permissions: 0o755, shownAs: [xdg], exactModeNeeded: false)
            let xdgDescriptor: Int32
            let umaskTookNothing: Bool
            do throws(Errno) {
                xdgDescriptor = try FileSystemCall.openDirectory(at: root, xdg)
                umaskTookNothing = (try? FileSystemCall.fileStatus(of: xdgDescriptor).permissions) == 0o755
            } catch {
                throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot open xdg in the new sandbox \(self.root)")
            }
            defer { SystemCall.close(xdgDescriptor) }
            if !umaskTookNothing {
                do throws(Errno) { try FileSystemCall.changeMode(of: xdgDescriptor, to: 0o755) } catch {
                    throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot set the mode of xdg in the new sandbox \(self.root)")
                }
            }
            for location in Location.allCases {
                let components = location.components
                let parent = components.count > 1 ? xdgDescriptor : root
                try makeFolder(components[components.count - 1], in: parent, permissions: location.permissions, shownAs: components,
                               exactModeNeeded: !umaskTookNothing)
            }
        }
    }

    /// Makes one folder with `permissions`; `exactModeNeeded` when the umask may have taken bits of
    /// them (the mode is then set again after the folder is made).
    private func makeFolder(_ name: FileName, in parent: Int32, permissions: UInt16, shownAs components: [FileName],
                            exactModeNeeded: Bool) throws {
        do throws(Errno) {
            try FileSystemCall.makeDirectory(at: parent, name, mode: .init(permissions))
            if exactModeNeeded { try FileSystemCall.changeModeOfNewDirectory(at: parent, name, to: UInt32(permissions)) }
        } catch {
            throw CleanSlateError(
                .sandboxFailed, errno: error.rawValue, "cannot create \(DisplayPath.render(components)) in the new sandbox \(root)")
        }
    }

    /// The quick path of ``wipe()`` for what a sandbox usually holds at the end of a test: its
    /// layout, with most or all folders empty. Each empty location folder (and then `xdg`) goes with
    /// one `rmdir` relative to a descriptor, without listing or examining anything; when all of them
    /// went, the owner record and the root follow. Returns true when the whole sandbox is gone.
    ///
    /// Safe whatever the app left: `rmdir` removes only an empty directory and never follows a
    /// symlink, `xdg` is opened with `O_NOFOLLOW`, a file system mounted on the sandbox folder is
    /// never entered, and a failure of any step (a folder with files
    /// in it, a folder replaced by a file or a link) just leaves the rest to the full removal.
    func removeEmptyLayout() -> Bool {
        // A file system mounted on the sandbox folder is not entered at all: the full removal says so.
        guard let root = try? FileSystemCall.openDirectory(path: self.root) else { return false }
        defer { SystemCall.close(root) }
        guard FileSystemCall.isMountedOn(root, path: self.root) == false else { return false }
        var allRemoved = true
        func removeFolder(_ name: FileName, in parent: Int32) {
            if (try? FileSystemCall.remove(at: parent, name, directory: true)) == nil { allRemoved = false }
        }
        let xdg = FileName("xdg".utf8)
        if let xdgDescriptor = try? FileSystemCall.openDirectory(at: root, xdg) {
            for location in Location.allCases where location.components.count > 1 {
                removeFolder(location.components[location.components.count - 1], in: xdgDescriptor)
            }
            SystemCall.close(xdgDescriptor)
            removeFolder(xdg, in: root)
        } else {
            allRemoved = false
        }
        for location in Location.allCases where location.components.count == 1 {
            removeFolder(location.components[0], in: root)
        }
        // The owner record goes last: until then, a sandbox that cannot be removed stays attributable.
        guard allRemoved else { return false }
        do throws(Errno) {
            try FileSystemCall.remove(at: root, OwnerRecord.fileName, directory: false)
        } catch where error == .notFound {
            // A sandbox made where the owner could not be recorded has no record.
        } catch {
            return false
        }
        return (try? FileSystemCall.removeDirectory(path: self.root)) != nil
    }
}
