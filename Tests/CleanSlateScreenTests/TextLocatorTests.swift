import CleanSlate
import CleanSlateRecognitionScoring
import CleanSlateScreen
import XCTest

/// The `texts` locator on synthetic screens: runs of words split by two blanks, by line-drawing
/// characters and by a change of shade; whole-run labels and `containing`; highlighted runs;
/// scoping inside a window; strict mode; and texts kept out of the recognised elements.
final class TextLocatorTests: XCTestCase {
    private let inverse = "\u{1B}[7m", plain = "\u{1B}[m"

    private func labels(_ query: ElementQuery<ScreenSnapshot>) throws -> [String] { try query.allElements.map(\.label) }

    func testARunEndsAtTwoBlanksNotAtOne() throws {
        let shown = screen("Apple pie  red\r\n  Green Apple")
        XCTAssertEqual(try labels(shown.texts), ["Apple pie", "red", "Green Apple"])
        XCTAssertEqual(try shown.texts["red"].frame, ScreenRectangle(row: 0, column: 11, height: 1, width: 3))
        XCTAssertEqual(try shown.texts["Apple pie"].frame, ScreenRectangle(row: 0, column: 0, height: 1, width: 9))
        XCTAssertFalse(shown.texts["Apple"].exists, "a subscript names a whole run, as labels match")
        XCTAssertTrue(shown.texts["Apple   pie"].exists, "white space compares as in other labels")
        XCTAssertFalse(shown.texts["apple pie"].exists, "case counts")
    }

    func testContainingFindsARunByWholeWordsInside() throws {
        let shown = screen("Apple pie\r\nApplesauce\r\nGreen Apple tart")
        XCTAssertEqual(try labels(shown.texts.containing("Apple")), ["Apple pie", "Green Apple tart"], "whole words only")
        XCTAssertEqual(try shown.texts.containing("Apple tart").element.label, "Green Apple tart")
        XCTAssertFalse(shown.texts.containing("pie Green").element.exists, "the words of one run, not across rows")
        XCTAssertEqual(try shown.texts.matching(/sauce$/).element.label, "Applesauce")
    }

    func testARunEndsAtALineDrawingCharacter() throws {
        // A window with two columns: `│Apple│red│`.
        let shown = screen("┌─Fruit──┬───┐\r\n│Apple   │red│\r\n└────────┴───┘")
        XCTAssertEqual(try labels(shown.texts), ["Fruit", "Apple", "red"])
        XCTAssertEqual(try shown.texts["red"].frame, ScreenRectangle(row: 1, column: 10, height: 1, width: 3))
    }

    func testARunEndsAtABarStandingApartAsAnASCIIBoxsSide() throws {
        // dialog --ascii-lines and mc -a draw their boxes with `+ - |`; a bar touching a word is text.
        let shown = screen("+-Fruit----+\r\n| Apple    |\r\n| Kiwi | Fig\r\n|a|b  x||y\r\n+----------+")
        XCTAssertTrue(shown.texts["Apple"].exists, "the box's sides are no part of the row's words")
        XCTAssertEqual(try shown.texts["Apple"].frame, ScreenRectangle(row: 1, column: 2, height: 1, width: 5))
        XCTAssertEqual(try labels(shown.texts).filter { !$0.hasPrefix("+") }, ["Apple", "Kiwi", "Fig", "|a|b", "x||y"])
    }

    func testARunEndsWhereTheShadeChangesAndTheOddShadeIsHighlighted() throws {
        let shown = screen("Apple\r\n\(inverse)Banana\(plain) split\r\nCherry")
        XCTAssertEqual(try labels(shown.texts), ["Apple", "Banana", "split", "Cherry"], "inverse Banana then plain split: two runs")
        XCTAssertTrue(try shown.texts["Banana"].isHighlighted)
        XCTAssertTrue(try shown.texts["Banana"].style.attributes.contains(.inverse))
        XCTAssertFalse(try shown.texts["Apple"].isHighlighted)
        XCTAssertFalse(try shown.texts["split"].isHighlighted)
        XCTAssertFalse(try shown.texts["Cherry"].isHighlighted)
        // mc's key bar: the key's digits plain, its action on a background of its own, touching.
        XCTAssertEqual(try labels(screen("1\u{1B}[46mHelp  \u{1B}[m10\u{1B}[46mQuit  \u{1B}[m").texts), ["1", "Help", "10", "Quit"])
    }

