@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The deterministic launch environment.
final class EnvironmentTests: XCTestCase {
    private func environment(of app: AppLauncher) throws -> [String: String] {
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        var result: [String: String] = [:]
        for entry in app.standardOutput.split(separator: "\0") {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            result[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return result
    }

    func testAppSeesSandboxFoldersPinnedValuesAndHostPathOnly() throws {
        let app = try launchApp(.name("env"), arguments: ["-0"])
        let env = try environment(of: app)
        XCTAssertEqual(try app.resolvedEnvironment(), env, "resolvedEnvironment() must be what the app receives")
        let sandbox = app.sandbox
        XCTAssertEqual(env["HOME"], sandbox.home)
        XCTAssertEqual(env["XDG_CONFIG_HOME"], sandbox.configHome)
        XCTAssertEqual(env["XDG_DATA_HOME"], sandbox.dataHome)
        XCTAssertEqual(env["XDG_CACHE_HOME"], sandbox.cacheHome)
        XCTAssertEqual(env["XDG_STATE_HOME"], sandbox.stateHome)
        XCTAssertEqual(env["XDG_RUNTIME_DIR"], sandbox.runtimeDirectory)
        XCTAssertEqual(env["TMPDIR"], sandbox.temporaryDirectory)
        XCTAssertEqual(env["LANG"], "C.UTF-8")
        XCTAssertEqual(env["LC_ALL"], "C.UTF-8")
        XCTAssertEqual(env["TZ"], "UTC")
        XCTAssertEqual(env["USER"], "cleanslate")
        XCTAssertEqual(env["LOGNAME"], "cleanslate")
        XCTAssertEqual(env["SHELL"], "/bin/sh")
        XCTAssertEqual(env["TERM"], "dumb")
        XCTAssertEqual(env["PATH"], ProcessInfo.processInfo.environment["PATH"])
        var expected: Set = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
                             "TMPDIR", "LANG", "LC_ALL", "TZ", "USER", "LOGNAME", "SHELL", "TERM", "PATH"]
        // Under `swift test --enable-code-coverage` the app gets a profile of its own (README:
        // "Coverage of launched apps"; CoverageProfileTests); otherwise it gets none.
        if ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] != nil { expected.insert("LLVM_PROFILE_FILE") }
        XCTAssertEqual(Set(env.keys), expected, "no other variable of the test runner may reach the app")
        if let realHome = ProcessInfo.processInfo.environment["HOME"] {
            XCTAssertFalse(env.values.contains(realHome), "the runner's real HOME leaked into the app's environment")
        }
    }

    func testLaunchEnvironmentIsAppliedLastAndWins() throws {
        let app = try launchApp(.name("env"), arguments: ["-0"], environment: ["HOME": "/custom/home", "TZ": "Europe/Paris", "EXTRA": "a=b c"])
        let env = try environment(of: app)
        XCTAssertEqual(env["HOME"], "/custom/home")
        XCTAssertEqual(env["TZ"], "Europe/Paris")
        XCTAssertEqual(env["EXTRA"], "a=b c")
    }

    /// Environment: "What the latest launch was given, with all of these applied, is
    /// `app.launchedEnvironment` (optional: nil before the first launch)."
    func testLaunchedEnvironmentIsNilBeforeTheFirstLaunchThenWhatTheLatestLaunchGot() throws {
        let app = try makeApp(.name("env"), arguments: ["-0"], environment: ["TZ": "Europe/Paris"])
        XCTAssertNil(app.launchedEnvironment, "nothing was launched yet")
        try app.launch()
        XCTAssertEqual(app.launchedEnvironment, try environment(of: app), "what the app received, launchEnvironment applied")
        app.launchEnvironment = ["TZ": "Asia/Tokyo"]
        try app.launch()
        let latest = try environment(of: app)
        XCTAssertEqual(latest["TZ"], "Asia/Tokyo")
        XCTAssertEqual(app.launchedEnvironment, latest, "the latest launch's")
    }

