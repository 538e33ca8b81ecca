@testable import CleanSlate
import _CleanSlateCShim
import Foundation
import Glibc
import XCTest

/// What a keeper tells the test process about an app's end, read straight from the keeper's socket,
/// and how it starts an app (its own vfork and exec, not posix_spawn).
final class KeeperReportTests: XCTestCase {
    /// An app that exits leaving nothing behind is reported in one message that also says the tree
    /// is empty: a test that has seen the exit knows at once that termination has nothing to do.
    /// (A separate "tree empty" report could arrive after terminate() had already asked the keeper to
    /// kill the tree, a round trip for nothing on every short-lived launch.)
    func testTheExitOfAnAppThatLeftNothingSaysTheTreeIsEmpty() throws {
        let launch = try spawn("/bin/true", [])
        defer { SystemCall.close(launch.keeper.fd) }
        let first = try XCTUnwrap(nextEvent(on: launch.keeper), "no report from the keeper within 10 s")
        guard case let .exited(status, treeEmpty) = first else { return XCTFail("the first report was \(first), not the exit") }
        XCTAssertEqual(status, .exited(0))
        XCTAssertTrue(treeEmpty, "the exit report of /bin/true must say that nothing of its tree is left")
    }

    /// An app whose child outlives it: the exit report says the tree is not empty, and a separate
    /// report says so once the child has ended too.
    func testAChildOutlivingTheAppIsReportedEmptyOnlyOnceItEnds() throws {
        // The background job reads the app's standard input (through descriptor 3, since a
        // non-interactive shell gives background jobs /dev/null as input): it ends when the test
        // closes that pipe, not on a timer.
        let launch = try spawn("/bin/sh", ["-c", "exec 3<&0; (read line <&3) & exit 0"])
        defer { SystemCall.close(launch.keeper.fd) }
        let first = try XCTUnwrap(nextEvent(on: launch.keeper), "no report from the keeper within 10 s")
        guard case let .exited(status, treeEmpty) = first else { return XCTFail("the first report was \(first), not the exit") }
        XCTAssertEqual(status, .exited(0))
        XCTAssertFalse(treeEmpty, "the background job is still running")
        SystemCall.close(launch.input)
        let second = try XCTUnwrap(nextEvent(on: launch.keeper), "no report once the background job ended")
        guard case .treeEmpty = second else { return XCTFail("the report after the job ended was \(second)") }
    }

    /// A launch whose exec fails (a file in no executable format) leaves no zombie under the keeper:
    /// the keeper reaps its failed child before it answers, and serves the next launch.
    func testAFailedExecLeavesNoZombieUnderTheKeeperAndTheKeeperServesTheNextLaunch() throws {
        let sandbox = try sandboxForTest()
        let garbage = sandbox.home + "/not-a-program"
        try "neither ELF nor #!\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(garbage, 0o755), 0)
        let broken = AppLauncher(.path(garbage), sandbox: sandbox)
        XCTAssertThrowsError(try broken.launch()) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .notExecutable, "\(error)")
        }
        XCTAssertEqual(zombiesUnderKeepers(), [], "the failed child must be reaped before the launch fails")
        let app = AppLauncher(.path("/bin/echo"), sandbox: sandbox)
        app.launchArguments = ["served"]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "served\n")
        app.terminate()
    }

    // MARK: Helpers

    private struct RawLaunch {
        let keeper: KeeperChannel
        let input: Int32
    }

    /// Spawns `path` under a keeper with its input on a pipe (whose write end is returned) and its
    /// output to /dev/null.
    private func spawn(_ path: String, _ arguments: [String]) throws -> RawLaunch {
        let input = try Descriptors.pipe(for: "the test's input pipe")
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(null, 0)
        defer { SystemCall.close(input.read); SystemCall.close(null) }
        let launch = try Spawner.spawn(SpawnRequest(
            executablePath: path, argumentVector: [path] + arguments, environment: ["PATH=/usr/bin:/bin"],
            workingDirectory: "/", standardIO: .descriptors(input: input.read, output: null, error: null)))
        return RawLaunch(keeper: KeeperChannel(fd: launch.channel), input: input.write)
    }

    /// The next report on `channel`, waiting up to 10 s.
    private func nextEvent(on channel: KeeperChannel) -> KeeperChannel.Event? {
        var entry = pollfd(fd: channel.fd, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if poll(&entry, 1, 100) > 0, let event = channel.nextEventIfReady() { return event }
        }
        return nil
    }

    /// Zombies whose parent is a launch supervisor or keeper (their command line is the supervisor's)
    /// and which never ran a program of their own: their name is still their parent's, as a child
    /// whose exec failed is. (An app of an earlier test that has just ended is a zombie under its
    /// keeper for a moment too, until the keeper reaps it; it carries its program's name.)
    private func zombiesUnderKeepers() -> [Int32] {
        func name(of pid: Int32) -> String? {
            try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
        }
        let keepers = Set(allProcessIDs().filter { pid in
            let line = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return line.split(separator: "\0").dropFirst().first == "--cleanslate-launch-supervisor"
        })
        return allProcessIDs().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 1, let parent = Int32(fields[1]) else { return false }
            return fields[0] == "Z" && keepers.contains(parent) && name(of: pid) == name(of: parent)
        }
    }
}
