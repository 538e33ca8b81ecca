import CleanSlateScreen
import XCTest

/// `hasFocus`: the text field whose frame holds the visible cursor, as a terminal shows focus.
final class FocusRecognitionTests: XCTestCase {
    private func fields(_ input: String) -> [String: Bool] {
        let textFields = screen(input).elements.allElements.filter { $0.kind == .textField }
        return Dictionary(uniqueKeysWithValues: textFields.map { ($0.label, $0.hasFocus) })
    }

    /// Two fields filled out with underscores, then the cursor moved to row 2, column 8.
    private let form = csi("1;1H") + "User: ada_____" + csi("2;1H") + "Host: ________" + csi("2;9H")

    func testTheFieldWithTheCursorHasTheFocusAndTheOtherNot() {
        XCTAssertEqual(fields(form), ["User": false, "Host": true])
        XCTAssertEqual(fields(form + csi("1;8H")), ["User": true, "Host": false])
    }

    func testAHiddenCursorFocusesNoField() {
        XCTAssertEqual(fields(form + csi("?25l")), ["User": false, "Host": false])
    }

    func testOnlyTextFieldsHaveTheFocus() {
        // The cursor on a button: it is highlighted or not, never focused.
        let tree = screen(csi("1;1H") + "< OK >  <Cancel>" + csi("1;3H")).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.count, 2, tree.debugDescription)
        XCTAssertFalse(tree.allElements.contains { $0.hasFocus }, tree.debugDescription)
    }

    func testRealProgramsFieldsWithTheCursorAreFocused() throws {
        for (name, label) in [("dialog-inputbox.bin", "Your name"), ("whiptail-inputbox.bin", "Your name"),
                              ("nano-write-out.bin", "File Name to Write"), ("sampleapp-name.bin", "Name")] {
            XCTAssertTrue(try element(.textField, label, in: fixtureScreen(name).elements).hasFocus, name)
        }
        // dialog --form starts in its first field.
        let form = try fixtureScreen("dialog-form.bin").elements
        XCTAssertEqual(try [element(.textField, "User", in: form).hasFocus, element(.textField, "Host", in: form).hasFocus], [true, false])
    }
}
