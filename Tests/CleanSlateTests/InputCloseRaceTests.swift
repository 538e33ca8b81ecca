@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Closing the app's input while another thread is blocked writing to it must not let the writer's
/// descriptor number be reused for another file while that write can still use it.
final class InputCloseRaceTests: XCTestCase {
    func testAWriteInProgressNeverReachesAFileOpenedAfterTheClose() throws {
        // The app starts reading only after a pause: the writer fills the pipe and waits for room,
        // the test closes the input and opens a file meanwhile, then the app reads and the writer
        // goes on. Its bytes must go to the app, never into the file that took the freed number.
        let app = try launchApp(.name("sh"), arguments: ["-c", "sleep 0.5; exec cat > /dev/null"])
        let finished = DispatchSemaphore(value: 0)
        Thread {
            _ = try? app.write([UInt8](repeating: 0x41, count: 1 << 20), timeout: .seconds(20))
            finished.signal()
        }.start()
        let deadline = Date().addingTimeInterval(30)
        while app.activeWriterCount == 0 && Date() < deadline { sched_yield() }
        XCTAssertEqual(app.activeWriterCount, 1, "the writer never started")
        try app.closeInput()
        // Open files until one gets the lowest free descriptor numbers, as any other code would.
        let sandbox = try sandboxForTest()
        let path = sandbox.temporaryDirectory + "/victim"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let victim = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(victim, 0)
        defer { close(victim) }
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        XCTAssertEqual(size, 0, "bytes meant for the app were written into an unrelated file")
    }
}
