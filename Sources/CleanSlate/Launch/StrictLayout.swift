import Foundation

/// The file system view of one strict launch (see ``Isolation/strict(_:)``): which folders are
/// hidden, which are shown again inside them, and how host paths into the sandbox are written as
/// the app sees them.
struct StrictLayout: Equatable {
    /// The sandbox folder on the host, and its home folder.
    let sandboxRoot: String
    let sandboxHome: String
    /// Folders covered by an empty read-only tmpfs, parents before what lies below them.
    let hiddenFolders: [String]
    /// Folders inside hidden ones that are bound back read-only (the app's own folder).
    let exposedFolders: [String]
    /// Sandbox folders, as the app sees them, bound read-only (``Faults/readOnlyFolders``), each
    /// by every path that reaches it (the home also lies in the sandbox folder).
    private(set) var readOnlyFolders: [String] = []
    /// The folders, as the app sees them, between each read-only folder and the mount point above it
    /// (`/run/cleanslate/xdg` for `/run/cleanslate/xdg/config`), outermost first: bound writable
    /// over themselves, so that the app cannot rename them (a mount point cannot be renamed) and put
    /// a writable folder where the read-only one was.
    private(set) var pinnedFolders: [String] = []
    /// The sandbox's size limit in bytes (``Faults/sandboxSizeLimit``), nil for none.
    var sandboxSizeLimit: Int?
    /// What the app can reach over the network.
    let network: StrictNetwork
    /// The most processes the app may have at once.
    let maximumProcessCount: Int

    /// Folders hidden in every strict launch: every home, and the places where other programs and
    /// users keep transient files and sockets.
    static let alwaysHidden = ["/home", "/root", "/run", "/tmp", "/var/tmp", "/dev/shm"]
    /// Folders that are never hidden (nothing runs without them), nor any folder above one.
    static let neverHidden = ["/usr", "/etc", "/bin", "/sbin", "/lib", "/lib64", "/dev", "/proc", "/sys", "/opt"]

    init(sandbox: Sandbox, options: StrictOptions, executablePath: String, runnerDirectory: String) {
        sandboxRoot = sandbox.root
        sandboxHome = sandbox.home
        let sandboxFolder = (sandbox.root as NSString).deletingLastPathComponent
        let candidates = Self.alwaysHidden + [runnerDirectory, sandboxFolder] + options.hiddenPaths
        var hidden: [String] = []
        for path in candidates.map(Self.normalized).sorted(by: { $0.count < $1.count }) {
            guard path.hasPrefix("/"), !Self.neverHidden.contains(where: { Self.isWithin($0, path) }),
                  !hidden.contains(where: { Self.isWithin(path, $0) }) else { continue }
            hidden.append(path)
        }
        hiddenFolders = hidden
        let programFolder = (executablePath as NSString).deletingLastPathComponent
        let programIsHidden = hidden.contains { Self.isWithin(programFolder, $0) } && !Self.isWithin(programFolder, sandbox.root)
        exposedFolders = programIsHidden ? [programFolder] : []
        network = options.network
        maximumProcessCount = options.maximumProcessCount
    }

    /// The most folders one launch can hide (the keeper's limit, with room for the fixed ones).
    static let hiddenPathLimit = 200

