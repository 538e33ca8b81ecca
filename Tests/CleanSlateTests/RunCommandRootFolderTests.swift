import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `cleanslate run --root DIR`: "create the sandbox in DIR (default: CLEANSLATE_ROOT, else /dev/shm)",
/// seen from the app's HOME, as a user would see it.
final class RunCommandRootFolderTests: XCTestCase {
    private func folders() throws -> (variable: String, argument: String) {
        let sandbox = try sandboxForTest()
        let variable = sandbox.temporaryDirectory + "/from-variable", argument = sandbox.temporaryDirectory + "/from-argument"
        for folder in [variable, argument] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
        return (variable, argument)
    }

    private func run(_ arguments: [String], root: String) throws -> AppLauncher {
        let app = try makeApp(.product("cleanslate"), arguments: ["run"] + arguments + ["sh", "-c", #"echo "$HOME""#])
        app.launchEnvironment = ["CLEANSLATE_ROOT": root]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        return app
    }

    func testWithoutRootTheSandboxIsMadeInCLEANSLATE_ROOTAndWipedThere() throws {
        let (variable, _) = try folders()
        let app = try run([], root: variable)
        XCTAssertTrue(app.standardOutput.hasPrefix(variable + "/cleanslate-"), app.standardOutput)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: variable), [], "the run wipes its sandbox")
    }

    func testRootWinsOverCLEANSLATE_ROOT() throws {
        let (variable, argument) = try folders()
        let app = try run(["--root", argument], root: variable)
        XCTAssertTrue(app.standardOutput.hasPrefix(argument + "/cleanslate-"), app.standardOutput)
    }
}
