import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// `less` paging a 100-line file in the sandbox: the screen shows exactly the lines a person would
/// see after Page Down, `G`, `g` and a search, and `q` gives the primary screen back.
final class RealProgramPagerTests: XCTestCase {
    private func lessOnNumberedLines(size: TerminalSize = .standard) throws -> AppLauncher {
        let sandbox = try sandboxForTest()
        let text = (1...100).map { "line \($0)" }.joined(separator: "\n") + "\n"
        try text.write(toFile: sandbox.home + "/numbers.txt", atomically: true, encoding: .utf8)
        let app = try launchOnTerminal("/usr/bin/less", ["numbers.txt"], size: size)
        try app.waitForScreen(containing: "numbers.txt")
        return app
    }

    /// The text rows of the page (all rows but less's prompt line).
    private func page(_ screen: ScreenSnapshot) -> [String] { Array(screen.lines.dropLast()) }

    private func lines(_ range: ClosedRange<Int>) -> [String] { range.map { "line \($0)" } }

    /// Runs `action` and waits until the page (all rows but the prompt) is exactly `expected`.
    @discardableResult
    private func after(_ app: AppLauncher, _ action: () throws -> Void, pageIs expected: [String]) throws -> ScreenSnapshot {
        try action()
        return try app.waitForScreen("the page to be \(expected.first ?? "") ... \(expected.last ?? "")") { self.page($0) == expected }
    }

    func testLessShowsTheFirstPageThenPagesDownToTheEndAndBack() throws {
        let app = try lessOnNumberedLines()
        var screen = try app.screen()
        XCTAssertTrue(screen.isAlternateScreenActive)
        XCTAssertEqual(page(screen), lines(1...23))
        XCTAssertEqual(try screen.text(row: 23), "numbers.txt")

        try after(app, { try app.press(.pageDown) }, pageIs: lines(24...46))
        screen = try after(app, { try app.typeText("G") }, pageIs: lines(78...100))
        XCTAssertEqual(try screen.text(row: 23), "(END)")
        try after(app, { try app.press(.pageUp) }, pageIs: lines(55...77))
        try after(app, { try app.typeText("g") }, pageIs: lines(1...23))

        try app.typeText("q")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        screen = try app.screen()
        XCTAssertFalse(screen.isAlternateScreenActive)
        XCTAssertFalse(screen.contains("line 1"), "the primary screen comes back as it was (empty):\n\(screen.text)")
    }

    func testLessSearchJumpsToTheMatchAndHighlightsItInInverseVideo() throws {
        let app = try lessOnNumberedLines()
        try app.typeText("/line 50")
        try app.waitForScreen(containing: "/line 50")
        let screen = try after(app, { try app.press(.enter) }, pageIs: lines(50...72))
        XCTAssertTrue(try screen.cell(row: 0, column: 0).attributes.contains(.inverse), "less shows matches in standout")
        XCTAssertFalse(try screen.cell(row: 1, column: 0).attributes.contains(.inverse), "only the match is highlighted")
        try app.typeText("q")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testLessRedrawsForTheNewSizeAfterAResize() throws {
        let app = try lessOnNumberedLines()
        // As a person would: resize once less has finished starting up (its first page is drawn
        // before it is ready for SIGWINCH), then wait for the redraw before pressing keys.
        try app.waitForScreenToSettle()
        try app.resize(to: TerminalSize(rows: 10, columns: 40))
        let screen = try app.waitForScreen("a 9-line page") { $0.rows == 10 && self.page($0) == self.lines(1...9) }
        XCTAssertEqual(screen.columns, 40)
        try after(app, { try app.press(.pageDown) }, pageIs: lines(10...18))
        try app.typeText("q")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }
}
