import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// What reaches an app from the environment of the process that launches it, observed in the app.
///
/// The launching process here is the real `cleanslate` front end, started with a known environment
/// (its `launchEnvironment`), so this test never changes its own environment (tests run
/// concurrently) and the app's own `env` says what it received.
final class HostEnvironmentLayeringTests: XCTestCase {
    /// The session variables to check: those the Environment article names (listed here on their own, so that
    /// one of them dropped from the code is noticed) and the rest of the list the article points to,
    /// `PinnedEnvironment.sessionVariables`.
    private static let sessionVariables = Set([
        "DBUS_SESSION_BUS_ADDRESS", "SSH_AUTH_SOCK", "DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES", "NO_COLOR", "COLORTERM",
    ]).union(PinnedEnvironment.sessionVariables)

    /// An ordinary variable: passed when the host environment is inherited, so the inheriting runs
    /// below are known to have inherited.
    private static let ordinary = "CLEANSLATE_TEST_ORDINARY_VARIABLE"

    /// Runs `cleanslate run OPTIONS -- env -0` with `host` as the front end's environment and
    /// returns the environment the app received.
    private func appEnvironment(host: [String: String], options: [String]) throws -> [String: String] {
        let root = try sandboxForTest().temporaryDirectory
        let frontEnd = try makeApp(.product("cleanslate"), arguments: ["run", "--root", root] + options + ["--", "env", "-0"])
        frontEnd.launchEnvironment = host
        try frontEnd.launch()
        try frontEnd.closeInput()
        XCTAssertEqual(try frontEnd.waitForExit(timeout: .seconds(60)), .exited(0), frontEnd.standardError)
        var result: [String: String] = [:]
        for entry in frontEnd.standardOutput.split(separator: "\0") {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            result[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        XCTAssertNotNil(result["HOME"], "no environment read from the app: \(frontEnd.standardOutput)")
        return result
    }

    private var sessionHost: [String: String] {
        var host = Dictionary(uniqueKeysWithValues: Self.sessionVariables.map { ($0, "host-session-\($0)") })
        host[Self.ordinary] = "from-the-host"
        return host
    }

    func testEverySessionVariableIsWithheldByDefault() throws {
        let received = try appEnvironment(host: sessionHost, options: [])
        XCTAssertNil(received[Self.ordinary], "the default policy passes no host variable but PATH")
        for name in Self.sessionVariables.sorted() {
            XCTAssertNil(received[name], "\(name) reached the app under the default policy")
        }
    }

    func testEverySessionVariableIsWithheldWhenTheHostEnvironmentIsInherited() throws {
        let received = try appEnvironment(host: sessionHost, options: ["--inherit-env"])
        XCTAssertEqual(received[Self.ordinary], "from-the-host", "the host environment was not inherited")
        for name in Self.sessionVariables.sorted() {
            XCTAssertNil(received[name], "\(name) reached the app although session variables are withheld when inheriting")
        }
    }

    func testLaunchEnvironmentWinsOverANamedPassThrough() throws {
        let host = [Self.ordinary: "from-the-host", "LINES": "99"]
        let passed = try appEnvironment(host: host, options: ["--pass-env", Self.ordinary, "--pass-env", "LINES"])
        XCTAssertEqual(passed[Self.ordinary], "from-the-host", "a named variable must pass through")
        XCTAssertEqual(passed["LINES"], "99", "naming a session variable passes it")

        let overridden = try appEnvironment(host: host, options: [
            "--pass-env", Self.ordinary, "--env", "\(Self.ordinary)=from-launch-environment",
            "--pass-env", "LINES", "--env", "LINES=7",
        ])
        XCTAssertEqual(overridden[Self.ordinary], "from-launch-environment", "launchEnvironment is applied last and wins")
        XCTAssertEqual(overridden["LINES"], "7", "launchEnvironment is applied last and wins")
    }
}
