import CleanSlateScreen
import XCTest

/// Element queries on hand-built element trees (no recognition rules involved): subscripts by
/// label, strict mode, scoping, picks, regular expressions and predicates, and the messages that
/// show what the screen had instead.
final class ElementQueryTests: XCTestCase {
    private func element(
        _ kind: ScreenElementKind, _ label: String, _ row: Int, _ column: Int, width: Int = 6, height: Int = 1,
        highlighted: Bool = false, checked: Bool? = nil, children: [ScreenElement] = []
    ) -> ScreenElement {
        ScreenElement(kind: kind, label: label, frame: ScreenRectangle(row: row, column: column, height: height, width: width),
                      isHighlighted: highlighted, isChecked: checked, children: children)
    }

    /// Two windows, each with an OK button; Settings also has a Cancel button and two radio
    /// buttons; a key hint outside any window.
    private var twoWindows: ScreenElementTree {
        ScreenElementTree(roots: [
            element(.window, "Settings", 1, 0, width: 30, height: 8, children: [
                element(.radioButton, "Dark", 2, 2, checked: true),
                element(.radioButton, "Light", 3, 2, checked: false),
                element(.button, "OK", 6, 4, highlighted: true),
                element(.button, "Cancel", 6, 14, width: 10),
            ]),
            element(.window, "About", 10, 0, width: 30, height: 5, children: [
                element(.button, "OK", 13, 4),
            ]),
            element(.keyHint, "Quit", 23, 0),
        ])
    }

    func testASubscriptNamesTheOneElementWithThatLabel() throws {
        let cancel = twoWindows.buttons["Cancel"]
        XCTAssertTrue(cancel.exists)
        XCTAssertEqual(try cancel.frame, ScreenRectangle(row: 6, column: 14, height: 1, width: 10))
        XCTAssertEqual(try cancel.label, "Cancel")
        XCTAssertFalse(twoWindows.buttons["Save"].exists)
        XCTAssertFalse(twoWindows.staticTexts["Cancel"].exists, "the kind is part of the query")
    }

    func testLabelsCompareCaseSensitivelyWithWhiteSpaceRunsAsOneSpace() throws {
        let tree = ScreenElementTree(roots: [element(.button, " No  ", 0, 0), element(.staticText, "Hello,   world", 1, 0)])
        XCTAssertTrue(tree.buttons["No"].exists, "padding around the label is ignored")
        XCTAssertTrue(tree.buttons["  No "].exists, "and around the query")
        XCTAssertTrue(tree.staticTexts["Hello, world"].exists, "a run of spaces counts as one")
        XCTAssertFalse(tree.buttons["no"].exists, "case counts")
        XCTAssertFalse(tree.staticTexts["Hello,world"].exists, "a space is not nothing")
    }

