@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The launch supervisor is started again when it has died, and the dead one is reaped.
final class LaunchSupervisorTests: XCTestCase {
    /// This test process's live launch supervisors (its children running with the supervisor's argument).
    private func supervisors() -> [Int32] {
        let me = getpid()
        return allProcessIDs().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 1, Int32(fields[1]) == me, fields[0] != "Z" else { return false }
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return command.split(separator: "\0").dropFirst().first == "--cleanslate-launch-supervisor"
        }
    }

    func testALaunchAfterTheSupervisorDiedStartsANewOneAndReapsTheOld() throws {
        // Make sure this process has a supervisor and an idle keeper in its pool, then kill the supervisor.
        let first = try launchApp(.name("true"))
        XCTAssertEqual(try first.waitForExit(), .exited(0))
        first.terminate()
        XCTAssertEqual(supervisors().count, 1, "this test process has one supervisor")
        let old = try XCTUnwrap(supervisors().first)
        let watch = try ProcessWatch(old)
        kill(old, SIGKILL)
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)))

        // The next launch reaps it, even when a pooled keeper serves it and the supervisor is not asked.
        let second = try launchApp(.name("sh"), arguments: ["-c", "echo again"], terminalSize: .standard)
        XCTAssertEqual(try second.waitForExit(), .exited(0))
        try second.waitForScreen(containing: "again")
        XCTAssertFalse(zombieChildren().contains(old), "the dead supervisor was not reaped")

        // With no idle keeper left, the next launch asks for a new one: from a new supervisor.
        LaunchSupervisor.shared.releaseIdleKeepers()
        let third = try launchApp(.name("cat"))
        try third.typeText("line\n")
        try third.waitForOutput("line")
        XCTAssertEqual(supervisors().count, 1)
        XCTAssertNotEqual(supervisors().first, old)
    }

    /// Idle keepers are kept for reuse, but no more than ``LaunchSupervisor/idleLimit``: after more
    /// apps than that ran at once, the extra keepers exit.
    func testNoMoreIdleKeepersThanTheLimitAreKept() throws {
        let sandbox = try sandboxForTest()
        let apps = try (0..<(LaunchSupervisor.idleLimit + 8)).map { _ -> AppLauncher in
            let app = AppLauncher(.name("cat"), sandbox: sandbox)
            try app.launch()
            return app
        }
        for (index, app) in apps.enumerated() {
            try app.typeText("line \(index)\n")
            try app.waitForOutput("line \(index)")
        }
        apps.forEach { $0.terminate() }
        // This process's descendants are now the supervisor, its spare keeper and the idle keepers.
        let limit = LaunchSupervisor.idleLimit + 2
        XCTAssertLessThanOrEqual(ResourceCounts.descendants(settlingAtOrBelow: limit, within: .seconds(10)), limit)
    }

    /// A strict launch uses its keeper up (it ends inside the launch's namespaces), so it takes a new
    /// one rather than one of the idle keepers, which stay for the launches that give theirs back.
    func testAStrictLaunchLeavesTheIdleKeepersAsTheyWere() throws {
        try requireStrictIsolation()
        let warmUp = try launchApp(.name("true"))
        XCTAssertEqual(try warmUp.waitForExit(), .exited(0))
        warmUp.terminate()
        let idle = LaunchSupervisor.shared.idleKeeperCount
        XCTAssertGreaterThan(idle, 0, "the warm-up's keeper was not kept")
        let strict = try makeApp(.name("true"))
        strict.isolation = .strict
        for _ in 0..<3 {
            try strict.launch()
            XCTAssertEqual(try strict.waitForExit(), .exited(0), strict.standardError)
            strict.terminate()
        }
        XCTAssertEqual(LaunchSupervisor.shared.idleKeeperCount, idle)
    }
    /// Runs a first launch through `supervisor` that prints its parent, the keeper, and lets the
    /// keeper go idle into the pool; returns its pid.
    private func idleKeeper(of supervisor: LaunchSupervisor, null: Int32) throws -> pid_t {
        let output = try Descriptors.pipe(for: "the test's output pipe")
        defer { SystemCall.close(output.read) }
        let first = try supervisor.launch(request(["-c", "echo $PPID"], output: output.write, null: null))
        SystemCall.close(output.write)
        let keeper = KeeperChannel(fd: first.channel)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(output.read, &buffer, buffer.count)
        let keeperPID = try XCTUnwrap(Int32(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(first.keeperPID, keeperPID, "the keeper's own report of its pid")
        var entry = pollfd(fd: keeper.fd, events: Int16(POLLIN), revents: 0)
        var ended = false
        while !ended, poll(&entry, 1, 10_000) > 0 {
            if case .exited(_, treeEmpty: true)? = keeper.nextEventIfReady() { ended = true }
        }
        XCTAssertTrue(ended, "the first launch's exit was not reported")
        keeper.release()
        supervisor.release(first.keeper)
        XCTAssertEqual(supervisor.idleKeeperCount, 1)
        return keeperPID
    }

    /// A keeper stopped while idle in the pool (an app of the same user can stop any process of its
    /// user) is continued while the launch waits for it: the launch succeeds.
    func testAKeeperStoppedWhileIdleIsContinuedAndTheLaunchSucceeds() throws {
        let supervisor = LaunchSupervisor(replyLimit: .seconds(30))
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { SystemCall.close(null) }
        let keeperPID = try idleKeeper(of: supervisor, null: null)
        kill(keeperPID, SIGSTOP)
        defer { kill(keeperPID, SIGKILL) }
        let second = try supervisor.launch(request(["-c", "true"], output: null, null: null))
        XCTAssertEqual(second.keeperPID, keeperPID, "the pooled keeper was not the one used")
        second.keeper.close()
    }

    /// A supervisor that does not answer (stopped: no keeper is handed the launch, and no keeper's pid
    /// is known to continue) fails the launch with `.spawnFailed` once its reply limit has passed,
    /// instead of hanging the test. (The shared supervisor's limit is 30 s; this one's is 0.3 s.)
    func testASupervisorThatDoesNotAnswerFailsTheLaunchAtTheReplyLimitInsteadOfHanging() throws {
        let supervisor = LaunchSupervisor(replyLimit: .milliseconds(300))
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { SystemCall.close(null) }
        // Started by a first launch, which leaves no keeper idle (its channel is closed, not given back).
        SystemCall.close(try supervisor.launch(request(["-c", "true"], output: null, null: null)).channel)
        let stopped = supervisor.supervisorPID
        kill(stopped, SIGSTOP)
        defer { kill(stopped, SIGCONT) }
        let started = Date()
        XCTAssertThrowsError(try supervisor.launch(request(["-c", "true"], output: null, null: null))) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .spawnFailed, "\(error)")
            XCTAssertTrue("\(error)".contains("did not answer within 0.3 seconds"), "\(error)")
        }
        // Not a timing assertion: only that the launch came back rather than hung.
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    /// An app that stops its keeper again and again from its first instant, before the keeper could
    /// say it spawned it, fails the launch at the reply limit; the supervisor then ends the keeper
    /// and the app, so nothing of the failed launch is left.
    ///
    /// A keeper answers microseconds after the app's exec, before any app can stop it, so the case
    /// is made on purpose: strace holds the keeper's answer (its first `sendto`) for 30 s, as a
    /// loaded machine's scheduler may by chance; the app stops its keeper meanwhile, and the launch
    /// waits its reply limit out. The app says on its output that it ran. Whether the killed keeper
    /// dies at once or only when strace lets go depends on the kernel (a tracee killed in a ptrace
    /// stop may stop again on its way out), so the app may be gone before the launch has failed or
    /// only after strace is ended: the test ends strace, then waits for the keeper and every
    /// process of the app to be gone.
    func testALaunchWhoseKeeperTheAppKeepsStoppingFailsAndLeavesNothing() throws {
        try Host.requireRoot(toDo: "tracing the keeper (it is not dumpable) with strace")
        guard let strace = ["/usr/bin/strace", "/bin/strace"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            // .ci/run installs it: there a missing strace fails the test instead of skipping it.
            if externalRequirementsEnforced { throw HostSetupFailure("strace is not installed; install it: apt-get install -y strace") }
            throw XCTSkip("this test needs strace, to hold the keeper's answer; install it (apt-get install strace)")
        }
        let supervisor = LaunchSupervisor(replyLimit: .seconds(1))
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { SystemCall.close(null) }
        let keeperPID = try idleKeeper(of: supervisor, null: null)
        let keeperWatch = try ProcessWatch(keeperPID)
        defer { kill(keeperPID, SIGKILL) }
        let tracer = Process()
        tracer.executableURL = URL(fileURLWithPath: strace)
        tracer.arguments = ["-p", "\(keeperPID)", "-o", "/dev/null", "-e", "trace=sendto", "-e", "inject=sendto:delay_enter=30000000:when=1"]
        let messages = Pipe()
        tracer.standardError = messages
        try tracer.run()
        defer {
            kill(tracer.processIdentifier, SIGKILL)
            tracer.waitUntilExit()
        }
        // strace says it has attached before the keeper is given the launch.
        let attached = String(decoding: messages.fileHandleForReading.availableData, as: UTF8.self)
        XCTAssertTrue(attached.contains("Process \(keeperPID) attached"), attached)

        let marker = "stopper-\(UInt32.random(in: 10_000_000...99_999_999))"
        let script = "echo ran; while kill -STOP $PPID; do :; done # \(marker)"
        let stopper = "sh -c \(script)"
        defer { StrictIsolationTests.hostProcesses(running: stopper).forEach { kill($0, SIGKILL) } }
        let output = try Descriptors.pipe(for: "the app's output")
        defer { SystemCall.close(output.read) }
        XCTAssertThrowsError(try supervisor.launch(request(["-c", script], output: output.write, null: null))) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .spawnFailed, "\(error)")
            XCTAssertTrue("\(error)".contains("did not answer within 1.0 seconds"), "\(error)")
        }
        SystemCall.close(output.write)
        // The app has written its line or is dead: the launch failed 1 s after the keeper spawned it.
        var entry = pollfd(fd: output.read, events: Int16(POLLIN), revents: 0)
        var said = [UInt8](repeating: 0, count: 16)
        let count = poll(&entry, 1, 10_000) > 0 ? read(output.read, &said, said.count) : 0
        XCTAssertEqual(String(decoding: said.prefix(max(0, count)), as: UTF8.self), "ran\n", "the app ran, stopping its keeper")
        kill(tracer.processIdentifier, SIGKILL)
        XCTAssertTrue(keeperWatch.hasEnded(within: .seconds(10)), "the keeper of the failed launch is still there")
        // Not a timing assertion: the process table is looked at until the app is gone, for 10 s at most.
        let goneBy = Date().addingTimeInterval(10)
        while !StrictIsolationTests.hostProcesses(running: stopper).isEmpty && Date() < goneBy { usleep(10_000) }
        XCTAssertEqual(StrictIsolationTests.hostProcesses(running: stopper), [], "the app of the failed launch is still running")
    }

    /// When the test process is gone (here: its supervisor let go, which closes the control socket
    /// as the death of the test process does), an app that keeps its keeper stopped is still ended:
    /// the supervisor kills a stopped keeper, then the app it leaves. Before, the supervisor exited at
    /// once and the app ran on under init, stopping its keeper forever (seen after a skipped run of
    /// the test above).
    func testAnAppThatKeepsItsKeeperStoppedIsEndedWhenTheTestProcessGoes() throws {
        let marker = "holder-\(UInt32.random(in: 10_000_000...99_999_999))"
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { SystemCall.close(null) }
        let input = try Descriptors.pipe(for: "the app's input")
        defer { SystemCall.close(input.write) }
        let (app, keeper): (pid_t, pid_t) = try {
            let supervisor = LaunchSupervisor(replyLimit: .seconds(10))
            let launch = try supervisor.launch(SpawnRequest(
                executablePath: "/bin/sh", argumentVector: ["sh", "-c", "read go; while kill -STOP $PPID; do :; done # \(marker)"],
                environment: ["PATH=/usr/bin:/bin"], workingDirectory: "/", standardIO: .descriptors(input: input.read, output: null, error: null)))
            SystemCall.close(input.read)
            _ = write(input.write, "go\n", 3)
            // Not a timing assertion: the keeper is looked at until the app has stopped it.
            let stoppedBy = Date().addingTimeInterval(10)
            while statFields(of: launch.keeperPID)?.first != "T" && Date() < stoppedBy { usleep(1000) }
            XCTAssertEqual(statFields(of: launch.keeperPID)?.first, "T", "the app did not stop its keeper")
            SystemCall.close(launch.channel)
            return (launch.pid, launch.keeperPID)
        }()  // the supervisor is let go here
        guard let pidfd = ProcessTable.openPidfd(app) else { return }  // already gone
        defer { SystemCall.close(pidfd) }
        let alive = ProcessTable.waitForExit(of: [pidfd], timeout: .seconds(15))
        if alive > 0 { kill(app, SIGKILL); kill(keeper, SIGKILL) }
        XCTAssertEqual(alive, 0, "the app that keeps its keeper stopped outlived its supervisor")
    }

    /// Every descriptor above 2 of the supervisor and of its keepers is close-on-exec, so that an app
    /// started where close_range is missing (kernels before 5.9) still inherits none of them.
    func testTheSupervisorsAndKeepersDescriptorsAreAllCloseOnExec() throws {
        guard getuid() == 0 else {
            throw XCTSkip("the supervisor and the keepers are not dumpable (so that an app cannot trace them), which makes their descriptors readable to root only; run as root (CI does)")
        }
        let app = try launchApp(.name("cat"))  // a keeper busy with a launch, and a spare one
        defer { app.terminate() }
        let supervisor = try XCTUnwrap(supervisors().first)
        let keepers = allProcessIDs().filter { statFields(of: $0).map { $0.count > 1 && Int32($0[1]) == supervisor } ?? false }
        XCTAssertFalse(keepers.isEmpty, "no keeper found under the supervisor \(supervisor)")
        for pid in [supervisor] + keepers {
            let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fdinfo").compactMap(Int32.init).filter { $0 > 2 }
            for fd in fds {
                let info = try String(contentsOfFile: "/proc/\(pid)/fdinfo/\(fd)", encoding: .utf8)
                let flags = try XCTUnwrap(info.split(separator: "\n").first { $0.hasPrefix("flags:") })
                let value = try XCTUnwrap(Int(flags.split(separator: "\t").last ?? "", radix: 8), String(flags))
                XCTAssertNotEqual(value & Int(O_CLOEXEC), 0, "descriptor \(fd) of \(pid == supervisor ? "the supervisor" : "keeper \(pid)") is not close-on-exec")
            }
        }
    }

    /// A supervisor that died is dropped and reaped by the next launch, which starts another; a
    /// request that still holds the dead one's connection (another test's launch, between taking
    /// the socket and sending on it) keeps its socket open until it lets go: the number is not
    /// closed under it, where the new supervisor's socket could take it and get the request.
    func testADeadSupervisorsSocketStaysOpenWhileARequestStillHoldsIt() throws {
        let supervisor = LaunchSupervisor(replyLimit: .seconds(10))
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { SystemCall.close(null) }
        SystemCall.close(try supervisor.launch(request(["-c", "true"], output: null, null: null)).channel)
        var held = try XCTUnwrap(supervisor.connection)
        var before = stat()
        XCTAssertEqual(fstat(held.control, &before), 0)
        let pidfd = try XCTUnwrap(ProcessTable.openPidfd(held.pid))
        defer { SystemCall.close(pidfd) }
        kill(held.pid, SIGKILL)
        XCTAssertEqual(ProcessTable.waitForExit(of: [pidfd], timeout: .seconds(10)), 0, "the supervisor did not die")
        // This launch finds the supervisor dead, reaps it and starts another (new sockets).
        SystemCall.close(try supervisor.launch(request(["-c", "true"], output: null, null: null)).channel)
        XCTAssertNotEqual(supervisor.connection?.pid, held.pid, "no new supervisor was started")
        var after = stat()
        XCTAssertEqual(fstat(held.control, &after), 0, "the held socket was closed")
        XCTAssertEqual(after.st_ino, before.st_ino, "the held number is another socket now")
        let number = held.control
        held = try XCTUnwrap(supervisor.connection)  // lets the dead one go: its socket closes now
        XCTAssertNotEqual(held.control, number)
        XCTAssertNotEqual(fstat(number, &after) == 0 ? after.st_ino : 0, before.st_ino, "the dead supervisor's socket stayed open once let go")
    }

    private func request(_ arguments: [String], output: Int32, null: Int32) -> SpawnRequest {
        SpawnRequest(executablePath: "/bin/sh", argumentVector: ["sh"] + arguments, environment: ["PATH=/usr/bin:/bin"],
                     workingDirectory: "/", standardIO: .descriptors(input: null, output: output, error: null))
    }
}
