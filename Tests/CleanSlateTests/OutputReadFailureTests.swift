@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// When reading an app's output fails with an error other than end of file (on a terminal, EIO is
/// its end of file), what the app wrote after that is never seen: a wait that fails then says so
/// and names the error, rather than reporting an app that "exited before" writing what it wrote.
final class OutputReadFailureTests: XCTestCase {
    /// A descriptor closed by another part of the test process (a bug there) is the case seen: the
    /// terminal's input side is a duplicate, so the terminal stays open and the read of the closed
    /// number says EBADF.
    func testAWaitAfterTheOutputDescriptorWasClosedUnderTheLaunchNamesTheReadError() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo ready; read x; echo got $x"], terminalSize: .standard)
        // The first wait also makes the launch's serving machinery (its eventfd) before the number is freed.
        try app.waitForOutput("ready")
        let process = try XCTUnwrap(app.currentProcessIfAny)
        let output = try XCTUnwrap(process.sources.first).fd
        XCTAssertEqual(Glibc.close(output), 0)
        try app.typeText("a\r")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let error = assertThrowsCleanSlateError(.appExited) { try app.waitForOutput("got a") }
        XCTAssertTrue(error?.message.contains("reading the app's standard output failed (errno 9, ") ?? false, error?.message ?? "no error")
        XCTAssertTrue(error?.message.contains("closed by another part of the test process") ?? false, error?.message ?? "no error")
    }
}
