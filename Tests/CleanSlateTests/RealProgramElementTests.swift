import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// The two sizes every element-driven real-program test runs at: nothing in them names a
/// position, so the same steps must work on both.
let elementTestSizes: [TerminalSize] = [.standard, try! TerminalSize(rows: 40, columns: 100)]

extension XCTestCase {
    /// Runs `body` once per size in ``elementTestSizes`` (with the size written as `40x100`),
    /// naming the size in the errors it throws.
    func atEachSize(_ body: (TerminalSize, String) throws -> Void) throws {
        for size in elementTestSizes {
            let name = "\(size.rows)x\(size.columns)"
            do { try body(size, name) } catch let error as XCTSkip { throw error } catch {
                throw AtSize(size: name, error: error)
            }
        }
    }

    /// `program` run by `sh` on a terminal of `size`, its standard error (where dialog and
    /// whiptail write the answer) sent to `answerFile` in the sandbox home.
    func launchAnswering(_ program: String, _ arguments: String, into answerFile: String, size: TerminalSize) throws -> AppLauncher {
        try requireProgram("/usr/bin/" + program)
        return try launchOnTerminal(.name("sh"), ["-c", "\(program) \(arguments) 2>\"$HOME/\(answerFile)\""], size: size)
    }
}

/// An error thrown at one of the sizes.
struct AtSize: Error, CustomStringConvertible {
    let size: String
    let error: any Error
    var description: String { "at \(size): \(error)" }
}

/// dialog (ncurses) driven by element queries alone: rows chosen by name, boxes ticked by name,
/// buttons clicked with the mouse dialog turns on, text typed into its fields; the answer dialog
/// prints is the one chosen.
final class RealProgramElementDialogTests: XCTestCase {
    /// Clicks dialog's OK button and checks that dialog ends with status 0 and writes `answer`.
    private func clickOK(_ app: AppLauncher, thenAnswerIs answer: String, in answerFile: String,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        try app.buttons["OK"].click()
        XCTAssertEqual(try app.waitForExit(), .exited(0), file: file, line: line)
        XCTAssertEqual(try homeFile(answerFile, of: app), answer, file: file, line: line)
    }

