/// A sandbox that a sweep removed, or would remove in a dry run.
public struct SweptSandbox: Sendable, Equatable, CustomStringConvertible {
    /// Why the sandbox was swept.
    public enum Reason: Sendable, Equatable {
        /// The process that created it (pid and start time in its owner record) is no longer running.
        case ownerGone(pid: Int32)
        /// It was kept on purpose, at this time (seconds since 1970), longer ago than the retention period.
        case keptPastRetention(keptAt: Int64)
        /// It has no owner record (made by an older CleanSlate, or cut short while being created) and
        /// was last modified longer ago than the retention period.
        case noOwnerRecord
        /// Its owner record names a pid in a PID namespace this sweep cannot see (another container
        /// sharing the folder), and the owner does not hold the sandbox's lock (an owner that uses it
        /// does); swept only once the folder has not changed for longer than the retention period,
        /// since owners of older CleanSlate versions held no lock.
        case ownerOutOfSight(pid: Int32)
        /// It is empty and has no owner record: its creation was cut short before the record was
        /// written, or its wipe after the record was removed. Swept once a minute old.
        case emptyWithoutRecord
    }

    /// The sandbox folder.
    public let path: String
    /// Why it was swept.
    public let reason: Reason
    /// The processes killed because they belonged to it (in a dry run: those that would be).
    public let processes: [Int32]
    /// Whether the folder is gone (false in a dry run, and when the wipe could not finish).
    public let removed: Bool
    /// Why it could not be removed entirely, when it could not.
    public let failure: String?

    /// Creates a result (the sweep makes them; tests compare against them).
    public init(path: String, reason: Reason, processes: [Int32], removed: Bool, failure: String?) {
        self.path = path
        self.reason = reason
        self.processes = processes
        self.removed = removed
        self.failure = failure
    }

    /// `seconds` since 1970 as `YYYY-MM-DD HH:MM UTC` (days to civil date as in Howard Hinnant's
    /// `civil_from_days`, so no time-zone database or Foundation is involved).
    static func utcText(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let minuteOfDay = (seconds - days * 86_400) / 60
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(minuteOfDay / 60)):\(two(minuteOfDay % 60)) UTC"
    }

    /// One line: `removed PATH (WHY; killed PIDS)`, `would remove ...` in a dry run, or
    /// `could not remove PATH (...): REASON`.
    public var description: String {
        let why = switch reason {
        case let .ownerGone(pid): "its owner, pid \(pid), is gone"
        case let .keptPastRetention(keptAt): "kept since \(Self.utcText(keptAt)), past the retention period"
        case .noOwnerRecord: "no owner record, and unchanged for longer than the retention period"
        case let .ownerOutOfSight(pid):
            "its owner, pid \(pid), is in a PID namespace this sweep cannot see, and the folder is unchanged for longer than the retention period"
        case .emptyWithoutRecord: "empty, with no owner record: its creation or wipe was cut short"
        }
        let verb = processes.isEmpty ? "" : (removed || failure != nil ? "; killed " : "; would kill ")
        let killed = processes.isEmpty ? "" : verb + processes.map(String.init).joined(separator: " ")
        if let failure { return "could not remove \(path) (\(why)\(killed)): \(failure)" }
        return (removed ? "removed " : "would remove ") + "\(path) (\(why)\(killed))"
    }
}

extension Sandbox {
    /// The environment variable that sets how long kept sandboxes stay: a number of days (`7`,
    /// `0.5`, `0` for "sweep them at once").
    public static let keepDaysEnvironmentVariable = "CLEANSLATE_KEEP_DAYS"
    /// How long a kept sandbox stays when ``keepDaysEnvironmentVariable`` is not set: 7 days.
    public static let defaultKeepRetention = Duration.seconds(7 * 86_400)

    /// The folder sandboxes are created in for `rootDirectory` (nil: `CLEANSLATE_ROOT`, else the
    /// default), resolved and checked as ``init(rootDirectory:)`` does.
    public static func resolvedRootDirectory(_ rootDirectory: String? = nil) throws -> String {
        try SandboxRoot.resolve(SandboxRoot.current(argument: rootDirectory))
    }

