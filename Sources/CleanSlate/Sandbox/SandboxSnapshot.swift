/// What a sandbox held at one moment: every path in every location with its metadata, and a digest
/// of the contents of small files.
///
/// Take one before launching the app and one after, then ask the later one for
/// ``changes(since:)`` to see what the app created, modified or removed, location by location.
///
/// **What is read.** A snapshot reads the metadata of every entry (`fstatat`, never following a
/// symlink) and, besides that, only:
/// - the whole contents of a regular file of at most ``contentDigestLimit`` bytes (256 KiB), to
///   digest it; a larger file is never opened, whatever its size (a 20 GiB sparse file costs one
///   `fstatat`);
/// - the target of a symlink.
///
/// A FIFO, socket or device is recorded as ``Entry/Kind-swift.enum/other`` and never opened (files
/// are opened with `O_NONBLOCK`, and what was opened is checked to be the regular file examined, so a
/// FIFO swapped in meanwhile cannot block it either). A folder where a file system is mounted (a bind
/// mount of `/proc` included) is recorded as ``Entry/Kind-swift.enum/mountPoint`` and not entered.
///
/// **What counts as a modification** (see ``Entry/isModified(since:)``): a different kind or
/// permissions; for a file, a different size, then
/// - up to ``contentDigestLimit`` bytes: different contents. Rewriting it with the same bytes is
///   not a modification, and a change is found even if the app set the old modification time back;
/// - above it: a different modification time (nanoseconds) or inode. Contents are not compared, so
///   rewriting a large file with the same bytes *is* reported, and a same-size change whose
///   modification time was set back (`touch -r`) is *not*.
///
/// For a symlink, a different target. A folder's own timestamps and size are ignored (its entries
/// are reported themselves). A file that cannot be read (mode 000 for an ordinary user) is compared
/// as a large one.
public struct SandboxSnapshot: Sendable, Equatable {
    /// Regular files up to this size (256 KiB) are read whole and digested; larger ones are compared
    /// by metadata alone. It bounds what one snapshot reads per file.
    public static let contentDigestLimit: Int64 = 256 * 1024

    /// One file, folder or symlink in a snapshot.
    public struct Entry: Sendable, Equatable {
        /// What kind of entry this is.
        public enum Kind: Sendable, Equatable {
            /// A regular file.
            case file
            /// A folder.
            case directory
            /// A symlink (not followed; its target text is part of the digest).
            case symlink
            /// A FIFO, socket or device node (recorded, never opened).
            case other
            /// A folder where another file system is mounted (a bind mount included); what is
            /// mounted there is not part of the snapshot.
            case mountPoint
        }

        /// What kind of entry this is.
        public let kind: Kind
        /// The size in bytes (for a symlink, the length of its target; 0 for folders and others).
        public let size: Int64
        /// The permission bits, e.g. `0o644`.
        public let permissions: UInt16
        /// The modification time, in nanoseconds since 1970.
        public let modificationTime: Int64
        /// The inode change time, in nanoseconds since 1970.
        public let changeTime: Int64
        /// The device the entry is on.
        public let device: UInt64
        /// The inode number.
        public let inode: UInt64
        /// A 64-bit FNV-1a digest of a file's contents (files up to ``SandboxSnapshot/contentDigestLimit``
        /// bytes that could be read) or of a symlink's target; nil for anything else.
        public let digest: UInt64?

        /// Whether this entry differs from `earlier` (the same path in an earlier snapshot) in a way
        /// ``SandboxSnapshot/changes(since:)`` reports as a modification; the rules are in
        /// ``SandboxSnapshot``.
        public func isModified(since earlier: Entry) -> Bool {
            if kind != earlier.kind || permissions != earlier.permissions { return true }
            switch kind {
            case .directory, .other:
                return false
            case .mountPoint:
                return device != earlier.device
            case .symlink:
                return size != earlier.size || digest != earlier.digest
            case .file:
                if size != earlier.size { return true }
                if let digest, let earlierDigest = earlier.digest { return digest != earlierDigest }
                return modificationTime != earlier.modificationTime || inode != earlier.inode || device != earlier.device
            }
        }
    }

    /// The entries of each location, keyed by path relative to it (folders end in `/`).
    public let entries: [Sandbox.Location: [String: Entry]]

    /// The sorted paths in `location` (as ``Sandbox/files(in:)`` lists them).
    public func paths(in location: Sandbox.Location) -> [String] {
        (entries[location] ?? [:]).keys.sorted()
    }

    /// The entry at `path` in `location` (folders end in `/`), if there was one.
    public func entry(_ path: String, in location: Sandbox.Location) -> Entry? {
        entries[location]?[path]
    }

    /// What changed between `earlier` and this snapshot.
    ///
    /// A path is *created* if only this snapshot has it, *removed* if only `earlier` has it, and
    /// *modified* if both have it and ``Entry/isModified(since:)`` says so (kind, permissions, size,
    /// then contents for files up to ``contentDigestLimit`` and modification time above it).
    public func changes(since earlier: SandboxSnapshot) -> SandboxChanges {
        var created: [Sandbox.Location: [String]] = [:]
        var modified: [Sandbox.Location: [String]] = [:]
        var removed: [Sandbox.Location: [String]] = [:]
        for location in Sandbox.Location.allCases {
            let before = earlier.entries[location] ?? [:]
            let after = entries[location] ?? [:]
            created[location] = after.keys.filter { before[$0] == nil }.sorted()
            removed[location] = before.keys.filter { after[$0] == nil }.sorted()
            modified[location] = after.compactMap { path, entry in
                before[path].map { entry.isModified(since: $0) } == true ? path : nil
            }.sorted()
        }
        return SandboxChanges(created: created, modified: modified, removed: removed)
    }
}