    func testASubscriptMatchesAnIdentifierAsWellAsALabelAndStaysStrict() throws {
        // dialog's `1 2 2 Two`: the first row says "2", the second row's tag is "2".
        var first = element(.menuItem, "2", 1, 0, highlighted: true)
        first.identifier = "1"
        var second = element(.menuItem, "Two", 2, 0)
        second.identifier = "2"
        let tree = ScreenElementTree(roots: [first, second])
        XCTAssertEqual(try tree.menuItems["Two"].frame.row, 2, "by its label")
        XCTAssertEqual(try tree.menuItems["1"].frame.row, 1, "by its identifier")
        XCTAssertFalse(tree.menuItems["One"].exists)
        XCTAssertThrowsError(try tree.menuItems["2"].frame) { error in
            let queryError = error as? ElementQueryError
            XCTAssertEqual(queryError?.reason, .ambiguous)
            XCTAssertEqual(queryError?.matches.map(\.frame.row), [1, 2], "one by its label, one by its identifier")
            XCTAssertTrue(queryError?.description.hasPrefix(#"menu item "2" matches 2 elements: "2" at 1,0 (highlighted), "Two" at 2,0"#) == true,
                          queryError?.description ?? "")
        }
    }

    func testASubscriptThatMatchesTwoElementsThrowsListingBothWithTheirFrames() throws {
        let ok = twoWindows.buttons["OK"]
        XCTAssertTrue(ok.exists, "exists only asks whether there is at least one")
        XCTAssertThrowsError(try ok.frame) { error in
            let queryError = error as? ElementQueryError
            XCTAssertEqual(queryError?.reason, .ambiguous)
            XCTAssertEqual(queryError?.matches.map(\.frame.row), [6, 13])
            XCTAssertEqual(queryError?.description,
                #"button "OK" matches 2 elements: "OK" at 6,4 (highlighted), "OK" at 13,4; name one with firstMatch or element(boundBy:), or narrow the scope (windows["..."].buttons[...])"#)
        }
    }

    func testFirstMatchAndBoundByPickInReadingOrder() throws {
        let buttons = twoWindows.buttons
        XCTAssertEqual(try buttons.count, 3)
        XCTAssertEqual(try buttons["OK"].firstMatch.frame, ScreenRectangle(row: 6, column: 4, height: 1, width: 6))
        XCTAssertEqual(try buttons.element(boundBy: 1).label, "Cancel")
        XCTAssertEqual(try buttons.element(boundBy: 2).frame.row, 13)
        XCTAssertFalse(buttons.element(boundBy: 3).exists)
        XCTAssertEqual(try buttons.matching(/OK/).element(boundBy: 1).frame.row, 13)
        XCTAssertEqual(try buttons.element(boundBy: 2).descendants(matching: .button).count, 0)
    }

    func testAScopeFindsOnlyTheDescendantsOfItsElements() throws {
        let settings = twoWindows.windows["Settings"]
        XCTAssertEqual(try settings.buttons["OK"].frame.row, 6)
        XCTAssertEqual(try twoWindows.windows["About"].buttons["OK"].frame.row, 13)
        XCTAssertFalse(twoWindows.windows["About"].buttons["Cancel"].exists)
        XCTAssertEqual(try settings.radioButtons.allElements.map(\.label), ["Dark", "Light"])
        XCTAssertFalse(settings.keyHints["Quit"].exists, "the key hint is outside the window")
        XCTAssertEqual(try twoWindows.windows.buttons.count, 3, "a query's scope is every element it finds")
    }

    func testMatchingARegularExpressionOrAPredicate() throws {
        let tree = twoWindows
        XCTAssertEqual(try tree.buttons.matching(/^C/).allElements.map(\.label), ["Cancel"])
        XCTAssertEqual(try tree.buttons.matching(pattern: "a.c").allElements.map(\.label), ["Cancel"])
        XCTAssertEqual(try tree.radioButtons.matching("checked") { $0.isChecked == true }.element.label, "Dark")
        XCTAssertEqual(try tree.buttons.matching("highlighted") { $0.isHighlighted }.element.label, "OK")
        XCTAssertThrowsError(try tree.buttons.matching(pattern: "(")) { error in
            XCTAssertTrue(error is ElementQueryPatternError, "\(error)")
            XCTAssertTrue("\(error)".contains(#"the regular expression "(" is invalid"#), "\(error)")
        }
    }

    func testElementPropertiesReadTheResolvedElement() throws {
        let tree = twoWindows
        XCTAssertEqual(try tree.radioButtons["Dark"].isChecked, true)
        XCTAssertEqual(try tree.radioButtons["Light"].isChecked, false)
        XCTAssertEqual(try tree.buttons["Cancel"].isChecked, nil)
        XCTAssertEqual(try tree.windows["Settings"].buttons["OK"].isHighlighted, true)
        XCTAssertEqual(try tree.windows["Settings"].buttons["OK"].isSelected, true, "isSelected means isHighlighted")
        XCTAssertEqual(try tree.buttons["Cancel"].isSelected, false)
    }

    func testNoMatchListsTheElementsOfThatKindWhereTheQueryLooked() throws {
        XCTAssertThrowsError(try twoWindows.windows["About"].buttons["Save"].label) { error in
            XCTAssertEqual((error as? ElementQueryError)?.reason, .notFound)
            XCTAssertEqual("\(error)", #"no button "Save" in window "About"; buttons on the screen: "OK" at 13,4"#)
        }
        XCTAssertThrowsError(try twoWindows.textFields["Name"].label) { error in
            XCTAssertEqual("\(error)", #"no text field "Name"; no text fields on the screen"#)
        }
    }

    func testOnAScreenElementsAreListedAsTheScreenDrawsThem() throws {
        let terminal = TerminalEmulator(rows: 3, columns: 40)
        terminal.feed("  \u{1B}[7m< Yes >\u{1B}[m   < No  >")
        let yes = element(.button, "Yes", 0, 2, width: 7, highlighted: true)
        let no = element(.button, "No", 0, 12, width: 7)
        XCTAssertEqual(ElementListing.describe([yes, no], kind: .button, on: terminal.snapshot()),
                       #"buttons on the screen: "< Yes >" at 0,2 (highlighted), "< No  >" at 0,12"#)
        XCTAssertEqual(ElementListing.describe([], kind: .checkBox, on: nil), "no check boxes on the screen")
    }

    func testQueriesDescribeThemselvesAsMessagesNameThem() {
        XCTAssertEqual(twoWindows.windows["Settings"].buttons["OK"].locator.description, #"button "OK" in window "Settings""#)
        XCTAssertEqual(twoWindows.menuItems.firstMatch.locator.description, "first menu item")
        XCTAssertEqual(twoWindows.checkBoxes.element(boundBy: 2).locator.description, "check box #2")
        XCTAssertEqual(twoWindows.buttons.element(boundBy: 2).firstMatch.locator.description, "first button of button #2")
    }
}

/// The cheap test element waits make on the live screen before recognising it.
final class ScreenContainsWordsTests: XCTestCase {
    func testWordsMatchInOrderOnOneRowWithAnyRunOfBlanksBetween() {
        let terminal = TerminalEmulator(rows: 3, columns: 30)
        terminal.feed("Send   anonymous statistics?\r\n< No  >")
        XCTAssertTrue(terminal.screenContainsWords(["Send", "anonymous", "statistics?"]))
        XCTAssertTrue(terminal.screenContainsWords(["anonymous"]))
        XCTAssertTrue(terminal.screenContainsWords(["No"]), "a label is found inside the text around it")
        XCTAssertTrue(terminal.screenContainsWords(["stat"]), "a word may be part of a longer one")
        XCTAssertFalse(terminal.screenContainsWords(["anonymous", "Send"]), "order counts")
        XCTAssertFalse(terminal.screenContainsWords(["Sendanonymous"]), "a blank between words is needed")
        XCTAssertFalse(terminal.screenContainsWords(["statistics?", "No"]), "words do not span rows")
        XCTAssertTrue(terminal.screenContainsWords([]), "no words: nothing rules the screen out")
    }

    func testErasedCellsCountAsBlanksAndWideCharactersAsOneCharacter() {
        let terminal = TerminalEmulator(rows: 2, columns: 20)
        terminal.feed("OK\u{1B}[5Cdone 日本 x")
        XCTAssertTrue(terminal.screenContainsWords(["OK", "done"]), "cells skipped by cursor movement are blank")
        XCTAssertTrue(terminal.screenContainsWords(["日本", "x"]))
    }
}
