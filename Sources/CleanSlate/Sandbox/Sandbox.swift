import Synchronization

/// A brand-new, empty HOME and XDG tree for one test, wiped in the test's teardown.
///
/// A sandbox is a folder `cleanslate-XXXXXX` (made by `mkdtemp`: mode 0700, unpredictable name)
/// holding sibling folders, one per ``Location``: `home`, `xdg/config`, `xdg/data`, `xdg/cache`,
/// `xdg/state`, `xdg/runtime` (0700) and `tmp`. A launcher points the app's `HOME`, `XDG_*_HOME`,
/// `XDG_RUNTIME_DIR` and `TMPDIR` at them (see ``environment``); every launch in the same test sees
/// what earlier launches saved, and the next test gets a new sandbox that holds nothing.
///
/// Before a launch a test can seed files (`write(_:to:in:permissions:)`, ``createDirectory(_:in:)``,
/// ``copyItem(from:to:in:)``) or start from a ``SandboxTemplate``; afterwards it can inspect what the app
/// wrote (``files(in:)``, ``contents(of:in:)``, ``snapshot()``). ``wipe()`` removes the tree and is
/// safe against symlinks, read-only folders and odd names the app left behind.
///
/// ```swift
/// let sandbox = try Sandbox()
/// addTeardownBlock { try sandbox.wipe() }
/// try sandbox.write("[user]\nname = Test\n", to: "tool/config.toml", in: .config)
/// let before = try sandbox.snapshot()
/// // ... launch the app with sandbox.environment ...
/// let changes = try sandbox.snapshot().changes(since: before)
/// XCTAssertEqual(changes.created(in: .state), ["tool/", "tool/history"])
/// XCTAssertTrue(changes.isEmpty(in: .home))
/// ```
///
/// The sandbox root also holds `.cleanslate-owner`, which names the process that created it, so that
/// a sandbox left behind by a killed process is swept by the next one created in the same folder
/// (see ``sweep(rootDirectory:dryRun:retention:)`` and ``markKept()``).
///
/// All paths given to these methods are relative to a location and may not leave it; no method
/// follows a symlink inside the sandbox. The object is thread-safe (operations are serialised by a
/// lock) and knows nothing about processes. It is not wiped on deinitialisation: call ``wipe()``.
public final class Sandbox: Sendable {
    /// The sandbox folder, e.g. `/dev/shm/cleanslate-Ab12Cd`.
    public let root: String
    /// The path of the ``Location/home`` folder, for `HOME`.
    public let home: String
    /// The path of the ``Location/config`` folder, for `XDG_CONFIG_HOME`.
    public let configHome: String
    /// The path of the ``Location/data`` folder, for `XDG_DATA_HOME`.
    public let dataHome: String
    /// The path of the ``Location/cache`` folder, for `XDG_CACHE_HOME`.
    public let cacheHome: String
    /// The path of the ``Location/state`` folder, for `XDG_STATE_HOME`.
    public let stateHome: String
    /// The path of the ``Location/runtime`` folder (mode 0700), for `XDG_RUNTIME_DIR`.
    public let runtimeDirectory: String
    /// The path of the ``Location/temporary`` folder, for `TMPDIR`.
    public let temporaryDirectory: String

    struct State {
        var wiped = false
        var removed = false
        /// The descriptor holding the owner's lock on the sandbox folder (see `OwnerLock.swift`),
        /// nil once released.
        var ownerLock: Int32?
        /// Test seam for the remover (see ``TreeRemover/injectedFailure``).
        var injectedWipeFailure: (@Sendable (String) -> Int32?)?
    }

    let state = Mutex(State())

    /// Creates an empty sandbox in `rootDirectory`, else in `$CLEANSLATE_ROOT`, else in `/dev/shm`
    /// (when writable), `$TMPDIR` or `/tmp`.
    ///
    /// The sandbox records this process as its owner, and its creation sweeps the sibling sandboxes
    /// whose owner is gone (see ``sweep(rootDirectory:dryRun:retention:)``), at most once a second
    /// per root folder in one process (see `RootFolderMemory`); problems while sweeping never fail
    /// the creation.
    ///
    /// Throws ``CleanSlateError/Code/sandboxRootMissing``, ``CleanSlateError/Code/sandboxRootNotWritable``
    /// or ``CleanSlateError/Code/sandboxRootInsecure`` naming the folder and where it came from when no
    /// sandbox can be created there, and `.invalidArgument` for a bad `CLEANSLATE_KEEP_DAYS`.
    public convenience init(rootDirectory: String? = nil) throws {
        try self.init(creatingIn: rootDirectory) { _ in }
    }

    /// Creates a sandbox holding a copy of what `template` was prepared with.
    ///
    /// Equivalent to ``SandboxTemplate/makeSandbox(rootDirectory:)``. Each sandbox made this way is
    /// independent: changing it changes neither the template nor other sandboxes made from it.
    public convenience init(template: SandboxTemplate, rootDirectory: String? = nil) throws {
        try self.init(creatingIn: rootDirectory) { sandbox in _ = try template.sandbox.cloneContents(into: sandbox) }
    }

