import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

// The snippets of the CleanSlate and CleanSlateXCTest documentation (Sources/*/*.docc), kept here
// so that they are compiled and run; each test's body is the snippet, with the lines a test needs
// to check it (marked "check").
final class DocumentationSnippetTests: XCTestCase {
    /// CleanSlate.md, the module's root page: a launcher without the test integrations.
    func testTheRootPagesSnippetLaunchesAndWipesByHand() throws {
        let sandbox = try Sandbox()
        let app = AppLauncher(.product("SampleApp"), sandbox: sandbox)
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        _ = try app.waitForExit()
        app.terminate()   // ends the app and everything it started
        try sandbox.wipe()
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.root), "check: wiped")  // check
    }

    /// LaunchingApps.md: any program, here git, in the sandbox's temporary folder.
    func testTheLaunchingArticlesGitSnippet() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") || externalRequirementsEnforced else {
            throw XCTSkip("git is not installed (apt-get install -y git)")
        }
        let app = try makeApp(.name("git"), arguments: ["init"])   // .path("/abs"), .name("on-PATH"), .product("MyTool")
        app.launchEnvironment = ["GIT_AUTHOR_NAME": "Test"]
        app.workingDirectory = app.sandbox.temporaryDirectory     // default: the sandbox's HOME
        try app.launch()
        try app.waitForOutput(matching: #"Initialized empty Git repository"#, timeout: .seconds(5))
        XCTAssertEqual(try app.waitForExit(), .exited(0))                                          // check
        XCTAssertTrue(FileManager.default.fileExists(atPath: app.sandbox.temporaryDirectory + "/.git/HEAD"))  // check
    }
}

/// XCTestIntegration.md: strict isolation for a whole test class, set in setUp.
final class StrictTests: XCTestCase {
    override func setUpWithError() throws {
        try requireStrictIsolation()  // check: skips, saying so, where the kernel refuses
        _ = try sandboxForTest(isolation: .strict)
    }

    func testItSeesAFixedHostName() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "hostname"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "cleanslate\n")
    }
}
