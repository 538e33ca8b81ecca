import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// The `texts` locator driving real programs by what their screens say, where the element rules
/// name little: hnb's outline (nodes drawn as `- Chores`, the current one on red), ptpython's
/// options sidebar (F2), gtypist's lesson menu, fzy's list (in no fixture or held-out set), and
/// dialog as a baseline (a row chosen by its text, in its window, by keys and by the mouse).
/// Each program is skipped when it is missing (`.ci/run` installs it).
final class RealProgramTextLocatorTests: XCTestCase {
    /// hnb on `notes.txt` (an outline imported from text) in the sandbox home.
    private func launchHnb(size: TerminalSize) throws -> AppLauncher {
        try requireProgram("/usr/bin/hnb", hint: "install it: apt-get install -y hnb")
        return try launchOnTerminal(.name("sh"), ["-c", #"cd "$HOME" && printf 'Groceries\n\tMilk\nErrands\nChores\nGarden\n' >notes.txt && exec hnb -a notes.txt"#], size: size)
    }

    func testHnbNodeSelectedByItsTextIsTheOneEdited() throws {
        try atEachSize { size, _ in
            let app = try launchHnb(size: size)
            // The current node is drawn on red apart from its `-` mark; the others are one run with it.
            // Curses may write a screen in several pieces: wait for the last node and the highlight.
            XCTAssertTrue(try app.texts.containing("Garden").element.waitForExistence())
            XCTAssertTrue(try app.texts["Groceries"].waitUntil("it is highlighted") { $0.isHighlighted }.isHighlighted)
            XCTAssertFalse(try app.texts.containing("Chores").element.isHighlighted)
            try app.texts.containing("Chores").element.select()
            XCTAssertTrue(try app.texts["Chores"].isHighlighted, "now drawn apart from its mark")
            XCTAssertFalse(try app.texts.containing("Groceries").element.isHighlighted)
            XCTAssertEqual(try app.texts.containing("Groceries").element.label, "+ Groceries", "one run with its mark again")
            // hnb edits the node it has as current: the selection is hnb's, not only the screen's.
            try app.press(.enter)
            try app.typeText(" done\r")
            XCTAssertTrue(try app.texts["Chores done"].waitForExistence())
            XCTAssertTrue(try app.texts.containing("Errands").element.exists, "the node above is unchanged")
            app.terminate()
        }
    }

    func testGtypistSeriesChosenByItsTextOpensThatSeries() async throws {
        try requireProgram("/usr/bin/gtypist", hint: "install it: apt-get install -y gtypist")
        let app = try await launchApp(.path("/usr/bin/gtypist"), terminalSize: .standard)
        app.defaultTimeout = .seconds(5)
        // gtypist draws its menu a few rows at a time: wait for the row before reading it.
        let colemak = app.texts.containing("Colemak touch typing").element
        let shown = try await colemak.waitForExistence()
        XCTAssertTrue(shown)
        let first = try await app.texts["Quick QWERTY course"].waitUntil("it is highlighted") { $0.isHighlighted }
        XCTAssertTrue(first.isHighlighted, "the first series is the current one")
        // gtypist pads the name and the lessons of this row with one blank: one run, found by its words.
        XCTAssertEqual(try colemak.label, "Colemak touch typing (C1 - C17)")
        try await colemak.select()
        XCTAssertTrue(try colemak.isHighlighted)
        try await app.press(.enter)
        let opened = try await app.texts["Colemak touch typing lessons"].waitForExistence()
        XCTAssertTrue(opened, "Enter opened the series select() made current")
    }

    func testPtpythonOptionChosenByItsTextInItsSidebarIsTheOneChanged() throws {
        // prompt_toolkit draws the sidebar's current option on a darker background, its value
        // apart in a third shade; the rules read no list there.
        let app = try launchOnTerminal("/usr/bin/ptpython")
        app.defaultTimeout = .seconds(10)  // Python's start-up
        XCTAssertTrue(try app.texts["[F2]"].waitForExistence(), "the toolbar: each key a run of its own shade")
        try app.press(.function(2))
        XCTAssertTrue(try app.texts["Editing mode"].waitUntil("it is highlighted") { $0.isHighlighted }.isHighlighted,
                      "the first option is the current one")
        // The toolbar says `[F6] Paste mode` too: strict mode makes the test choose, and the
        // sidebar's row comes first in reading order. Wait until the sidebar has drawn it.
        XCTAssertTrue(try app.texts.matching(/^Paste mode$/).element(boundBy: 1).waitForExistence())
        XCTAssertEqual(try app.texts.matching(/^Paste mode$/).count, 2)
        let pasteMode = app.texts["Paste mode"].firstMatch
        XCTAssertFalse(try pasteMode.isHighlighted)
        try pasteMode.select()
        XCTAssertTrue(try pasteMode.isHighlighted)
        XCTAssertFalse(try app.texts["Editing mode"].isHighlighted)
        // Right changes the current option: ptpython's toolbar says paste mode is on.
        try app.press(.right)
        XCTAssertTrue(try app.texts.containing("Paste mode (on)").element.waitForExistence())
    }

    func testFzyLineChosenByItsTextIsTheAnswer() throws {
        // fzy (in no fixture or held-out set) draws its current line inverse; Enter prints it.
        try requireProgram("/usr/bin/fzy", hint: "install it: apt-get install -y fzy")
        try atEachSize { size, name in
            let app = try launchOnTerminal(.name("sh"), ["-c", #"printf 'Apple pie\nBanana split\nCherry tart\n' | fzy >"$HOME/\#(name)""#], size: size)
            XCTAssertTrue(try app.texts["Cherry tart"].waitForExistence())
            XCTAssertTrue(try app.texts["Apple pie"].waitUntil("it is highlighted") { $0.isHighlighted }.isHighlighted)
            try app.texts["Cherry tart"].select()
            XCTAssertTrue(try app.texts["Cherry tart"].isHighlighted)
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile(name, of: app), "Cherry tart\n", "fzy answers the line select() made current")
        }
    }

    func testDialogRowChosenByItsTextInItsWindowAnswersItsTag() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog", #"--title Fruit --menu "Pick a fruit" 12 40 3 a Apple b Banana c Cherry"#,
                                          into: "text-\(name)", size: size)
            try app.windows["Fruit"].texts["Cherry"].select()
            XCTAssertTrue(try app.windows["Fruit"].texts["Cherry"].isHighlighted)
            XCTAssertFalse(try app.texts["Apple"].isHighlighted)
            try app.texts["OK"].click()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("text-\(name)", of: app), "c")
        }
    }

    func testDialogRowClickedByItsTextAnswersItsTag() throws {
        let app = try launchAnswering("dialog", #"--menu "Pick a fruit" 12 40 3 a Apple b Banana c Cherry"#, into: "click", size: .standard)
        try app.texts["Banana"].click()
        XCTAssertTrue(try app.texts["Banana"].waitUntil("it is highlighted") { $0.isHighlighted }.isHighlighted)
        try app.buttons["OK"].click()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("click", of: app), "b")
    }

    func testSelectingATextOnAScreenWithNoHighlightSaysWhy() throws {
        let app = try launchOnTerminal(.name("sh"), ["-c", "stty -echo; printf 'Apple\\nBanana\\n'; read line"])
        XCTAssertThrowsError(try app.texts["Banana"].select()) { error in
            let failure = error as? CleanSlateError
            XCTAssertEqual(failure?.code, .actionUnavailable)
            XCTAssertTrue(failure?.message.hasPrefix(#"cannot select text "Banana": none of its texts is highlighted; texts on the screen: "Apple" at 0,0, "Banana" at 1,0"#) == true,
                          failure?.message ?? "\(error)")
        }
    }
}
