import Glibc
import XCTest

@testable import CleanSlate

/// Inspection reads only what it has to: huge files, mount points and special files cannot make a
/// snapshot slow or stuck. Each hostile case runs under a watchdog so a regression fails instead of
/// hanging the suite.
final class SandboxInspectionBoundsTests: XCTestCase {
    private var sandbox: Sandbox!
    /// Set when a snapshot thread may still be running (so the sandbox must not be wiped under it).
    private var abandoned = false

    override func setUpWithError() throws { sandbox = try Sandbox() }
    override func tearDownWithError() throws {
        if abandoned {
            XCTFail("an inspection never finished; the sandbox \(sandbox.root) is left in place")
            return
        }
        try sandbox?.wipe()
    }

    func testSnapshotOfA20GiBSparseFileDoesNotReadIt() throws {
        let path = sandbox.path(.home, "huge.img")
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let size: Int64 = 20 << 30
        guard ftruncate(fd, off_t(size)) == 0 else {
            throw XCTSkip("this file system cannot hold a 20 GiB sparse file (errno \(errno))")
        }
        let sandbox = sandbox!
        guard let before = Watchdog.run({ Outcome { try sandbox.snapshot() } }) else {
            // Cut the file short so a reading thread reaches its end and lets go of the sandbox.
            _ = ftruncate(fd, 0)
            return XCTFail("snapshot() of a sandbox holding a 20 GiB sparse file did not finish in 10 s")
        }
        let entry = try XCTUnwrap(try before.get().entry("huge.img", in: .home))
        XCTAssertEqual(entry.kind, .file)
        XCTAssertEqual(entry.size, size)

        // A same-size change in the middle, with a new modification time, is a modification.
        var byte: UInt8 = 0x2A
        XCTAssertEqual(pwrite(fd, &byte, 1, off_t(10 << 30)), 1)
        var times = [timespec(tv_sec: time(nil) + 5, tv_nsec: 0), timespec(tv_sec: time(nil) + 5, tv_nsec: 0)]
        XCTAssertEqual(futimens(fd, &times), 0)
        guard let after = Watchdog.run({ Outcome { try sandbox.snapshot() } }) else {
            _ = ftruncate(fd, 0)
            return XCTFail("the second snapshot did not finish in 10 s")
        }
        XCTAssertEqual(try after.get().changes(since: before.get()).modified(in: .home), ["huge.img"])
    }

    func testBindMountedProcInsideHomeIsReportedAsAMountPointAndNotWalked() throws {
        try sandbox.createDirectory("proc")
        try sandbox.write("hello", to: "note.txt")
        let target = sandbox.path(.home, "proc")
        guard mount("/proc", target, nil, UInt(MS_BIND), nil) == 0 else {
            throw XCTSkip("cannot bind-mount /proc here (errno \(errno): needs root or CAP_SYS_ADMIN)")
        }
        var mounted = true
        defer { if mounted { umount2(target, Int32(MNT_DETACH)) } }

        let sandbox = sandbox!
        guard let outcome = Watchdog.run({ Outcome { (try sandbox.snapshot(), try sandbox.files(in: .home)) } }) else {
            abandoned = true
            return XCTFail("snapshot() of a sandbox with /proc bind-mounted in HOME did not finish in 10 s")
        }
        let (snapshot, listed) = try outcome.get()
        XCTAssertEqual(snapshot.paths(in: .home), ["note.txt", "proc/"], "nothing below the mount point is walked")
        XCTAssertEqual(snapshot.entry("proc/", in: .home)?.kind, .mountPoint)
        XCTAssertEqual(listed, ["note.txt", "proc/"])

        XCTAssertEqual(umount2(target, 0), 0)
        mounted = false
        let unmounted = try sandbox.snapshot()
        XCTAssertEqual(unmounted.entry("proc/", in: .home)?.kind, .directory)
        XCTAssertEqual(unmounted.changes(since: snapshot).modified(in: .home), ["proc/"], "a mount point became a folder")
    }

    func testAFIFOIsRecordedButNeverOpened() throws {
        // A FIFO with no writer blocks whoever opens it for reading; a snapshot must not open it.
        XCTAssertEqual(mkfifo(sandbox.path(.home, "pipe"), 0o600), 0)
        let sandbox = sandbox!
        guard let outcome = Watchdog.run({ Outcome { try sandbox.snapshot() } }) else {
            unblockReader(of: sandbox.path(.home, "pipe"))
            return XCTFail("snapshot() blocked on a FIFO")
        }
        let snapshot = try outcome.get()
        XCTAssertEqual(snapshot.entry("pipe", in: .home)?.kind, .other)
    }

