@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `cleanslate record --from FILE`: the test written from a recording, one kind of input per test,
/// on recordings written by hand (the element each one acts on drawn as real apps draw it).
final class RecordFromCastTests: XCTestCase {
    /// The test `cleanslate record --from` writes for `cast` (on standard output), after checking
    /// it exited 0.
    private func written(_ cast: SyntheticCast, _ options: [String] = []) throws -> String {
        let file = try sandboxForTest().temporaryDirectory + "/session.cast"
        try cast.text.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, app) = try runCleanslate(["record", "--from", file] + options)
        XCTAssertEqual(status, .exited(0), app.standardError)
        return app.standardOutput
    }

    /// The statements between the launch and the end, trimmed, blank lines and comments left out,
    /// as XCTest's synchronous test writes them (Swift Testing's awaits each: see
    /// ``testTheSwiftTestingTestAwaitsEveryStepAndTheExit()``).
    private func steps(_ source: String) -> [String] {
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "try await app.", with: "try app.") }
        guard let launch = lines.firstIndex(where: { $0.hasPrefix("let app = ") }),
              let end = lines.firstIndex(where: { $0.contains("waitForExit()") }) else { return [] }
        return lines[(launch + 1)..<end].filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }

    /// A session recording keeps the whole command (asciicast's `command`), and the test written
    /// from it launches the program with its arguments (issue 25: it launched `sh` without any).
    func testATestWrittenFromALaunchersRecordingLaunchesTheWholeCommand() throws {
        let arguments = ["-c", "printf 'it\\047s done\\n'; exit 3", "two words", "", "quote'd \"double\" $HOME"]
        let app = try launchApp(.name("sh"), arguments: arguments)
        XCTAssertEqual(try app.waitForExit(), .exited(3))
        XCTAssertEqual(app.standardOutput, "it's done\n")
        let file = try sandboxForTest().temporaryDirectory + "/session.cast"
        try app.sessionRecording().write(toFile: file, atomically: true, encoding: .utf8)
        let (status, record) = try runCleanslate(["record", "--from", file, "--exit-status", "3"])
        XCTAssertEqual(status, .exited(0), record.standardError)
        let launch = #"let app = try await launchApp(.name("sh"), arguments: ["-c", "printf 'it\\047s done\\n'; exit 3", "two words", "", "quote'd \"double\" $HOME"])"#
        XCTAssertTrue(record.standardOutput.contains(launch), record.standardOutput)
        XCTAssertFalse(record.standardError.contains("warning"), record.standardError)
    }

    /// A recording that names only its program (another recorder's, or an older CleanSlate's) is
    /// written with a warning saying the arguments may be missing.
    func testARecordingWithoutItsCommandIsWrittenWithAWarning() throws {
        var cast = SyntheticCast()
        cast.title = "nano"
        cast.output("GNU nano")
        let file = try sandboxForTest().temporaryDirectory + "/session.cast"
        try cast.text.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, record) = try runCleanslate(["record", "--from", file])
        XCTAssertEqual(status, .exited(0), record.standardError)
        XCTAssertTrue(record.standardOutput.contains(#"let app = try await launchApp(.name("nano"), terminalSize: try TerminalSize(rows: 12, columns: 40))"#), record.standardOutput)
        XCTAssertTrue(record.standardError.contains("names its program (nano) but not its arguments"), record.standardError)
    }

    /// `toggle()` and a text field's `typeText` wait for their own effect: the written test does
    /// not wait for the mark or the typed text again before the next key (issue 25).
    func testNoStepWaitsAgainForWhatTheToggleOrTheTypingBeforeItAlreadyWaitedFor() throws {
        var cast = SyntheticCast()
        func checklist(olives: Bool) -> String {
            "\u{1B}[H\u{1B}[2J\u{1B}[2;3HToppings\u{1B}[4;3H\u{1B}[7m[\(olives ? "X" : " ")] olives\u{1B}[0m\u{1B}[5;3H[ ] onions"
        }
        cast.output(checklist(olives: false))
        cast.input(" ")
        cast.output(checklist(olives: true))
        cast.input("\r")
        cast.output("\u{1B}[H\u{1B}[2J\u{1B}[2;3HWelcome\u{1B}[4;3HName: ")
        for (key, shown) in zip(["A", "d", "a"], ["A", "Ad", "Ada"]) {
            cast.input(key)
            cast.output("\u{1B}[4;9H\u{1B}[K" + shown)
        }
        cast.input("\r")
        cast.output("\u{1B}[H\u{1B}[2J\u{1B}[2;3HHello, Ada")
        XCTAssertEqual(steps(try written(cast)), [
            #"try app.checkBoxes["olives"].toggle()"#,
            "try app.press(.enter)",
            #"try app.textFields["Name"].typeText("Ada")"#,
            "try app.press(.enter)",
        ])
    }

    func testShellWordsReadBackTheWordsTheyWrite() {
        let words = ["sh", "-c", "echo 'hi' \"there\" $HOME `id`", "", "a b", "tab\there", "new\nline", "back\\slash", "plain-_./:=@%+,"]
        XCTAssertEqual(ShellWords.words(ShellWords.line(words)), words)
        XCTAssertEqual(ShellWords.line(["sh", "-c", "it's"]), #"sh -c 'it'\''s'"#)
        XCTAssertEqual(ShellWords.words(#"bash -c "echo \"x\" \$y \z" a\ b  'c d'"#), ["bash", "-c", #"echo "x" $y \z"#, "a b", "c d"])
        XCTAssertNil(ShellWords.words("sh -c 'unclosed"))
    }

    func testArrowsThatEndOnAMenuItemBecomeItsSelection() throws {
        var cast = SyntheticCast()
        cast.output(SyntheticCast.themeMenu(highlighted: 0))
        cast.input("\u{1B}[B")
        cast.output(SyntheticCast.themeMenu(highlighted: 1))
        cast.input("\u{1B}[B")
        cast.output(SyntheticCast.themeMenu(highlighted: 2))
        cast.input("\r")
        cast.output("\u{1B}[2J\u{1B}[HDone")
        XCTAssertEqual(steps(try written(cast)), [
            #"try app.menuItems["Solarized"].select()"#,
            "try app.press(.enter)",
        ])
    }

    func testTypingWithBackspaceCorrectionsBecomesTheFieldsFinalText() throws {
        var cast = SyntheticCast()
        cast.output("\u{1B}[H\u{1B}[2J\u{1B}[2;3HWelcome\u{1B}[4;3HName: ")
        for (key, shown) in zip(["A", "d", "x", "\u{7F}", "a"], ["A", "Ad", "Adx", "Ad", "Ada"]) {
            cast.input(key)
            cast.output("\u{1B}[4;9H\u{1B}[K" + shown)
        }
        XCTAssertEqual(steps(try written(cast)), [#"try app.textFields["Name"].typeText("Ada")"#])
    }

    func testAClickOnAButtonBecomesItsClick() throws {
        var cast = SyntheticCast()
        cast.output("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[H\u{1B}[2J\u{1B}[2;3HSave changes?\u{1B}[4;5H< OK >   <Cancel>")
        cast.input("\u{1B}[<0;7;4M")  // SGR press at column 7, row 4 (one-based): inside "< OK >"
        cast.input("\u{1B}[<0;7;4m")
        cast.output("\u{1B}[2J\u{1B}[Hsaved")
        XCTAssertEqual(steps(try written(cast)), [#"try app.buttons["OK"].click()"#])
    }

    /// An element is named only when its label finds it alone on that screen: a click on one of two
    /// buttons labelled OK, or arrows onto one of two rows labelled Dark, is written the plain way
    /// (a wait, then the click at its position or the presses), never as a query that would match both.
    func testAnElementWhoseLabelIsNotUniqueOnItsScreenIsNotNamed() throws {
        var buttons = SyntheticCast()
        buttons.output("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[H\u{1B}[2J\u{1B}[2;3HSave changes?\u{1B}[4;5H< OK >   < OK >")
        buttons.input("\u{1B}[<0;7;4M")  // SGR press at column 7, row 4 (one-based): inside the first "< OK >"
        buttons.input("\u{1B}[<0;7;4m")
        buttons.output("\u{1B}[2J\u{1B}[Hsaved")
        let clicked = steps(try written(buttons))
        XCTAssertEqual(clicked.last, "try app.click(row: 3, column: 6)", "\(clicked)")
        XCTAssertFalse(clicked.contains { $0.contains("buttons[") }, "\(clicked)")

        var menu = SyntheticCast()
        func twoDarks(highlighted: Int) -> String {
            var screen = "\u{1B}[H\u{1B}[2J\u{1B}[2;3HChoose a theme"
            for (index, theme) in ["Light", "Dark", "Dark"].enumerated() {
                let padded = theme.padding(toLength: 11, withPad: " ", startingAt: 0)
                screen += "\u{1B}[\(4 + index);3H" + (index == highlighted ? "\u{1B}[7m> \(padded)\u{1B}[0m" : "  \(padded)")
            }
            return screen
        }
        menu.output(twoDarks(highlighted: 0))
        menu.input("\u{1B}[B")
        menu.output(twoDarks(highlighted: 1))
        menu.input("\r")
        menu.output("\u{1B}[2J\u{1B}[HDone")
        let selected = steps(try written(menu))
        XCTAssertTrue(selected.contains("try app.press(.down)"), "\(selected)")
        XCTAssertFalse(selected.contains { $0.contains("menuItems[") }, "\(selected)")
    }

    func testAKeyAHintNamesBecomesTheHintsPress() throws {
        var cast = SyntheticCast()
        cast.output("\u{1B}[H\u{1B}[2J\u{1B}[1;3HGNU nano 7.2\u{1B}[11;1H\u{1B}[7m^G\u{1B}[0m Help  \u{1B}[7m^X\u{1B}[0m Exit  "
            + "\u{1B}[7m^O\u{1B}[0m Write Out\u{1B}[3;1H")
        cast.input("\u{18}")  // Ctrl-X
        XCTAssertEqual(steps(try written(cast)), [#"try app.keyHints["Exit"].press()"#])
    }

    func testOtherInputWaitsForTheNewTextThenTypesAndPresses() throws {
        var cast = SyntheticCast()
        cast.output("Ready.\r\nContinue? ")
        cast.input("y")
        cast.output("y")
        cast.input("\u{1B}[A")  // no menu on the screen: a plain press
        cast.input("\r")
        cast.output("\r\nbye\r\n")
        XCTAssertEqual(steps(try written(cast)), [
            #"try app.waitForScreen(containing: "Continue?")"#,
            #"try app.typeText("y")"#,
            "try app.press(.up)",
            "try app.press(.enter)",
        ])
    }

    func testAControlKeyWithoutAHintIsPressedWithItsModifier() throws {
        var cast = SyntheticCast()
        cast.output("$ sleep 100")
        cast.input("\u{03}")
        XCTAssertEqual(steps(try written(cast)), [
            #"try app.waitForScreen(containing: "$ sleep 100")"#,
            #"try app.press(.character("c"), modifiers: .control)"#,
        ])
    }

    func testAPipeSessionWaitsForEachPromptThenTypesTheLine() throws {
        var cast = SyntheticCast()
        cast.pipe = true
        cast.output("Welcome!\r\nWhat's your name? ")
        cast.input("\n")
        cast.output("Name cannot be empty.\r\nWhat's your name? ")
        cast.input("Adx\u{7F}a\n")
        cast.output("Nice to meet you, Ada.\r\n")
        let source = try written(cast)
        XCTAssertEqual(steps(source), [
            #"try app.waitForOutput("What's your name?")"#,
            #"try app.typeText("\n")"#,
            // The prompt was printed before: the line above it makes the wait this time's.
            #"try app.waitForOutput("Name cannot be empty.\nWhat's your name?")"#,
            #"try app.typeText("Ada\n")"#,
        ])
        XCTAssertTrue(source.contains(#"let app = try await launchApp(.name("demo"))"#), source)
    }

    /// The Swift Testing test is `async` and awaits each step and the exit (the awaited forms hold
    /// no thread while they wait); the XCTest one calls the blocking forms.
    func testTheSwiftTestingTestAwaitsEveryStepAndTheExit() throws {
        var cast = SyntheticCast()
        cast.output("What's your name?")
        cast.input("Ada\r")
        cast.output("Hello, Ada")
        let source = try written(cast)
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let calls = lines.filter { $0.hasPrefix("try ") && $0.contains("app.") && !$0.hasPrefix("try launchApp") }
        XCTAssertFalse(calls.isEmpty, source)
        XCTAssertEqual(calls.filter { !$0.hasPrefix("try await app.") }, [], "every step is awaited")
        XCTAssertTrue(source.contains("#expect(try await app.waitForExit() == .exited(0))"), source)
        let xctest = try written(cast, ["--xctest"])
        XCTAssertFalse(xctest.contains("await"), xctest)
    }

    func testTheTestHasTheLaunchTheExitStatusAndTheLastScreen() throws {
        var cast = SyntheticCast()
        cast.rows = 5
        cast.columns = 30
        cast.output("\u{1B}[2J\u{1B}[Hbye now")
        let source = try written(cast, ["--exit-status", "3", "--name", "DemoTests", "--env", "LANG=C.UTF-8",
                                        "--", "./demo", "--flag"])
        XCTAssertTrue(source.contains("@Suite(.cleanSlate)\nstruct DemoTests {\n    @Test func recordedSession() async throws {\n"), source)
        XCTAssertTrue(source.contains(#"let app = try await launchApp(.path("./demo"), arguments: ["--flag"], environment: ["LANG": "C.UTF-8"], "#
            + "terminalSize: try TerminalSize(rows: 5, columns: 30))"), source)
        XCTAssertTrue(source.contains("#expect(try await app.waitForExit() == .exited(3))"), source)
        XCTAssertTrue(source.contains("        await assertScreenSnapshot(of: app, matches: #\"\"\"\n        bye now\n        \"\"\"#)"), source)
        XCTAssertFalse(source.contains("sleep("), "no sleeps in a written test")
    }

    /// A last screen painted in a colour to its bottom (dialog's blue) has rows that are blank but
    /// styled, which its plain text keeps: the snapshot stops at its last row with content, not at
    /// the screen's 12th row (the assertion checks that the rows below are blank).
    func testTheLastScreenIsSnapshotDownToItsLastRowWithContent() throws {
        var cast = SyntheticCast()
        cast.output("\u{1B}[44m\u{1B}[2J\u{1B}[2;3HSaved.\u{1B}[4;3HPress any key")
        let source = try written(cast)
        XCTAssertTrue(source.contains("        await assertScreenSnapshot(of: app, matches: #\"\"\"\n\n          Saved.\n\n          Press any key\n        \"\"\"#)"), source)
    }

    func testXCTestIsWrittenWithItsAssertions() throws {
        var cast = SyntheticCast()
        cast.output("hello")
        let source = try written(cast, ["--xctest"])
        XCTAssertTrue(source.contains("import CleanSlateXCTest\n"), source)
        XCTAssertTrue(source.contains("final class RecordedSessionTests: XCTestCase {\n    func testRecordedSession() throws {"), source)
        XCTAssertTrue(source.contains("XCTAssertEqual(try app.waitForExit(), .exited(0))"), source)
    }
}
