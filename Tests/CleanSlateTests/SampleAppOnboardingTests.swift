import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The onboarding flow of the real SampleApp: "first launch asks, second launch remembers", and
/// every test starts from a clean slate.
final class SampleAppOnboardingTests: XCTestCase {
    private func onboard(_ name: String) throws -> AppLauncher {
        let app = try launchApp(.product("SampleApp"))
        try app.waitForOutput("Welcome to SampleApp!")
        try app.waitForOutput("What's your name? ")
        try app.typeText(name + "\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertTrue(app.standardOutput.hasSuffix("Nice to meet you, \(name).\n"), app.standardOutput)
        return app
    }

    func testFirstLaunchAsksAndRelaunchRemembers() throws {
        let app = try onboard("Ada")
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "Welcome back, Ada!\n")
        let profile = try String(contentsOfFile: app.sandbox.configHome + "/sampleapp/profile.json", encoding: .utf8)
        XCTAssertTrue(profile.contains("\"Ada\""), profile)
    }

    // These two tests each assert that the first launch asks: if any state leaked from one test to
    // the other (in either order, in one process or under --parallel), one of them would fail.
    func testEveryTestStartsCleanA() throws {
        _ = try onboard("Grace")
    }

    func testEveryTestStartsCleanB() throws {
        _ = try onboard("Linus")
    }

    func testResetDataLaunchArgumentStartsOnboardingAgain() throws {
        let app = try onboard("Ada")
        app.launchArguments = ["--reset-data"]
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(), .exited(66))
        XCTAssertTrue(app.standardError.contains("no name given"), app.standardError)
    }

    func testSubcommandsWriteDataAndCacheUnderXDGFolders() throws {
        let app = try launchApp(.product("SampleApp"), arguments: ["notes", "add", "buy", "milk"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        app.launchArguments = ["cache", "warm"]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        app.launchArguments = ["notes", "list"]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "1. buy milk\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.sandbox.dataHome + "/sampleapp/notes.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.sandbox.cacheHome + "/sampleapp/index.cache"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: app.sandbox.home), [], "nothing may be written to HOME itself")
    }

    func testErrorsGoToStandardErrorWithDistinctExitCodes() throws {
        let app = try launchApp(.product("SampleApp"), arguments: ["frobnicate"])
        XCTAssertEqual(try app.waitForExit(), .exited(64))
        XCTAssertTrue(app.standardError.contains("unknown command 'frobnicate'"), app.standardError)
        XCTAssertEqual(app.standardOutput, "")

        app.launchArguments = ["whoami"]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(1))
        XCTAssertTrue(app.standardError.contains("not onboarded yet"))

        try FileManager.default.createDirectory(atPath: app.sandbox.configHome + "/sampleapp", withIntermediateDirectories: true)
        try "{not json".write(toFile: app.sandbox.configHome + "/sampleapp/profile.json", atomically: true, encoding: .utf8)
        app.launchArguments = []
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(65))
        XCTAssertTrue(app.standardError.contains("--reset-data"), app.standardError)
    }

    func testArgumentsReachSampleAppByteForByte() throws {
        let app = try launchApp(.product("SampleApp"), arguments: ["args", "a b", "", "q\"\\", "é"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, #"""
            "a b"
            ""
            "q\"\\"
            "\u00e9"

            """#)
    }
}
