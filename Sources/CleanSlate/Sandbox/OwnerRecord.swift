/// Who created a sandbox: a small text file `.cleanslate-owner` at the sandbox root, written when
/// the sandbox is made, so that a later process can tell a sandbox whose owner died (to be swept)
/// from one still in use.
///
/// The owner is identified by its pid *and* its start time, so a pid reused by an unrelated process
/// is not mistaken for the owner, and by the boot id, since start times count from boot. The file
/// is written to a temporary name and renamed into place, so a reader never sees half of it:
///
/// ```
/// cleanslate-owner 1
/// pid 4242
/// start 1234567          (field 22 of /proc/<pid>/stat: clock ticks after boot)
/// boot 6a1f...           (/proc/sys/kernel/random/boot_id)
/// kept 1732380000        (only once the sandbox was kept: seconds since 1970)
/// ```
struct OwnerRecord: Equatable {
    /// The record's name at the sandbox root.
    static let fileName = FileName(".cleanslate-owner".utf8)
    /// The name it is written under before being renamed into place.
    static let temporaryName = FileName(".cleanslate-owner.new".utf8)
    /// The largest record read; anything longer is not a record.
    static let sizeLimit = 4096

    /// The owner's pid.
    var pid: Int32
    /// The owner's start time, in clock ticks after boot.
    var startTime: UInt64
    /// The boot the start time counts from.
    var bootID: String
    /// When the sandbox was kept (seconds since 1970), or nil while it is in use.
    var keptAt: Int64?

    /// This process's start time, read once; valid while `getpid()` still returns its pid.
    private static let thisProcess = ProcessTable.identity(of: ProcessTable.currentPid)

    /// The identity of this process, nil if `/proc` cannot be read.
    static func current() -> OwnerRecord? {
        let pid = ProcessTable.currentPid
        let identity = thisProcess?.pid == pid ? thisProcess : ProcessTable.identity(of: pid)
        return identity.map { OwnerRecord(pid: $0.pid, startTime: $0.startTime, bootID: ProcessTable.bootID, keptAt: nil) }
    }

    /// Whether the owner is still running: the same boot, and a live process with this pid and
    /// start time. A zombie owner is dead.
    var ownerIsAlive: Bool {
        if !bootID.isEmpty && !ProcessTable.bootID.isEmpty && bootID != ProcessTable.bootID { return false }
        if let current = OwnerRecord.current(), current.pid == pid { return current.startTime == startTime }
        return ProcessTable.identity(of: pid)?.startTime == startTime
    }

    /// The file's text.
    var text: String {
        var lines = ["cleanslate-owner 1", "pid \(pid)", "start \(startTime)", "boot \(bootID)"]
        if let keptAt { lines.append("kept \(keptAt)") }
        return lines.joined(separator: "\n") + "\n"
    }

    init(pid: Int32, startTime: UInt64, bootID: String, keptAt: Int64?) {
        self.pid = pid
        self.startTime = startTime
        self.bootID = bootID
        self.keptAt = keptAt
    }

    /// Parses a record; nil unless it starts with the format line and has a pid and a start time.
    init?(parsing bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.first == "cleanslate-owner 1" else { return nil }
        var values: [Substring: Substring] = [:]
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { continue }
            values[line[..<space]] = line[line.index(after: space)...]
        }
        guard let pid = values["pid"].flatMap({ Int32($0) }), let start = values["start"].flatMap({ UInt64($0) }) else {
            return nil
        }
        self.init(pid: pid, startTime: start, bootID: values["boot"].map(String.init) ?? "", keptAt: values["kept"].flatMap { Int64($0) })
    }

    /// Writes the record at the root of the sandbox open as `root`, atomically (temporary file, then
    /// rename).
    func write(in root: Int32) throws(Errno) {
        let file = try FileSystemCall.createFile(at: root, OwnerRecord.temporaryName)
        do throws(Errno) {
            try FileSystemCall.writeAll(file, Array(text.utf8))
            SystemCall.close(file)
        } catch {
            SystemCall.close(file)
            throw error
        }
        try FileSystemCall.rename(at: root, OwnerRecord.temporaryName, to: OwnerRecord.fileName)
    }

    /// Reads the record of the sandbox open as `sandbox`; nil when there is none, or it is not a
    /// regular file, or it does not parse. Never blocks and reads at most ``sizeLimit`` bytes.
    static func read(in sandbox: Int32) -> OwnerRecord? {
        guard let file = try? FileSystemCall.openRegularFileForReading(at: sandbox, fileName) else { return nil }
        defer { SystemCall.close(file) }
        guard let bytes = try? FileSystemCall.readUpTo(file, limit: sizeLimit + 1), bytes.count <= sizeLimit else { return nil }
        return OwnerRecord(parsing: bytes)
    }
}

extension Sandbox {
    /// Marks this sandbox as kept on purpose (for example after a failed test, so its files can be
    /// looked at): the owner record gets the current time, and the sandbox is then swept only once
    /// the retention period has passed since (see ``sweep(rootDirectory:dryRun:retention:)``), even
    /// after this process has exited. Call it instead of ``wipe()``.
    public func markKept() throws {
        try whileUsable {
            try withRootDirectory { root in
                var record = OwnerRecord.current() ?? OwnerRecord(pid: ProcessTable.currentPid, startTime: 0, bootID: "", keptAt: nil)
                record.keptAt = FileSystemCall.secondsSinceEpoch()
                do throws(Errno) { try record.write(in: root) } catch {
                    throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot mark the sandbox \(self.root) as kept")
                }
            }
        }
    }

    /// Writes this process's owner record into a new sandbox.
    func writeOwnerRecord() throws {
        guard let record = OwnerRecord.current() else { return }
        try withRootDirectory { root in
            do throws(Errno) { try record.write(in: root) } catch {
                throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot write the owner record of the new sandbox \(self.root)")
            }
        }
    }
}
