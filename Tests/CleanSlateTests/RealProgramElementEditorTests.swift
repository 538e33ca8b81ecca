import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// nano, htop and mc driven by element queries alone: their key-hint bars, prompt fields, menus,
/// radio buttons and buttons, found by name at 80x24 and 100x40.
final class RealProgramElementEditorTests: XCTestCase {
    func testNanoWritesOutThroughItsKeyHintsIntoTheFileTypedInThePrompt() throws {
        try atEachSize { size, name in
            let app = try launchOnTerminal("/usr/bin/nano", [], size: size)
            XCTAssertTrue(try app.keyHints["Write Out"].waitForExistence())
            try app.typeText("Hello at \(name)")
            XCTAssertTrue(try app.staticTexts["Hello at \(name)"].waitForExistence())
            try app.keyHints["Write Out"].press()
            let fileName = app.textFields["File Name to Write"]
            try fileName.typeText("notes-\(name).txt")
            try fileName.waitUntil("it shows the file name") { $0.value == .text("notes-\(name).txt") }
            try app.press(.enter)
            XCTAssertTrue(try app.staticTexts["[ Wrote 1 line ]"].waitForExistence())
            try app.keyHints["Exit"].press()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("notes-\(name).txt", of: app), "Hello at \(name)\n")
        }
    }

    func testNanoSaveModifiedBufferAnsweredYesThroughItsKeyHint() throws {
        // Exit on a changed buffer asks `Save modified buffer?` with ` Y Yes` and ` N No`.
        try atEachSize { size, name in
            let app = try launchOnTerminal("/usr/bin/nano", ["answer-\(name).txt"], size: size)
            XCTAssertTrue(try app.keyHints["Exit"].waitForExistence())
            try app.typeText("Saved at \(name)")
            XCTAssertTrue(try app.staticTexts["Saved at \(name)"].waitForExistence())
            try app.keyHints["Exit"].press()
            try app.keyHints["Yes"].press()
            try app.textFields["File Name to Write"].waitUntil("it offers the file") { $0.value == .text("answer-\(name).txt") }
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("answer-\(name).txt", of: app), "Saved at \(name)\n")
        }
    }

    func testHtopFunctionKeyBarSwitchesToTheTreeAndBackAndQuits() throws {
        try atEachSize { size, _ in
            let app = try launchOnTerminal("/usr/bin/htop", [], size: size)
            try app.keyHints["Tree"].press()
            XCTAssertTrue(try app.keyHints["List"].waitForExistence(), "in tree view F5 offers the list view")
            XCTAssertFalse(app.keyHints["Tree"].exists)
            try app.keyHints["List"].press()
            XCTAssertTrue(try app.keyHints["Tree"].waitForExistence())
            try app.keyHints["Quit"].press()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
    }

    func testHtopInMonochromeShowsItsColumnHeaderAsTextNotAsTheCurrentRow() throws {
        // htop -C draws the header inverse, as it draws the current process.
        try atEachSize { size, _ in
            let app = try launchOnTerminal("/usr/bin/htop", ["-C"], size: size)
            let header = app.staticTexts.matching(/^PID USER/)
            XCTAssertTrue(try header.firstMatch.waitForExistence())
            XCTAssertFalse(app.menuItems.matching(/^PID/).firstMatch.exists, "the column header is not a row")
            try app.keyHints["Quit"].press()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
    }

    func testMcListingFormatSetThroughItsMenuAndQuitThroughTenQuit() throws {
        try atEachSize { size, _ in
            let app = try launchOnTerminal("/usr/bin/mc", [], size: size)
            // Both panels show the home folder, "~"; the left one comes first.
            let leftPanel = app.windows["~"].firstMatch
            // The panel's column header (static text) names the full listing's columns.
            let modifyTime = leftPanel.staticTexts["Modify time"]
            XCTAssertTrue(try modifyTime.waitForExistence())
            // The panel is drawn whole once its current row shows: the parent folder's, first.
            _ = try leftPanel.menuItems["/.."].waitUntil("it is the panel's current row") { $0.isHighlighted }
            XCTAssertFalse(leftPanel.menuItems[".n"].exists, "the column header is not a row of the panel")
            try app.keyHints["PullDn"].press()
            // F9 makes the menu bar current: its titles become menu items, Left highlighted.
            try app.menuItems["Left"].waitUntil("the menu bar is active") { $0.isHighlighted }
            try app.menuItems["Left"].click()
            try app.menuItems["Listing format..."].select()
            try app.press(.enter)
            let dialog = app.windows["Listing format"]
            // The brief choice's label runs into its column-count field ("Brief file list: 2").
            let brief = dialog.radioButtons.matching(/^Brief file list/).element
            try brief.toggle()
            XCTAssertEqual(try dialog.radioButtons["Full file list"].isChecked, false)
            try dialog.buttons["OK"].click()
            XCTAssertTrue(try dialog.waitForNonExistence())
            XCTAssertTrue(try modifyTime.waitForNonExistence(), "the brief listing has no Modify time column")
            try app.keyHints["Quit"].press()   // mc asks no confirmation unless confirm_exit is set
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
    }
}
