import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// SampleApp's full-screen setup wizard, driven end to end on a real pseudo-terminal as a person
/// would: reading the screen (text, colours, inverse video, cursor), typing, pressing keys,
/// resizing the window and pressing Ctrl-C, then checking what the app saved in the sandbox.
final class TerminalWizardE2ETests: XCTestCase {
    private static let themes = ["Light", "Dark", "Solarized"]

    /// Launches SampleApp on a terminal of `size` and waits for the wizard's name field.
    private func launchWizard(size: TerminalSize = .standard) throws -> AppLauncher {
        let app = try launchApp(.product("SampleApp"), terminalSize: size)
        app.defaultTimeout = .seconds(5)
        try app.waitForScreen(containing: "Name:")
        return app
    }

    private func profilePath(_ app: AppLauncher) -> String { app.sandbox.configHome + "/sampleapp/profile.json" }

    /// The themes whose menu entry is drawn in inverse video.
    private func highlightedThemes(_ screen: ScreenSnapshot) -> [String] {
        Self.themes.filter { theme in
            screen.find(theme).contains { (try? screen.cell(row: $0.row, column: $0.column))?.attributes.contains(.inverse) == true }
        }
    }

    @discardableResult
    private func waitForHighlight(on theme: String, _ app: AppLauncher) throws -> ScreenSnapshot {
        try app.waitForScreen("only \(theme) to be highlighted") { self.highlightedThemes($0) == [theme] }
    }

    /// The row that shows `text`, which must appear exactly once.
    private func onlyPosition(of text: String, in screen: ScreenSnapshot, file: StaticString = #filePath, line: UInt = #line) -> ScreenPosition? {
        let found = screen.find(text)
        XCTAssertEqual(found.count, 1, "\(text.debugDescription) should appear once on:\n\(screen.text)", file: file, line: line)
        return found.first
    }

    private func typeName(_ name: String, _ app: AppLauncher) throws {
        try app.typeText(name)
        try app.waitForScreen(containing: "Name: \(name)")
    }

