import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest
import _CleanSlateCShim

/// Nothing an app starts outlives it: daemons, background jobs, floods of children, stopped and
/// stubborn processes. Each app here is a real misbehaving program (a shell script).
final class ProcessTreeTests: XCTestCase {
    /// A double-forked daemon in its own session (`setsid`) is killed by terminate() and reported.
    func testDaemonThatLeftTheSessionIsKilledAndReported() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", """
            ( setsid sh -c 'echo daemon=$$; exec sleep 1000' & ) ; sleep 1000
            """])
        try app.waitForOutput("daemon=")
        let daemon = try number(after: "daemon=", in: app.standardOutput)
        let watch = try ProcessWatch(daemon)
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.pid), [daemon], "the daemon must be reported: \(escaped)")
        // Named by its command line: `sh -c ...` before its `exec`, `sleep 1000` after, or `[sleep]`
        // (its command name) when caught in the middle of the `exec`.
        XCTAssertTrue(["sleep 1000", "sh -c echo daemon=$$; exec sleep 1000", "[sh]", "[sleep]"].contains(escaped.first?.commandLine ?? ""), "\(escaped)")
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)), "the daemon (pid \(daemon)) survived terminate()")
        XCTAssertEqual(app.escapedProcesses, escaped)
    }

    /// A daemon that keeps writing into HOME is dead before the sandbox is wiped, so the wipe stays wiped.
    func testDaemonWritingIntoHomeCannotBringTheWipedSandboxBack() throws {
        let sandbox = try Sandbox()
        let app = AppLauncher(.name("sh"), sandbox: sandbox)
        app.launchArguments = ["-c", """
            setsid sh -c 'while :; do echo x >> "$HOME/log"; done' & echo daemon=$!
            """]
        try app.launch()
        try app.waitForOutput("daemon=")
        let daemon = try number(after: "daemon=", in: app.standardOutput)
        let watch = try ProcessWatch(daemon)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.pid), [daemon])
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)), "the daemon survived terminate()")
        try sandbox.wipe()
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.root), "something re-created the wiped sandbox")
    }

    /// An app that exited leaves a grandchild holding its standard output: the wait for exit does
    /// not hang on the inherited pipe, and terminate() kills and reports the grandchild.
    func testGrandchildHoldingTheOutputPipeDoesNotHangTheWaitAndIsReported() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "( sleep 1000 & echo child=$! ); echo done"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        try app.waitForOutput("done")
        let child = try number(after: "child=", in: app.standardOutput)
        let watch = try ProcessWatch(child)
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.pid), [child], "a process that outlived the app must be reported")
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)))
    }

    /// The app's own children while it runs are what the termination policy stops: not "escaped".
    func testChildrenOfARunningAppAreNotReportedAsEscaped() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "sleep 1000 & echo child=$!; wait"])
        try app.waitForOutput("child=")
        let watch = try ProcessWatch(try number(after: "child=", in: app.standardOutput))
        XCTAssertEqual(app.terminate(), [])
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)))
    }

    /// A thousand children end in bounded time, none left in the app's process group.
    func testAppWithAThousandChildrenEndsWithAllOfThem() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "i=0; while [ $i -lt 1000 ]; do sleep 1000 & i=$((i+1)); done; echo forked=$$; wait"])
        try app.waitForOutput("forked=", timeout: .seconds(60))
        let leader = try number(after: "forked=", in: app.standardOutput)
        XCTAssertEqual(membersOfProcessGroup(leader).count, 1001)
        app.terminate()
        XCTAssertEqual(membersOfProcessGroup(leader), [], "processes of the app's group survived terminate()")
    }

    /// A stopped app that ignores SIGTERM still ends: SIGCONT follows the policy's signals, and the
    /// final SIGKILL does not wait for it to run.
    func testStoppedAppThatIgnoresSIGTERMEnds() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"])
        app.terminationPolicy = .graceful(gracePeriod: .milliseconds(200))
        try app.launch()
        try app.waitForOutput("ready")
        guard case let .running(pid) = app.state else { return XCTFail("not running: \(app.state)") }
        kill(pid, SIGSTOP)
        try app.waitForState("stopped") { if case .stopped = $0 { return true } else { return false } }
        XCTAssertEqual(app.state, .stopped(pid: pid, signal: SIGSTOP))
        app.terminate()
        XCTAssertEqual(app.state, .exited(.signaled(SIGKILL, coreDumped: false)))
    }

    /// Two terminate() calls at once: the second returns only when the app is gone, not at once.
    func testConcurrentTerminateReturnsOnlyWhenTheAppIsGone() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "trap 'echo term' TERM; echo ready; while :; do sleep 1; done"])
        app.terminationPolicy = .graceful(gracePeriod: .seconds(2))
        try app.launch()
        try app.waitForOutput("ready")
        guard case let .running(pid) = app.state else { return XCTFail("not running: \(app.state)") }
        let watch = try ProcessWatch(pid)
        let first = Thread { app.terminate() }
        first.start()
        // The first terminate() is in its grace period once the app has handled SIGTERM.
        try app.waitForOutput("term")
        app.terminate()
        XCTAssertTrue(watch.hasEnded(within: .zero), "the second terminate() returned while the app was still alive")
        XCTAssertEqual(app.state, .exited(.signaled(SIGKILL, coreDumped: false)))
    }
}

/// Watches one process through a pidfd, which stays valid however the process ends (and cannot be
/// fooled by a reused pid).
final class ProcessWatch {
    private let fd: Int32

    /// Starts watching `pid`; the process must exist now.
    init(_ pid: Int32) throws {
        fd = cs_pidfd_open(pid)
        if fd < 0 { throw CleanSlateError(.invalidArgument, errno: errno, "cannot watch pid \(pid)") }
    }

    deinit { close(fd) }

    /// Whether the process has ended, waiting up to `limit` for it.
    func hasEnded(within limit: Duration) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        while true {
            let rc = poll(&entry, 1, milliseconds)
            if rc < 0 && errno == EINTR { continue }
            return rc > 0
        }
    }
}

/// The live (non-zombie) processes whose process group is `pgid`.
func membersOfProcessGroup(_ pgid: Int32) -> [Int32] {
    allProcessIDs().filter { pid in
        guard let fields = statFields(of: pid), fields.count > 2 else { return false }
        return fields[0] != "Z" && Int32(fields[2]) == pgid
    }
}