    func testMenuRowChosenByNameIsTheAnswer() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog", #"--menu "Pick a fruit" 12 40 4 apple Apple banana Banana cherry Cherry date Date"#,
                                          into: "menu-\(name)", size: size)
            try app.menuItems["cherry"].select()
            XCTAssertTrue(try app.menuItems["cherry"].isHighlighted)
            try clickOK(app, thenAnswerIs: "cherry", in: "menu-\(name)")
        }
    }

    func testMenuRowChosenByItsTextAnswersItsTag() throws {
        // A person names the row by what it says; dialog answers with its tag.
        try atEachSize { size, name in
            let app = try launchAnswering("dialog", #"--menu "Pick a fruit" 12 40 3 a Apple b Banana c Cherry"#,
                                          into: "text-\(name)", size: size)
            try app.menuItems["Cherry"].select()
            XCTAssertTrue(try app.menuItems["c"].isHighlighted, "the tag names the same row")
            try clickOK(app, thenAnswerIs: "c", in: "text-\(name)")
        }
    }

    func testMenuDrawnInASCIIRowChosenByNameIsTheAnswer() throws {
        // --ascii-lines: the window, its list and its buttons are boxes of `+ - |`.
        try atEachSize { size, name in
            let app = try launchAnswering("dialog",
                #"--ascii-lines --title Fruit --menu "Pick a fruit" 12 40 4 apple Apple banana Banana cherry Cherry date Date"#,
                into: "ascii-\(name)", size: size)
            XCTAssertTrue(try app.windows["Fruit"].menuItems["apple"].waitForExistence())
            try app.windows["Fruit"].menuItems["cherry"].select()
            XCTAssertTrue(try app.menuItems["cherry"].isHighlighted)
            try app.windows["Fruit"].buttons["OK"].click()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("ascii-\(name)", of: app), "cherry")
        }
    }

    func testMenuRowScrolledOutOfViewIsFoundByScrolling() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog",
                #"--menu "Pick a letter" 10 40 3 alpha A bravo B charlie C delta D echo E foxtrot F golf G hotel H"#,
                into: "scroll-\(name)", size: size)
            XCTAssertTrue(try app.menuItems["alpha"].waitForExistence())
            XCTAssertFalse(app.menuItems["golf"].exists, "golf starts below the visible rows")
            try app.menuItems["golf"].select()
            try clickOK(app, thenAnswerIs: "golf", in: "scroll-\(name)")
        }
    }

    func testSelectingARowThatIsNotInTheListFailsWithTheRowsItSaw() throws {
        let app = try launchAnswering("dialog", #"--menu "Pick a fruit" 12 40 4 apple Apple banana Banana cherry Cherry date Date"#,
                                      into: "none", size: .standard)
        XCTAssertThrowsError(try app.menuItems["mango"].select()) { error in
            let error = error as? CleanSlateError
            XCTAssertEqual(error?.code, .actionUnavailable)
            let message = error?.message ?? ""
            XCTAssertTrue(message.hasPrefix(#"cannot select menu item "mango": it is not in the list"#), message)
            // Each row by its text, its tag after it.
            XCTAssertTrue(message.contains(#"rows seen: "Apple" ("apple"), "Banana" ("banana"), "Cherry" ("cherry"), "Date" ("date")"#), message)
        }
    }

    func testChecklistBoxesToggledByName() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog", #"--checklist "Toppings" 12 40 3 cheese Cheese off ham Ham on olives Olives off"#,
                                          into: "check-\(name)", size: size)
            try app.checkBoxes["olives"].toggle()
            try app.checkBoxes["ham"].toggle()
            XCTAssertEqual(try app.checkBoxes["olives"].isChecked, true)
            XCTAssertEqual(try app.checkBoxes["ham"].isChecked, false)
            XCTAssertEqual(try app.checkBoxes["cheese"].isChecked, false)
            try clickOK(app, thenAnswerIs: "olives", in: "check-\(name)")
        }
    }

    func testRadiolistChoiceByName() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog", #"--radiolist "Theme" 12 40 3 light Light on dark Dark off solar Solarized off"#,
                                          into: "radio-\(name)", size: size)
            XCTAssertEqual(try app.radioButtons["light"].waitForExistence(), true)
            try app.radioButtons["solar"].toggle()
            XCTAssertEqual(try app.radioButtons["solar"].isChecked, true)
            XCTAssertEqual(try app.radioButtons["light"].isChecked, false)
            try clickOK(app, thenAnswerIs: "solar", in: "radio-\(name)")
        }
    }

    func testYesNoAnsweredByClickingTheButtons() throws {
        try atEachSize { size, _ in
            try requireProgram("/usr/bin/dialog")
            let no = try launchOnTerminal("/usr/bin/dialog", ["--yesno", "Proceed?", "7", "30"], size: size)
            try no.buttons["No"].click()
            XCTAssertEqual(try no.waitForExit(), .exited(1))
            let yes = try launchOnTerminal("/usr/bin/dialog", ["--defaultno", "--yesno", "Proceed?", "7", "30"], size: size)
            try yes.buttons["No"].waitUntil("it is highlighted (--defaultno: Enter would answer No)") { $0.isHighlighted }
            try yes.buttons["Yes"].click()
            XCTAssertEqual(try yes.waitForExit(), .exited(0))
        }
    }

    func testInputboxTextTypedIntoItsField() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog", #"--inputbox "Your name?" 8 40"#, into: "input-\(name)", size: size)
            try app.textFields.element.typeText("Ada Lovelace")
            try app.textFields.element.waitUntil("it shows the name") { $0.value == .text("Ada Lovelace") }
            try clickOK(app, thenAnswerIs: "Ada Lovelace", in: "input-\(name)")
        }
    }

    /// Fills dialog's two empty form fields `User:` and `Host:` by label, in a box of `geometry`
    /// (`height width formHeight`), at each size.
    private func fillAccountForm(geometry: String, answerFile: String) throws {
        try atEachSize { size, name in
            let app = try launchAnswering("dialog",
                #"--form "Account" "# + geometry + #" "User:" 1 1 "" 1 10 20 0 "Host:" 2 1 "" 2 10 20 0"#,
                into: "\(answerFile)-\(name)", size: size)
            try app.textFields["User"].typeText("ada")
            try app.textFields["Host"].select()
            try app.textFields["Host"].typeText("example.org")
            try clickOK(app, thenAnswerIs: "ada\nexample.org\n", in: "\(answerFile)-\(name)")
        }
    }

    func testFormSizedToItsEmptyFieldsFilledByLabel() throws {
        // `0 0 0`: dialog sizes the box to the fields, which then fill most of it.
        try fillAccountForm(geometry: "0 0 0", answerFile: "auto")
    }

    func testFormWithTwoFieldsFilledByLabel() throws {
        try fillAccountForm(geometry: "12 50 2", answerFile: "form")
    }
}

