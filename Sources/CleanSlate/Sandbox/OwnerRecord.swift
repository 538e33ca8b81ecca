/// Who created a sandbox: `.cleanslate-owner` at the sandbox root, written when the sandbox is
/// made, so that a later process can tell a sandbox whose owner died (to be swept) from one still
/// in use.
///
/// The owner is identified by its pid *and* its start time, so a pid reused by an unrelated process
/// is not mistaken for the owner, by the boot id, since start times count from boot, and by the PID
/// namespace its pid counts in: containers that share `/dev/shm` (`docker --ipc=host`) have PID
/// namespaces of their own, where the same pid names another process or none.
///
/// The record is a symlink whose target is the record's text (as Emacs writes its lock files): a
/// symlink is created whole by one `symlinkat`, so no reader ever sees half of it, and read by one
/// `readlinkat`. That matters because every sandbox creation reads the record of each sibling.
/// Nothing follows it (it points nowhere; the wipe removes symlinks without following them). Marking
/// a sandbox kept writes a new symlink under a temporary name and renames it over the old one.
///
/// ```
/// cleanslate-owner 1
/// pid 4242
/// start 1234567          (field 22 of /proc/<pid>/stat: clock ticks after boot)
/// boot 6a1f...           (/proc/sys/kernel/random/boot_id)
/// pidns 4026531836       (the inode of /proc/self/ns/pid; absent in records of older versions)
/// kept 1732380000        (only once the sandbox was kept: seconds since 1970)
/// ```
struct OwnerRecord: Equatable {
    /// The record's name at the sandbox root.
    static let fileName = FileName(".cleanslate-owner".utf8)
    /// The name a replacement is written under before being renamed into place.
    static let temporaryName = FileName(".cleanslate-owner.new".utf8)
    /// The largest record read; anything as long or longer is not a record.
    static let sizeLimit = 4096

    /// The owner's pid.
    var pid: Int32
    /// The owner's start time, in clock ticks after boot.
    var startTime: UInt64
    /// The boot the start time counts from.
    var bootID: String
    /// The PID namespace the pid counts in (the inode of the owner's `/proc/self/ns/pid`); nil in a
    /// record written by an older CleanSlate, which is then judged as if it were this sweep's.
    var pidNamespace: UInt64?
    /// When the sandbox was kept (seconds since 1970), or nil while it is in use.
    var keptAt: Int64?

    /// This process's start time, read once; valid while `getpid()` still returns its pid.
    private static let thisProcess = ProcessTable.identity(of: ProcessTable.currentPid)

    /// The identity of this process, nil if `/proc` cannot be read.
    static func current() -> OwnerRecord? {
        let pid = ProcessTable.currentPid
        let identity = thisProcess?.pid == pid ? thisProcess : ProcessTable.identity(of: pid)
        return identity.map {
            OwnerRecord(pid: $0.pid, startTime: $0.startTime, bootID: ProcessTable.bootID, pidNamespace: ProcessTable.pidNamespace, keptAt: nil)
        }
    }

    /// Whether this process can judge the owner by its pid: the record names no PID namespace (an
    /// older record), or names this process's, and `/proc` counts pids in it too.
    var ownerIsInSight: Bool {
        guard let pidNamespace else { return true }
        return pidNamespace == ProcessTable.pidNamespace && ProcessTable.procCountsPidsOfThisNamespace
    }

    /// Whether the owner is still running: the same boot, and a live process with this pid and
    /// start time (`startTime(pid)`: the start time of a live process, nil if there is none). A
    /// zombie owner is dead. Only meaningful when ``ownerIsInSight``.
    func ownerIsAlive(startTime: (Int32) -> UInt64? = { ProcessTable.identity(of: $0)?.startTime }) -> Bool {
        if !bootID.isEmpty && !ProcessTable.bootID.isEmpty && bootID != ProcessTable.bootID { return false }
        if let current = OwnerRecord.current(), current.pid == pid { return current.startTime == self.startTime }
        return startTime(pid) == self.startTime
    }

    /// The file's text.
    var text: String {
        var lines = ["cleanslate-owner 1", "pid \(pid)", "start \(startTime)", "boot \(bootID)"]
        if let pidNamespace { lines.append("pidns \(pidNamespace)") }
        if let keptAt { lines.append("kept \(keptAt)") }
        return lines.joined(separator: "\n") + "\n"
    }

