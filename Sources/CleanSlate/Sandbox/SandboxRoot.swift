import Glibc

/// Decides which folder sandboxes are created in, and creates a sandbox's root folder there.
///
/// The choice is, in order: an explicit `rootDirectory` argument; the `CLEANSLATE_ROOT` environment
/// variable (read with `getenv` at the moment a sandbox is made, never set); `/dev/shm` when it is a
/// writable directory; `$TMPDIR`; `/tmp`. Whichever is chosen must pass ``SandboxRootSecurity`` (see
/// there), or no sandbox is created in it: an unsafe `/dev/shm` is an error that says so, not a
/// silent move to another folder.
///
/// Why `/dev/shm` first: it is a tmpfs, so creating and wiping a sandbox touches no disk and no
/// journal. Measured on the 2-core build machine (release build, `SandboxMeasurements`, medians):
/// create + wipe of an empty sandbox 0.19 ms on `/dev/shm` against 1.45 ms on ext4 `/tmp` (earlier,
/// with other builds writing to the disk, 2.5–3.2 ms with p90 up to 28 ms); wiping a tree 5,000
/// levels deep 0.11 s against 0.6 s. The price: tmpfs lives in memory and may be small (Docker gives
/// containers 64 MiB by default), so tests that write large files should set `CLEANSLATE_ROOT` to a
/// disk folder.
enum SandboxRoot {
    /// The environment variable that overrides the default folder.
    static let environmentVariable = "CLEANSLATE_ROOT"
    /// The tmpfs folder preferred by default.
    static let sharedMemory = "/dev/shm"
    /// The last resort.
    static let fallback = "/tmp"

    /// Where a root folder choice came from; named in error messages so the user knows what to change.
    enum Source: Equatable {
        case argument, environment, defaultLocation

        var explanation: String {
            switch self {
            case .argument: "passed as the rootDirectory argument"
            case .environment: "taken from the \(SandboxRoot.environmentVariable) environment variable"
            case .defaultLocation: "the default (\(SandboxRoot.sharedMemory) if writable, else $TMPDIR, else /tmp)"
            }
        }

        var remedy: String {
            switch self {
            case .argument: "pass an existing, writable folder as rootDirectory"
            case .environment: "set \(SandboxRoot.environmentVariable) to an existing, writable folder, or unset it"
            case .defaultLocation: "set \(SandboxRoot.environmentVariable) to an existing, writable folder"
            }
        }
    }

    /// A chosen folder and where the choice came from.
    struct Choice: Equatable {
        let path: String
        let source: Source
    }

    /// The pure decision: no file-system or environment access, so every branch can be tested.
    ///
    /// Empty strings count as unset. `sharedMemoryUsable` says whether `/dev/shm` is a writable
    /// directory; `temporaryDirectory` is the value of `TMPDIR`.
    static func choose(
        argument: String?, environmentValue: String?, sharedMemoryUsable: Bool, temporaryDirectory: String?
    ) -> Choice {
        if let argument { return Choice(path: argument, source: .argument) }
        if let environmentValue, !environmentValue.isEmpty { return Choice(path: environmentValue, source: .environment) }
        if sharedMemoryUsable { return Choice(path: sharedMemory, source: .defaultLocation) }
        if let temporaryDirectory, !temporaryDirectory.isEmpty {
            return Choice(path: temporaryDirectory, source: .defaultLocation)
        }
        return Choice(path: fallback, source: .defaultLocation)
    }

    /// The decision for this process now: reads `CLEANSLATE_ROOT` and `TMPDIR` and checks `/dev/shm`.
    static func current(argument: String?) -> Choice {
        let environmentValue = FileSystemCall.environmentValue(environmentVariable)
        let useEnvironment = argument == nil && !(environmentValue ?? "").isEmpty
        return choose(
            argument: argument,
            environmentValue: environmentValue,
            sharedMemoryUsable: argument == nil && !useEnvironment && FileSystemCall.isWritableDirectory(sharedMemory),
            temporaryDirectory: FileSystemCall.environmentValue("TMPDIR"))
    }

