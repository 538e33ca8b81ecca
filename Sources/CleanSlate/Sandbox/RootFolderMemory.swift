import Synchronization

/// What this process learned about a root folder in the last second: where it resolves to (and that
/// it passed ``SandboxRootSecurity``), and when creating a sandbox last swept it.
///
/// Checking a folder costs about ten system calls (`realpath`, then one `lstat` per folder on the
/// path) and a sweep one or two per sibling sandbox (about 3 µs per sibling in a release build).
/// On a shared `/dev/shm` holding 30 sandboxes, doing both for every sandbox measurably slowed the
/// launch benchmark with a new sandbox (1.55x of a bare spawn became 1.64x-1.9x). So each is done
/// at most once per ``interval`` per folder:
/// - a folder that passed the check is trusted for a second (a folder that failed is checked again
///   every time, so fixing it takes effect at once);
/// - creating a sandbox sweeps its folder only if no sandbox creation in this process has swept it
///   within the second. Leftovers appear only when a process dies, and a process's first sandbox in
///   a folder always sweeps it, so this loses nothing that matters.
/// ``Sandbox/sweep(rootDirectory:dryRun:retention:)`` is never throttled.
final class RootFolderMemory: Sendable {
    /// How long what was learned stays valid.
    static let interval = Duration.seconds(1)
    /// The memory that sandbox creation uses.
    static let shared = RootFolderMemory()

    private struct State {
        var resolved: [String: (folder: String, at: ContinuousClock.Instant)] = [:]
        var swept: [String: ContinuousClock.Instant] = [:]
    }

    private let state = Mutex(State())

    /// The resolved, checked folder for `path` if it was checked within the interval.
    func resolvedFolder(for path: String, now: ContinuousClock.Instant = .now) -> String? {
        state.withLock { state in
            guard let known = state.resolved[path], now - known.at < Self.interval else { return nil }
            return known.folder
        }
    }

    /// Records that `path` resolved to `folder`, which passed the check, at `now`.
    func remember(_ folder: String, for path: String, now: ContinuousClock.Instant = .now) {
        state.withLock { state in
            if state.resolved.count >= 64 { state.resolved = state.resolved.filter { now - $0.value.at < Self.interval } }
            state.resolved[path] = (folder, now)
        }
    }

    /// Whether creating a sandbox in `folder` at `now` should sweep it; if so, records that it did.
    func shouldSweep(_ folder: String, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            if let previous = state.swept[folder], now - previous < Self.interval { return false }
            if state.swept.count >= 64 { state.swept = state.swept.filter { now - $0.value < Self.interval } }
            state.swept[folder] = now
            return true
        }
    }
}
