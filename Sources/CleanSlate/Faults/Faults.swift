import _CleanSlateCShim

/// Conditions a launch can be put under on purpose, so that a failure that happens once a week in
/// CI happens on every run: the app's output arriving in pieces, input typed slowly, and (in strict
/// isolation) a full or read-only file system. Set ``AppLauncher/faults`` before ``AppLauncher/launch()-3ynqr``.
///
/// Random choices come from a seed: ``seed``, else `CLEANSLATE_FAULT_SEED`, else a fresh one. A
/// failed wait's message and a failed test's report name it; set `CLEANSLATE_FAULT_SEED` to it to
/// replay the same pieces (`CLEANSLATE_FAULT_SEED` wins over ``seed``).
public struct Faults: Sendable, Equatable {
    /// Deliver the app's output to the screen and to waits in random pieces of 1 to this many
    /// bytes, each seen by every wait in progress before the next is delivered; nil (the default)
    /// delivers it as read. 1 to ``maximumFragmentLength`` (65,536); the launch throws
    /// `.invalidArgument` for another length.
    public var outputFragmentLength: Int?
    /// Type input one byte at a time with this pause between bytes; nil (the default) writes it at once.
    /// 0 to 10 seconds; the launch throws `.invalidArgument` for another pause.
    public var typingDelay: Duration?
    /// The seed of the random choices; nil takes `CLEANSLATE_FAULT_SEED`, else a fresh one.
    public var seed: UInt64?
    /// Strict isolation only: the most bytes the sandbox may hold, 4096 bytes to 1 TiB (another
    /// value makes the launch throw `.invalidArgument`): its home, XDG folders and
    /// temporary folder together, the files it was seeded with included; past it, writes fail with
    /// `ENOSPC` ("No space left on device"). The app then writes to a size-limited file system of
    /// its own holding a copy of the sandbox, copied back over the sandbox when the app exits
    /// (before a wait for its exit returns); what a process it left running writes later is lost.
    /// The copy back keeps holes and hard links, drops set-user-id and set-group-id bits, stops past
    /// the limit, refuses FIFOs, sockets and devices, and is whole or nothing: refused, the sandbox
    /// keeps what it held before the launch and ``AppLauncher/waitForExit(timeout:fileID:filePath:line:column:)-7ono8`` throws
    /// `.sandboxNotCopiedBack` saying why. Entries are limited too (``sandboxEntryLimit``), and the
    /// processes the app left are stopped while the copy back runs (and continued after it).
    public var sandboxSizeLimit: Int?
    /// Strict isolation only: sandbox folders the app sees read-only (writes fail with `EROFS`,
    /// "Read-only file system"), such as `.config` for `XDG_CONFIG_HOME`; the folders between one and
    /// the sandbox folder (`xdg`) stay writable but cannot be renamed (`EBUSY`).
    public var readOnlyFolders: [Sandbox.Location]
    /// Sandbox folders that do not exist when the app starts, as on a machine where nothing has
    /// created `~/.cache` yet (the app may create them). They must be empty (the launch removes
    /// them); `.home` cannot be one. Works in both isolation levels.
    public var missingFolders: [Sandbox.Location]

    /// No faults.
    public init(
        outputFragmentLength: Int? = nil, typingDelay: Duration? = nil, seed: UInt64? = nil,
        sandboxSizeLimit: Int? = nil, readOnlyFolders: [Sandbox.Location] = [], missingFolders: [Sandbox.Location] = []
    ) {
        self.outputFragmentLength = outputFragmentLength
        self.typingDelay = typingDelay
        self.seed = seed
        self.sandboxSizeLimit = sandboxSizeLimit
        self.readOnlyFolders = readOnlyFolders
        self.missingFolders = missingFolders
    }

    /// No faults (the default).
    public static let none = Faults()

    /// The environment variable that replays a seed.
    public static let seedEnvironmentVariable = "CLEANSLATE_FAULT_SEED"
    /// With ``sandboxSizeLimit``: the most entries the sandbox may hold, 50,000 (folders, files,
    /// symlinks and every further name of a hard-linked file, the seeded ones included); past it,
    /// creating one fails with `ENOSPC`, as writing past the size limit does. Empty files and folders
    /// take no bytes, so without it an app could leave millions for the copy back to walk.
    public static let sandboxEntryLimit = Int(CS_SANDBOX_ENTRY_LIMIT)
    /// The largest ``outputFragmentLength`` accepted.
    public static let maximumFragmentLength = 65_536

    /// Whether a file system fault that needs strict isolation is asked for.
    var needsStrictIsolation: Bool { sandboxSizeLimit != nil || !readOnlyFolders.isEmpty }

    /// Throws `.invalidArgument` naming the fault for a value that cannot be honoured; `strict`
    /// says whether the launch runs in strict isolation.
    func validate(strict: Bool) throws {
        if let length = outputFragmentLength, !(1...Self.maximumFragmentLength).contains(length) {
            throw CleanSlateError(.invalidArgument,
                "faults.outputFragmentLength is \(length); give 1...\(Self.maximumFragmentLength) (the longest piece of output, in bytes)")
        }
        if let delay = typingDelay, delay < .zero || delay > .seconds(10) {
            throw CleanSlateError(.invalidArgument, "faults.typingDelay is \(delay); give 0 to 10 seconds")
        }
        if needsStrictIsolation && !strict {
            throw CleanSlateError(.invalidArgument,
                "faults.sandboxSizeLimit and faults.readOnlyFolders need strict isolation (app.isolation = .strict): only "
                    + "there are the sandbox's mounts CleanSlate's own, so a size limit or a read-only folder holds (for root "
                    + "too, whom file modes do not stop) and ends with the launch")
        }
        if let limit = sandboxSizeLimit, !(4096...(1 << 40)).contains(limit) {
            throw CleanSlateError(.invalidArgument, "faults.sandboxSizeLimit is \(limit) bytes; give 4096 bytes to 1 TiB")
        }
        if readOnlyFolders.contains(.home) && sandboxSizeLimit != nil {
            throw CleanSlateError(.invalidArgument,
                "faults.readOnlyFolders names .home together with faults.sandboxSizeLimit: a read-only home has no space to fill; drop one")
        }
    }

    /// The seed a launch uses: `CLEANSLATE_FAULT_SEED` (`replay`) when set, else ``seed``, else fresh.
    static func seed(replay: String?, configured: UInt64?) throws -> UInt64 {
        if let replay {
            guard let value = UInt64(replay) else {
                throw CleanSlateError(.invalidArgument,
                    "\(seedEnvironmentVariable)=\(replay.debugDescription) is not a seed: give the number a failure printed (0...\(UInt64.max)), or unset it")
            }
            return value
        }
        return configured ?? UInt64.random(in: 0...UInt64.max)
    }
}
