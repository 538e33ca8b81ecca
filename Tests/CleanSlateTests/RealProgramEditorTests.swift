@testable import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// `nano` and `vim` editing files in the sandbox as a person would: type, save with the editor's
/// own keys, quit, then read the file back. vim also queries the terminal (cursor position, device
/// attributes, colours) on start-up: the harness must answer so it neither hangs nor finds the
/// answers in the text typed.
final class RealProgramEditorTests: XCTestCase {
    private func writeHomeFile(_ name: String, _ contents: String) throws {
        try contents.write(toFile: try sandboxForTest().home + "/" + name, atomically: true, encoding: .utf8)
    }

    // MARK: nano

    private func nano(_ file: String) throws -> AppLauncher {
        let app = try launchOnTerminal("/usr/bin/nano", [file])
        try app.waitForScreen("nano's title and help lines") { $0.contains("GNU nano") && $0.contains("^X Exit") }
        return app
    }

    func testNanoTypesSavesWithControlOAndExitsWithControlX() throws {
        let app = try nano("notes.txt")
        XCTAssertTrue(try app.screen().isAlternateScreenActive)
        try app.typeText("Hello from nano")
        try app.press(.enter)
        try app.typeText("second line")
        var screen = try app.waitForScreen(containing: "second line")
        XCTAssertTrue(try screen.text(row: 0).hasSuffix("notes.txt *"), "the title marks the buffer modified: \(screen.lines[0])")
        XCTAssertEqual(try screen.text(row: 1), "Hello from nano")
        XCTAssertEqual(screen.cursor, ScreenPosition(row: 2, column: "second line".count))

        try app.press(.character("o"), modifiers: .control)
        try app.waitForScreen(containing: "File Name to Write: notes.txt")
        try app.press(.enter)
        screen = try app.waitForScreen(containing: "Wrote 2 lines")
        XCTAssertTrue(try screen.text(row: 0).hasSuffix("notes.txt"), "saved, no longer marked: \(screen.lines[0])")
        try app.press(.character("x"), modifiers: .control)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertFalse(try app.screen().isAlternateScreenActive, "the screen is still on the alternate screen after nano exited; its last output:\n\(WaitReport.escape(Array(app.outputBytes().suffix(120))))")
        XCTAssertEqual(try homeFile("notes.txt", of: app), "Hello from nano\nsecond line\n")
    }

    func testNanoAsksToSaveAModifiedBufferOnExitAndNoKeepsTheFile() throws {
        try writeHomeFile("keep.txt", "original\n")
        let app = try nano("keep.txt")
        try app.waitForScreen(containing: "original")
        try app.press(.end)
        try app.typeText(" text")
        try app.waitForScreen(containing: "original text")
        try app.press(.character("x"), modifiers: .control)
        try app.waitForScreen(containing: "Save modified buffer?")
        try app.typeText("n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("keep.txt", of: app), "original\n")
    }

    // MARK: vim

    private func vim(_ file: String) throws -> AppLauncher {
        let app = try launchOnTerminal("/usr/bin/vim", ["-u", "NONE", "-N", file])
        try app.waitForScreen(containing: "\"\(file)\"")
        // vim goes on exchanging queries with the terminal after its first screen; a person starts
        // typing once it is quiet.
        try app.waitForScreenToSettle()
        return app
    }

    func testVimInsertsTextAndWritesWithColonWQWithoutHangingOnTerminalQueries() throws {
        let app = try vim("notes.txt")
        var screen = try app.screen()
        XCTAssertTrue(screen.isAlternateScreenActive)
        XCTAssertTrue(try screen.text(row: 23).hasPrefix("\"notes.txt\" [New]"), screen.lines[23])
        try app.typeText("i")
        try app.waitForScreen(containing: "-- INSERT --")
        try app.typeText("Hello from vim")
        try app.press(.enter)
        try app.typeText("second line")
        screen = try app.waitForScreen(containing: "second line")
        XCTAssertEqual(try screen.text(row: 0), "Hello from vim")
        try app.press(.escape)
        try app.typeText(":wq")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertFalse(try app.screen().isAlternateScreenActive)
        XCTAssertEqual(try homeFile("notes.txt", of: app), "Hello from vim\nsecond line\n",
                       "nothing but the typed text may end up in the file (no terminal replies)")
    }

    func testVimArrowKeysInItsApplicationCursorModeMoveTheCursor() throws {
        try writeHomeFile("lines.txt", "first\nthird\n")
        let app = try vim("lines.txt")
        try app.waitForScreen(containing: "third")
        XCTAssertTrue(try app.screen().modes.applicationCursorKeys, "vim switches on DECCKM (t_ks)")
        try app.press(.down)
        try app.waitForScreen("the cursor on the second line") { $0.cursor == ScreenPosition(row: 1, column: 0) }
        try app.typeText("i")
        try app.waitForScreen(containing: "-- INSERT --")
        try app.typeText("second ")
        try app.press(.up)
        try app.press(.end)
        try app.typeText("!")
        try app.waitForScreen(containing: "first!")
        try app.press(.escape)
        try app.typeText(":wq")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("lines.txt", of: app), "first!\nsecond third\n")
    }

    func testVimMovesTheCursorWhereTheMouseClicks() throws {
        try writeHomeFile("mouse.txt", "alpha\nbravo\ncharlie delta\n")
        let app = try launchOnTerminal("/usr/bin/vim", ["-u", "NONE", "-N", "-c", "set mouse=a", "mouse.txt"])
        try app.waitForScreen(containing: "charlie delta")
        try app.waitForScreen("vim to turn on mouse reporting") { $0.modes.mouseTracking != .off }
        try app.click(row: 2, column: 8)
        try app.typeText(":echo line('.') col('.')")
        try app.press(.enter)
        try app.waitForScreen("vim to report line 3, column 9") { try $0.text(row: 23) == "3 9" }
        try app.typeText(":q")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testVimFollowsAResizeAndRedrawsAtTheNewSize() throws {
        try writeHomeFile("short.txt", "only line\n")
        let app = try vim("short.txt")
        // As a person would: resize once vim has finished starting up, and type once the redraw
        // is on the screen.
        try app.resize(to: TerminalSize(rows: 12, columns: 50))
        try app.waitForScreen("vim to redraw for 12 rows") { try $0.rows == 12 && $0.text(row: 10) == "~" }
        try app.waitForScreenToSettle()
        try app.typeText(":echo &lines &columns")
        try app.press(.enter)
        let screen = try app.waitForScreen("vim to report 12 lines and 50 columns on its last row") { try $0.text(row: 11) == "12 50" }
        XCTAssertEqual(try screen.text(row: 0), "only line")
        XCTAssertEqual(try screen.text(row: 10), "~", "the empty rows down to the new bottom are drawn:\n\(screen.text)")
        try app.typeText(":q")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testVimQuitWithoutSavingLeavesTheFileUnchanged() throws {
        try writeHomeFile("keep.txt", "original\n")
        let app = try vim("keep.txt")
        try app.typeText("dd")
        try app.waitForScreen("the line to be deleted") { !$0.contains("original") }
        try app.typeText(":q!")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("keep.txt", of: app), "original\n")
    }
}
