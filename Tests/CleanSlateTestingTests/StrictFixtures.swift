import CleanSlate
import CleanSlateTesting
import CleanSlateXCTest
import Foundation
import Testing
import XCTest

/// What the strict fixtures do, the same under both frameworks; only how the app is made differs.
/// They run only in a child test process started by ``StrictChildRunTests``, which passes the value
/// of ``MarkedProcesses/variable`` as `CLEANSLATE_STRICT_FIXTURE_MARKER`.
enum StrictFixtureBody {
    /// Writes `$HOME/notes.txt` and `$XDG_CONFIG_HOME/strictapp/state.txt`, starts a child, says
    /// where HOME is and its own pid, and runs until teardown ends it.
    static let script = #"""
        echo home > "$HOME/notes.txt"
        mkdir "$XDG_CONFIG_HOME/strictapp" && echo config > "$XDG_CONFIG_HOME/strictapp/state.txt"
        sleep 1000 &
        echo "ready HOME=$HOME pid=$$"
        wait
        """#

    /// Launches `app` (a launcher of `sh` made by the framework's helper) with ``script`` and
    /// the marker, waits until it has written its files, and prints for the parent test: the
    /// sandbox's path, what the app said, and the host pids of the marked processes found now.
    static func writeFilesAndKeepRunning(_ app: AppLauncher) throws {
        let marker = ProcessInfo.processInfo.environment["CLEANSLATE_STRICT_FIXTURE_MARKER"] ?? "missing"
        app.launchArguments = ["-c", script]
        app.launchEnvironment[MarkedProcesses.variable] = marker
        try app.launch()
        try app.waitForOutput(matching: #"ready .*\n"#, timeout: .seconds(20))
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
        print("FIXTURE-APP-SAID=\(app.standardOutput.trimmingCharacters(in: .newlines))")
        print("FIXTURE-PIDS=\(MarkedProcesses.pids(withEnvironment: marker).map(String.init).joined(separator: ","))")
    }

    /// Starts a daemon (its own session, `sleep 1000`) and exits once the daemon runs `sleep`.
    static let daemonScript = #"""
        setsid sleep 1000 </dev/null >/dev/null 2>&1 &
        echo "daemon=$!"
        until tr '\0' ' ' < /proc/$!/cmdline | grep -q '^sleep'; do :; done
        """#

    /// Launches `app` (a launcher of `sh`) with ``daemonScript`` and the marker, waits for it to
    /// exit, and prints the daemon's pid as the app saw it.
    static func leaveADaemon(_ app: AppLauncher) throws {
        app.launchArguments = ["-c", daemonScript]
        app.launchEnvironment[MarkedProcesses.variable] = ProcessInfo.processInfo.environment["CLEANSLATE_STRICT_FIXTURE_MARKER"] ?? "missing"
        try app.launch()
        let status = try app.waitForExit(timeout: .seconds(20))
        print("FIXTURE-APP-SAID=\(app.standardOutput.trimmingCharacters(in: .newlines)) \(status)")
    }

    /// Opens `notes.txt` of the sandbox's home in nano on a terminal, by its host path (which the
    /// app gets as `/home/cleanslate/notes.txt`), types a line and saves it; nano keeps running.
    static func editInNano(_ app: AppLauncher) throws {
        app.launchArguments = [app.sandbox.home + "/notes.txt"]
        try app.launch()
        try app.waitForScreen("nano's title and help lines", timeout: .seconds(20)) { $0.contains("GNU nano") && $0.contains("^X Exit") }
        try app.typeText("strict nano")
        try app.press(.character("o"), modifiers: .control)
        try app.waitForScreen(containing: "File Name to Write: ", timeout: .seconds(20))
        try app.press(.enter)
        try app.waitForScreen(containing: "Wrote 1 line", timeout: .seconds(20))
    }
}

/// The Swift Testing strict fixtures: every app of the suite runs in strict isolation.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate(isolation: .strict))
struct StrictFixtures {
    @Test func failsWithItsAppRunning() throws {
        try StrictFixtureBody.writeFilesAndKeepRunning(try makeApp(.name("sh")))
        Issue.record("deliberate failure")
    }

    @Test func passesWithItsAppRunning() throws {
        try StrictFixtureBody.writeFilesAndKeepRunning(try makeApp(.name("sh")))
    }

    @Test func leavesADaemon() throws {
        try StrictFixtureBody.leaveADaemon(try makeApp(.name("sh")))
    }

    @Test func failsInNano() throws {
        try StrictFixtureBody.editInNano(try makeApp(.path("/usr/bin/nano"), terminalSize: .standard))
        Issue.record("deliberate failure")
    }
}

/// The XCTest strict fixtures: `setUp` makes every app of the class run in strict isolation.
final class StrictXCTestFixtures: CleanSlateTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Fixture.isActive, "fixture for StrictChildRunTests")
        _ = try sandboxForTest(isolation: .strict)
    }

    func testFailsWithItsAppRunning() throws {
        try StrictFixtureBody.writeFilesAndKeepRunning(try makeApp(.name("sh")))
        XCTFail("deliberate failure")
    }

    func testPassesWithItsAppRunning() throws {
        try StrictFixtureBody.writeFilesAndKeepRunning(try makeApp(.name("sh")))
    }

    func testLeavesADaemon() throws {
        try StrictFixtureBody.leaveADaemon(try makeApp(.name("sh")))
    }

    func testFailsInNano() throws {
        try StrictFixtureBody.editInNano(try makeApp(.path("/usr/bin/nano"), terminalSize: .standard))
        XCTFail("deliberate failure")
    }
}