    /// Removes the abandoned sandboxes in a root folder, as creating a sandbox does for its siblings.
    ///
    /// A `cleanslate-XXXXXX` folder of the current user is swept when
    /// - its owner record names a process that is no longer running (pid *and* start time; a reused
    ///   pid counts as gone), unless it was kept;
    /// - it was kept (``markKept()``) longer ago than `retention`;
    /// - its owner record names a pid in a PID namespace this process cannot see (another container
    ///   sharing the folder) and the folder has not changed for longer than `retention`;
    /// - it has no owner record and is empty, or has not changed for longer than `retention` (either
    ///   way at least a minute old, so a sandbox being created right now is never taken for one).
    ///
    /// Sweeping first kills the processes CleanSlate launched in the sandbox (see <doc:ProcessTreesAndSweeping>: a
    /// sandbox variable names it, as a resolved path; never this process, never another user's),
    /// waits for them to exit, then wipes it as ``wipe()`` does. A sandbox this process itself runs
    /// in is left alone; so is one where a process CleanSlate did not launch has its working
    /// directory, and one that is a mount point (both reported with a ``SweptSandbox/failure``).
    /// Symlinks, other folders, and other users' sandboxes are never touched. Two processes may sweep the same folder at once: each sandbox is
    /// locked (`flock`) by the one that sweeps it, and the other skips it. Whatever the rules above
    /// say, a sandbox whose owner still uses it is never swept: the owner holds a shared `flock` on
    /// the sandbox folder until it wipes or keeps the sandbox or dies, which a sweep sees from any
    /// PID namespace (a run in a container, or in `unshare --pid`, that the sweep cannot look up).
    ///
    /// - Parameters:
    ///   - rootDirectory: the folder to sweep; nil for the folder sandboxes are created in by default.
    ///   - dryRun: only report what would be swept (and which processes would be killed).
    ///   - retention: how long kept sandboxes stay; nil reads `CLEANSLATE_KEEP_DAYS`, else 7 days.
    /// - Returns: the sandboxes swept (or that would be), sorted by path.
    /// - Throws: the errors of ``init(rootDirectory:)`` for a bad folder; `.invalidArgument` for a bad
    ///   `CLEANSLATE_KEEP_DAYS`.
    public static func sweep(rootDirectory: String? = nil, dryRun: Bool = false, retention: Duration? = nil) throws -> [SweptSandbox] {
        let seconds = try retention.map { $0.components.seconds } ?? SweepRetention.current()
        let folder = try resolvedRootDirectory(rootDirectory)
        return SandboxSweeper(folder: folder, retentionSeconds: seconds, dryRun: dryRun).sweep()
    }
}

/// The retention period of kept sandboxes, from `CLEANSLATE_KEEP_DAYS`.
enum SweepRetention {
    /// The retention in seconds: `CLEANSLATE_KEEP_DAYS` days, or 7 days when it is unset or empty.
    static func current() throws(CleanSlateError) -> Int64 {
        let name = Sandbox.keepDaysEnvironmentVariable
        guard let raw = FileSystemCall.environmentValue(name), !raw.isEmpty else {
            return Sandbox.defaultKeepRetention.components.seconds
        }
        guard let days = Double(raw), days >= 0, days <= 100_000 else {
            throw CleanSlateError(
                .invalidArgument,
                "\(name) must be a number of days from 0 to 100000 (for example 7 or 0.5), not \(raw.debugDescription); "
                    + "unset it for the default of 7 days")
        }
        return Int64(days * 86_400)
    }
}

/// One sweep of one root folder (see ``Sandbox/sweep(rootDirectory:dryRun:retention:)``).
struct SandboxSweeper {
    /// The resolved root folder.
    let folder: String
    let retentionSeconds: Int64
    let dryRun: Bool
    /// A sandbox not to look at (the one just created).
    var skipping: FileName?

    /// The youngest a folder without an owner record can be and still be swept.
    static let minimumAgeWithoutRecord: Int64 = 60

