import CleanSlate

/// The files an app created in a live `cleanslate record` session, and what the written test
/// checks of each, decided as a person keeping the test would:
///
/// - a short text file (at most ``textLimit`` bytes of UTF-8, no control character but line feed
///   and tab): its whole content, compared (the sandbox's paths in it written as placeholders,
///   `$XDG_CONFIG_HOME` and the like, since the sandbox differs from run to run);
/// - a longer or binary file: its size in bytes. Its content would be a literal nobody reads, and a
///   digest a number nobody can check against what the app should write; the size still fails a
///   file left empty, cut short or grown;
/// - a folder the app created empty (one holding a created file is implied by that file), and a
///   FIFO, socket, device or symlink: that it exists (reading a FIFO in the written test would wait
///   for a writer for ever, and a link's size is its target's).
enum CreatedFiles {
    /// The largest file whose content the written test compares (2 KiB: a profile or a short
    /// configuration, a screenful as a literal).
    static let textLimit: Int64 = 2048

    /// What a test checks of a created entry.
    enum Check: Equatable {
        /// The file's text, with the sandbox's paths as placeholders when `placeholders` is true.
        case text(String, placeholders: Bool)
        /// The file's size in bytes.
        case size(Int64)
        /// That the entry exists (a folder, or anything but a regular file).
        case exists
    }

    /// The entries `changes` lists as created in the sandbox's home and XDG folders, only the
    /// deepest (folders are listed with a trailing slash), each with its check read from `after`
    /// and the sandbox (read now: the sandbox is wiped once the run ends).
    static func list(_ changes: SandboxChanges, after: SandboxSnapshot, in sandbox: Sandbox) -> [TestSource.CreatedFile] {
        let folders: [(Sandbox.Location, String)] = [(.home, "home"), (.config, "configHome"), (.data, "dataHome"),
                                                     (.cache, "cacheHome"), (.state, "stateHome")]
        return folders.flatMap { location, property in
            let created = changes.created(in: location)
            return created.filter { path in !created.contains { $0 != path && $0.hasPrefix(path.hasSuffix("/") ? path : path + "/") } }
                .map { path in
                    TestSource.CreatedFile(folder: property, path: path, check: check(of: path, in: location, after: after, sandbox: sandbox))
                }
        }
    }

    private static func check(of path: String, in location: Sandbox.Location, after: SandboxSnapshot, sandbox: Sandbox) -> Check {
        guard !path.hasSuffix("/"), let entry = after.entries[location]?[path], entry.kind == .file else { return .exists }
        let size = entry.size
        guard size <= textLimit, let bytes = try? sandbox.contents(of: path, in: location), let text = readableText(bytes) else {
            return .size(size)
        }
        let replaced = sandbox.replacingPathsWithPlaceholders(in: text)
        return .text(replaced, placeholders: replaced != text)
    }

    /// `bytes` as text a test can quote, or nil (invalid UTF-8, or a control character other than
    /// line feed and tab).
    static func readableText(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let allowed: Set<Unicode.Scalar> = ["\n", "\t"]
        return text.unicodeScalars.allSatisfy { !($0.properties.generalCategory == .control) || allowed.contains($0) } ? text : nil
    }
}
