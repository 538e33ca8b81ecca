/// Finding and killing the processes that belong to a sandbox whose owner is gone.
///
/// A process belongs to the sandbox at `path` when CleanSlate launched it there: it runs as the
/// current user, is not this process, and one of the variables a sandbox sets (`HOME`, the `XDG_*`
/// folders, `TMPDIR`) in the environment it was started with names the sandbox or a folder inside
/// it, compared as resolved paths (`.` and `..` applied, so `<sandbox>/home/../..` is outside).
/// Every launch in a sandbox gets those variables, and children inherit them, so daemons that left
/// the app's process group are found too. Nothing else is ever signalled.
///
/// A process that CleanSlate did not launch but whose working directory is inside the sandbox (a
/// person's shell `cd`'d into a leftover) is a *stranger*: it is never killed, and the sweep leaves
/// that sandbox alone, saying so. A process whose environment cannot be read (another user's, or one
/// exiting) is neither: it is not killed, and does not hold the sweep back.
enum SandboxProcesses {
    /// The `NAME=` prefixes of the variables that point into a sandbox.
    private static let variablePrefixes = Sandbox.Location.allCases.map { Array(($0.environmentVariable + "=").utf8) }

    /// The processes found in one sandbox.
    struct Occupants: Equatable {
        /// Launched by CleanSlate for the sandbox (its variables name it): to be killed.
        var launched: [Int32] = []
        /// Not launched for it, but with their working directory inside: never killed.
        var strangers: [Int32] = []
    }

    /// The processes in each sandbox in `paths` (one pass over `/proc`).
    static func find(in paths: [String]) -> [String: Occupants] {
        guard !paths.isEmpty else { return [:] }
        let resolved = paths.map { Array($0.utf8) }
        var found: [String: Occupants] = [:]
        for pid in ProcessTable.allPids() where pid != ProcessTable.currentPid {
            let environment = ProcessTable.environment(of: pid)
            if ProcessTable.owner(of: pid) == FileSystemCall.effectiveUserID, let index = sandboxNamed(by: environment, among: resolved) {
                found[paths[index], default: Occupants()].launched.append(pid)
            } else if !environment.isEmpty, let index = sandboxHoldingWorkingDirectory(of: pid, among: resolved) {
                // Only with an environment to judge by: a process that is exiting (or exec'ing) has
                // none for a moment, yet still its working directory.
                found[paths[index], default: Occupants()].strangers.append(pid)
            }
        }
        return found
    }

    /// How long a sweep goes on killing a sandbox's processes in all: five seconds.
    static let killLimit: Duration = .seconds(5)

    /// Kills every process launched in a sandbox in `paths` and waits for them to exit; repeats
    /// while new ones appear (a process forking meanwhile). Gives up waiting after ``killLimit`` in
    /// all (a process stuck in the kernel cannot die sooner; the wipe then reports what it could not
    /// remove). Returns the pids killed, per sandbox.
    static func kill(in paths: [String]) -> [String: [Int32]] {
        var killed: [String: Set<Int32>] = [:]
        let deadline = ContinuousClock.now + killLimit
        while ContinuousClock.now < deadline {
            var pidfds: [Int32] = []
            for (path, occupants) in find(in: paths) {
                for pid in occupants.launched where killed[path]?.contains(pid) != true {
                    guard let pidfd = ProcessTable.openPidfd(pid) else { continue }
                    // Checked again with the pidfd open: if the pid now names another process, the
                    // pidfd names the old one, which is gone, and the signal reaches nobody.
                    if ProcessTable.owner(of: pid) == FileSystemCall.effectiveUserID,
                       sandboxNamed(byEnvironmentOf: pid, among: [Array(path.utf8)]) != nil, ProcessTable.kill(pidfd: pidfd) {
                        killed[path, default: []].insert(pid)
                        pidfds.append(pidfd)
                    } else {
                        SystemCall.close(pidfd)
                    }
                }
            }
            if pidfds.isEmpty { break }
            _ = ProcessTable.waitForExit(of: pidfds, timeout: deadline - ContinuousClock.now)
            pidfds.forEach(SystemCall.close)
        }
        return killed.mapValues { $0.sorted() }
    }

    /// The sandboxes in `paths` that this process itself is in (its working directory or a sandbox
    /// variable points inside): a sweep leaves those alone, or it would kill its own parent and wipe
    /// the folders it runs in.
    static func sandboxesOfCurrentProcess(among paths: [String]) -> Set<String> {
        let pid = ProcessTable.currentPid
        return Set(paths.filter { path in
            let resolved = [Array(path.utf8)]
            return sandboxNamed(byEnvironmentOf: pid, among: resolved) != nil || sandboxHoldingWorkingDirectory(of: pid, among: resolved) != nil
        })
    }

    /// The index of the sandbox in `paths` that a sandbox variable of `pid` names, resolved.
    private static func sandboxNamed(byEnvironmentOf pid: Int32, among paths: [[UInt8]]) -> Int? {
        sandboxNamed(by: ProcessTable.environment(of: pid), among: paths)
    }

    /// The index of the sandbox in `paths` that a sandbox variable in `environment` names, resolved.
    private static func sandboxNamed(by environment: [ArraySlice<UInt8>], among paths: [[UInt8]]) -> Int? {
        for entry in environment {
            for prefix in variablePrefixes where entry.starts(with: prefix) {
                if let index = sandbox(holding: resolvedPath(entry.dropFirst(prefix.count)), among: paths) { return index }
            }
        }
        return nil
    }

    /// The index of the sandbox in `paths` that holds the working directory of `pid` (which the
    /// kernel reports resolved).
    private static func sandboxHoldingWorkingDirectory(of pid: Int32, among paths: [[UInt8]]) -> Int? {
        ProcessTable.workingDirectory(of: pid).flatMap { sandbox(holding: $0, among: paths) }
    }

    /// The index of the path in `paths` that is `path` or a folder above it.
    private static func sandbox(holding path: [UInt8]?, among paths: [[UInt8]]) -> Int? {
        guard let path else { return nil }
        return paths.firstIndex { sandbox in
            path.count == sandbox.count ? path == sandbox : path.count > sandbox.count && path[sandbox.count] == 0x2F && path.starts(with: sandbox)
        }
    }

    /// An absolute path with empty and `.` components dropped and each `..` taking away the one
    /// before it (as the kernel would, were no component a symlink); nil for a relative path.
    static func resolvedPath(_ path: some Collection<UInt8>) -> [UInt8]? {
        guard path.first == 0x2F else { return nil }
        var components: [ArraySlice<UInt8>] = []
        for component in Array(path).split(separator: 0x2F) {
            if component.elementsEqual([0x2E]) { continue }
            if component.elementsEqual([0x2E, 0x2E]) { _ = components.popLast(); continue }
            components.append(component)
        }
        return components.isEmpty ? [0x2F] : components.flatMap { [0x2F] + $0 }
    }
}
