import CleanSlate
import CleanSlateXCTest
import Foundation
import Glibc
import XCTest

/// `cleanslate run --record FILE`: the session written as an asciicast recording, over pipes and on
/// a terminal, readable by `cleanslate render`.
final class RunRecordTests: XCTestCase {
    /// The events of a recording file as (code, data), after checking its header's size.
    private func events(of path: String, width: Int, height: Int) throws -> [(String, String)] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let first = try XCTUnwrap(lines.first, "the recording \(path) is empty")
        let header = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, width)
        XCTAssertEqual(header["height"] as? Int, height)
        return try lines.dropFirst().map { line in
            let event = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            return (try XCTUnwrap(event[1] as? String), try XCTUnwrap(event[2] as? String))
        }
    }

    func testRecordOverPipesHasTheOutputAndTheInput() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let file = folder + "/pipes.cast"
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", file, "--",
                                            "sh", "-c", "echo hello; read name; echo \"bye $name\" >&2"], input: "Ada\n")
        XCTAssertEqual(status, .exited(0), app.standardError)
        let recorded = try events(of: file, width: 80, height: 24)
        XCTAssertEqual(recorded.filter { $0.0 == "o" }.map(\.1).joined(), "hello\r\nbye Ada\r\n")
        XCTAssertEqual(recorded.filter { $0.0 == "i" }.map(\.1).joined(), "Ada\n")
    }

    func testRecordOnATerminalRendersToTheFinalScreenTheRunPrinted() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let file = folder + "/terminal.cast"
        let (status, app) = try runCleanslate(["run", "--root", folder, "--terminal", "5x30", "--record", file, "--",
                                            "sh", "-c", "printf '\\033[2J\\033[3;4H\\033[31mred\\033[0m text'"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertFalse(try events(of: file, width: 30, height: 5).isEmpty)
        // The final screen `run` printed, between its marker lines.
        let printed = app.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try XCTUnwrap(printed.firstIndex { $0.hasPrefix("--- final screen") })
        let screen = printed[(start + 1)...].prefix(5).joined(separator: "\n") + "\n"

        let (renderStatus, render) = try runCleanslate(["render", file])
        XCTAssertEqual(renderStatus, .exited(0), render.standardError)
        XCTAssertEqual(render.standardOutput, screen)
        XCTAssertTrue(screen.contains("   red text"), screen)
        let (styledStatus, styled) = try runCleanslate(["render", "--format", "styled", file])
        XCTAssertEqual(styledStatus, .exited(0), styled.standardError)
        XCTAssertEqual(styled.standardOutput, "screen 5x30 cursor 2,11\n|\n|\n|   red text\n~ 3-5 fg=red\n")
    }

    func testARecordingThatCannotBeCreatedFailsBeforeTheAppRuns() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", folder + "/no/such/folder/x.cast", "--",
                                            "sh", "-c", "echo ran"])
        XCTAssertEqual(status, .exited(73))
        XCTAssertTrue(app.standardError.contains("cannot create the recording \(folder)/no/such/folder/x.cast"), app.standardError)
        XCTAssertFalse(app.standardOutput.contains("ran"), "the app must not run")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "no sandbox was made")
    }

    func testRecordWritesThroughASymlinkAndNeverReplacesIt() throws {
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        try Host.write("old", to: folder + "/target.cast")
        try Host.symlink(folder + "/target.cast", at: folder + "/link.cast")
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", folder + "/link.cast", "--", "sh", "-c", "echo hello"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(Host.readLink(folder + "/link.cast"), folder + "/target.cast", "the symlink is still the symlink")
        let recorded = try events(of: folder + "/target.cast", width: 80, height: 24)
        XCTAssertEqual(recorded.filter { $0.0 == "o" }.map(\.1).joined(), "hello\r\n", "its target holds the recording")
    }

    func testRecordRefusesAFifoThatNobodyReadsAndLeavesItInPlace() throws {
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        let fifo = folder + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", fifo, "--", "sh", "-c", "echo ran"])
        XCTAssertEqual(status, .exited(73))
        XCTAssertTrue(app.standardError.contains("cannot write the recording to \(fifo): it is a FIFO that nothing reads"), app.standardError)
        XCTAssertFalse(app.standardOutput.contains("ran"), "the app must not run")
        XCTAssertEqual(Host.status(fifo).map { $0.st_mode & S_IFMT }, S_IFIFO, "the FIFO is still a FIFO")
    }

    func testRecordIntoADeviceWritesInPlaceAndNeverReplacesIt() throws {
        guard getuid() == 0 else {
            // Only root can make a device node; a real one (/dev/null) must never be put at risk.
            throw XCTSkip("making a device node to record into needs root; run as root (CI does)")
        }
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        let device = folder + "/null"  // major 1, minor 3: what /dev/null is
        XCTAssertEqual(mknod(device, S_IFCHR | 0o666, dev_t(0x103)), 0, "mknod: errno \(errno)")
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", device, "--", "sh", "-c", "echo hello"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(Host.status(device).map { $0.st_mode & S_IFMT }, S_IFCHR, "the device node is still the device node")
    }

    /// A block device is refused (73) before the app runs, and left in place: writing a recording
    /// over a disk would destroy it. The node made here is an unbound loop device's (major 7).
    func testRecordRefusesABlockDeviceAndLeavesItInPlace() throws {
        try Host.requireRoot(toDo: "making a block device node to record into")
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        let device = folder + "/disk"  // major 7, minor 7: what /dev/loop7 is
        XCTAssertEqual(mknod(device, S_IFBLK | 0o600, dev_t(0x707)), 0, "mknod: errno \(errno)")
        let probe = open(device, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard probe >= 0 else {
            throw XCTSkip("this machine lets no process open a loop block device (errno \(errno)), so the refusal cannot be told from a failed open")
        }
        close(probe)
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", device, "--", "sh", "-c", "echo the app ran"])
        XCTAssertEqual(status, .exited(73), app.standardError)
        XCTAssertTrue(app.standardError.contains("cannot write the recording to \(device): it is a block device"), app.standardError)
        XCTAssertFalse(app.standardOutput.contains("the app ran"), "the app must not run")
        XCTAssertEqual(Host.status(device).map { $0.st_mode & S_IFMT }, S_IFBLK, "the device node is still the device node")
    }

    /// An existing regular file is emptied before the recording is written into it: what was there,
    /// longer than the recording, leaves no byte behind.
    func testRecordEmptiesAnExistingFileLongerThanTheRecording() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let file = folder + "/session.cast"
        try Host.write(String(repeating: "an older and longer recording\n", count: 4000), to: file)
        let (status, app) = try runCleanslate(["run", "--root", folder, "--record", file, "--", "sh", "-c", "echo hello"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let text = Host.read(file) ?? ""
        XCTAssertFalse(text.contains("an older and longer recording"), "left-over bytes of the old file")
        let recorded = try events(of: file, width: 80, height: 24)
        XCTAssertEqual(recorded.filter { $0.0 == "o" }.map(\.1).joined(), "hello\r\n")
    }
}