    func testWizardEndToEndSavesTheProfileAndTheRelaunchGreets() throws {
        let app = try launchWizard()
        var screen = try app.screen()
        XCTAssertTrue(screen.isAlternateScreenActive, "the wizard runs on the alternate screen")

        // Title bar: bold white on blue across the whole first row.
        let title = try XCTUnwrap(onlyPosition(of: "SampleApp setup", in: screen))
        XCTAssertEqual(title.row, 0)
        let titleCell = try screen.cell(row: 0, column: title.column)
        XCTAssertEqual(titleCell.background, .indexed(4))
        XCTAssertEqual(titleCell.foreground, .indexed(7))
        XCTAssertTrue(titleCell.attributes.contains(.bold))
        XCTAssertEqual(try screen.cell(row: 0, column: 0).background, .indexed(4), "the bar starts at the left edge")
        XCTAssertEqual(try screen.cell(row: 0, column: 79).background, .indexed(4), "the bar reaches the right edge")
        XCTAssertEqual(try screen.cell(row: 1, column: 0).background, .default, "only the first row is blue")
        XCTAssertTrue(try screen.text(row: 23).hasSuffix("80x24"), screen.lines[23])
        XCTAssertTrue(try screen.text(row: 23).contains("Step 1 of 3"), screen.lines[23])

        // A typo, fixed with Backspace; the cursor follows the name.
        try typeName("Adx", app)
        try app.press(.backspace)
        try app.typeText("a")
        screen = try app.waitForScreen(containing: "Name: Ada")
        XCTAssertFalse(screen.contains("Adx"), screen.text)
        let field = try XCTUnwrap(onlyPosition(of: "Name: Ada", in: screen))
        XCTAssertEqual(screen.cursor, ScreenPosition(row: field.row, column: field.column + "Name: Ada".count))
        XCTAssertTrue(screen.isCursorVisible)

        // Theme menu: the inverse-video highlight moves with the arrows and stops at the ends.
        try app.press(.enter)
        screen = try app.waitForScreen(containing: "Choose a theme")
        XCTAssertTrue(screen.contains("Hello, Ada!"), screen.text)
        XCTAssertEqual(highlightedThemes(screen), ["Light"])
        XCTAssertTrue(screen.contains("> Light"), screen.text)
        try app.press(.down)
        screen = try waitForHighlight(on: "Dark", app)
        XCTAssertTrue(screen.contains("> Dark") && !screen.contains("> Light"), screen.text)
        try app.press(.down, times: 2)
        try waitForHighlight(on: "Solarized", app)
        try app.press(.up)
        try waitForHighlight(on: "Dark", app)

        // Progress: a partly filled bar whose percentage matches its fill.
        try app.press(.enter)
        let partial = #/Setting up \[(#+)(\.+)\] (\d+)%/#
        screen = try app.waitForScreen("a partly filled progress bar") { $0.text.contains(partial) }
        let match = try XCTUnwrap(screen.text.firstMatch(of: partial))
        XCTAssertEqual(match.1.count + match.2.count, 10, screen.text)
        XCTAssertEqual(Int(match.3), match.1.count * 10, screen.text)

        // The end: back on the primary screen with one line, and the profile saved.
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        screen = try app.screen()
        XCTAssertFalse(screen.isAlternateScreenActive)
        XCTAssertEqual(try screen.text(row: 0), "All set, Ada! Theme: Dark")
        XCTAssertFalse(screen.contains("SampleApp setup"), "the wizard's screen must be gone:\n\(screen.text)")
        XCTAssertTrue(screen.isCursorVisible, "the wizard must show the cursor again")
        let profile = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: profilePath(app)))) as? [String: Any])
        XCTAssertEqual(profile["name"] as? String, "Ada")
        XCTAssertEqual(profile["theme"] as? String, "Dark")

        // Relaunch on the terminal: no wizard, a greeting.
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        screen = try app.screen()
        XCTAssertEqual(try screen.text(row: 0), "Welcome back, Ada!")
        XCTAssertFalse(screen.isAlternateScreenActive)
    }

    func testEmptyOrBlankNameShowsAnErrorUntilTheNextKey() throws {
        let app = try launchWizard()
        try app.press(.enter)
        var screen = try app.waitForScreen(containing: "Name cannot be empty")
        let error = try XCTUnwrap(onlyPosition(of: "Name cannot be empty", in: screen))
        XCTAssertEqual(try screen.cell(row: error.row, column: error.column).foreground, .indexed(1), "errors are red")
        XCTAssertTrue(try screen.text(row: screen.rows - 1).contains("Step 1 of 3"), "still on the name step")

        try app.typeText("B")
        screen = try app.waitForScreen("the error to go") { !$0.contains("Name cannot be empty") && $0.contains("Name: B") }

        try app.press(.backspace)
        try app.typeText("   ")
        try app.press(.enter)
        screen = try app.waitForScreen(containing: "Name cannot be empty")
        XCTAssertFalse(screen.contains("Choose a theme"), screen.text)
    }

    func testResizeRedrawsTheWizardForTheNewSizeAndKeepsTheTypedName() throws {
        let app = try launchWizard()
        try typeName("Ada", app)

        try app.resize(to: TerminalSize(rows: 30, columns: 100))
        var screen = try app.waitForScreen("the status line to show 100x30") { try $0.text(row: 29).hasSuffix("100x30") }
        XCTAssertEqual(screen.rows, 30)
        XCTAssertEqual(screen.columns, 100)
        XCTAssertEqual(onlyPosition(of: "SampleApp setup", in: screen), ScreenPosition(row: 0, column: (100 - 15) / 2), "title re-centred")
        XCTAssertEqual(try screen.cell(row: 0, column: 99).background, .indexed(4), "the bar spans the new width")
        XCTAssertEqual(onlyPosition(of: "Name: Ada", in: screen)?.column, (100 - 46) / 2, "the column is re-centred")
        XCTAssertFalse(screen.contains("80x24"), screen.text)

        try app.resize(to: TerminalSize(rows: 20, columns: 60))
        screen = try app.waitForScreen("the status line to show 60x20") { try $0.text(row: 19).hasSuffix("60x20") }
        XCTAssertEqual(screen.rows, 20)
        XCTAssertEqual(screen.columns, 60)
        XCTAssertEqual(onlyPosition(of: "SampleApp setup", in: screen), ScreenPosition(row: 0, column: (60 - 15) / 2))
        XCTAssertEqual(try screen.cell(row: 0, column: 59).background, .indexed(4))
        let field = try XCTUnwrap(onlyPosition(of: "Name: Ada", in: screen))
        XCTAssertEqual(field.column, (60 - 46) / 2)
        XCTAssertEqual(screen.cursor, ScreenPosition(row: field.row, column: field.column + "Name: Ada".count))

        // The wizard still works at the new size.
        try app.press(.enter)
        screen = try app.waitForScreen(containing: "Choose a theme")
        XCTAssertTrue(try screen.text(row: 19).hasSuffix("60x20"), screen.lines[19])
    }

    func testControlCThenNoReturnsToTheSameStepWithTheTypedTextIntact() throws {
        let app = try launchWizard()
        try typeName("Grace", app)
        try app.press(.character("c"), modifiers: .control)
        var screen = try app.waitForScreen(containing: "Quit setup? (y/n)")
        let question = try XCTUnwrap(onlyPosition(of: "Quit setup? (y/n)", in: screen))
        XCTAssertTrue(try screen.cell(row: question.row, column: question.column).attributes.contains(.bold))
        XCTAssertNotNil(runningPid(app), "Ctrl-C must not kill the wizard")

        try app.typeText("n")
        screen = try app.waitForScreen("the question to go") { !$0.contains("Quit setup?") }
        XCTAssertTrue(screen.contains("Name: Grace"), screen.text)
        XCTAssertTrue(try screen.text(row: 23).contains("Step 1 of 3"), screen.lines[23])

        // Typing goes on where it stopped.
        try app.typeText("!")
        try app.waitForScreen(containing: "Name: Grace!")
        try app.press(.enter)
        try app.waitForScreen(containing: "Hello, Grace!!")
    }

    func testControlCThenNoOnTheThemeMenuKeepsTheSelection() throws {
        let app = try launchWizard()
        try typeName("Ada", app)
        try app.press(.enter)
        try app.waitForScreen(containing: "Choose a theme")
        try app.press(.down, times: 2)
        try waitForHighlight(on: "Solarized", app)
        try app.press(.character("c"), modifiers: .control)
        try app.waitForScreen(containing: "Quit setup? (y/n)")
        try app.typeText("n")
        let screen = try app.waitForScreen("the question to go") { !$0.contains("Quit setup?") }
        XCTAssertEqual(highlightedThemes(screen), ["Solarized"])
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try app.screen().text(row: 0), "All set, Ada! Theme: Solarized")
    }

    func testControlCThenYesCancelsWithStatus130AndSavesNothing() throws {
        let app = try launchWizard()
        try typeName("Ada", app)
        try app.press(.character("c"), modifiers: .control)
        try app.waitForScreen(containing: "Quit setup? (y/n)")
        try app.typeText("y")
        XCTAssertEqual(try app.waitForExit(), .exited(130))
        let screen = try app.screen()
        XCTAssertFalse(screen.isAlternateScreenActive)
        XCTAssertEqual(try screen.text(row: 0), "Setup cancelled.")
        XCTAssertFalse(screen.contains("Ada"), screen.text)
        XCTAssertFalse(FileManager.default.fileExists(atPath: profilePath(app)), "a cancelled setup must not save a profile")

        // Nothing was remembered: the next launch starts the wizard again.
        try app.launch()
        let again = try app.waitForScreen(containing: "Name:")
        XCTAssertTrue(again.isAlternateScreenActive)
        XCTAssertFalse(again.contains("Ada"), again.text)
    }

    func testWizardLeavesNormalCursorModeSoPressSendsCSIArrowsAndSS3ArrowsWorkToo() throws {
        let app = try launchWizard()
        try typeName("Ada", app)
        try app.press(.enter)
        let screen = try app.waitForScreen(containing: "Choose a theme")
        // The wizard does not switch on DECCKM, so press(.down) sends CSI B here ...
        XCTAssertFalse(screen.modes.applicationCursorKeys)
        try app.press(.down)
        try waitForHighlight(on: "Dark", app)
        // ... and a terminal left in application cursor mode by an earlier program sends SS3 B.
        try app.write([0x1B, UInt8(ascii: "O"), UInt8(ascii: "B")])
        try waitForHighlight(on: "Solarized", app)
        try app.write([0x1B, UInt8(ascii: "O"), UInt8(ascii: "A")])
        try waitForHighlight(on: "Dark", app)
    }

    private func runningPid(_ app: AppLauncher) -> Int32? {
        if case let .running(pid) = app.state { return pid }
        return nil
    }
}