    /// Creates the sandbox folder, its owner record and layout (``makeLayout()``), fills it, then
    /// sweeps its siblings.
    private convenience init(creatingIn rootDirectory: String?, fill: (Sandbox) throws -> Void) throws {
        let retention = try SweepRetention.current()
        let choice = SandboxRoot.current(argument: rootDirectory)
        let folder = try SandboxRoot.resolve(choice)
        try self.init(root: SandboxRoot.makeSandboxFolder(in: folder, choice: choice))
        do {
            try holdOwnerLock()
            try makeLayout()
            try fill(self)
        } catch {
            var remover = TreeRemover()
            remover.removedLast = OwnerRecord.fileName
            _ = remover.removeTree(at: root)
            releaseOwnerLock()
            throw error
        }
        if RootFolderMemory.shared.shouldSweep(folder) {
            let name = root.utf8.split(separator: UInt8(ascii: "/")).last.map { FileName($0) }
            _ = SandboxSweeper(folder: folder, retentionSeconds: retention, dryRun: false, skipping: name).sweep()
        }
    }

    private init(root: String) {
        self.root = root
        home = root + "/" + Location.home.relativePath
        configHome = root + "/" + Location.config.relativePath
        dataHome = root + "/" + Location.data.relativePath
        cacheHome = root + "/" + Location.cache.relativePath
        stateHome = root + "/" + Location.state.relativePath
        runtimeDirectory = root + "/" + Location.runtime.relativePath
        temporaryDirectory = root + "/" + Location.temporary.relativePath
        // Computed once: every launch merges it into the app's environment.
        environment = Dictionary(uniqueKeysWithValues: Location.allCases.map { ($0.environmentVariable, root + "/" + $0.relativePath) })
    }

    deinit { state.withLock { Self.releaseOwnerLock(&$0) } }

    /// The absolute path of `relativePath` inside `location` (the location itself for `""`).
    ///
    /// This only joins text, it does not touch the file system. `..` cannot climb above the location
    /// (it stops there, as `/..` stops at `/`) and NUL characters are dropped, so the result always
    /// lies inside the location.
    public func path(_ location: Location, _ relativePath: String = "") -> String {
        let base = root + "/" + location.relativePath
        let inside = RelativePath.clamped(relativePath)
        return inside.isEmpty ? base : base + "/" + inside
    }

    /// The environment variables that point an app at this sandbox: `HOME`, `XDG_CONFIG_HOME`,
    /// `XDG_DATA_HOME`, `XDG_CACHE_HOME`, `XDG_STATE_HOME`, `XDG_RUNTIME_DIR` and `TMPDIR`.
    public let environment: [String: String]

    /// Whether ``wipe()`` has been called; a wiped sandbox throws ``CleanSlateError/Code/sandboxWiped``
    /// when used.
    public var isWiped: Bool { state.withLock { $0.wiped } }

    /// Removes the sandbox folder and everything in it.
    ///
    /// Symlinks are removed, never followed; read-only folders are made writable first; names are
    /// handled as raw bytes; depth does not matter. What cannot be removed (a mount point, an
    /// immutable file) is left in place after everything else has been removed, together with the
    /// owner record (so a later sweep still knows the sandbox and retries), and the error
    /// (``CleanSlateError/Code/wipeFailed``) names each such path relative to ``root`` and why.
    /// Calling it again retries what remains; after a complete wipe it does nothing.
    public func wipe() throws {
        try state.withLock { state in
            state.wiped = true
            if state.removed { return }
            if state.injectedWipeFailure == nil && removeEmptyLayout() {
                state.removed = true
                Self.releaseOwnerLock(&state)
                return
            }
            var remover = TreeRemover()
            remover.injectedFailure = state.injectedWipeFailure
            remover.removedLast = OwnerRecord.fileName
            let failures = remover.removeTree(at: root)
            guard let first = failures.first else {
                state.removed = true
                Self.releaseOwnerLock(&state)
                return
            }
            let listed = failures.prefix(10).map { "\($0.path): \($0.reason) (errno \($0.errno))" }
            let more = failures.count > 10 ? "; and \(failures.count - 10) more" : ""
            throw CleanSlateError(
                .wipeFailed, errno: first.errno,
                "could not remove everything in the sandbox \(root); left in place: "
                    + listed.joined(separator: "; ") + more + ". Everything else was removed; wipe() again retries.")
        }
    }

    /// Runs `body` under the lock, unless the sandbox has been wiped.
    func whileUsable<T>(_ body: () throws -> T) throws -> T {
        try state.withLock { state in
            if state.wiped {
                throw CleanSlateError(.sandboxWiped, "the sandbox \(root) has been wiped and can no longer be used")
            }
            return try body()
        }
    }
}
