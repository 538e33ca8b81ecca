import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `cleanslate render`'s ways to print a screen that no other test runs through the executable:
/// "--framed draw the screen in a box with row and column numbers", "--format F text (the default),
/// styled ..., html (a self-contained page) or svg (an image)", and a format it does not know.
final class RenderFormatTests: XCTestCase {
    /// Renders a capture of `hi` on a 2x3 screen (the cursor ends at row 0, column 2).
    private func render(_ options: [String]) throws -> (AppExitStatus, AppLauncher) {
        let capture = try sandboxForTest().temporaryDirectory + "/capture"
        try Host.write("hi", to: capture)
        return try runCleanslate(["render", "--rows", "2", "--cols", "3"] + options + [capture])
    }

    func testFramedDrawsTheScreenInABoxWithRowAndColumnNumbers() throws {
        let (status, app) = try render(["--framed"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, """
                012
               ┌───┐
             00│hi │
             01│   │
               └───┘

            """)

        // With --cursor: the cursor's row and column are marked on the frame and named below it.
        let (cursorStatus, cursorApp) = try render(["--framed", "--cursor"])
        XCTAssertEqual(cursorStatus, .exited(0), cursorApp.standardError)
        XCTAssertEqual(cursorApp.standardOutput, """
                012
               ┌───┐
            >00│hi │
             01│   │
               └──^┘
               cursor: row 0, column 2 (visible)

            """)
    }

    func testHTMLIsAPageAndSVGAnImage() throws {
        let (htmlStatus, html) = try render(["--format", "html"])
        XCTAssertEqual(htmlStatus, .exited(0), html.standardError)
        XCTAssertTrue(html.standardOutput.hasPrefix("<!DOCTYPE html>\n<html"), html.standardOutput)
        XCTAssertTrue(html.standardOutput.trimmingCharacters(in: .newlines).hasSuffix("</body></html>"), html.standardOutput)

        let (svgStatus, svg) = try render(["--format", "svg"])
        XCTAssertEqual(svgStatus, .exited(0), svg.standardError)
        XCTAssertTrue(svg.standardOutput.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg""#), svg.standardOutput)
        XCTAssertTrue(svg.standardOutput.trimmingCharacters(in: .newlines).hasSuffix("</svg>"), svg.standardOutput)
    }

    func testAFormatItDoesNotKnowIsAUsageError() throws {
        let (status, app) = try render(["--format", "pdf"])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(app.standardError.contains("--format takes text, styled, html or svg, got 'pdf'"), app.standardError)
        XCTAssertEqual(app.standardOutput, "")
    }
}
