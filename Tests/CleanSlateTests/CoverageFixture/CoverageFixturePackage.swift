import Foundation

/// The package `LaunchedAppCoverageTests` builds: an executable, `Greeter`, whose every branch is
/// reached only by launching it (its tests never call its code), and tests that launch it with
/// CleanSlate over pipes (and again), on a terminal, in strict isolation, and stop it with SIGTERM
/// (which it handles) and with SIGKILL. Each branch's line ends with a marker comment naming it.
enum CoverageFixturePackage {
    /// The files of the package depending on CleanSlate at `cleanSlateRoot`, by relative path.
    static func files(cleanSlateRoot: String) -> [String: String] {
        let identity = (cleanSlateRoot as NSString).lastPathComponent
        return [
            "Package.swift": """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "CoverageFixture",
                    dependencies: [.package(path: \(cleanSlateRoot.debugDescription))],
                    targets: [
                        .executableTarget(name: "Greeter"),
                        .testTarget(name: "GreeterTests", dependencies: [
                            "Greeter",
                            .product(name: "CleanSlate", package: \(identity.debugDescription)),
                            .product(name: "CleanSlateXCTest", package: \(identity.debugDescription)),
                        ]),
                    ]
                )

                """,
            "Sources/Greeter/main.swift": """
                import Glibc

                exit(Greeting.run(Array(CommandLine.arguments.dropFirst())))

                """,
            "Sources/Greeter/Greeting.swift": """
                import Glibc

                enum Greeting {
                    static func run(_ arguments: [String]) -> Int32 {
                        // Each marked statement has a line of its own: llvm-cov gives a `case` line the
                        // count of the switch, whichever branch ran.
                        switch arguments.first {
                        case "pipe":
                            print("reached over a pipe")  // MARK-PIPE
                        case "relaunch":
                            print("reached on a relaunch")  // MARK-RELAUNCH
                        case "terminal":
                            print("reached on a terminal")  // MARK-TERMINAL
                        case "strict":
                            print("reached in strict isolation")  // MARK-STRICT
                        case "never":
                            print("no test launches this")  // MARK-NEVER
                        case "sigterm": return stopWhenTerminated()
                        case "sigkill": waitToBeKilled()
                        default: print("usage: Greeter pipe|relaunch|terminal|strict|never|sigterm|sigkill")
                        }
                        return 0
                    }

                    /// Blocks SIGTERM, says so, and returns once one arrives: the process then exits normally.
                    static func stopWhenTerminated() -> Int32 {
                        var signals = sigset_t()
                        sigemptyset(&signals)
                        sigaddset(&signals, SIGTERM)
                        sigprocmask(SIG_BLOCK, &signals, nil)
                        print("waiting for SIGTERM")
                        fflush(nil)
                        var received: Int32 = 0
                        sigwait(&signals, &received)
                        print("stopped by SIGTERM")  // MARK-SIGTERM
                        return 0
                    }

                    /// Says it runs, then waits for SIGKILL, after which no profile is written.
                    static func waitToBeKilled() -> Never {
                        print("waiting for SIGKILL")  // MARK-SIGKILL
                        fflush(nil)
                        while true { pause() }
                    }
                }

                """,
            "Tests/GreeterTests/GreeterLaunchTests.swift": """
                import CleanSlate
                import CleanSlateXCTest
                import XCTest

                final class GreeterLaunchTests: XCTestCase {
                    func testOverPipesAndOnARelaunch() throws {
                        let app = try launchApp(.product("Greeter"), arguments: ["pipe"])
                        XCTAssertEqual(try app.waitForExit(), .exited(0))
                        app.launchArguments = ["relaunch"]
                        try app.launch()
                        XCTAssertEqual(try app.waitForExit(), .exited(0))
                    }

                    func testOnATerminal() throws {
                        let app = try launchApp(.product("Greeter"), arguments: ["terminal"], terminalSize: TerminalSize(rows: 24, columns: 80))
                        try app.waitForScreen(containing: "reached on a terminal")
                        XCTAssertEqual(try app.waitForExit(), .exited(0))
                    }

                    func testInStrictIsolation() throws {
                        let app = try makeApp(.product("Greeter"), arguments: ["strict"], isolation: .strict)
                        do {
                            try app.launch()
                        } catch let error as CleanSlateError where error.code == .isolationUnavailable {
                            throw XCTSkip("strict isolation is unavailable: \\(error.message)")
                        }
                        XCTAssertEqual(try app.waitForExit(), .exited(0))
                    }

                    func testStoppedBySIGTERMWhichItHandles() throws {
                        let app = try launchApp(.product("Greeter"), arguments: ["sigterm"])
                        try app.waitForOutput("waiting for SIGTERM")
                        app.terminate()
                        XCTAssertEqual(app.state, .exited(.exited(0)))
                    }

                    func testKilledBySIGKILL() throws {
                        let app = try launchApp(.product("Greeter"), arguments: ["sigkill"])
                        try app.waitForOutput("waiting for SIGKILL")
                        app.terminationPolicy = .immediate
                        app.terminate()
                        XCTAssertEqual(app.state, .exited(.signaled(SIGKILL, coreDumped: false)))
                    }
                }

                """,
        ]
    }
}