    func testSessionVariablesAreNeverPassedEvenWhenInheritingTheHostEnvironment() throws {
        let host = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus", "SSH_AUTH_SOCK": "/tmp/agent",
                    "DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "HOME": "/root", "XDG_CONFIG_HOME": "/root/.config",
                    "PATH": "/usr/bin", "EDITOR": "vim", "COLUMNS": "120", "LINES": "40", "NO_COLOR": "1", "COLORTERM": "truecolor"]
        let paths = ["HOME": "/s/home", "XDG_CONFIG_HOME": "/s/c", "XDG_DATA_HOME": "/s/d", "XDG_CACHE_HOME": "/s/ca",
                     "XDG_STATE_HOME": "/s/st", "XDG_RUNTIME_DIR": "/s/r", "TMPDIR": "/s/t"]
        func build(_ policy: EnvironmentPolicy, launch: [String: String] = [:]) throws -> [String: String] {
            try LaunchEnvironmentBuilder(host: host, policy: policy, sandbox: paths, terminalType: "dumb", launchEnvironment: launch).build()
        }
        let isolated = try build(.isolated)
        XCTAssertNil(isolated["EDITOR"])
        XCTAssertNil(isolated["DBUS_SESSION_BUS_ADDRESS"])
        XCTAssertEqual(isolated["PATH"], "/usr/bin")

        let inherited = try build(EnvironmentPolicy(inheritsHostEnvironment: true))
        XCTAssertEqual(inherited["EDITOR"], "vim", "inheriting passes ordinary host variables")
        // Environment: the variables it names as never passed.
        for name in ["DBUS_SESSION_BUS_ADDRESS", "SSH_AUTH_SOCK", "DISPLAY", "WAYLAND_DISPLAY", "COLUMNS", "LINES", "NO_COLOR", "COLORTERM"] {
            XCTAssertNil(inherited[name], "\(name) must not be inherited")
        }
        XCTAssertEqual(inherited["HOME"], "/s/home", "the sandbox still wins over the inherited HOME")
        XCTAssertEqual(inherited["XDG_CONFIG_HOME"], "/s/c")

        let named = try build(EnvironmentPolicy(passedThrough: ["EDITOR", "SSH_AUTH_SOCK"]))
        XCTAssertEqual(named["EDITOR"], "vim")
        XCTAssertEqual(named["SSH_AUTH_SOCK"], "/tmp/agent", "naming a session variable explicitly passes it")
        XCTAssertNil(named["DISPLAY"])

        let overridden = try build(.isolated, launch: ["PATH": "/opt/bin"])
        XCTAssertEqual(overridden["PATH"], "/opt/bin")
    }

    func testHostVariablesPassThroughWhenNamed() throws {
        let host = ProcessInfo.processInfo.environment
        let candidate = try XCTUnwrap(host.keys.sorted().first { !PinnedEnvironment.sessionVariables.contains($0) && !["PATH", "HOME", "TERM", "LANG", "LC_ALL", "TZ", "USER", "LOGNAME", "SHELL", "TMPDIR"].contains($0) && !$0.hasPrefix("XDG_") && !(host[$0] ?? "").isEmpty },
                                      "the test runner has no ordinary environment variable to pass through")
        let app = try makeApp(.name("env"), arguments: ["-0"])
        app.environmentPolicy = EnvironmentPolicy(passedThrough: [candidate])
        try app.launch()
        XCTAssertEqual(try environment(of: app)[candidate], host[candidate])
    }

    func testMalformedVariablesAreRejectedWithTheirNames() throws {
        let app = try makeApp(.name("true"))
        app.launchEnvironment = ["BAD=NAME": "x"]
        let nameError = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(nameError?.message.contains("BAD=NAME") ?? false, "\(String(describing: nameError))")
        app.launchEnvironment = ["GOOD": "nul\0inside"]
        let valueError = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(valueError?.message.contains("GOOD") ?? false, "\(String(describing: valueError))")
        XCTAssertEqual(app.state, .notRunning)
    }
}
