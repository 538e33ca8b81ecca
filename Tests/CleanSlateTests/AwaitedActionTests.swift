import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// dialog driven by the awaited forms of the element actions: select() scrolling to a row out of
/// view, toggle(), typeText() into a field and select() of a field, click(). Each waits, presses
/// and writes as its blocking form does (RealProgramElementDialogTests), suspending instead.
final class AwaitedActionTests: XCTestCase {
    func testAwaitedSelectScrollsToARowOutOfViewAndClickAnswers() async throws {
        let app = try launchAnswering("dialog",
            #"--menu "Pick a letter" 10 40 3 alpha A bravo B charlie C delta D echo E foxtrot F golf G hotel H"#,
            into: "scroll", size: .standard)
        let shown = try await app.menuItems["alpha"].waitForExistence()
        XCTAssertTrue(shown)
        try await app.menuItems["golf"].select()
        try await clickOK(app, thenAnswerIs: "golf", in: "scroll")
    }

    func testAwaitedToggleTicksAndUnticksBoxesByName() async throws {
        let app = try launchAnswering("dialog", #"--checklist "Toppings" 12 40 3 cheese Cheese off ham Ham on olives Olives off"#,
                                      into: "check", size: .standard)
        try await app.checkBoxes["olives"].toggle()
        try await app.checkBoxes["ham"].toggle()
        try await clickOK(app, thenAnswerIs: "olives", in: "check")
    }

    func testAwaitedTypeTextAndSelectFillAForm() async throws {
        let app = try launchAnswering("dialog",
            #"--form "Account" 12 50 2 "User:" 1 1 "" 1 10 20 0 "Host:" 2 1 "" 2 10 20 0"#, into: "form", size: .standard)
        try await app.textFields["User"].typeText("ada")
        try await app.textFields["Host"].select()
        try await app.textFields["Host"].typeText("example.org")
        try await clickOK(app, thenAnswerIs: "ada\nexample.org\n", in: "form")
    }

    /// SampleApp's wizard, as WizardElementE2ETests drives it, with the awaited forms.
    func testAwaitedActionsDriveTheWizard() async throws {
        let app = try await launchApp(.product("SampleApp"), terminalSize: .standard)
        app.defaultTimeout = .seconds(5)
        try await app.textFields["Name"].typeText("Ada")
        try await app.textFields["Name"].waitUntil("it shows Ada") { $0.value == .text("Ada") }
        try await app.keyHints["confirm"].press()
        try await app.menuItems["Solarized"].select()
        XCTAssertEqual(try app.menuItems["Light"].isHighlighted, false)
        try await app.keyHints["confirm"].press()
        let status = try await app.waitForExit()
        XCTAssertEqual(status, .exited(0))
    }

    /// Clicks dialog's OK button (awaited) and checks that dialog ends with status 0 and wrote `answer`.
    private func clickOK(_ app: AppLauncher, thenAnswerIs answer: String, in answerFile: String) async throws {
        try await app.buttons["OK"].click()
        let status = try await app.waitForExit()
        XCTAssertEqual(status, .exited(0))
        XCTAssertEqual(try homeFile(answerFile, of: app), answer)
    }
}