/// The wizard with text and screens that are not plain ASCII on an empty terminal: names with
/// accents and wide (CJK) characters, and output already on the primary screen that must survive
/// the wizard's alternate screen and a resize in the middle of it.
final class TerminalWizardTextE2ETests: XCTestCase {
    private func launch(_ executable: Executable, _ arguments: [String] = []) throws -> AppLauncher {
        let app = try launchApp(executable, arguments: arguments, terminalSize: .standard)
        app.defaultTimeout = .seconds(5)
        return app
    }

    func testAccentedNameIsEditedAndSavedAsTyped() throws {
        let app = try launch(.product("SampleApp"))
        try app.waitForScreen(containing: "Name:")
        try app.typeText("Zoëx")
        try app.waitForScreen(containing: "Name: Zoëx")
        try app.press(.backspace)
        let screen = try app.waitForScreen("the x to be erased") { $0.contains("Name: Zoë") && !$0.contains("Zoëx") }
        let field = try XCTUnwrap(screen.find("Name: Zoë").first)
        XCTAssertEqual(screen.cursor, ScreenPosition(row: field.row, column: field.column + 9))
        try app.press(.enter)
        try app.waitForScreen(containing: "Hello, Zoë!")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try app.screen().text(row: 0), "All set, Zoë! Theme: Light")
    }

    func testCursorFollowsANameOfWideCharacters() throws {
        let app = try launch(.product("SampleApp"))
        try app.waitForScreen(containing: "Name:")
        try app.typeText("日本")
        let screen = try app.waitForScreen(containing: "Name: 日本")
        let field = try XCTUnwrap(screen.find("Name: 日本").first)
        XCTAssertEqual(try screen.cell(row: field.row, column: field.column + 6).width, 2, "日 takes two columns")
        // "Name: " is 6 columns and each of the two characters 2 more: the cursor goes after them.
        XCTAssertEqual(screen.cursor, ScreenPosition(row: field.row, column: field.column + 10),
                       "the cursor must follow the name, not land inside it:\n\(screen.text)")
    }

    func testPrimaryScreenOutputSurvivesTheWizardAndAResizeInIt() throws {
        let app = try launch(.name("sh"), ["-c", #"echo "printed before"; exec "$0""#, try buildFolder() + "/SampleApp"])
        try app.waitForScreen(containing: "Name:")
        try app.resize(to: TerminalSize(rows: 30, columns: 100))
        try app.waitForScreen("the redraw at 100x30") { try $0.text(row: 29).hasSuffix("100x30") }
        try app.typeText("Ada")
        try app.press(.enter)
        try app.waitForScreen(containing: "Choose a theme")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.screen()
        XCTAssertFalse(screen.isAlternateScreenActive)
        XCTAssertEqual(screen.rows, 30)
        XCTAssertEqual(Array(screen.lines.prefix(3)), ["printed before", "All set, Ada! Theme: Light", ""], screen.text)
    }
}
