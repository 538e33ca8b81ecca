import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// `dialog` (ncurses) and `whiptail` (newt), real full-screen programs driven through the harness:
/// buttons and menu items are recognised by how they are drawn (the highlighted one has the other
/// style), keys move the highlight, and the answer comes back as the exit status or, redirected by
/// a shell, as the text the program writes to standard error.
final class RealProgramDialogTests: XCTestCase {
    /// How a cell is drawn, without its character.
    private struct Style: Equatable, CustomStringConvertible {
        let foreground: TerminalColor
        let background: TerminalColor
        let attributes: CellAttributes
        init(_ cell: ScreenCell) {
            foreground = cell.foreground
            background = cell.background
            attributes = cell.attributes
        }
        var description: String { "fg \(foreground) bg \(background) attributes \(attributes.rawValue)" }
    }

    /// The style of the cell at `offset` within the first place `label` is shown, or nil if it is not shown.
    private func style(of label: String, offset: Int = 0, in screen: ScreenSnapshot) -> Style? {
        guard let position = screen.find(label).first else { return nil }
        return (try? screen.cell(row: position.row, column: position.column + offset)).map(Style.init)
    }

    /// Presses `key` and waits for the highlight to move from `from` to `to`: `to` gets the style
    /// `from` had and the other way round. `offset` picks the cell to compare (dialog draws a
    /// button's hot key in a style of its own).
    @discardableResult
    private func press(
        _ key: Key, movingHighlightFrom from: String, to: String, offset: Int = 0, _ app: AppLauncher,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ScreenSnapshot {
        let before = try app.screen()
        let highlighted = try XCTUnwrap(style(of: from, offset: offset, in: before), before.text, file: file, line: line)
        let plain = try XCTUnwrap(style(of: to, offset: offset, in: before), before.text, file: file, line: line)
        XCTAssertNotEqual(highlighted, plain, "\(from) and \(to) should be drawn differently:\n\(before.text)", file: file, line: line)
        try app.press(key)
        return try app.waitForScreen("the highlight to move from \(from) to \(to) (\(highlighted))") { screen in
            self.style(of: to, offset: offset, in: screen) == highlighted && self.style(of: from, offset: offset, in: screen) == plain
        }
    }

    private func yesNoDialog() throws -> AppLauncher {
        let app = try launchOnTerminal("/usr/bin/dialog", ["--yesno", "Proceed?", "7", "30"])
        try app.waitForScreen("the Yes and No buttons") { $0.contains("Proceed?") && $0.contains("< Yes >") && $0.contains("< No  >") }
        return app
    }

    func testDialogYesNoEnterOnTheDefaultYesExitsZero() throws {
        let app = try yesNoDialog()
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testDialogYesNoTabMovesTheHighlightToNoAndEnterExitsOne() throws {
        let app = try yesNoDialog()
        try press(.tab, movingHighlightFrom: "Yes", to: "No ", offset: 1, app)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(1))
    }

    func testDialogYesNoArrowsWorkInTheApplicationCursorModeDialogTurnsOn() throws {
        let app = try yesNoDialog()
        XCTAssertTrue(try app.screen().modes.applicationCursorKeys, "ncurses' keypad mode (smkx) sets DECCKM")
        try press(.right, movingHighlightFrom: "Yes", to: "No ", offset: 1, app)
        try press(.left, movingHighlightFrom: "No ", to: "Yes", offset: 1, app)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testDialogInputboxWritesTheEditedTextToStandardError() throws {
        try requireProgram("/usr/bin/dialog")
        let app = try launchOnTerminal(.name("sh"), ["-c", #"dialog --inputbox "Your name?" 8 40 2>"$HOME/answer""#])
        try app.waitForScreen(containing: "Your name?")
        try app.typeText("Adx")
        try app.waitForScreen(containing: "Adx")
        try app.press(.backspace)
        try app.typeText("a Lovelace")
        try app.waitForScreen(containing: "Ada Lovelace")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("answer", of: app), "Ada Lovelace")
    }

    func testWhiptailMenuArrowsMoveTheHighlightAndEnterReturnsTheChosenTag() throws {
        try requireProgram("/usr/bin/whiptail")
        let app = try launchOnTerminal(.name("sh"), ["-c",
            #"whiptail --menu "Pick a fruit" 15 40 3 apple Apple banana Banana cherry Cherry 2>"$HOME/choice""#])
        try app.waitForScreen("the menu") { $0.contains("Pick a fruit") && $0.contains("cherry") && $0.contains("<Ok>") }
        try press(.down, movingHighlightFrom: "apple", to: "banana", app)
        try press(.down, movingHighlightFrom: "banana", to: "cherry", app)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("choice", of: app), "cherry")
    }

    func testWhiptailChecklistSpaceTogglesItemsAndEnterReturnsThem() throws {
        try requireProgram("/usr/bin/whiptail")
        let app = try launchOnTerminal(.name("sh"), ["-c",
            #"whiptail --checklist "Toppings" 15 40 3 cheese Cheese OFF ham Ham OFF olives Olives OFF 2>"$HOME/picked""#])
        try app.waitForScreen("the unchecked list") { $0.contains("[ ] cheese") && $0.contains("[ ] olives") }
        try app.typeText(" ")
        try app.waitForScreen(containing: "[*] cheese")
        try app.press(.down, times: 2)
        try app.typeText(" ")
        let screen = try app.waitForScreen(containing: "[*] olives")
        XCTAssertTrue(screen.contains("[ ] ham"), screen.text)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try homeFile("picked", of: app), #""cheese" "olives""#)
    }

    func testWhiptailYesNoTabToNoExitsOne() throws {
        let app = try launchOnTerminal("/usr/bin/whiptail", ["--yesno", "Delete everything?", "8", "40"])
        try app.waitForScreen("the buttons") { $0.contains("Delete everything?") && $0.contains("<Yes>") && $0.contains("<No>") }
        try press(.tab, movingHighlightFrom: "<Yes>", to: "<No>", offset: 1, app)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(1))
    }
}