    /// Whether `name` is `cleanslate-` followed by six letters or digits, as `mkdtemp` makes them.
    static func isSandboxName(_ name: FileName) -> Bool {
        let prefix = Array("cleanslate-".utf8)
        guard name.count == prefix.count + 6, name.starts(with: prefix) else { return false }
        return name.dropFirst(prefix.count).allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }

    /// Sweeps the folder; problems with one sandbox are reported in its result, never thrown.
    /// Costs, when there is nothing to sweep: one `readdir` of the folder, and per sandbox folder one
    /// `readlinkat` of its owner record (without one, or with an owner out of sight, also an
    /// `fstatat`), plus one read of `/proc/<pid>/stat` per other owner process: about 3 µs per
    /// sibling in a release build.
    func sweep() -> [SweptSandbox] {
        guard let root = try? FileSystemCall.openDirectory(path: folder), let entries = try? FileSystemCall.entries(of: root),
              let rootStatus = try? FileSystemCall.fileStatus(of: root) else {
            return []
        }
        defer { SystemCall.close(root) }
        let now = FileSystemCall.secondsSinceEpoch()
        var buffer = [UInt8](repeating: 0, count: OwnerRecord.sizeLimit)
        var startTimes: [Int32: UInt64?] = [:]  // one /proc read per owner, however many sandboxes it has
        func startTime(_ pid: Int32) -> UInt64? {
            if let known = startTimes[pid] { return known }
            let start = ProcessTable.identity(of: pid)?.startTime
            startTimes[pid] = start
            return start
        }
        // Each chosen sandbox stays open and locked (in a dry run too) until it has been wiped or listed.
        var chosen: [(path: String, reason: SweptSandbox.Reason, descriptor: Int32)] = []
        var results: [SweptSandbox] = []
        defer { chosen.forEach { SystemCall.close($0.descriptor) } }
        for entry in entries where entry.mayBeDirectory && entry.name != skipping && Self.isSandboxName(entry.name) {
            // The common case first, in one call: a record whose owner is alive, or kept within the
            // retention period, means nothing to do.
            let quick = OwnerRecord.read(at: root, entry.name + [0x2F] + OwnerRecord.fileName, buffer: &buffer)
            if let quick, quick.keptAt != nil || quick.ownerIsInSight {
                if verdict(record: quick, folder: nil, now: now, startTime: startTime) == nil { continue }
            } else if let status = try? FileSystemCall.fileStatus(at: root, entry.name),
                      verdict(record: quick, folder: (status.modificationNanoseconds, nil), now: now, startTime: startTime) == nil {
                continue  // too young to be a leftover: one more call
            }
            // Then with care: O_NOFOLLOW (a symlink named like a sandbox is not one), owned by this
            // user, not a mount point, the record read again from the folder itself, and the
            // sweeper's lock.
            guard let sandbox = try? FileSystemCall.openDirectory(at: root, entry.name) else { continue }
            let path = (folder == "/" ? "" : folder) + "/" + DisplayPath.decode(entry.name)
            guard let status = try? FileSystemCall.fileStatus(of: sandbox), status.owner == FileSystemCall.effectiveUserID else {
                SystemCall.close(sandbox)
                continue
            }
            let record = OwnerRecord.read(at: sandbox, buffer: &buffer)
            if FileSystemCall.isMountPoint(status, at: root, entry.name, treeDevice: rootStatus.device) {
                // Never entered: what is mounted there is not a sandbox's, whatever its record says.
                SystemCall.close(sandbox)
                results.append(SweptSandbox(
                    path: path, reason: record.map { .ownerGone(pid: $0.pid) } ?? .noOwnerRecord, processes: [], removed: false,
                    failure: "a file system is mounted on the sandbox folder; it was left alone (unmount it, then sweep again)"))
                continue
            }
            let isEmpty = record == nil ? (try? FileSystemCall.entries(of: sandbox))?.isEmpty : nil
            guard let reason = verdict(record: record, folder: (status.modificationNanoseconds, isEmpty), now: now, startTime: startTime),
                  Self.claim(sandbox)  // in a dry run too: a sandbox whose owner holds its lock is in use
            else {
                SystemCall.close(sandbox)
                continue
            }
            chosen.append((path, reason, sandbox))
        }
        let own = SandboxProcesses.sandboxesOfCurrentProcess(among: chosen.map(\.path))
        chosen.removeAll { sandbox in
            if own.contains(sandbox.path) { SystemCall.close(sandbox.descriptor) }
            return own.contains(sandbox.path)
        }
        // A sandbox someone else stands in (a person's shell `cd`'d into it) is left alone.
        let occupants = SandboxProcesses.find(in: chosen.map(\.path))
        chosen.removeAll { sandbox in
            guard let strangers = occupants[sandbox.path]?.strangers, !strangers.isEmpty else { return false }
            let who = strangers.count == 1 ? "process \(strangers[0])" : "processes " + strangers.map(String.init).joined(separator: ", ")
            results.append(SweptSandbox(
                path: sandbox.path, reason: sandbox.reason, processes: [], removed: false,
                failure: "left alone: \(who), which CleanSlate did not start, \(strangers.count == 1 ? "has its" : "have their") "
                    + "working directory in it (leave the folder, then sweep again)"))
            SystemCall.close(sandbox.descriptor)
            return true
        }
        let paths = chosen.map(\.path)
        if dryRun {
            return (results + chosen.map {
                SweptSandbox(path: $0.path, reason: $0.reason, processes: occupants[$0.path]?.launched ?? [], removed: false, failure: nil)
            }).sorted { $0.path < $1.path }
        }
        let killed = SandboxProcesses.kill(in: paths)
        return (results + chosen.map { sandbox in
            var remover = TreeRemover()
            remover.removedLast = OwnerRecord.fileName
            let failures = remover.removeTree(at: sandbox.path)
            let failure = failures.isEmpty
                ? nil : failures.prefix(3).map { "\($0.path): \($0.reason) (errno \($0.errno))" }.joined(separator: "; ")
            return SweptSandbox(
                path: sandbox.path, reason: sandbox.reason, processes: killed[sandbox.path] ?? [],
                removed: failures.isEmpty, failure: failure)
        }).sorted { $0.path < $1.path }
    }