/// The differences between two ``SandboxSnapshot``s, per location, as sorted relative paths.
public struct SandboxChanges: Sendable, Equatable, CustomStringConvertible {
    /// Paths that exist now but did not before.
    public let created: [Sandbox.Location: [String]]
    /// Paths that exist in both and count as modified (see ``SandboxSnapshot/Entry/isModified(since:)``).
    public let modified: [Sandbox.Location: [String]]
    /// Paths that existed before but do not now.
    public let removed: [Sandbox.Location: [String]]

    /// The paths created in `location`.
    public func created(in location: Sandbox.Location) -> [String] { created[location] ?? [] }
    /// The paths modified in `location`.
    public func modified(in location: Sandbox.Location) -> [String] { modified[location] ?? [] }
    /// The paths removed from `location`.
    public func removed(in location: Sandbox.Location) -> [String] { removed[location] ?? [] }

    /// Whether nothing changed in `location`.
    public func isEmpty(in location: Sandbox.Location) -> Bool {
        created(in: location).isEmpty && modified(in: location).isEmpty && removed(in: location).isEmpty
    }

    /// Whether nothing changed anywhere in the sandbox.
    public var isEmpty: Bool { Sandbox.Location.allCases.allSatisfy(isEmpty(in:)) }

    /// One line per change, e.g. `+ config: app/config.json`, `~ home: .profile`, `- cache: old/`.
    public var description: String {
        var lines: [String] = []
        for location in Sandbox.Location.allCases {
            lines += created(in: location).map { "+ \(location.rawValue): \($0)" }
            lines += modified(in: location).map { "~ \(location.rawValue): \($0)" }
            lines += removed(in: location).map { "- \(location.rawValue): \($0)" }
        }
        return lines.isEmpty ? "no changes" : lines.joined(separator: "\n")
    }
}

extension Sandbox {
    /// Records every path in every location with its metadata, and digests the contents of files
    /// up to ``SandboxSnapshot/contentDigestLimit`` bytes.
    ///
    /// It never reads more than that limit per file, never opens FIFOs, sockets or devices, and never
    /// enters a folder where a file system is mounted (see ``SandboxSnapshot`` for what is compared).
    public func snapshot() throws -> SandboxSnapshot {
        try whileUsable {
            var all: [Location: [String: SandboxSnapshot.Entry]] = [:]
            for location in Location.allCases {
                var entries: [String: SandboxSnapshot.Entry] = [:]
                try walk(location) { parent, path, name, status, isMountPoint in
                    let text = DisplayPath.decode(FileName((path + [name]).joined(separator: [0x2F])))
                    guard let entry = Self.entry(for: status, isMountPoint: isMountPoint, name: name, in: parent) else {
                        return .handled  // vanished while being read
                    }
                    entries[status.kind == .directory ? text + "/" : text] = entry
                    return status.kind == .directory ? .descend : .handled
                }
                all[location] = entries
            }
            return SandboxSnapshot(entries: all)
        }
    }

    /// The snapshot entry of `name` in `parent`, or nil if it vanished before it could be read.
    private static func entry(
        for status: FileStatus, isMountPoint: Bool, name: FileName, in parent: Int32
    ) -> SandboxSnapshot.Entry? {
        let kind: SandboxSnapshot.Entry.Kind
        var size: Int64 = 0
        var digest: UInt64?
        switch status.kind {
        case .regular:
            kind = .file
            size = status.size
            if status.size <= SandboxSnapshot.contentDigestLimit {
                do throws(Errno) {
                    digest = try contentDigest(of: name, in: parent, expected: status)
                } catch where error == .notFound {
                    return nil
                } catch {
                    // Unreadable, or replaced by something else: compared by metadata.
                }
            }
        case .symlink:
            kind = .symlink
            size = status.size
            do throws(Errno) {
                var target = ContentDigest()
                target.add(try FileSystemCall.readLink(at: parent, name))
                digest = target.value
            } catch where error == .notFound {
                return nil
            } catch {}
        case .directory:
            kind = isMountPoint ? .mountPoint : .directory
        case .other:
            kind = .other
        }
        return .init(
            kind: kind, size: size, permissions: status.permissions, modificationTime: status.modificationNanoseconds,
            changeTime: status.changeNanoseconds, device: status.device, inode: status.inode, digest: digest)
    }

    /// The digest of at most ``SandboxSnapshot/contentDigestLimit`` bytes of the regular file `name`.
    private static func contentDigest(of name: FileName, in parent: Int32, expected: FileStatus) throws(Errno) -> UInt64 {
        let file = try FileSystemCall.openRegularFileForReading(at: parent, name, expected: expected)
        defer { SystemCall.close(file) }
        var digest = ContentDigest()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var remaining = Int(SandboxSnapshot.contentDigestLimit)
        while remaining > 0 {
            let count = try FileSystemCall.read(file, into: &chunk)
            if count == 0 { break }
            let used = min(count, remaining)
            digest.add(chunk[0..<used])
            remaining -= used
        }
        return digest.value
    }
}

/// 64-bit FNV-1a: a fast, dependency-free digest that tells changed contents apart (not for security).
struct ContentDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        var value = self.value
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        self.value = value
    }
}
