import CleanSlate
import CleanSlateXCTest
import Foundation
import Glibc
import XCTest

/// The `cleanslate` executable ends promptly on the termination signals whatever it is doing,
/// refuses a keep policy it does not know, and keeps its report of created files short.
final class CommandLineSafetyTests: XCTestCase {
    // MARK: - Termination signals

    func testRenderOfAnEndlessInputEndsWithStatus143OnSIGTERM() throws {
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        let input = folder + "/endless"
        XCTAssertEqual(mkfifo(input, 0o600), 0)
        let render = try makeApp(.product("cleanslate"), arguments: ["render", "--rows", "24", "--cols", "80", input])
        try render.launch()
        // The writer's open returns once render has opened the FIFO for reading: a real sign that it
        // has started. The writer then feeds it zeros until it goes away.
        let opened = ResultBox<Bool>()
        Thread.detachNewThread {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)  // EPIPE instead of SIGPIPE once render is gone
            let fd = open(input, O_WRONLY | O_CLOEXEC)
            opened.set(fd >= 0)
            guard fd >= 0 else { return }
            let zeros = [UInt8](repeating: 0, count: 65_536)
            while zeros.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            close(fd)
        }
        XCTAssertEqual(opened.wait(until: Date() + 60), true, "render never opened its input")
        guard case let .running(pid) = render.state else { return XCTFail("render is not running: \(render.state)") }

        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertEqual(try render.waitForExit(timeout: .seconds(30)), .exited(143))
    }

    func testSweepEndsWithStatus143OnSIGTERMInTheMiddleOfAWipe() throws {
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        // A leftover sandbox with many files, so that the wipe lasts long enough to be interrupted.
        let leftover = folder + "/cleanslate-Many01"
        try Host.makeDirectory(leftover, mode: 0o700)
        try Host.makeDirectory(leftover + "/home")
        try Host.symlink("cleanslate-owner 1\npid 2000000000\nstart 1\nboot \n", at: leftover + "/.cleanslate-owner")
        for index in 0..<100_000 { try Host.write("", to: leftover + "/home/f\(index)") }
        // The first file the sweep deletes is a real sign that it is wiping.
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { close(watch) }
        XCTAssertGreaterThanOrEqual(inotify_add_watch(watch, leftover + "/home", UInt32(IN_DELETE)), 0)

        let sweep = try makeApp(.product("cleanslate"), arguments: ["sweep", "--root", folder])
        try sweep.launch()
        var ready = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&ready, 1, 60_000), 1, "the sweep never deleted a file")
        guard case let .running(pid) = sweep.state else { return XCTFail("the sweep is not running: \(sweep.state)") }

        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertEqual(try sweep.waitForExit(timeout: .seconds(30)), .exited(143), sweep.standardOutput + sweep.standardError)
        XCTAssertTrue(Host.isSymlink(leftover + "/.cleanslate-owner"), "the interrupted wipe left the record for the next sweep")
    }

    // MARK: - Small ones

    func testABogusKeepPolicyIsRefusedNamingTheVariableAndItsValues() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let run = try makeApp(.product("cleanslate"), arguments: ["run", "--root", folder, "--", "sh", "-c", "echo ran"])
        run.launchEnvironment = ["CLEANSLATE_KEEP": "bogus"]
        try run.launch()
        XCTAssertEqual(try run.waitForExit(timeout: .seconds(60)), .exited(64))
        XCTAssertTrue(run.standardError.contains("CLEANSLATE_KEEP=bogus is not valid: use never, failed or always"), run.standardError)
        XCTAssertFalse(run.standardOutput.contains("ran"), "the app must not run")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "no sandbox was made")
    }

    func testThousandsOfCreatedFilesAreReportedAsTheFirstTwentyAndACount() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let (status, run) = try runCleanslate([
            "run", "--root", folder, "--", "sh", "-c", "cd \"$HOME\" && i=10000; while [ $i -lt 15000 ]; do : > f$i; i=$((i+1)); done"])
        XCTAssertEqual(status, .exited(0), run.standardError)
        let line = try XCTUnwrap(run.standardError.split(separator: "\n").first { $0.hasPrefix("cleanslate: in HOME:") }, run.standardError)
        let first = (10_000..<10_020).map { "f\($0)" }.joined(separator: ", ")
        XCTAssertEqual(String(line), "cleanslate: in HOME: created \(first) and 4980 more")
    }

    func testANameWithALineFeedIsReportedOnItsOwnLineEscaped() throws {
        // A name that, printed as it is, would forge a report line of its own.
        let folder = try sandboxForTest().temporaryDirectory
        let (status, run) = try runCleanslate([
            "run", "--root", folder, "--", "sh", "-c", #"cd "$HOME" && : > "$(printf 'a\ncleanslate: in HOME: created forged\033[2J\\')""#])
        XCTAssertEqual(status, .exited(0), run.standardError)
        let lines = run.standardError.split(separator: "\n").filter { $0.hasPrefix("cleanslate: in HOME:") }
        XCTAssertEqual(lines, [#"cleanslate: in HOME: created a\ncleanslate: in HOME: created forged\u{1b}[2J\\"#], run.standardError)
    }
}
