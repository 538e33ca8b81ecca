@testable import CleanSlate
import CleanSlateXCTest
import XCTest

/// `CLEANSLATE_TIMEOUT_SCALE`: what it accepts, what it refuses (at the first launch, naming the
/// variable), and that every timeout of a launcher is multiplied by it. The scaled launches set the
/// variable for one launcher (or for a `cleanslate` child), never in this process's environment,
/// which concurrently running tests share.
final class TimeoutScaleTests: XCTestCase {
    func testDecimalNumbersAboveZeroUpToAThousandAreScales() throws {
        XCTAssertEqual(try TimeoutScale(parsing: nil), .unscaled)
        XCTAssertEqual(try TimeoutScale(parsing: "3").factor, 3)
        XCTAssertEqual(try TimeoutScale(parsing: "1.5").factor, 1.5)
        XCTAssertEqual(try TimeoutScale(parsing: "0.5").factor, 0.5)
        XCTAssertEqual(try TimeoutScale(parsing: "1000").factor, 1000)
        XCTAssertEqual(TimeoutScale.environmentVariable, "CLEANSLATE_TIMEOUT_SCALE")
    }

    func testZeroNegativeNonFiniteEmptyAndTextAreRefusedNamingTheVariable() {
        for value in ["0", "0.0", "-1", "nan", "NaN", "inf", "infinity", "", " 3", "3 ", "three", "1e3", "0x10", "1000.5", "1.", ".5", "+2"] {
            let error = assertThrowsCleanSlateError(.invalidArgument) { _ = try TimeoutScale(parsing: value) }
            XCTAssertTrue(error?.message.contains("CLEANSLATE_TIMEOUT_SCALE=\(value.debugDescription)") == true, "\(value): \(String(describing: error))")
            XCTAssertTrue(error?.message.contains("or unset it") == true, "\(value): the message says what to do")
        }
    }

