import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The same app under XCTest: the helpers are methods of XCTestCase, the bodies read the same.
final class TodoXCTests: XCTestCase {
    func testFirstLaunchAsksTheNameSecondLaunchRemembersIt() throws {
        let app = try launchApp(.product("todo"))
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))

        try app.launch()
        try app.waitForOutput("Welcome back, Ada!")
    }

    func testDoneMarksATodoAndAnUnknownNumberIsAUsageError() throws {
        let sandbox = try sandboxForTest()
        try sandbox.write("buy milk\n", to: "todo/items.txt", in: .data)
        let done = try launchApp(.product("todo"), arguments: ["done", "1"])
        XCTAssertEqual(try done.waitForExit(), .exited(0))
        XCTAssertEqual(try sandbox.text(of: "todo/items.txt", in: .data), "x buy milk\n")

        let missing = try launchApp(.product("todo"), arguments: ["done", "7"])
        XCTAssertEqual(try missing.waitForExit(), .exited(64))
        XCTAssertEqual(missing.standardError, "todo: there is no to-do number 7\n")
    }

    func testStrictIsolationHidesTheRealHome() throws {
        guard StrictSupport.available else { throw XCTSkip(StrictSupport.reason) }
        let app = try launchApp(.name("sh"), arguments: ["-c", "ls /home; hostname"], isolation: .strict)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "cleanslate\ncleanslate\n")
    }
}

/// Keep on failure, seen the way a user meets it: this test runs its own test bundle again as an
/// app, with a fixture that fails on purpose, and checks that the failed test's sandbox was kept
/// (its path printed, the app's files in it) and its artifacts written.
final class KeepOnFailureTests: XCTestCase {
    func testAFailedTestKeepsItsSandboxAndSaysWhere() throws {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let artifacts = try sandboxForTest().temporaryDirectory + "/artifacts"
        let run = try launchApp(.path(bundle), arguments: ["TodoAppTests.KeepOnFailureFixture"],
                                environment: ["TODO_FIXTURE": "1", "CLEANSLATE_KEEP": "failed",
                                              "CLEANSLATE_ARTIFACTS": artifacts])
        run.defaultTimeout = .seconds(60)
        XCTAssertNotEqual(try run.waitForExit(), .exited(0), "the fixture fails on purpose")

        let kept = try XCTUnwrap(run.standardError.split(separator: "\n").first { $0.contains("kept the sandbox of") },
                                 "no kept-sandbox line in:\n\(run.standardError)")
        let path = try XCTUnwrap(kept.range(of: " at ").map { kept[$0.upperBound...].split(separator: " ").first }.flatMap { $0 })
        defer { try? FileManager.default.removeItem(atPath: String(path)) }
        XCTAssertEqual(try String(contentsOfFile: path + "/xdg/config/todo/name", encoding: .utf8), "Grace\n")
        XCTAssertTrue(run.standardError.contains("artifacts of todo"), run.standardError)
    }
}

/// Fails on purpose; run only by KeepOnFailureTests (TODO_FIXTURE=1), skipped otherwise.
final class KeepOnFailureFixture: XCTestCase {
    func testFailsAfterOnboarding() throws {
        guard ProcessInfo.processInfo.environment["TODO_FIXTURE"] == "1" else { throw XCTSkip("a fixture of KeepOnFailureTests") }
        let app = try launchApp(.product("todo"))
        try app.waitForOutput("What's your name? ")
        try app.typeText("Grace\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTFail("deliberate failure: the sandbox must be kept")
    }
}
