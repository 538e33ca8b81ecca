import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Every bad input gets a typed error that names the thing and what to do.
final class BadInputTests: XCTestCase {
    func testExecutableNotFoundOnPathListsWhereItLooked() throws {
        let app = try makeApp(.name("no-such-program-cleanslate"))
        app.launchEnvironment = ["PATH": "/nonexistent/a:/usr/bin"]
        let error = assertThrowsCleanSlateError(.executableNotFound) { try app.launch() }
        XCTAssertTrue(error?.message.contains("no-such-program-cleanslate") ?? false)
        XCTAssertTrue(error?.message.contains("/nonexistent/a, /usr/bin") ?? false, "\(String(describing: error))")
    }

    func testMissingPathAndMissingProductNameWhereTheyLooked() throws {
        let path = assertThrowsCleanSlateError(.executableNotFound) { try self.launchApp(.path("/nonexistent/tool")) }
        XCTAssertTrue(path?.message.contains("/nonexistent/tool") ?? false)
        let product = assertThrowsCleanSlateError(.executableNotFound) { try self.launchApp(.product("NoSuchProduct")) }
        XCTAssertTrue(product?.message.contains("swift build --product NoSuchProduct") ?? false, "\(String(describing: product))")
    }

    func testNonExecutableFileAndDirectoryAreRejected() throws {
        let sandbox = try sandboxForTest()
        let script = sandbox.temporaryDirectory + "/script.sh"
        try "#!/bin/sh\necho hi\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o644)
        let file = assertThrowsCleanSlateError(.notExecutable) { try self.launchApp(.path(script)) }
        XCTAssertTrue(file?.message.contains("chmod +x") ?? false, "\(String(describing: file))")
        assertThrowsCleanSlateError(.notExecutable) { try self.launchApp(.path(sandbox.home)) }
    }

    func testScriptWithoutInterpreterLineIsRejected() throws {
        let sandbox = try sandboxForTest()
        let script = sandbox.temporaryDirectory + "/noshebang"
        try "echo hi\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let error = assertThrowsCleanSlateError(.notExecutable) { try self.launchApp(.path(script)) }
        XCTAssertTrue(error?.message.contains("#!") ?? false, "\(String(describing: error))")
    }

    func testArgumentWithNULIsRejectedWithItsPosition() throws {
        let error = assertThrowsCleanSlateError(.invalidArgument) { try self.launchApp(.name("echo"), arguments: ["ok", "bad\0arg"]) }
        XCTAssertTrue(error?.message.contains("launch argument 1") ?? false, "\(String(describing: error))")
    }

    func testMissingWorkingDirectoryIsRejected() throws {
        let app = try makeApp(.name("pwd"))
        app.workingDirectory = "/nonexistent/cwd"
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("/nonexistent/cwd") ?? false)
    }

    func testUsingALauncherBeforeLaunchIsATypedError() throws {
        let app = try makeApp(.name("cat"))
        assertThrowsCleanSlateError(.notRunning) { try app.waitForOutput("x") }
        assertThrowsCleanSlateError(.notRunning) { try app.typeText("x") }
        assertThrowsCleanSlateError(.notRunning) { try app.waitForExit() }
        XCTAssertEqual(app.state, .notRunning)
    }

    func testLaunchingIntoAWipedSandboxIsRejected() throws {
        let sandbox = try Sandbox()
        try sandbox.wipe()
        let app = AppLauncher(.name("true"), sandbox: sandbox)
        assertThrowsCleanSlateError(.sandboxWiped) { try app.launch() }
    }
}
