import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Strict isolation through `cleanslate run --isolation`, as an unprivileged user, where the kernel
/// refuses user namespaces, and with SampleApp.
final class StrictIsolationUserTests: XCTestCase {
    /// What the app checks from inside; one line per check, so a run's output is one comparison. The
    /// processes are the launch's keeper (PID 1, a copy of `cleanslate` run as /proc/self/exe),
    /// bash and ps.
    private static let checks = #"""
        id -un
        echo x > /etc/cleanslate-user-probe 2>/dev/null || echo "etc: $(touch /etc/cleanslate-user-probe 2>&1 | sed 's/.*: //')"
        ls /root/.cleanslate-user-probe 2>/dev/null || echo "root home: hidden"
        ps -e -o comm= > "$HOME/ps"; echo "processes:" $(cat "$HOME/ps")
        (echo > /dev/tcp/127.0.0.1/$1) 2>/dev/null && echo "tcp: connected" || echo "tcp: refused"
        """#

    /// What the checks try to write outside the sandbox (removed afterwards should it exist).
    private static let probe = "/etc/cleanslate-user-probe"

    private static let expected = """
        cleanslate
        etc: Read-only file system
        root home: hidden
        processes: exe bash ps
        tcp: refused

        """

    func testTheChecksHoldForAnUnprivilegedUser() throws {
        try requireStrictIsolation()
        try requireProgram("/bin/bash", hint: "install bash")
        try requireProgram("/usr/bin/ps", hint: "install procps")
        let server = try LoopbackListener()
        defer { server.close(); try? FileManager.default.removeItem(atPath: Self.probe) }
        let (status, app) = try runCleanSlateUnprivileged([
            "run", "--isolation", "strict", "--", "/bin/bash", "-c", Self.checks, "checks", String(server.port),
        ])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, Self.expected, app.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: Self.probe))
        XCTAssertFalse(server.hasPendingConnection())
    }

    func testTheSameChecksHoldForThisUser() throws {
        try requireStrictIsolation()
        try requireProgram("/bin/bash", hint: "install bash")
        try requireProgram("/usr/bin/ps", hint: "install procps")
        let server = try LoopbackListener()
        defer { server.close(); try? FileManager.default.removeItem(atPath: Self.probe) }
        let app = try makeApp(.product("cleanslate"), arguments: [
            "run", "--isolation", "strict", "--", "/bin/bash", "-c", Self.checks, "checks", String(server.port),
        ])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, Self.expected, app.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: Self.probe))
        XCTAssertFalse(server.hasPendingConnection())
    }

    /// A kernel that refuses user namespaces, made for real: inside a user namespace of its own whose
    /// `user.max_user_namespaces` is 0, no namespace below can be created.
    private func runWhereUserNamespacesAreRefused(_ isolation: String, _ command: [String]) throws -> (AppExitStatus, AppLauncher) {
        try requireStrictIsolation()
        try requireProgram("/usr/bin/unshare", hint: "install util-linux")
        guard getuid() == 0 else {
            // As another user, / and /dev/shm belong to an unmapped user inside, which the sandbox
            // root check rightly refuses; CI runs as root.
            throw XCTSkip("refusing user namespaces inside a user namespace needs a mapped root; run as root (CI does)")
        }
        let script = #"echo 0 > /proc/sys/user/max_user_namespaces && exec "$@""#
        let app = try makeApp(.path("/usr/bin/unshare"), arguments: [
            "--user", "--map-root-user", "/bin/sh", "-c", script, "refuse",
            try buildFolder() + "/cleanslate", "run", "--isolation", isolation, "--",
        ] + command)
        try app.launch()
        return (try app.waitForExit(timeout: .seconds(60)), app)
    }

    func testARefusedUserNamespaceIsATypedErrorNamingTheSettings() throws {
        let (status, app) = try runWhereUserNamespacesAreRefused("strict", ["/bin/true"])
        XCTAssertEqual(status, .exited(70), app.standardError)
        for expected in ["isolationUnavailable", "the kernel refused to create", "kernel.unprivileged_userns_clone",
                         "user.max_user_namespaces", "kernel.apparmor_restrict_unprivileged_userns", "fallsBackToStandard"] {
            XCTAssertTrue(app.standardError.contains(expected), "missing \(expected): \(app.standardError)")
        }
    }

    func testTheExplicitFallbackRunsStandardWithAWarning() throws {
        let (status, app) = try runWhereUserNamespacesAreRefused("strict-or-standard", ["/bin/sh", "-c", "echo $HOME"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertTrue(app.standardError.contains("CleanSlate warning:") && app.standardError.contains("standard isolation, not strict"),
                      app.standardError)
        XCTAssertTrue(app.standardOutput.contains("/cleanslate-"), "HOME must be the sandbox's real path: \(app.standardOutput)")
        XCTAssertFalse(app.standardOutput.contains(StrictOptions.homePath), app.standardOutput)
    }

    /// The test process (here the real `cleanslate run`) dies by SIGKILL with no teardown: its strict
    /// launch's keeper reads end of file and ends the namespace, the app and its daemon with it.
    func testNothingOfAStrictLaunchOutlivesAKilledTestProcess() throws {
        try requireStrictIsolation()
        let marker = "2000000.\(Int.random(in: 100_000...999_999))"
        // A daemon, a background child and the app (sh) itself; "ready" once both children run sleep.
        let started = #"until tr '\0' ' ' < /proc/$!/cmdline | grep -q '^sleep'; do :; done; "#
        let script = "setsid sleep \(marker)1 </dev/null >/dev/null 2>&1 & " + started
            + "sleep \(marker)2 & " + started + "echo ready; wait"
        let frontEnd = try makeApp(.product("cleanslate"), arguments: [
            "run", "--root", try sandboxForTest().temporaryDirectory, "--isolation", "strict", "--", "sh", "-c", script,
        ])
        try frontEnd.launch()
        try frontEnd.waitForOutput("ready\n")
        let watches = try ["sleep \(marker)1", "sleep \(marker)2", "sh -c setsid sleep \(marker)1"].map { name -> ProcessWatch in
            let pids = StrictIsolationTests.hostProcesses(running: name)
            XCTAssertEqual(pids.count, 1, "\(name) must be running on the host")
            return try ProcessWatch(try XCTUnwrap(pids.first))
        }
        guard case let .running(frontEndPID) = frontEnd.state else { return XCTFail("the front end is not running") }
        kill(frontEndPID, SIGKILL)
        XCTAssertEqual(try frontEnd.waitForExit(), .signaled(SIGKILL, coreDumped: false))
        for watch in watches { XCTAssertTrue(watch.hasEnded(within: .seconds(5)), "a process of the strict launch outlived its test process") }
    }

    func testAnUnknownIsolationLevelIsAUsageError() throws {
        let app = try makeApp(.product("cleanslate"), arguments: ["run", "--isolation", "paranoid", "true"])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(64))
        XCTAssertTrue(app.standardError.contains("--isolation takes standard, strict or strict-or-standard"), app.standardError)
    }

    func testSampleAppOnboardingWorksInStrictIsolation() throws {
        try requireStrictIsolation()
        let app = try makeApp(.product("SampleApp"))
        app.isolation = .strict
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertTrue(app.standardOutput.hasSuffix("Nice to meet you, Ada.\n"), app.standardOutput)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "Welcome back, Ada!\n")
        let profile = try String(contentsOfFile: app.sandbox.configHome + "/sampleapp/profile.json", encoding: .utf8)
        XCTAssertTrue(profile.contains("\"Ada\""), profile)
    }
}

extension XCTestCase {
    /// Runs the real `cleanslate` with `arguments` as nobody (uid and gid 65534, through `setpriv`)
    /// from `/` (nobody cannot enter this test's sandbox, mode 0700), and waits for it. Skips, saying
    /// why, when the tests do not run as root (only root can become nobody) and where the kernel
    /// refuses user namespaces to unprivileged users (CI requires them).
    func runCleanSlateUnprivileged(_ arguments: [String]) throws -> (AppExitStatus, AppLauncher) {
        guard getuid() == 0 else {
            // setpriv can change to another user only from root (as anyone else: "setgroups failed").
            throw XCTSkip("running cleanslate as nobody (setpriv) needs root; run the tests as root (CI does)")
        }
        try requireProgram("/usr/bin/setpriv", hint: "install util-linux")
        let app = try makeApp(.path("/usr/bin/setpriv"), arguments: [
            "--reuid", "65534", "--regid", "65534", "--clear-groups", try buildFolder() + "/cleanslate",
        ] + arguments)
        app.workingDirectory = "/"
        try app.launch()
        let status = try app.waitForExit(timeout: .seconds(60))
        if status == .exited(70) && app.standardError.contains("the kernel refused") && !externalRequirementsEnforced {
            throw XCTSkip("this kernel refuses user namespaces to unprivileged users: \(app.standardError)")
        }
        return (status, app)
    }
}
