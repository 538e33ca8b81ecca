import CleanSlate
import CleanSlateXCTest
import Foundation
import Glibc
import XCTest

/// `cleanslate record` against what could make it destroy a file, refuse its own test, take memory
/// out of proportion, or leave files behind: special files named by `--output`, key presses beyond
/// what `press` accepts, a long recording, a SIGKILL in the middle of a session.
final class RecordHostileOutputTests: XCTestCase {
    /// A recording that `record --from` turns into a test, in a new folder of this test's sandbox.
    private func recordingFolder() throws -> String {
        let folder = try sandboxForTest().temporaryDirectory + "/work"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        var cast = SyntheticCast()
        cast.output("ready")
        try cast.text.write(toFile: folder + "/s.cast", atomically: true, encoding: .utf8)
        return folder
    }

    /// Runs `record --from s.cast --output OUTPUT` and checks it was refused with 73 and `message`,
    /// and that the folder still holds only what it held.
    private func assertRefused(_ output: String, in folder: String, saying message: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let (status, app) = try runCleanslate(["record", "--from", folder + "/s.cast", "--output", output])
        XCTAssertEqual(status, .exited(73), app.standardError, file: file, line: line)
        XCTAssertTrue(app.standardError.contains("cannot write the test to \(output): \(message)"), app.standardError, file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), before, "nothing added, nothing removed",
                       file: file, line: line)
    }

    func testAnOutputThatIsASymlinkIsRefusedAndLeftAsItIs() throws {
        let folder = try recordingFolder()
        try Host.write("old", to: folder + "/Target.swift")
        try Host.symlink(folder + "/Target.swift", at: folder + "/Link.swift")
        try assertRefused(folder + "/Link.swift", in: folder, saying: "it is a symlink")
        XCTAssertEqual(Host.readLink(folder + "/Link.swift"), folder + "/Target.swift", "the symlink is still the symlink")
        XCTAssertEqual(Host.read(folder + "/Target.swift"), "old", "its target is untouched")
    }

    func testAnOutputThatIsAFifoIsRefusedAndLeftAsItIs() throws {
        // Nothing here opens the FIFO (that would block without a reader): only lstat looks at it.
        let folder = try recordingFolder()
        let fifo = folder + "/Fifo.swift"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0, "mkfifo: errno \(errno)")
        try assertRefused(fifo, in: folder, saying: "it is a FIFO")
        XCTAssertEqual(Host.status(fifo).map { $0.st_mode & S_IFMT }, S_IFIFO, "the FIFO is still a FIFO")
    }

    func testAnOutputThatIsADeviceNodeIsRefusedAndLeftAsItIs() throws {
        // Only root can make a device node; a real one (/dev/null) must never be put at risk.
        try Host.requireRoot(toDo: "making a device node to give record --output")
        let folder = try recordingFolder()
        let device = folder + "/Null.swift"  // major 1, minor 3: what /dev/null is
        XCTAssertEqual(mknod(device, S_IFCHR | 0o666, dev_t(0x103)), 0, "mknod: errno \(errno)")
        try assertRefused(device, in: folder, saying: "it is a character device")
        XCTAssertEqual(Host.status(device).map { $0.st_mode & S_IFMT }, S_IFCHR, "the device node is still the device node")
    }

    func testKeyPressesBeyondWhatOnePressTakesAreSplitIntoCallsItAccepts() throws {
        // AppLauncher.maximumPressCount, documented in TerminalApps.md: press takes 0 to 10,000.
        let mostPerPress = 10_000
        var cast = SyntheticCast()
        cast.output("ready")
        cast.input(String(repeating: "\t", count: 2 * mostPerPress + 5))
        cast.output("done")
        let file = try sandboxForTest().temporaryDirectory + "/tabs.cast"
        try cast.text.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, app) = try runCleanslate(["record", "--from", file])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let presses = app.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("try await app.press(") }
        XCTAssertEqual(presses, [
            "try await app.press(.tab, times: \(mostPerPress))",
            "try await app.press(.tab, times: \(mostPerPress))",
            "try await app.press(.tab, times: 5)",
        ])
    }

    func testALongRecordingTakesMemoryInProportionToItsSize() throws {
        // 2,000 key presses on a 60x200 screen, each after a line of output: about 2 MB. Writing its
        // test peaked at about 30 MB; when a screen (about 220 KB at this size) was kept for every
        // input event it peaked at about 445 MB.
        var cast = SyntheticCast()
        cast.rows = 60
        cast.columns = 200
        for index in 0..<2_000 {
            cast.output("\r\nline \(index) " + String(repeating: "x", count: 900))
            cast.input("a")
        }
        let folder = try sandboxForTest().temporaryDirectory
        try cast.text.write(toFile: folder + "/long.cast", atomically: true, encoding: .utf8)
        XCTAssertGreaterThan(Host.status(folder + "/long.cast").map { Int($0.st_size) } ?? 0, 1_800_000)
        let (status, peakKilobytes) = try runMeasuringPeakMemory(
            try buildFolder() + "/cleanslate", ["record", "--from", folder + "/long.cast", "--output", folder + "/Long.swift"])
        XCTAssertEqual(status, 0, "cleanslate record exited with wait status \(status)")
        XCTAssertTrue(Host.read(folder + "/Long.swift")?.contains("try await app.typeText(\"aaaa") == true)
        XCTAssertLessThan(peakKilobytes, 120 * 1024, "cleanslate record --from peaked at \(peakKilobytes) kB for a 2 MB recording")
    }

    /// Runs `path` with `arguments` (standard I/O on /dev/null) and returns its wait status and its
    /// peak resident size in kilobytes.
    ///
    /// Through a small python3 parent: Linux counts in a child's peak the resident size of the
    /// process it was forked or vforked from (the test process, hundreds of megabytes in a full
    /// run), so the parent must be small. python3 forks, execs `path` and reports its child's
    /// `ru_maxrss` (about 10 MB of which is the python3 it was forked from).
    private func runMeasuringPeakMemory(_ path: String, _ arguments: [String]) throws -> (Int32, Int) {
        let python = "/usr/bin/python3"
        try requireProgram(python, hint: "install it: apt-get install -y python3")
        let script = """
            import os, resource, sys
            pid = os.fork()
            if pid == 0:
                devnull = os.open("/dev/null", os.O_RDWR)
                for fd in (0, 1, 2): os.dup2(devnull, fd)
                os.execv(sys.argv[1], sys.argv[1:])
            _, status = os.waitpid(pid, 0)
            print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let parent = try launchApp(.path(python), arguments: ["-c", script, path] + arguments)
        XCTAssertEqual(try parent.waitForExit(timeout: .seconds(120)), .exited(0), parent.standardError)
        let fields = parent.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard fields.count == 2 else { throw HostSetupFailure("python3 printed \(parent.standardOutput.debugDescription)") }
        return (Int32(fields[0]), fields[1])
    }

    func testALiveRecordKilledBySIGKILLLeavesNoTemporaryFile() throws {
        let sandbox = try sandboxForTest()
        let work = sandbox.temporaryDirectory + "/work"
        let temporary = sandbox.temporaryDirectory + "/tmp"
        let root = sandbox.temporaryDirectory + "/root"
        for folder in [work, temporary, root] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        // An earlier test is there: it is replaced only once the new one is complete, so it stays.
        try Host.write("// the earlier test\n", to: work + "/Killed.swift")
        // TMPDIR and CLEANSLATE_ROOT point into this test's sandbox: whatever is left there is seen
        // here, and wiped with the sandbox.
        let record = try launchApp(.product("cleanslate"), arguments: [
            "record", "--output", work + "/Killed.swift", "--", "sh", "-c", "echo started; exec sleep 1000",
        ], environment: ["TMPDIR": temporary, "CLEANSLATE_ROOT": root])
        // The session has started: the test's file was prepared before it.
        try record.waitForOutput("started")
        guard case let .running(pid) = record.state else { return XCTFail("record is not running") }
        kill(pid, SIGKILL)
        XCTAssertEqual(try record.waitForExit(), .signaled(SIGKILL, coreDumped: false), record.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work), ["Killed.swift"], "no temporary file beside the output")
        XCTAssertEqual(Host.read(work + "/Killed.swift"), "// the earlier test\n", "the earlier test is left as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "no temporary file in TMPDIR")
    }

    /// The test is written into a file of its own and given FILE's name at the end: an existing FILE
    /// is replaced by a new file (another inode), never rewritten in place, so a hard link to the old
    /// one still holds the old test, and no other name is left in the folder.
    func testAnExistingOutputIsReplacedByANewFileNotRewrittenInPlace() throws {
        let folder = try recordingFolder()
        let output = folder + "/Written.swift"
        try Host.write("// the earlier test\n", to: output)
        XCTAssertEqual(link(output, folder + "/Earlier.swift"), 0, "link: errno \(errno)")
        let before = try XCTUnwrap(Host.status(output)).st_ino
        let (status, app) = try runCleanslate(["record", "--from", folder + "/s.cast", "--output", output])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertTrue(Host.read(output)?.hasPrefix("import CleanSlate\n") == true, Host.read(output) ?? "unreadable")
        XCTAssertNotEqual(Host.status(output)?.st_ino, before, "FILE was rewritten in place")
        XCTAssertEqual(Host.read(folder + "/Earlier.swift"), "// the earlier test\n", "the old file was written into")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["Earlier.swift", "Written.swift", "s.cast"])
    }

    /// The output file is prepared before the app starts: a folder that cannot be written fails
    /// the live record at once (73), and the app never runs.
    func testALiveRecordIntoAFolderThatCannotBeWrittenFailsBeforeTheAppRuns() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let (status, app) = try runCleanslate(["record", "--output", folder + "/missing/Written.swift", "--", "sh", "-c", "echo the app ran"])
        XCTAssertEqual(status, .exited(73), app.standardError)
        XCTAssertTrue(app.standardError.contains("cannot create the test \(folder)/missing/Written.swift"), app.standardError)
        XCTAssertFalse(app.standardOutput.contains("the app ran"), app.standardOutput)
    }
}