    init(pid: Int32, startTime: UInt64, bootID: String, pidNamespace: UInt64?, keptAt: Int64?) {
        self.pid = pid
        self.startTime = startTime
        self.bootID = bootID
        self.pidNamespace = pidNamespace
        self.keptAt = keptAt
    }

    /// Parses a record; nil unless it starts with the format line and has a pid and a start time.
    /// Works on the bytes (no text decoding but the boot id): sweeps parse one per sibling.
    init?(parsing bytes: ArraySlice<UInt8>) {
        let lines = bytes.split(separator: 0x0A)
        guard let header = lines.first, header.elementsEqual("cleanslate-owner 1".utf8) else { return nil }
        var pid: Int64?, start: Int64?, kept: Int64?, namespace: Int64?
        var boot = ""
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: 0x20) else { continue }
            let key = line[..<space], value = line[(space + 1)...]
            if key.elementsEqual("pid".utf8) { pid = Self.decimal(value) }
            else if key.elementsEqual("start".utf8) { start = Self.decimal(value) }
            else if key.elementsEqual("kept".utf8) { kept = Self.decimal(value) }
            else if key.elementsEqual("pidns".utf8) { namespace = Self.decimal(value) }
            else if key.elementsEqual("boot".utf8) { boot = String(decoding: value, as: UTF8.self) }
        }
        guard let pid, let start, let pid32 = Int32(exactly: pid), start >= 0 else { return nil }
        self.init(pid: pid32, startTime: UInt64(start), bootID: boot, pidNamespace: namespace.map(UInt64.init), keptAt: kept)
    }

    /// A non-negative decimal number of up to 18 digits, nil for anything else.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int64(digit - 0x30)
        }
        return value
    }

    /// Writes the record at the root of the sandbox open as `root`, atomically: a new sandbox's in one
    /// `symlinkat`; with `replacing`, under a temporary name renamed over the existing record.
    func write(in root: Int32, replacing: Bool = false) throws(Errno) {
        let target = FileName(text.utf8)
        guard replacing else { return try FileSystemCall.makeSymlink(to: target, at: root, OwnerRecord.fileName) }
        do { try FileSystemCall.remove(at: root, OwnerRecord.temporaryName, directory: false) } catch where error == .notFound {}
        try FileSystemCall.makeSymlink(to: target, at: root, OwnerRecord.temporaryName)
        try FileSystemCall.rename(at: root, OwnerRecord.temporaryName, to: OwnerRecord.fileName)
    }

    /// Reads the record at `path` relative to `directory` (the sandbox itself, or
    /// `NAME/.cleanslate-owner` from the root folder) with one `readlinkat` into `buffer`, whose size
    /// bounds the record; nil when there is none, it is not a symlink, or it does not parse.
    static func read(at directory: Int32, _ path: FileName = fileName, buffer: inout [UInt8]) -> OwnerRecord? {
        guard let count = try? FileSystemCall.readLink(at: directory, path, into: &buffer), count < buffer.count else { return nil }
        return OwnerRecord(parsing: buffer[0..<count])
    }
}

extension Sandbox {
    /// Marks this sandbox as kept on purpose (for example after a failed test, so its files can be
    /// looked at): the owner record gets the current time, and the sandbox is then swept only once
    /// the retention period has passed since (see ``sweep(rootDirectory:dryRun:retention:)``), even
    /// after this process has exited (or while it still runs: keeping lets go of the lock that
    /// otherwise keeps sweeps away from a live owner's sandbox). Call it instead of ``wipe()``.
    public func markKept() throws {
        try whileUsable {
            try withRootDirectory { root in
                var record = OwnerRecord.current() ?? OwnerRecord(pid: ProcessTable.currentPid, startTime: 0, bootID: "", pidNamespace: nil, keptAt: nil)
                record.keptAt = FileSystemCall.secondsSinceEpoch()
                do throws(Errno) { try record.write(in: root, replacing: true) } catch {
                    throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot mark the sandbox \(self.root) as kept")
                }
            }
        }
        releaseOwnerLock()
    }

    /// Writes this process's owner record into a new sandbox, open as `root` (nothing when `/proc`
    /// cannot tell who this process is: such a sandbox is swept like one from an older CleanSlate).
    func writeOwnerRecord(in root: Int32) throws {
        guard let record = OwnerRecord.current() else { return }
        do throws(Errno) { try record.write(in: root) } catch {
            throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot write the owner record of the new sandbox \(self.root)")
        }
    }
}