    func testARowHighlightedAcrossItsWidthIsHighlightedAgainstTheRowsAroundIt() throws {
        // A bar across the whole row (ptpython's sidebar, whiptail's list): the row's own cells
        // are all one shade; the rows above and below are the ground.
        let bar = "\u{1B}[44m"
        let shown = screen("Groceries\r\n\(bar)Errands                                 \(plain)\r\nChores", columns: 40)
        XCTAssertTrue(try shown.texts["Errands"].isHighlighted)
        XCTAssertFalse(try shown.texts["Groceries"].isHighlighted)
        XCTAssertFalse(try shown.texts["Chores"].isHighlighted)
    }

    func testTextsInsideAWindowAreTheRunsInsideItsFrameAndStrictModeListsBoth() throws {
        let shown = screen("Dark\r\n┌─Settings─┐\r\n│ Dark     │\r\n│ Light    │\r\n└──────────┘")
        XCTAssertEqual(try shown.windows["Settings"].texts["Dark"].frame, ScreenRectangle(row: 2, column: 2, height: 1, width: 4))
        XCTAssertEqual(try labels(shown.windows["Settings"].texts), ["Settings", "Dark", "Light"], "the title is in the frame too")
        XCTAssertThrowsError(try shown.texts["Dark"].frame) { error in
            let queryError = error as? ElementQueryError
            XCTAssertEqual(queryError?.reason, .ambiguous)
            XCTAssertEqual(queryError?.matches.map(\.frame.row), [0, 2])
            XCTAssertEqual(queryError?.description,
                #"text "Dark" matches 2 elements: "Dark" at 0,0, "Dark" at 2,2; name one with firstMatch or element(boundBy:), or narrow the scope (windows["..."].texts[...])"#)
        }
        XCTAssertThrowsError(try shown.texts["Darkness"].frame) { error in
            XCTAssertEqual((error as? ElementQueryError)?.reason, .notFound)
            XCTAssertTrue("\(error)".hasPrefix(#"no text "Darkness"; texts on the screen: "Dark" at 0,0"#), "\(error)")
        }
    }

    func testTextsAreNotRecognisedElements() throws {
        let shown = screen("┌─Settings─┐\r\n│ < OK >   │\r\n└──────────┘\r\nHello there")
        XCTAssertTrue(shown.texts["Hello there"].exists)
        XCTAssertTrue(shown.texts["< OK >"].exists, "a text is what the screen draws, brackets included")
        XCTAssertFalse(shown.elements.allElements.contains { $0.kind == .text }, "\(shown.elements.allElements)")
        XCTAssertEqual(shown.elements, ScreenElementTree(roots: shown.elements.roots), "the cells a tree carries do not count in its equality")
    }

    func testATreeBuiltFromItsElementsAloneHasNoTexts() throws {
        let tree = ScreenElementTree(roots: [ScreenElement(kind: .staticText, label: "Hello", frame: ScreenRectangle(row: 0, column: 0, height: 1, width: 5))])
        XCTAssertEqual(try tree.texts.count, 0)
        XCTAssertTrue(tree.staticTexts["Hello"].exists)
    }

    func testOnlyTextStepsAreResolvedWithoutRecognition() {
        let shown = screen("x")
        XCTAssertTrue(shown.texts["x"].locator.findsOnlyTexts)
        XCTAssertTrue(shown.texts.containing("x").firstMatch.locator.findsOnlyTexts)
        XCTAssertFalse(shown.windows["W"].texts["x"].locator.findsOnlyTexts)
        XCTAssertFalse(shown.buttons["x"].locator.findsOnlyTexts)
    }

    func testAnAnnotationCannotNameATextSoTheScoreNeverCountsOne() {
        XCTAssertThrowsError(try AnnotatedElement.parse("text\tApple", source: "fruit.expected")) { error in
            let error = error as? CleanSlateError
            XCTAssertEqual(error?.code, .invalidArgument)
            XCTAssertTrue(error?.message.contains("line 1: unknown kind 'text'") == true, error?.message ?? "")
            XCTAssertFalse(error?.message.contains("keyHint, text") == true, "the kinds it offers leave text out: \(error?.message ?? "")")
        }
    }
}
