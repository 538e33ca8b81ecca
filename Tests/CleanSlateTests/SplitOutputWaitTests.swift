import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `waitForOutput` finds text that reaches it in pieces: the part that arrived earlier and was
/// already searched is searched again together with what arrives next.
final class SplitOutputWaitTests: XCTestCase {
    func testTextSplitAcrossTwoWritesIsFound() throws {
        // The app writes "hel", then writes "lo" only when it reads a line, which this test sends
        // only once the wait for "hello" is under way, after "hel" is already there to be searched.
        let app = try launchApp(.name("sh"), arguments: ["-c", "printf hel; read go; printf lo; exec sleep 60"])
        try app.waitForOutput("hel")
        let sent = typeTextOnceAWaitBegins("\n", into: app)
        try app.waitForOutput("hello", timeout: .seconds(10))
        XCTAssertEqual(sent.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(app.standardOutput, "hello")
    }
}
