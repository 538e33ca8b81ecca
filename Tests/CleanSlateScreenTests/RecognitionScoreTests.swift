import CleanSlate
import CleanSlateRecognitionScoring
import CleanSlateScreen
import Foundation
import XCTest

/// The held-out scorer's matching (`cleanslate-benchmarks recognition-score`), on element trees
/// written by hand, and the held-out annotations' format.
final class RecognitionScoreTests: XCTestCase {
    private func element(_ kind: ScreenElementKind, _ label: String, identifier: String? = nil, children: [ScreenElement] = []) -> ScreenElement {
        ScreenElement(kind: kind, label: label, frame: ScreenRectangle(row: 0, column: 0, height: 1, width: 1), children: children, identifier: identifier)
    }

    /// A window "Fruit" holding a prompt, two rows (the first tagged `a`) and an OK button.
    private var fruitScreen: ScreenElementTree {
        ScreenElementTree(roots: [
            element(.window, "Fruit", children: [
                element(.staticText, "Pick a fruit"),
                element(.menuItem, "Apple", identifier: "a"),
                element(.menuItem, "Banana  split "),
                element(.button, "OK"),
            ]),
        ])
    }

    func testANamedElementIsFoundByKindAndLabelOrIdentifierAndStaticTextIsNotCounted() {
        let expected = [
            AnnotatedElement(kind: .window, label: "Fruit"),
            AnnotatedElement(kind: .menuItem, label: "a"),
            AnnotatedElement(kind: .menuItem, label: " Banana split"),
            AnnotatedElement(kind: .checkBox, label: "OK"),
            AnnotatedElement(kind: .button, label: "Cancel"),
        ]
        let score = RecognitionScore(expected: expected, recognised: fruitScreen)
        XCTAssertEqual(score.expectedCount, 5)
        XCTAssertEqual(score.foundCount, 3)
        XCTAssertEqual(score.recognisedCount, 4)
        XCTAssertEqual(score.missed, [expected[3], expected[4]])
        XCTAssertEqual(score.falseElements.map(\.label), ["OK"])
        XCTAssertEqual(score.recall, 0.6)
        XCTAssertEqual(score.precision, 0.75)
    }

    func testEachRecognisedElementAnswersOneNameAndLabelsArePairedBeforeTags() {
        // Two rows: one labelled "b", one tagged "b" and labelled "Banana". A person named "b"
        // (the first row) and "Banana": both are found only if "b" takes the labelled row.
        let tree = ScreenElementTree(roots: [
            element(.menuItem, "Banana", identifier: "b"),
            element(.menuItem, "b"),
        ])
        let both = RecognitionScore(expected: [AnnotatedElement(kind: .menuItem, label: "b"), AnnotatedElement(kind: .menuItem, label: "Banana")], recognised: tree)
        XCTAssertEqual(both.foundCount, 2)
        XCTAssertEqual(both.falseElements, [])
        let twice = RecognitionScore(expected: [AnnotatedElement(kind: .menuItem, label: "b"), AnnotatedElement(kind: .menuItem, label: "b"), AnnotatedElement(kind: .menuItem, label: "b")], recognised: tree)
        XCTAssertEqual(twice.foundCount, 2)
        XCTAssertEqual(twice.missed.count, 1)
    }

    func testTotalsAddTheScreensAndAnEmptyScreenHasNoFigures() {
        let empty = RecognitionScore(expected: [], recognised: ScreenElementTree(roots: []))
        XCTAssertNil(empty.recall)
        XCTAssertNil(empty.precision)
        let fruit = RecognitionScore(expected: [AnnotatedElement(kind: .button, label: "OK")], recognised: fruitScreen)
        let total = RecognitionScore.total([fruit, empty, fruit])
        XCTAssertEqual(total.expectedCount, 2)
        XCTAssertEqual(total.foundCount, 2)
        XCTAssertEqual(total.recognisedCount, 8)
        XCTAssertEqual(total.falseElements.count, 6)
    }

    func testAnAnnotationIsParsedAndABadLineIsATypedErrorNamingTheFileAndLine() throws {
        let parsed = try AnnotatedElement.parse("# comment\nwindow\tFruit\n\nbutton\tOK\thighlighted\ntextField\t\n", source: "fruit.expected")
        XCTAssertEqual(parsed, [
            AnnotatedElement(kind: .window, label: "Fruit"),
            AnnotatedElement(kind: .button, label: "OK", states: ["highlighted"]),
            AnnotatedElement(kind: .textField, label: ""),
        ])
        for (text, words) in [("button OK", "line 1"), ("window\tA\nbuton\tOK", "line 2: unknown kind 'buton'"), ("checkBox\tA\tticked", "unknown state 'ticked'")] {
            XCTAssertThrowsError(try AnnotatedElement.parse(text, source: "fruit.expected")) { error in
                let error = error as? CleanSlateError
                XCTAssertEqual(error?.code, .invalidArgument, text)
                let message = error?.message ?? ""
                XCTAssertTrue(message.contains("fruit.expected") && message.contains(words), "\(message) for \(text)")
            }
        }
    }

    /// Every held-out set holds at least 30 captures (a check set, a few), and each capture has an
    /// annotation that parses.
    func testEveryHeldOutCaptureHasAnAnnotationThatParses() throws {
        let sets = ["HeldOutScreens", "HeldOutScreens-2", "HeldOutScreens-3", "HeldOutScreens-4", "HeldOutScreens-5", "HeldOutScreens-6", "HeldOutScreens-7", "HeldOutScreens-8"].map { ($0, 30) }
            + [("CheckScreens-8a", 4), ("CheckScreens-9a", 5), ("CheckScreens-9b", 4), ("CheckScreens-9c", 4)]
        for (set, least) in sets {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(set)
            let captures = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }
            XCTAssertGreaterThanOrEqual(captures.count, least, set)
            for capture in captures {
                let annotation = folder.appendingPathComponent(String(capture.dropLast(".bin".count)) + ".expected")
                let text = try XCTUnwrap(FileManager.default.contents(atPath: annotation.path), "\(set)/\(capture) has no annotation")
                XCTAssertNoThrow(try AnnotatedElement.parse(String(decoding: text, as: UTF8.self), source: "\(set)/\(annotation.lastPathComponent)"))
            }
        }
    }
}
