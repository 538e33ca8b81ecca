import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// The element waits on `texts` (a shell script drawing screens): woken by the output that draws
/// or clears the run waited for, a wait for several answering which appeared, and a wait that
/// times out listing the runs the screen had.
final class TextWaitTests: XCTestCase {
    func testWaitsForTextsAreWokenByTheOutputThatDrawsAndClearsThem() throws {
        let app = try launchScreens(["Saving  \\033[7mSaved to notes.txt\\033[m\\n", "\\033[2J\\033[Hdone\\n"])
        let sent = typeTextOnceAWaitBegins("\n", into: app)
        XCTAssertEqual(try app.waitForAny([app.texts["Error"], app.texts["Saved to notes.txt"]]), 1)
        sent.wait()
        XCTAssertTrue(try app.texts["Saved to notes.txt"].isHighlighted)
        XCTAssertFalse(try app.texts["Saved to notes.txt"].waitForNonExistence(timeout: .milliseconds(200)), "still there")
        let cleared = typeTextOnceAWaitBegins("\n", into: app)
        XCTAssertTrue(try app.texts["Saved to notes.txt"].waitForNonExistence())
        cleared.wait()
        XCTAssertTrue(try app.texts["done"].exists)
    }

    func testAnActionOnAMissingTextTimesOutListingTheTextsThere() throws {
        let app = try launchScreens([])
        XCTAssertThrowsError(try app.texts["Save"].click(timeout: .milliseconds(300))) { error in
            let failure = error as? CleanSlateError
            XCTAssertEqual(failure?.code, .timedOut)
            XCTAssertTrue(failure?.message.contains(#"no text "Save"; texts on the screen: "ready" at 0,0"#) == true, failure?.message ?? "\(error)")
        }
    }
}