extension RealProgramElementDialogTests {
    func testTypingIntoAFieldThatIsNotFocusedIsAnError() throws {
        let app = try launchAnswering("dialog", #"--form "Account" 12 50 2 "User:" 1 1 "" 1 10 20 0 "Host:" 2 1 "" 2 10 20 0"#,
                                      into: "unfocused", size: .standard)
        XCTAssertThrowsError(try app.textFields["Host"].typeText("example.org")) { error in
            let error = error as? CleanSlateError
            XCTAssertEqual(error?.code, .actionUnavailable)
            let message = error?.message ?? ""
            XCTAssertTrue(message.hasPrefix(#"cannot type into text field "Host" at "#), message)
            XCTAssertTrue(message.contains("it is not focused, the cursor is at"), message)
        }
        try app.textFields["User"].typeText("ada")
        try app.textFields["User"].waitUntil("it shows what was typed") { $0.value == .text("ada") }
        XCTAssertEqual(try app.textFields["Host"].value, .text(""), "nothing reached the field that was not focused")
    }
}

/// whiptail (newt) driven by element queries: newt turns no mouse on, so buttons are chosen with
/// select() and Enter.
final class RealProgramElementWhiptailTests: XCTestCase {
    func testMenuRowChosenByName() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("whiptail", #"--menu "Pick a fruit" 15 40 3 apple Apple banana Banana cherry Cherry"#,
                                          into: "menu-\(name)", size: size)
            try app.menuItems["cherry"].select()
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("menu-\(name)", of: app), "cherry")
        }
    }

    func testChecklistBoxesToggledByName() throws {
        try atEachSize { size, name in
            let app = try launchAnswering("whiptail", #"--checklist "Toppings" 15 40 3 cheese Cheese OFF ham Ham OFF olives Olives OFF"#,
                                          into: "check-\(name)", size: size)
            try app.checkBoxes["olives"].toggle()
            try app.checkBoxes["cheese"].toggle()
            XCTAssertEqual(try app.checkBoxes["ham"].isChecked, false)
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertEqual(try homeFile("check-\(name)", of: app), #""cheese" "olives""#)
        }
    }

    func testYesNoAnsweredNoBySelectingTheButton() throws {
        try atEachSize { size, _ in
            let app = try launchOnTerminal("/usr/bin/whiptail", ["--yesno", "Delete everything?", "8", "40"], size: size)
            try app.buttons["No"].select()
            XCTAssertEqual(try app.buttons["Yes"].isHighlighted, false)
            try app.press(.enter)
            XCTAssertEqual(try app.waitForExit(), .exited(1))
        }
    }
}