    /// Creates `<folder>/cleanslate-XXXXXX` with `mkdtemp` (mode 0700, unpredictable name) and returns
    /// its absolute path, with symlinks in `folder` resolved. The resolved folder and every folder
    /// above it must pass ``SandboxRootSecurity``. Failures name the folder and where it came from.
    static func makeRoot(in choice: Choice) throws(CleanSlateError) -> String {
        try makeSandboxFolder(in: resolve(choice), choice: choice)
    }

    /// Checks the chosen folder and returns its absolute path with symlinks resolved: it must be an
    /// existing directory that passes ``SandboxRootSecurity``. A folder that passed is not checked
    /// again for a second (see ``RootFolderMemory``).
    static func resolve(_ choice: Choice) throws(CleanSlateError) -> String {
        var folder = choice.path
        if folder.isEmpty || folder.utf8.contains(0) {
            throw CleanSlateError(
                .invalidArgument, "the sandbox root folder \(folder.debugDescription) (\(choice.source.explanation)) is not a usable path")
        }
        if !folder.hasPrefix("/"), let current = FileSystemCall.currentDirectory() {
            folder = current + "/" + folder
        }
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        if let known = RootFolderMemory.shared.resolvedFolder(for: folder) { return known }
        let what = "the sandbox root folder \(folder) (\(choice.source.explanation))"
        let status: FileStatus
        do {
            status = try FileSystemCall.fileStatus(path: folder)
        } catch {
            throw describe(error, what: what, source: choice.source, existing: false)
        }
        if status.kind != .directory {
            throw CleanSlateError(
                .sandboxRootMissing, errno: Errno.notDirectory.rawValue,
                "\(what) is not a directory; \(choice.source.remedy)")
        }
        let resolved: String
        do {
            resolved = try FileSystemCall.canonicalPath(folder)
        } catch {
            throw describe(error, what: what, source: choice.source, existing: false)
        }
        if let problem = SandboxRootSecurity.problem(with: resolved) {
            throw CleanSlateError(.sandboxRootInsecure, "\(what) is not safe: \(problem). Or \(choice.source.remedy)")
        }
        RootFolderMemory.shared.remember(resolved, for: folder)
        return resolved
    }

    /// Creates `<folder>/cleanslate-XXXXXX` in a folder ``resolve(_:)`` returned.
    static func makeSandboxFolder(in folder: String, choice: Choice) throws(CleanSlateError) -> String {
        let made: String
        do {
            made = try FileSystemCall.makeTemporaryDirectory(template: (folder == "/" ? "" : folder) + "/cleanslate-XXXXXX")
        } catch {
            let what = "the sandbox root folder \(folder) (\(choice.source.explanation))"
            throw describe(error, what: what, source: choice.source, existing: true)
        }
        // mkdtemp's 0700 passes through the umask: under one that takes owner bits (277 leaves
        // 0500) the owner record and the layout could not be written. The name is unpredictable
        // and the folder safe (see SandboxRootSecurity), so nobody else can have put a symlink there.
        do throws(Errno) {
            try FileSystemCall.changeModeOfNewDirectory(at: AT_FDCWD, FileName(made.utf8), to: 0o700)
        } catch {
            _ = TreeRemover().removeTree(at: made)
            throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot set the mode of the new sandbox \(made) to 0700")
        }
        return made
    }

    /// Maps a failure to the typed error: `existing` says the folder was found, so any failure to
    /// create in it (including ENOENT, which /proc answers) means it is not writable.
    static func describe(_ error: Errno, what: String, source: Source, existing: Bool) -> CleanSlateError {
        switch error {
        case .notFound where !existing:
            return CleanSlateError(.sandboxRootMissing, errno: error.rawValue, "\(what) does not exist; \(source.remedy)")
        case .notDirectory:
            return CleanSlateError(
                .sandboxRootMissing, errno: error.rawValue,
                "\(what) does not exist (a file is in the way on its path); \(source.remedy)")
        case .accessDenied, .notPermitted, .readOnlyFileSystem, .notFound:
            return CleanSlateError(
                .sandboxRootNotWritable, errno: error.rawValue,
                "\(what) is not writable (no folder can be created in it); \(source.remedy)")
        default:
            return CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot create a sandbox in \(what)")
        }
    }
}