    func testADeviceNodeIsRecordedButNeverOpened() throws {
        try Host.requireRoot(toDo: "making a device node (mknod)")
        XCTAssertEqual(mknod(sandbox.path(.home, "zero"), S_IFCHR | 0o600, dev_t(0x0105)), 0, "errno \(errno)")  // 1,5 is /dev/zero
        let snapshot = try sandbox.snapshot()
        XCTAssertEqual(snapshot.entry("zero", in: .home)?.kind, .other)
        XCTAssertNil(snapshot.entry("zero", in: .home)?.digest, "a device's contents are never read")
    }

    func testContentsOfAFIFOIsAnErrorNotAHang() throws {
        XCTAssertEqual(mkfifo(sandbox.path(.home, "pipe"), 0o600), 0)
        let sandbox = sandbox!
        guard let outcome = Watchdog.run({ Outcome { try sandbox.contents(of: "pipe") } }) else {
            unblockReader(of: sandbox.path(.home, "pipe"))
            return XCTFail("contents(of:) blocked on a FIFO")
        }
        guard case let .error(text) = outcome else { return XCTFail("reading a FIFO must be refused, got \(outcome)") }
        XCTAssertTrue(text.contains("sandboxFailed") && text.contains("home/pipe") && text.contains("not a regular file"), text)
    }

    func testWhatCountsAsAModificationOnEachSideOfTheDigestLimit() throws {
        let limit = Int(SandboxSnapshot.contentDigestLimit)
        let small = [UInt8](repeating: 0x61, count: limit)
        let large = [UInt8](repeating: 0x61, count: limit + 1)
        for (name, bytes) in [("small", small), ("large", large)] {
            try sandbox.write(bytes, to: name + "-same")
            try sandbox.write(bytes, to: name + "-changed")
            try sandbox.write(bytes, to: name + "-time-set-back")
        }
        let before = try sandbox.snapshot()
        XCTAssertNotNil(before.entry("small-same", in: .home)?.digest, "a file at the limit is digested")
        XCTAssertNil(before.entry("large-same", in: .home)?.digest, "a file above the limit is not read")

        for name in ["small", "large"] {
            let original = Host.status(sandbox.path(.home, name + "-time-set-back"))!.st_mtim
            rewrite(name + "-same", changingByteAt: nil, modificationTime: original.tv_sec + 10)
            rewrite(name + "-changed", changingByteAt: 100, modificationTime: original.tv_sec + 10)
            rewrite(name + "-time-set-back", changingByteAt: 100, modificationTime: nil, restoring: original)
        }
        let modified = try sandbox.snapshot().changes(since: before).modified(in: .home)
        // Up to the limit contents decide; above it, the modification time (documented in SandboxSnapshot).
        XCTAssertEqual(modified, ["large-changed", "large-same", "small-changed", "small-time-set-back"])
    }

    func testSymlinksAreComparedByTargetAndFoldersNotByTheirTimestamps() throws {
        try Host.symlink("a", at: sandbox.path(.home, "same"))
        try Host.symlink("a", at: sandbox.path(.home, "retargeted"))
        try Host.makeDirectory(sandbox.path(.home, "folder"))
        let before = try sandbox.snapshot()
        unlink(sandbox.path(.home, "same"))
        try Host.symlink("a", at: sandbox.path(.home, "same"))  // a new symlink, same target
        unlink(sandbox.path(.home, "retargeted"))
        try Host.symlink("b", at: sandbox.path(.home, "retargeted"))
        try Host.write("new", to: sandbox.path(.home, "folder/file"))  // the folder's mtime changes
        let changes = try sandbox.snapshot().changes(since: before)
        XCTAssertEqual(changes.modified(in: .home), ["retargeted"])
        XCTAssertEqual(changes.created(in: .home), ["folder/file"])
    }

    /// Rewrites a file of the sandbox's HOME in place, as an app would: the same bytes, or one byte
    /// changed, then sets its modification time to `modificationTime` seconds or back to `restoring`.
    private func rewrite(_ name: String, changingByteAt offset: Int?, modificationTime: Int?, restoring: timespec? = nil) {
        let path = sandbox.path(.home, name)
        let fd = open(path, O_RDWR | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var byte: UInt8 = offset == nil ? 0x61 : 0x62
        XCTAssertEqual(pwrite(fd, &byte, 1, off_t(offset ?? 0)), 1)
        let time = restoring ?? timespec(tv_sec: modificationTime ?? 0, tv_nsec: 0)
        var times = [time, time]
        XCTAssertEqual(futimens(fd, &times), 0)
    }

    /// Opens a FIFO for writing and closes it, which releases a reader blocked in open(2).
    private func unblockReader(of fifo: String) {
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if writer >= 0 { close(writer) }
    }
}
