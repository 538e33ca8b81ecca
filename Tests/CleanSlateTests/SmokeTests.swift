import CleanSlate
import XCTest

final class SmokeTests: XCTestCase {
    func testEcho() throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.name("sh"), sandbox: sandbox)
        app.launchArguments = ["-c", "echo hello; echo err >&2; read x; echo got $x; exit 3"]
        try app.launch()
        try app.waitForOutput("hello")
        try app.typeText("abc\n")
        XCTAssertEqual(try app.waitForExit(), .exited(3))
        XCTAssertEqual(app.standardOutput, "hello\ngot abc\n")
        XCTAssertEqual(app.standardError, "err\n")
        app.terminate()
    }
}
