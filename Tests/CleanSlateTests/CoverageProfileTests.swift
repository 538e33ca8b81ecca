@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The `LLVM_PROFILE_FILE` a launched app gets: only when the test process has one, in the same
/// folder under a name unique to the launch, and a folder the app can write even in strict
/// isolation. (The fixture package in `LaunchedAppCoverageTests` shows real profiles being counted.)
/// The test process's variable is given to each launcher, never set in this process's environment.
final class CoverageProfileTests: XCTestCase {
    /// Prints the app's `LLVM_PROFILE_FILE`, or `unset`.
    private let printProfileVariable = ["-c", "echo \"profile=${LLVM_PROFILE_FILE-unset}\""]

    /// A folder outside the sandbox for profiles, removed when the test ends.
    private func profileFolder() throws -> String {
        let folder = try buildFolder() + "/coverage-profile-test-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func profileVariable(of app: AppLauncher) throws -> String {
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let line = String(decoding: app.outputBytes(), as: UTF8.self)
        return String(line.dropFirst("profile=".count).dropLast())
    }

    func testWithoutAProfileInTheTestProcessTheAppGetsNoneEvenInheritingEverything() throws {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(profileFile: nil))
        app.launchArguments = printProfileVariable
        app.environmentPolicy = EnvironmentPolicy(passedThrough: [], inheritsHostEnvironment: true)
        XCTAssertEqual(try profileVariable(of: app), "unset")
    }

    func testAnInheritedProfileVariableIsReplacedOrDropped() throws {
        let host = ["PATH": "/usr/bin", "LLVM_PROFILE_FILE": "/build/codecov/XCTest%m.%p.profraw"]
        func build(coverage: String?, policy: EnvironmentPolicy) throws -> [String: String] {
            try LaunchEnvironmentBuilder(host: host, policy: policy, sandbox: [:], terminalType: "dumb", launchEnvironment: [:],
                                         coverageProfile: coverage).build()
        }
        let inheriting = EnvironmentPolicy(passedThrough: [], inheritsHostEnvironment: true)
        XCTAssertNil(try build(coverage: nil, policy: inheriting)["LLVM_PROFILE_FILE"], "the test process's own name never reaches the app")
        XCTAssertEqual(try build(coverage: "/build/codecov/app-%p-%m.profraw", policy: inheriting)["LLVM_PROFILE_FILE"],
                       "/build/codecov/app-%p-%m.profraw")
        XCTAssertEqual(try build(coverage: "/build/codecov/app-%p-%m.profraw", policy: .isolated)["LLVM_PROFILE_FILE"],
                       "/build/codecov/app-%p-%m.profraw")
    }

    func testTheAppsProfileGoesToTheTestProcessFolderUnderANameOfItsOwn() throws {
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%m.%p.profraw"))
        app.launchArguments = printProfileVariable
        let sandboxName = (app.sandbox.root as NSString).lastPathComponent
        XCTAssertEqual(try profileVariable(of: app), "\(folder)/\(sandboxName)-%p-%m.profraw")
        XCTAssertEqual(try app.resolvedEnvironment()["LLVM_PROFILE_FILE"], "\(folder)/\(sandboxName)-%p-%m.profraw", "what the next launch gets")
        XCTAssertFalse(folder.hasPrefix(app.sandbox.root))
    }

    func testARelativeProfileIsTakenFromTheTestProcessFolder() throws {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: "cov/default.profraw", currentDirectory: "/work/package"))
        app.launchArguments = printProfileVariable
        let sandboxName = (app.sandbox.root as NSString).lastPathComponent
        XCTAssertEqual(try profileVariable(of: app), "/work/package/cov/\(sandboxName)-%p-%m.profraw")
    }

    func testTheTestsOwnLaunchEnvironmentWins() throws {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: "/tmp/cov/XCTest%p.profraw"))
        app.launchArguments = printProfileVariable
        app.launchEnvironment = ["LLVM_PROFILE_FILE": "/elsewhere/mine.profraw"]
        XCTAssertEqual(try profileVariable(of: app), "/elsewhere/mine.profraw")
    }

    func testInStrictIsolationTheProfileFolderIsWritableThoughTheBuildFolderIsHidden() throws {
        try requireStrictIsolation()
        // The folder lies in the package's build folder, which strict isolation hides (it is in the
        // test process's working directory) and whose rest is read-only.
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%m.%p.profraw"))
        app.isolation = .strict
        app.launchArguments = ["-c", "echo written > \"${LLVM_PROFILE_FILE%/*}/probe\" && ls \"${LLVM_PROFILE_FILE%/*/*}\""]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), String(decoding: app.outputBytes(.standardError), as: UTF8.self))
        XCTAssertEqual(try String(contentsOfFile: folder + "/probe", encoding: .utf8), "written\n")
    }
}
