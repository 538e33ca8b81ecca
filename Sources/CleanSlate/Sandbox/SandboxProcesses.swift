/// Finding and killing the processes that belong to a sandbox whose owner is gone.
///
/// A process belongs to the sandbox at `path` when it runs as the current user, is not this process,
/// and either its working directory is inside the sandbox or one of the variables a sandbox sets
/// (`HOME`, the `XDG_*` folders, `TMPDIR`) in the environment it was started with points inside it.
/// Every launch in a sandbox gets those variables, and children inherit them, so daemons that
/// left the app's process group are found too. Nothing else is ever signalled.
enum SandboxProcesses {
    /// The `NAME=` prefixes of the variables that point into a sandbox.
    private static let variablePrefixes = Sandbox.Location.allCases.map { Array(($0.environmentVariable + "=").utf8) }

    /// The pids of the processes that belong to each sandbox in `paths` (one pass over `/proc`).
    static func find(in paths: [String]) -> [String: [Int32]] {
        guard !paths.isEmpty else { return [:] }
        var found: [String: [Int32]] = [:]
        for pid in ProcessTable.allPids() {
            if let path = sandbox(of: pid, among: paths) { found[path, default: []].append(pid) }
        }
        return found
    }

    /// Kills every process that belongs to a sandbox in `paths` and waits for them to exit; repeats
    /// while new ones appear (a process forking meanwhile). Gives up waiting after five seconds in
    /// all (a process stuck in the kernel cannot die sooner; the wipe then reports what it could not
    /// remove). Returns the pids killed, per sandbox.
    static func kill(in paths: [String]) -> [String: [Int32]] {
        var killed: [String: Set<Int32>] = [:]
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            var pidfds: [Int32] = []
            for (path, pids) in find(in: paths) {
                for pid in pids where killed[path]?.contains(pid) != true {
                    guard let pidfd = ProcessTable.openPidfd(pid) else { continue }
                    // Checked again with the pidfd open: if the pid now names another process, the
                    // pidfd names the old one, which is gone, and the signal reaches nobody.
                    if sandbox(of: pid, among: [path]) != nil && ProcessTable.kill(pidfd: pidfd) {
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

    /// The sandbox in `paths` that `pid` belongs to (see the type's documentation), if any.
    static func sandbox(of pid: Int32, among paths: [String]) -> String? {
        guard pid != ProcessTable.currentPid, ProcessTable.owner(of: pid) == FileSystemCall.effectiveUserID else { return nil }
        return sandboxPointedTo(by: pid, among: paths)
    }

    /// The sandboxes in `paths` that this process itself is in (its working directory or a sandbox
    /// variable points inside): a sweep leaves those alone, or it would kill its own parent and wipe
    /// the folders it runs in.
    static func sandboxesOfCurrentProcess(among paths: [String]) -> Set<String> {
        Set(paths.filter { sandboxPointedTo(by: ProcessTable.currentPid, among: [$0]) != nil })
    }

    /// The sandbox in `paths` that the working directory or a sandbox variable of `pid` points into.
    private static func sandboxPointedTo(by pid: Int32, among paths: [String]) -> String? {
        func match(_ value: some Collection<UInt8>) -> String? {
            paths.first { path in
                let exact = Array(path.utf8)
                return value.elementsEqual(exact) || value.starts(with: exact + [0x2F])
            }
        }
        if let directory = ProcessTable.workingDirectory(of: pid), let path = match(directory) { return path }
        for entry in ProcessTable.environment(of: pid) {
            for prefix in variablePrefixes where entry.starts(with: prefix) {
                if let path = match(entry.dropFirst(prefix.count)) { return path }
            }
        }
        return nil
    }
}
