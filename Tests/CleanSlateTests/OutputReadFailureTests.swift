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
        // Descriptors the launch (or anything else in this process) makes after the number is freed
        // would take the lowest free number, which could be the freed one, and the read would then
        // not fail: eight lower numbers are freed with it, for them to take instead.
        let holes = (0..<8).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo ready; read x; echo got $x"], terminalSize: .standard)
        try app.waitForOutput("ready")
        let process = try XCTUnwrap(app.currentProcessIfAny)
        let output = try XCTUnwrap(process.sources.first).fd
        XCTAssertTrue(holes.allSatisfy { $0 >= 0 && $0 < output }, "\(holes) \(output)")
        holes.forEach { _ = Glibc.close($0) }
        XCTAssertEqual(Glibc.close(output), 0)
        try app.typeText("a\r")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let error = assertThrowsCleanSlateError(.appExited) { try app.waitForOutput("got a") }
        XCTAssertTrue(error?.message.contains("reading the app's standard output failed (errno 9, ") ?? false, error?.message ?? "no error")
        XCTAssertTrue(error?.message.contains("closed by another part of the test process") ?? false, error?.message ?? "no error")
        // The shared I/O thread forgets the number (without closing it: it is not the launch's any
        // more). It kept it, and with it the ended launch, until another launch registered it.
        XCTAssertFalse(IOReactor.shared.isRegistered(output, to: process), "the reactor still holds descriptor \(output) for the ended launch")
    }
}