    /// Throws `.invalidArgument` for hidden paths the keeper cannot honour: relative ones, ones with
    /// a NUL byte, or too many. (Folders that do not exist are fine: there is nothing to hide.)
    static func validate(_ options: StrictOptions) throws {
        if options.hiddenPaths.count > hiddenPathLimit {
            throw CleanSlateError(.invalidArgument,
                "StrictOptions.hiddenPaths lists \(options.hiddenPaths.count) folders; at most \(hiddenPathLimit) can be hidden (hide a common parent instead)")
        }
        if !(1...StrictOptions.maximumProcessCountLimit).contains(options.maximumProcessCount) {
            throw CleanSlateError(.invalidArgument,
                "StrictOptions.maximumProcessCount is \(options.maximumProcessCount); give 1...\(StrictOptions.maximumProcessCountLimit) (the default is \(StrictOptions.defaultMaximumProcessCount))")
        }
        for path in options.hiddenPaths where !path.hasPrefix("/") || path.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument,
                "StrictOptions.hiddenPaths entry \(path.debugDescription) must be an absolute path without NUL bytes")
        }
        guard case let .hostPorts(ports) = options.network else { return }
        if ports.isEmpty || ports.count > StrictNetwork.maximumAllowedPorts {
            throw CleanSlateError(.invalidArgument,
                "StrictNetwork.hostPorts lists \(ports.count) ports; name 1 to \(StrictNetwork.maximumAllowedPorts) (use .host to share the whole network)")
        }
        if ports.contains(0) {
            throw CleanSlateError(.invalidArgument, "StrictNetwork.hostPorts contains port 0; name ports 1...65535")
        }
    }

    /// Throws `.invalidArgument` when the working directory `directory` (a host path) would be
    /// hidden from the app: it lies in a hidden folder and not in the sandbox or a folder shown again.
    func validateWorkingDirectory(_ directory: String) throws {
        guard hiddenFolders.contains(where: { Self.isWithin(directory, $0) }),
              !Self.isWithin(directory, sandboxRoot), !exposedFolders.contains(where: { Self.isWithin(directory, $0) }) else { return }
        throw CleanSlateError(.invalidArgument,
            "the working directory \(directory) is hidden from the app in strict isolation; use a folder in the sandbox (the default is its home)")
    }

    /// `path` as the app sees it: inside the sandbox it is moved to ``StrictOptions/homePath`` or
    /// ``StrictOptions/sandboxPath``; anything else is unchanged.
    func insidePath(_ path: String) -> String {
        if let rest = Self.remainder(of: path, under: sandboxHome) { return StrictOptions.homePath + rest }
        if let rest = Self.remainder(of: path, under: sandboxRoot) { return StrictOptions.sandboxPath + rest }
        return path
    }

    /// Makes the sandbox folders `hostFolders` (host paths) read-only for the app: sets
    /// ``readOnlyFolders`` and ``pinnedFolders``.
    mutating func makeReadOnly(_ hostFolders: [String]) {
        var readOnly: [String] = [], pinned: [String] = []
        for folder in hostFolders {
            var views = [insidePath(folder)]
            if let rest = Self.remainder(of: folder, under: sandboxRoot), Self.isWithin(folder, sandboxHome) {
                views.append(StrictOptions.sandboxPath + rest)
            }
            for view in views where !readOnly.contains(view) {
                readOnly.append(view)
                let mountPoint = Self.isWithin(view, StrictOptions.homePath) ? StrictOptions.homePath : StrictOptions.sandboxPath
                var ancestor = (view as NSString).deletingLastPathComponent
                while ancestor != mountPoint && Self.isWithin(ancestor, mountPoint) {
                    if !pinned.contains(ancestor) { pinned.append(ancestor) }
                    ancestor = (ancestor as NSString).deletingLastPathComponent
                }
            }
        }
        readOnlyFolders = readOnly
        pinnedFolders = pinned.filter { !readOnly.contains($0) }.sorted { $0.count < $1.count }
    }

    /// An environment value or argument as the app sees it: every mention of the sandbox's folders
    /// is moved (so `PATH`-like lists and `--file=...` options are handled too). The sandbox's name is
    /// random (`cleanslate-XXXXXX`), so nothing else matches.
    func insideValue(_ value: String) -> String {
        guard value.contains(sandboxRoot) else { return value }
        return value.replacingOccurrences(of: sandboxHome, with: StrictOptions.homePath)
            .replacingOccurrences(of: sandboxRoot, with: StrictOptions.sandboxPath)
    }

    /// The list the keeper reads (see `cs_keeper_launch`).
    var keeperArguments: [String] {
        [sandboxRoot, StrictOptions.sandboxPath, sandboxHome, StrictOptions.homePath, StrictOptions.hostName]
            + hiddenFolders.map { "h" + $0 } + exposedFolders.map { "e" + $0 }
            + readOnlyFolders.map { "r" + $0 } + pinnedFolders.map { "a" + $0 } + (sandboxSizeLimit.map { ["s\($0)"] } ?? []) + networkArguments
            + ["l\(maximumProcessCount)"]
    }

    /// "n" shares the host's network; "p<port>" forwards a host loopback port.
    private var networkArguments: [String] {
        switch network {
        case .loopback: return []
        case .host: return ["n"]
        case let .hostPorts(ports): return Array(Set(ports)).sorted().map { "p\($0)" }
        }
    }

    private static func normalized(_ path: String) -> String {
        var trimmed = (path as NSString).standardizingPath
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// Whether `path` is `folder` or lies below it.
    static func isWithin(_ path: String, _ folder: String) -> Bool {
        remainder(of: path, under: folder) != nil
    }

    private static func remainder(of path: String, under folder: String) -> String? {
        if path == folder { return "" }
        if folder == "/" { return path.hasPrefix("/") ? path : nil }
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count)) : nil
    }
}