    /// Takes the sweeper's lock on an open sandbox; false when another process holds it (a sweeper,
    /// or the owner, which holds it shared while it uses the sandbox) or has already removed the sandbox.
    private static func claim(_ sandbox: Int32) -> Bool {
        guard (try? FileSystemCall.tryLock(sandbox, exclusive: true)) == true, let locked = try? FileSystemCall.fileStatus(of: sandbox) else {
            return false
        }
        return locked.linkCount > 0
    }

    /// Why the sandbox with this record is to be swept, or nil to leave it. `folder` is what is known
    /// of the folder: its modification time, and whether it is empty (nil: not known). Without it, a
    /// sandbox that needs it (no record, or an owner out of sight) is left.
    private func verdict(
        record: OwnerRecord?, folder: (modified: Int64, isEmpty: Bool?)?, now: Int64, startTime: (Int32) -> UInt64?
    ) -> SweptSandbox.Reason? {
        if let keptAt = record?.keptAt {
            return now - keptAt >= retentionSeconds ? .keptPastRetention(keptAt: keptAt) : nil
        }
        if let record, record.ownerIsInSight {
            return record.ownerIsAlive(startTime: startTime) ? nil : .ownerGone(pid: record.pid)
        }
        guard let folder else { return nil }
        let age = now - folder.modified / 1_000_000_000
        if let record {
            return age >= max(retentionSeconds, Self.minimumAgeWithoutRecord) ? .ownerOutOfSight(pid: record.pid) : nil
        }
        if age < Self.minimumAgeWithoutRecord { return nil }
        switch folder.isEmpty {
        case true?: return .emptyWithoutRecord
        case nil: return .noOwnerRecord  // the quick look cannot tell: worth the careful one, which reads the folder
        case false?: return age >= retentionSeconds ? .noOwnerRecord : nil
        }
    }
}
