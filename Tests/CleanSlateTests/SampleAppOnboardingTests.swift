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
        XCTAssertEqual(try app.sandbox.files(in: .data), ["sampleapp/", "sampleapp/notes.txt"])
        XCTAssertEqual(try app.sandbox.files(in: .cache), ["sampleapp/", "sampleapp/index.cache"])
        XCTAssertEqual(try app.sandbox.files(in: .home), [], "nothing may be written to HOME itself")
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

    /// Getting started: "73 a folder or file cannot be created, ... 78 no HOME".
    func testNoHomeIsExitCode78AndAFolderThatCannotBeMadeIs73() throws {
        let app = try makeApp(.product("SampleApp"), arguments: ["whoami"])
        app.launchEnvironment = ["HOME": "", "XDG_CONFIG_HOME": ""]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(78), app.standardError)
        XCTAssertTrue(app.standardError.contains("neither XDG_CONFIG_HOME nor HOME is set"), app.standardError)

        // procfs makes no folders, for root neither.
        app.launchArguments = []
        app.launchEnvironment = ["XDG_CONFIG_HOME": "/proc/cleanslate-config"]
        try app.launch()
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(73), app.standardError)
        XCTAssertTrue(app.standardError.contains("/proc/cleanslate-config"), app.standardError)
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

/// Returning-user tests start from a template prepared once for the whole class and cloned into
/// each test's own sandbox.
final class SampleAppReturningUserTests: XCTestCase {
    nonisolated(unsafe) private static var template: SandboxTemplate?

    override class func setUp() {
        super.setUp()
        template = try? SandboxTemplate { sandbox in
            try sandbox.write(#"{"name": "Marie", "theme": "Dark"}"#, to: "sampleapp/profile.json", in: .config)
            try sandbox.write("first note\n", to: "sampleapp/notes.txt", in: .data)
        }
    }

    override class func tearDown() {
        try? template?.wipe()
        template = nil
        super.tearDown()
    }

    func testReturningUserIsGreetedFromThePreparedProfile() throws {
        _ = try sandboxForTest(template: try XCTUnwrap(Self.template, "the template could not be prepared"))
        let app = try launchApp(.product("SampleApp"))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "Welcome back, Marie!\n")
    }

    func testChangesInOneCloneDoNotReachTheTemplateOrTheNextTest() throws {
        let sandbox = try sandboxForTest(template: try XCTUnwrap(Self.template))
        let app = try launchApp(.product("SampleApp"), arguments: ["notes", "add", "second"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try sandbox.text(of: "sampleapp/notes.txt", in: .data), "first note\nsecond\n")
        let fresh = try Sandbox(template: try XCTUnwrap(Self.template))
        defer { try? fresh.wipe() }
        XCTAssertEqual(try fresh.text(of: "sampleapp/notes.txt", in: .data), "first note\n")
    }
}

/// What `swift test --parallel` does, done here so the default test run proves it: each onboarding
/// test runs in its own copy of this test bundle, all at the same time; every one must start clean.
final class ParallelProcessIsolationTests: XCTestCase {
    func testOnboardingTestsPassWhenRunConcurrentlyInSeparateProcesses() throws {
        let bundle = try testBundlePath()
        let tests = ["testEveryTestStartsCleanA", "testEveryTestStartsCleanB", "testFirstLaunchAsksAndRelaunchRemembers",
                     "testResetDataLaunchArgumentStartsOnboardingAgain"]
        let runs = try (tests + tests).map { test in
            try launchApp(.path(bundle), arguments: ["CleanSlateTests.SampleAppOnboardingTests/\(test)"])
        }
        for (run, test) in zip(runs, tests + tests) {
            XCTAssertEqual(try run.waitForExit(timeout: .seconds(120)), .exited(0), "\(test) failed in its own process:\n\(run.standardOutput)")
            XCTAssertTrue(run.standardOutput.contains("Executed 1 test, with 0 failures"), run.standardOutput)
        }
    }
}
