/// What a sandbox held at one moment: every path in every location with its kind, size, mode and a
/// digest of its contents.
///
/// Take one before launching the app and one after, then ask the later one for
/// ``changes(since:)`` to see what the app created, modified or removed, location by location.
public struct SandboxSnapshot: Sendable, Equatable {
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
            /// A FIFO, socket or device node.
            case other
        }

        /// What kind of entry this is.
        public let kind: Kind
        /// The size in bytes (for a symlink, the length of its target).
        public let size: Int64
        /// The permission bits, e.g. `0o644`.
        public let permissions: UInt16
        /// A 64-bit FNV-1a digest of a file's contents or a symlink's target; 0 for others.
        public let digest: UInt64
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
    /// *modified* if both have it but its kind, permissions, size or contents differ. Timestamps
    /// are not compared: rewriting a file with the same bytes is not a modification.
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
                before[path].map { $0 != entry } == true ? path : nil
            }.sorted()
        }
        return SandboxChanges(created: created, modified: modified, removed: removed)
    }
}

/// The differences between two ``SandboxSnapshot``s, per location, as sorted relative paths.
public struct SandboxChanges: Sendable, Equatable, CustomStringConvertible {
    /// Paths that exist now but did not before.
    public let created: [Sandbox.Location: [String]]
    /// Paths that exist in both but differ in kind, permissions, size or contents.
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
    /// Records every path in every location with its kind, size, mode and a digest of its contents.
    ///
    /// Reads every file, so it costs time in proportion to what the sandbox holds.
    public func snapshot() throws -> SandboxSnapshot {
        try whileUsable {
            var all: [Location: [String: SandboxSnapshot.Entry]] = [:]
            for location in Location.allCases {
                var entries: [String: SandboxSnapshot.Entry] = [:]
                var readFailure: CleanSlateError?
                try walk(location) { parent, path, name, status in
                    let components = path + [name]
                    let text = DisplayPath.decode(FileName(components.joined(separator: [0x2F])))
                    do throws(Errno) {
                        let entry = try Self.entry(for: status, name: name, in: parent)
                        entries[status.kind == .directory ? text + "/" : text] = entry
                    } catch {
                        readFailure = readFailure ?? CleanSlateError(
                            .sandboxFailed, errno: error.rawValue,
                            "cannot read \(DisplayPath.render(location.components + components)) in the sandbox \(root)")
                        return .failed
                    }
                    return status.kind == .directory ? .descend : .handled
                }
                if let readFailure { throw readFailure }
                all[location] = entries
            }
            return SandboxSnapshot(entries: all)
        }
    }

    private static func entry(for status: FileStatus, name: FileName, in parent: Int32) throws(Errno) -> SandboxSnapshot.Entry {
        switch status.kind {
        case .regular:
            let file = try FileSystemCall.openForReading(at: parent, name)
            defer { SystemCall.close(file) }
            var digest = ContentDigest()
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = try FileSystemCall.read(file, into: &chunk)
                if count == 0 { break }
                digest.add(chunk[0..<count])
            }
            return .init(kind: .file, size: status.size, permissions: status.permissions, digest: digest.value)
        case .symlink:
            var digest = ContentDigest()
            digest.add(try FileSystemCall.readLink(at: parent, name)[...])
            return .init(kind: .symlink, size: status.size, permissions: status.permissions, digest: digest.value)
        case .directory:
            return .init(kind: .directory, size: 0, permissions: status.permissions, digest: 0)
        case .other:
            return .init(kind: .other, size: 0, permissions: status.permissions, digest: 0)
        }
    }
}

/// 64-bit FNV-1a: a fast, dependency-free digest that tells changed contents apart (not for security).
struct ContentDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }
}
