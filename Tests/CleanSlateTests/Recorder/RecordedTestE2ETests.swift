import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `cleanslate record` end to end: SampleApp's wizard (with a corrected typo), its line
/// onboarding, nano (edit with a corrected typo, save, exit) and dialog's checklist are driven
/// through the launcher, their session recordings turned into tests with
/// `record --from`, and those tests compiled and run in a fresh package that depends on CleanSlate.
/// They pass; then, against a SampleApp whose menu calls Solarized "Sunny", the wizard's test
/// fails at its menu step, naming it and the rows it found, while the onboarding's still passes.
///
/// Slow (it builds CleanSlate again): the package and its build live in `.build/recorder-fixture`
/// of this clone, so a second run rebuilds only what changed.
final class RecordedTestE2ETests: XCTestCase {
    /// This clone's root folder (the package the fixture depends on).
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testRecordedTestsCompilePassAndFailAtTheStepThatChanged() throws {
        let swift = try requireSwift()
        let folder = try sandboxForTest().temporaryDirectory
        let wizardCast = folder + "/wizard.cast", onboardingCast = folder + "/onboarding.cast"
        try recordWizard().write(toFile: wizardCast, atomically: true, encoding: .utf8)
        try recordOnboarding().write(toFile: onboardingCast, atomically: true, encoding: .utf8)
        let nanoCast = folder + "/nano.cast", dialogCast = folder + "/dialog.cast"
        let hasNano = FileManager.default.isExecutableFile(atPath: "/usr/bin/nano")
        let hasDialog = FileManager.default.isExecutableFile(atPath: "/usr/bin/dialog")
        if !hasNano && externalRequirementsEnforced { throw MissingProgram(path: "/usr/bin/nano") }
        if !hasDialog && externalRequirementsEnforced { throw MissingProgram(path: "/usr/bin/dialog") }
        if hasNano { try recordNano().write(toFile: nanoCast, atomically: true, encoding: .utf8) }
        if hasDialog { try recordDialog().write(toFile: dialogCast, atomically: true, encoding: .utf8) }

        let fixture = Self.packageRoot + "/.build/recorder-fixture"
        let package = fixture + "/package", scratch = fixture + "/build", temporary = fixture + "/tmp"
        try writeFixture(["Package.swift": RecordedTestFixturePackage.manifest(cleanSlateRoot: Self.packageRoot)], at: package)
        try FileManager.default.createDirectory(atPath: package + "/Tests/RecordedTests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let wizardTest = package + "/Tests/RecordedTests/WizardRecordedTests.swift"
        try writeTest(from: wizardCast, ["--name", "WizardRecordedTests", "--output", wizardTest])
        try writeTest(from: onboardingCast, ["--xctest", "--name", "OnboardingRecordedTests", "--output",
                                             package + "/Tests/RecordedTests/OnboardingRecordedTests.swift"])
        let nanoTest = package + "/Tests/RecordedTests/NanoRecordedTests.swift"
        try? FileManager.default.removeItem(atPath: nanoTest)
        if hasNano {
            try writeTest(from: nanoCast, ["--xctest", "--name", "NanoRecordedTests", "--output", nanoTest, "--", "nano", "notes.txt"])
            let nano = try String(contentsOfFile: nanoTest, encoding: .utf8)
            for step in [#"try app.typeText("Hello")"#, #"try app.keyHints["Write Out"].press()"#,
                         #"try app.waitForScreen(containing: "File Name to Write"#, "try app.press(.enter)",
                         #"try app.keyHints["Exit"].press()"#] {
                XCTAssertTrue(nano.contains(step), "nano's test lacks \(step):\n\(nano)")
            }
        }
        let dialogTest = package + "/Tests/RecordedTests/DialogRecordedTests.swift"
        try? FileManager.default.removeItem(atPath: dialogTest)
        if hasDialog {
            try writeTest(from: dialogCast, ["--xctest", "--name", "DialogRecordedTests", "--output", dialogTest, "--", "sh", "-c", Self.checklist])
            let dialog = try String(contentsOfFile: dialogTest, encoding: .utf8)
            XCTAssertTrue(dialog.contains(#"try app.checkBoxes["Olives"].toggle()"#), "dialog's test toggles the row by what it says (its tag is olives):\n\(dialog)")
        }
        let xctestCount = 1 + (hasNano ? 1 : 0) + (hasDialog ? 1 : 0)
        let wizard = try String(contentsOfFile: wizardTest, encoding: .utf8)
        for step in [#"let app = try await launchApp(.product("SampleApp"), terminalSize: .standard)"#,
                     #"try await app.textFields["Name"].typeText("Ada")"#, #"try await app.menuItems["Solarized"].select()"#,
                     #"try await app.keyHints["confirm"].press()"#, "#expect(try await app.waitForExit() == .exited(0))"] {
            XCTAssertTrue(wizard.contains(step), "the wizard's test lacks \(step):\n\(wizard)")
        }
        XCTAssertFalse(wizard.contains("sleep("), wizard)
        let options = ["--package-path", package, "--scratch-path", scratch]

        let passing = try runTool(swift, ["test"] + options, temporary: temporary)
        XCTAssertEqual(passing.status, .exited(0), passing.output)
        XCTAssertTrue(passing.output.contains("Executed \(xctestCount) test\(xctestCount == 1 ? "" : "s"), with 0 failures"),
                      "the onboarding's (and nano's) XCTest passes\n\(passing.output)")
        XCTAssertTrue(passing.output.contains("Test run with 1 test in 1 suite passed"), "the wizard's Swift Testing test passes\n\(passing.output)")

        // The same tests against a changed app: SampleApp launched with its menu entry renamed.
        let binary = try runTool(swift, ["build", "--show-bin-path"] + options, temporary: temporary).output
            .trimmingCharacters(in: .whitespacesAndNewlines) + "/SampleApp"
        try FileManager.default.moveItem(atPath: binary, toPath: binary + ".unchanged")
        defer {
            try? FileManager.default.removeItem(atPath: binary)
            try? FileManager.default.moveItem(atPath: binary + ".unchanged", toPath: binary)
        }
        try "#!/bin/sh\nSAMPLEAPP_SOLARIZED_LABEL=Sunny exec \"$0.unchanged\" \"$@\"\n".write(toFile: binary, atomically: true, encoding: .utf8)
        chmod(binary, 0o755)
        let failing = try runTool(swift, ["test", "--skip-build"] + options, temporary: temporary)
        XCTAssertNotEqual(failing.status, .exited(0), failing.output)
        // The .cleanSlate trait records the step's error at the step's line, and its message names that line.
        let selectLine = try XCTUnwrap(wizard.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#"menuItems["Solarized"].select()"#) }) + 1
        XCTAssertTrue(failing.output.contains("recorded an issue at WizardRecordedTests.swift:\(selectLine):"),
                      "the failure is reported at the menu step, line \(selectLine)\n\(failing.output)")
        XCTAssertTrue(failing.output.contains(#"WizardRecordedTests.swift:\#(selectLine): cannot select menu item "Solarized": it is not in the list"#),
                      "the failure names the menu step\n\(failing.output)")
        XCTAssertTrue(failing.output.contains(#"rows seen: "Light", "Dark", "Sunny""#), "and what the menu had instead\n\(failing.output)")
        XCTAssertTrue(failing.output.contains("Test run with 1 test in 1 suite failed"), failing.output)
        XCTAssertTrue(failing.output.contains("Executed \(xctestCount) test\(xctestCount == 1 ? "" : "s"), with 0 failures"),
                      "the onboarding's (and nano's) test still passes\n\(failing.output)")
        if !hasNano || !hasDialog {
            throw XCTSkip("nano's or dialog's part was left out: /usr/bin/nano or /usr/bin/dialog is not installed (apt-get install -y nano dialog)")
        }
    }

    /// SampleApp's wizard as a person uses it: "Adx", Backspace, "a", Enter; Down twice; Enter.
    private func recordWizard() throws -> String {
        let app = try launchApp(.product("SampleApp"), terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        try goThroughTheWizard(app)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        return app.sessionRecording()
    }

    /// SampleApp's line onboarding over pipes: an empty name first (asked again), then Ada. In a
    /// sandbox of its own: in the test's, the wizard already saved a profile.
    private func recordOnboarding() throws -> String {
        let sandbox = try Sandbox()
        let app = AppLauncher(.product("SampleApp"), sandbox: sandbox)
        defer {
            app.terminate()
            try? sandbox.wipe()
        }
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.typeText("\n")
        try app.waitForOutput("Name cannot be empty.")
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        return app.sessionRecording()
    }

    /// nano as a person uses it: "Help", Backspace, "lo"; Ctrl-O, Enter at the file name; Ctrl-X.
    private func recordNano() throws -> String {
        let app = try launchApp(.name("nano"), arguments: ["notes.txt"], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        XCTAssertTrue(try app.keyHints["Write Out"].waitForExistence())
        try app.typeText("Help")
        try app.waitForScreen(containing: "Help")
        try app.press(.backspace)
        try app.typeText("lo")
        try app.waitForScreen(containing: "Hello")
        try app.press(.character("o"), modifiers: .control)
        try app.waitForScreen(containing: "File Name to Write")
        try app.press(.enter)
        try app.waitForScreen(containing: "Wrote 1 line")
        // As a person does: ^X once the bar shows "^X Exit" again (nano redraws it after the
        // message; a ^X typed before that is, rightly, written as a plain key press).
        XCTAssertTrue(try app.keyHints["Exit"].waitForExistence())
        try app.press(.character("x"), modifiers: .control)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        return app.sessionRecording()
    }

    /// dialog's checklist, its choice written to a file in HOME.
    private static let checklist = #"dialog --checklist "Toppings" 12 40 4 cheese Cheese off olives Olives off ham Ham off 2>"$HOME/choice""#

    /// dialog's checklist as a person uses it: Down to olives, Space, Enter.
    private func recordDialog() throws -> String {
        let app = try launchApp(.name("sh"), arguments: ["-c", Self.checklist], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        try app.checkBoxes["cheese"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.down)
        try app.checkBoxes["olives"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.typeText(" ")
        try app.checkBoxes["olives"].waitUntil("it is checked") { $0.isChecked == true }
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        return app.sessionRecording()
    }

    /// Runs `cleanslate record --from cast OPTIONS` in this clone's folder (so SampleApp is a
    /// product of its `.build`).
    private func writeTest(from cast: String, _ options: [String]) throws {
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--from", cast] + options)
        app.workingDirectory = Self.packageRoot
        try app.launch()
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
    }
}
