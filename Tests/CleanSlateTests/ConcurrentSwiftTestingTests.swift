import CleanSlate
import Testing

/// The core used from Swift Testing, which runs these tests concurrently in one process: launches,
/// sandboxes and waits must not share any process-global state (working directory, environment,
/// signal handlers). Each test owns its sandbox and wipes it itself (the Swift Testing integration,
/// with automatic teardown, is a later feature).
@Suite("Concurrent launches in one process")
struct ConcurrentLaunchTests {
    @Test("Onboarding starts clean in every concurrently running test", arguments: ["Ada", "Grace", "Linus", "Margaret", "Ken", "Barbara"])
    func onboardingStartsClean(name: String) throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.product("SampleApp"), sandbox: sandbox)
        defer { app.terminate() }
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.typeText(name + "\n")
        #expect(try app.waitForExit() == .exited(0))
        try app.launch()
        #expect(try app.waitForExit() == .exited(0))
        #expect(app.standardOutput == "Welcome back, \(name)!\n")
    }

    @Test("Each concurrent launch gets its own working directory and environment", arguments: 0..<6)
    func workingDirectoryAndEnvironmentArePerLaunch(index: Int) throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.name("sh"), sandbox: sandbox)
        defer { app.terminate() }
        app.launchArguments = ["-c", "pwd; echo \"$MARK\""]
        app.launchEnvironment = ["MARK": "launch-\(index)"]
        app.workingDirectory = sandbox.temporaryDirectory
        try app.launch()
        #expect(try app.waitForExit() == .exited(0))
        #expect(app.standardOutput == "\(sandbox.temporaryDirectory)\nlaunch-\(index)\n")
    }

    @Test("Terminal launches run concurrently, each on its own pseudo-terminal", arguments: [20, 30, 40])
    func terminalLaunches(rows: Int) throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.name("sh"), sandbox: sandbox)
        defer { app.terminate() }
        app.launchArguments = ["-c", "stty size"]
        app.terminalSize = try TerminalSize(rows: rows, columns: 70)
        try app.launch()
        #expect(try app.waitForExit() == .exited(0))
        #expect(try app.waitForScreen(containing: "\(rows) 70").text(row: 0) == "\(rows) 70")
    }
}