    func testABadScaleIsRefusedByTheFirstLaunch() throws {
        let app = AppLauncher(.name("true"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "0"))
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("CLEANSLATE_TIMEOUT_SCALE=\"0\"") == true, String(describing: error))
        XCTAssertEqual(app.state, .notRunning, "nothing was launched")
    }

    func testAnExplicitTimeoutIsScaledAndTheFailedWaitSaysSo() throws {
        let app = AppLauncher(.name("sleep"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "5"))
        app.launchArguments = ["30"]
        try app.launch()
        defer { app.terminate() }
        XCTAssertEqual(app.timeoutScale.factor, 5)
        let error = assertThrowsCleanSlateError(.timedOut) { try app.waitForOutput("never", timeout: .milliseconds(100)) }
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("timeout 0.500 s (0.100 s × CLEANSLATE_TIMEOUT_SCALE=5)"), message)
        let waited = try XCTUnwrap(message.firstMatch(of: /waited (\d+)\.(\d{3}) s/))
        XCTAssertGreaterThanOrEqual(Int(waited.1)! * 1000 + Int(waited.2)!, 500, "the wait lasted the scaled timeout: \(message)")
    }

    /// The largest scale times the longest timeout overflowed `Duration` and crashed the test process.
    func testTheLargestScaleTimesTheLongestTimeoutIsCappedInsteadOfCrashing() throws {
        let scale = try TimeoutScale(parsing: "1000")
        XCTAssertEqual(scale.apply(.seconds(Int64.max)), .seconds(1_000_000_000_000_000))
        XCTAssertEqual(scale.apply(.seconds(1_000_000_000_000)), .seconds(1_000_000_000_000_000))
        XCTAssertEqual(scale.apply(.seconds(3)), .seconds(3000))
        XCTAssertEqual(try TimeoutScale(parsing: "0.5").apply(.seconds(Int64.max)), .seconds(1_000_000_000_000_000))
        XCTAssertEqual(try TimeoutScale(parsing: "0.5").apply(.seconds(3)), .milliseconds(1500))
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "1000"))
        app.launchArguments = ["-c", "echo ready; exit 3"]
        app.defaultTimeout = .seconds(Int64.max)
        app.terminationPolicy = TerminationPolicy(steps: [.signal(SIGTERM), .wait(.seconds(Int64.max)), .signal(SIGKILL)])
        try app.launch()
        try app.waitForOutput("ready")
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(Int64.max)), .exited(3))
        app.terminate()
    }

    func testTheDefaultTimeoutIsScaledToo() throws {
        let app = AppLauncher(.name("sleep"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "2.5"))
        app.launchArguments = ["30"]
        app.defaultTimeout = .milliseconds(100)
        try app.launch()
        defer { app.terminate() }
        let error = assertThrowsCleanSlateError(.timedOut) { try app.waitForExit() }
        XCTAssertTrue(error?.message.contains("timeout 0.250 s (0.100 s × CLEANSLATE_TIMEOUT_SCALE=2.5)") == true, String(describing: error))
    }

    func testAnUnscaledWaitSaysTheScaleItRanUnder() throws {
        let app = AppLauncher(.name("sleep"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: nil))
        app.launchArguments = ["30"]
        try app.launch()
        defer { app.terminate() }
        let error = assertThrowsCleanSlateError(.timedOut) { try app.waitForExit(timeout: .milliseconds(50)) }
        XCTAssertTrue(error?.message.contains("timeout 0.050 s (CLEANSLATE_TIMEOUT_SCALE unset or 1)") == true, String(describing: error))
    }

    func testTheGracePeriodIsScaled() throws {
        // On SIGTERM the app needs 0.3 s to clean up; its policy gives it 0.05 s, which the scale
        // of 40 makes 2 s: it finishes and exits on its own instead of being killed.
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "40"))
        app.launchArguments = ["-c", """
            trap 'sleep 0.3; echo done > "$XDG_STATE_HOME/cleaned-up"; exit 0' TERM
            echo ready
            sleep 60 &
            wait
            """]
        app.terminationPolicy = .graceful(gracePeriod: .milliseconds(50))
        try app.launch()
        try app.waitForOutput("ready")
        app.terminate()
        XCTAssertEqual(app.state, .exited(.exited(0)), "the scaled grace period lets the app finish its cleanup")
        XCTAssertEqual(try app.sandbox.text(of: "cleaned-up", in: .state), "done\n")
    }

    /// Launches `sh -c script` on a 24x80 terminal under `timeoutScale`; the caller terminates it.
    private func launchShellOnATerminal(_ script: String, timeoutScale: String) throws -> AppLauncher {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: timeoutScale))
        app.terminalSize = .standard
        app.launchArguments = ["-c", script]
        try app.launch()
        return app
    }

    /// After a terminal app exits, `waitForExit` waits for the terminal's end of file at most
    /// `terminalDrainLimit` (500 ms) times the scale: with a leftover process holding the terminal
    /// open, that is 2 s under a scale of 4 (unscaled it returns after 0.5 s).
    func testTheTerminalDrainLimitIsScaled() throws {
        XCTAssertEqual(AppLauncher.terminalDrainLimit, .milliseconds(500))
        let app = try launchShellOnATerminal("sleep 30 & echo started", timeoutScale: "4")
        defer { app.terminate() }
        try app.waitForScreen(containing: "started")
        let start = MonotonicInstant.now
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let waited = MonotonicInstant.now.duration(since: start)
        XCTAssertGreaterThanOrEqual(waited, .seconds(2), "the drain after the exit lasted the scaled limit")
    }

    /// A write to the app's input that cannot finish waits its timeout times the scale, and its
    /// failure says so.
    func testTheTimeoutOfAWriteToTheAppsInputIsScaled() throws {
        let app = AppLauncher(.name("sleep"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "5"))
        app.launchArguments = ["30"]
        try app.launch()
        defer { app.terminate() }
        // More than its input pipe holds (64 KiB): `sleep` never reads it. Made before the clock starts.
        let bytes = [UInt8](repeating: UInt8(ascii: "y"), count: 1 << 20)
        let start = MonotonicInstant.now
        let error = assertThrowsCleanSlateError(.timedOut) { try app.write(bytes, timeout: .milliseconds(100)) }
        let waited = MonotonicInstant.now.duration(since: start)
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("timeout 0.500 s (0.100 s × CLEANSLATE_TIMEOUT_SCALE=5)"), message)
        XCTAssertGreaterThanOrEqual(waited, .milliseconds(500), "the write waited the scaled timeout")
    }

    /// The quiet period of `waitForScreenToSettle` is not a timeout: under the largest scale a
    /// screen quiet for 100 ms settles within a timeout of 10 ms × 1000 = 10 s (a scaled quiet
    /// period, 100 s, would outlast it).
    func testTheQuietPeriodIsNotScaled() throws {
        let app = try launchShellOnATerminal("echo quiet; read line", timeoutScale: "1000")
        defer { app.terminate() }
        try app.waitForScreen(containing: "quiet")
        XCTAssertTrue(try app.waitForScreenToSettle(quietPeriod: .milliseconds(100), timeout: .milliseconds(10)).contains("quiet"))
    }

    func testTheCommandLineRefusesABadScaleFromItsEnvironment() throws {
        // The variable is set for the `cleanslate` child only: it reads its own environment.
        let app = try makeApp(.product("cleanslate"), arguments: ["run", "--", "true"],
                              environment: ["CLEANSLATE_TIMEOUT_SCALE": "-2"])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(64))
        let errors = String(decoding: app.outputBytes(.standardError), as: UTF8.self)
        XCTAssertTrue(errors.contains("CLEANSLATE_TIMEOUT_SCALE=\"-2\" is not a timeout scale"), errors)
    }
}
