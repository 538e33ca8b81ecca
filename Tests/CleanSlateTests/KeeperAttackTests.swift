@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// An app that turns on its keeper (issue 14): in standard isolation the keeper is the app's parent
/// and of the same user, so the app can kill it, stop it or (where ptrace is allowed) trace it.
/// Whatever it does, nothing it started outlives teardown, and what only the supervisor's second
/// line of defence could end is reported.
final class KeeperAttackTests: XCTestCase {
    /// A `sleep` whose command line no other process has (its fraction is random).
    private func uniqueSleep() -> String {
        "sleep 999.\(UInt32.random(in: 10_000_000...99_999_999))"
    }

    private func processesRunning(_ commandLine: String) -> [Int32] {
        StrictIsolationTests.hostProcesses(running: commandLine)
    }

    /// When the app kills its keeper, `waitForExit` returns only once the supervisor has ended what
    /// the keeper left. The supervisor is held stopped while the keeper is killed, so the supervisor
    /// cannot end anything on its own before the test process has seen the keeper's death and asked
    /// it to (continuing it): were the death not noticed, the wait would return with the tree still
    /// running, every time.
    func testAnAppThatKillsItsKeeperHasItsTreeEndedAndReported() throws {
        let sleep = uniqueSleep()
        // The shell's child kills the keeper (the shell's parent) and becomes a long sleep; the
        // shell waits for it. Before: "killed by signal 9" at once, both left running under init.
        // (The supervisor may end the child before or after it became the sleep: its command line
        // names the sleep's duration either way.)
        let app = try makeApp(.name("sh"), arguments: ["-c", "read go; K=$PPID; sh -c \"kill -9 $K; exec \(sleep)\" & wait"])
        try app.launch()
        let supervisor = LaunchSupervisor.shared.supervisorPID
        XCTAssertGreaterThan(supervisor, 0)
        XCTAssertEqual(kill(supervisor, SIGSTOP), 0)
        // Whatever happens, the shared supervisor runs again (the wait's own request continues it).
        defer { kill(supervisor, SIGCONT) }
        try app.typeText("go\n")
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .signaled(SIGKILL, coreDumped: false))
        let duration = String(sleep.dropFirst("sleep ".count))
        XCTAssertEqual(StrictIsolationTests.hostProcesses(running: "sleep \(duration)"), [], "the sleep outlived its keeper")
        XCTAssertEqual(StrictIsolationTests.hostProcesses(running: "sh -c kill -9"), [], "the child outlived its keeper")
        XCTAssertEqual(StrictIsolationTests.hostProcesses(running: "sh -c read go; K=$PPID"), [], "the app outlived its keeper")
        let escaped = app.terminate()
        XCTAssertTrue(escaped.contains { $0.commandLine.contains(duration) }, "\(escaped)")
        XCTAssertTrue(escaped.contains { $0.commandLine.hasPrefix("sh -c read go; K=$PPID") }, "\(escaped)")
        XCTAssertTrue(escaped.allSatisfy { $0.executable?.hasPrefix("/") == true }, "the supervisor names their executables too: \(escaped)")
    }

    func testAnAppThatStopsItsKeeperIsEndedAtTeardown() throws {
        let marker = "keeper-stopped-\(UInt32.random(in: 10_000_000...99_999_999))"
        // The program that stays is the one that says it is there (its command line names the marker).
        let app = try makeApp(.name("sh"), arguments: ["-c", "kill -STOP $PPID; exec sh -c 'echo stopped; read line' \(marker)"])
        try app.launch()
        _ = try app.waitForOutput("stopped\n")
        XCTAssertEqual(processesRunning("sh -c echo stopped; read line \(marker)").count, 1)
        app.terminate()
        XCTAssertEqual(processesRunning("sh -c echo stopped; read line \(marker)"), [], "the app outlived teardown")
        XCTAssertEqual(app.state, .exited(.signaled(SIGTERM, coreDumped: false)))
    }

    /// A keeper stopped again and again, faster than teardown can continue it, stops answering:
    /// the supervisor then kills it and everything it left. (The loop starts once the launch is
    /// done: a keeper stopped before it could answer fails the launch instead, see
    /// `LaunchSupervisorTests`.)
    func testAnAppThatKeepsStoppingItsKeeperIsEndedAtTeardown() throws {
        let sleep = uniqueSleep()
        let app = try makeApp(.name("sh"), arguments: [
            "-c", "read go; (while kill -STOP $PPID 2>/dev/null; do :; done) & echo stopping; exec \(sleep)",
        ])
        try app.launch()
        try app.typeText("go\n")
        _ = try app.waitForOutput("stopping\n")
        app.terminate()
        XCTAssertEqual(processesRunning(sleep), [], "the app outlived teardown")
        XCTAssertEqual(processesRunning("sh -c read go; (while kill -STOP"), [], "the loop outlived teardown")
    }

    /// `cleanslate run` on an app that stops its keeper still ends when told to (SIGTERM).
    func testCleanslateRunEndsOnSIGTERMWhenTheAppStoppedItsKeeper() throws {
        let sleep = uniqueSleep()
        let app = try makeApp(.product("cleanslate"), arguments: [
            "run", "--", "/bin/sh", "-c", "kill -STOP $PPID; echo stopped; exec \(sleep)",
        ])
        try app.launch()
        _ = try app.waitForOutput("stopped\n", timeout: .seconds(30))
        guard case let .running(frontEnd) = app.state else { return XCTFail("cleanslate run is not running") }
        kill(frontEnd, SIGTERM)
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .exited(128 + SIGTERM), app.standardError)
        XCTAssertEqual(processesRunning(sleep), [], "the app outlived cleanslate run")
    }

    /// Keepers are not dumpable: an app of the same user cannot trace its keeper (where the kernel
    /// lets a process trace others of its user at all: Yama's ptrace_scope 0, or no Yama).
    func testAnAppCannotTraceItsKeeper() throws {
        let python = "/usr/bin/python3"
        try requireProgram(python, hint: "install it: apt-get install -y python3")
        let script = #"""
            import ctypes, os
            libc = ctypes.CDLL(None, use_errno=True)
            PTRACE_SEIZE = 0x4206
            rc = libc.ptrace(PTRACE_SEIZE, os.getppid(), 0, 0)
            print("traced" if rc == 0 else "refused errno %d" % ctypes.get_errno())
            """#
        let output: String
        if getuid() == 0 {
            // Root may trace anything (CAP_SYS_PTRACE): the promise is for other users.
            let (status, app) = try runCleanSlateUnprivileged(["run", "--", python, "-c", script])
            XCTAssertEqual(status, .exited(0), app.standardError)
            output = app.standardOutput
        } else {
            let app = try makeApp(.path(python), arguments: ["-c", script])
            try app.launch()
            XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .exited(0), app.standardError)
            output = app.standardOutput
        }
        XCTAssertEqual(output, "refused errno \(EPERM)\n")
    }

    /// A process that names itself like a launch supervisor (argv[1] `--cleanslate-launch-supervisor`)
    /// is reported like any other survivor; only a nested CleanSlate's real supervisor ends by itself.
    func testAProcessNamedLikeTheSupervisorIsReported() throws {
        let python = "/usr/bin/python3"
        try requireProgram(python, hint: "install it: apt-get install -y python3")
        // Rewrites its own command line (through /proc/self/mem) to `sleep --cleanslate-launch-supervisor`.
        let disguise = #"""
            import time
            fields = open("/proc/self/stat").read().rsplit(")", 1)[1].split()
            start, end = int(fields[45]), int(fields[46])
            name = b"sleep\0--cleanslate-launch-supervisor\0"
            with open("/proc/self/mem", "r+b", buffering=0) as memory:
                memory.seek(start)
                memory.write(name.ljust(end - start, b"\0"))
            print("disguised", flush=True)
            time.sleep(1000)
            """#
                // In a session of its own, so that it is not part of the app's group (which the app takes along).
        let app = try makeApp(.name("sh"), arguments: ["-c", "setsid \(python) -c \"$0\" & wait", disguise])
        try app.launch()
        _ = try app.waitForOutput("disguised\n")
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["sleep --cleanslate-launch-supervisor"])
        XCTAssertEqual(escaped.map(\.executable), [URL(fileURLWithPath: python).resolvingSymlinksInPath().path], "what it really runs")
    }
}
