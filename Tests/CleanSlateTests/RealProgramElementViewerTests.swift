import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// fzf, ncdu, tig, vim and less driven by element queries alone, at 80x24 and 100x40: their
/// command lines (`>`, `/`, `:`) as text fields, their rows named by what they say (a file's
/// name, a commit's message), the current row found and moved to by name.
final class RealProgramElementViewerTests: XCTestCase {
    /// `script` run by `sh` in the sandbox home on a terminal of `size`, once `program` is found.
    private func launchScript(needing program: String, _ script: String, size: TerminalSize) throws -> AppLauncher {
        try requireProgram("/usr/bin/" + program)
        return try launchOnTerminal(.name("sh"), ["-c", "cd \"$HOME\" && " + script], size: size)
    }

    func testFzfFiltersByItsPromptAndAnswersTheRowChosenByName() throws {
        try atEachSize { size, name in
            let app = try launchScript(
                needing: "fzf", "printf 'apple\\nbanana\\ncherry\\ndate\\nelderberry\\n' | fzf > answer-\(name)", size: size)
            let prompt = app.textFields[">"]
            try prompt.typeText("e")
            try prompt.waitUntil("it holds the query") { $0.value == .text("e") }
            XCTAssertTrue(try app.menuItems["elderberry"].waitForExistence())
            XCTAssertFalse(app.menuItems["banana"].exists, "banana has no e")
            try app.menuItems["cherry"].select()
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("answer-\(name)", of: app), "cherry\n")
        }
    }

    func testNcduOpensAFolderRowChosenByItsName() throws {
        try atEachSize { size, _ in
            let app = try launchScript(
                needing: "ncdu",
                "mkdir -p tree/docs tree/src && head -c 50000 /dev/zero > tree/docs/manual.pdf && head -c 12000 /dev/zero > tree/src/main.c && cd tree && ncdu",
                size: size)
            // The rows are named by their names, not by their sizes.
            XCTAssertTrue(try app.menuItems["/docs"].waitForExistence())
            try app.menuItems["/src"].select()
            try app.press(.enter)
            // The folder's file: text, as ncdu indents the parent folder's row `/..` to the names
            // and so parts it from the rows under it.
            XCTAssertTrue(try app.staticTexts["main.c"].waitForExistence())
            XCTAssertFalse(app.menuItems["/docs"].exists)
            try app.typeText("q")
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
    }

    func testTigOpensACommitChosenByItsMessage() throws {
        try atEachSize { size, name in
            let commit = "git -c user.name=Ada -c user.email=ada@example.org commit -q --allow-empty -m"
            let app = try launchScript(
                needing: "tig",
                "git init -q repo-\(name) && cd repo-\(name) && \(commit) 'Add the shopping list' && \(commit) 'Remember the first aid kit' && \(commit) 'Plan the departure' && tig",
                size: size)
            // A commit's row ends with its message (its date and author are the detail).
            let row = app.menuItems.matching(/Remember the first aid kit$/).element
            try row.select()
            try app.press(.enter)
            // The commit opens below the list: its message is text of its own.
            XCTAssertTrue(try app.staticTexts["Remember the first aid kit"].waitForExistence())
            try app.typeText("q")
            XCTAssertTrue(try app.staticTexts["Remember the first aid kit"].waitForNonExistence())
            try app.typeText("q")
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
    }

    func testVimWritesThroughItsCommandLineAndShowsTheChangeInItsStatusLine() throws {
        try atEachSize { size, name in
            try requireProgram("/usr/bin/vim")
            let app = try launchOnTerminal("/usr/bin/vim", ["-c", "set laststatus=2", "notes-\(name).txt"], size: size)
            XCTAssertTrue(try app.staticTexts.matching(/^notes-.*\.txt$/).firstMatch.waitForExistence(), "the status line names the file")
            try app.typeText("iHello at \(name)")
            try app.press(.escape)
            // The status line marks the buffer changed.
            XCTAssertTrue(try app.staticTexts.matching(/^notes-.*\.txt \[\+\]$/).firstMatch.waitForExistence())
            try app.typeText(":")
            let commandLine = app.textFields[":"]
            try commandLine.typeText("wq")
            try commandLine.waitUntil("it holds the command") { $0.value == .text("wq") }
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("notes-\(name).txt", of: app), "Hello at \(name)\n")
        }
    }

    func testLessSearchesThroughItsSearchField() throws {
        try atEachSize { size, _ in
            let app = try launchScript(needing: "less", "seq 1 200 | sed 's/^/Line number /' > long.txt && less long.txt", size: size)
            XCTAssertTrue(try app.staticTexts["Line number 1"].waitForExistence())
            try app.typeText("/")
            let search = app.textFields["/"]
            try search.typeText("number 150")
            try search.waitUntil("it holds the pattern") { $0.value == .text("number 150") }
            try app.press(.enter)
            // The match is the first line now; the line after it is plain text.
            XCTAssertTrue(try app.staticTexts["Line number 151"].waitForExistence())
            XCTAssertFalse(app.staticTexts["Line number 1"].exists)
            try app.typeText("q")
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
    }
}
