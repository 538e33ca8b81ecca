import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Launch, input, output and exit over pipes.
final class AppLauncherBasicsTests: XCTestCase {
    func testArgumentsArriveExactly() throws {
        let tricky = ["plain", "with space", "", "quote\"s and 'single'", "new\nline", "tab\there", "$HOME", "*", "ünïcødé ✓", "-n"]
        let app = try launchApp(.name("sh"), arguments: ["-c", #"for a in "$@"; do printf '[%s]\n' "$a"; done"#, "sh"] + tricky)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, tricky.map { "[\($0)]\n" }.joined())
    }

    func testStandardOutputAndErrorAreSeparateAndInputIsWritable() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo out; echo err >&2; read line; echo \"got $line\"; exit 3"])
        try app.waitForOutput("out")
        try app.waitForOutput("err", in: .standardError)
        try app.typeText("hello\n")
        XCTAssertEqual(try app.waitForExit(), .exited(3))
        XCTAssertEqual(app.standardOutput, "out\ngot hello\n")
        XCTAssertEqual(app.standardError, "err\n")
    }

    func testClosingInputGivesEndOfFile() throws {
        let app = try launchApp(.name("cat"))
        try app.typeText("partial")
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "partial")
    }

    func testKilledBySignalIsDistinguishedFromExitCode() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "kill -KILL $$"])
        let status = try app.waitForExit()
        XCTAssertEqual(status, .signaled(SIGKILL, coreDumped: false))
        XCTAssertNil(status.exitCode)
        XCTAssertEqual(status.shellStatus, 128 + SIGKILL)
        XCTAssertEqual(app.state, .exited(status))
    }

    func testInvalidUTF8OutputDecodesWithReplacementCharacters() throws {
        let app = try launchApp(.name("printf"), arguments: [#"ok\377\376end"#])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.outputBytes(), Array("ok".utf8) + [0xFF, 0xFE] + Array("end".utf8))
        XCTAssertEqual(app.standardOutput, "ok\u{FFFD}\u{FFFD}end")
    }

    func testWorkingDirectoryDefaultsToSandboxHomeAndCanBeSet() throws {
        let before = FileManager.default.currentDirectoryPath
        let app = try launchApp(.name("pwd"))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, app.sandbox.home + "\n")

        app.workingDirectory = app.sandbox.temporaryDirectory
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, app.sandbox.temporaryDirectory + "\n")
        XCTAssertEqual(FileManager.default.currentDirectoryPath, before, "the test process's own working directory must not change")
    }

    func testRelaunchTerminatesTheRunningAppFirstAndKeepsTheSandbox() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo $$ > \"$HOME/first.pid\"; echo started; exec sleep 60"])
        try app.waitForOutput("started")
        guard case let .running(firstPID) = app.state else { return XCTFail("expected running, got \(app.state)") }
        app.launchArguments = ["-c", "cat \"$HOME/first.pid\""]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "\(firstPID)\n", "the relaunch must see the file the first launch saved")
        XCTAssertFalse(processIsAlive(firstPID), "the first launch must have been terminated")
    }

    func testProductIsFoundNextToTheTestBundle() throws {
        let app = try launchApp(.product("SampleApp"), arguments: ["--version"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertTrue(app.standardOutput.hasPrefix("SampleApp"), "got \(app.standardOutput.debugDescription)")
    }
}
