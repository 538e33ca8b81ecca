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
        let (status, peakKilobytes) = try Self.runMeasuringPeakMemory(
            try buildFolder() + "/cleanslate", ["record", "--from", folder + "/long.cast", "--output", folder + "/Long.swift"])
        XCTAssertEqual(status, 0, "cleanslate record exited with wait status \(status)")
        XCTAssertTrue(Host.read(folder + "/Long.swift")?.contains("try await app.typeText(\"aaaa") == true)
        XCTAssertLessThan(peakKilobytes, 120 * 1024, "cleanslate record --from peaked at \(peakKilobytes) kB for a 2 MB recording")
    }

    /// Runs `path` with `arguments` (standard I/O on /dev/null) and returns its wait status and its
    /// peak resident size in kilobytes, as wait4 reports them for this one child.
    private static func runMeasuringPeakMemory(_ path: String, _ arguments: [String]) throws -> (Int32, Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw HostSetupFailure("posix_spawn \(path): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw HostSetupFailure("wait4 \(pid): errno \(errno)") }
        }
        return (status, usage.ru_maxrss)
    }

    func testALiveRecordKilledBySIGKILLLeavesNoTemporaryFile() throws {
        let sandbox = try sandboxForTest()
        let work = sandbox.temporaryDirectory + "/work"
        let temporary = sandbox.temporaryDirectory + "/tmp"
        let root = sandbox.temporaryDirectory + "/root"
        for folder in [work, temporary, root] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
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
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work), [], "no temporary file beside the output")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "no temporary file in TMPDIR")
    }
}
