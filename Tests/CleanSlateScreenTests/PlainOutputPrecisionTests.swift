import CleanSlateRecognitionScoring
import CleanSlateScreen
import Foundation
import XCTest

/// Precision on ordinary text: the screens of `PlainOutputScreens` are the output of ordinary
/// commands (`ls`, `git log`, `man`, `ps`, compiler errors, ...) that a person reads as text only.
/// Each `NAME.expected` names what a person would name there (nothing but static text, or the
/// command line a prompt waits on), and recognition must find exactly that: no menu item, button,
/// text field, key hint or window made of ordinary text.
final class PlainOutputPrecisionTests: XCTestCase {
    /// The folder's captures, each with its annotation, in alphabetical order.
    private func plainOutputScreens() throws -> [(name: String, snapshot: ScreenSnapshot, expected: [AnnotatedElement])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PlainOutputScreens")
        let captures = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }.sorted()
        return try captures.map { capture in
            let name = String(capture.dropLast(".bin".count))
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent(capture).path))
            let annotation = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".expected").path), "\(capture) has no annotation")
            let expected = try AnnotatedElement.parse(String(decoding: annotation, as: UTF8.self), source: name + ".expected")
            let size = screenSize(of: name)
            let terminal = TerminalEmulator(rows: size.rows, columns: size.columns)
            bytes.withUnsafeBytes { terminal.feed($0) }
            return (name, terminal.snapshot(), expected)
        }
    }

    /// The size a capture was made at: `ROWSxCOLUMNS` at the end of its name
    /// (`git-log-wrapped-30x105`), else 24x80.
    private func screenSize(of name: String) -> (rows: Int, columns: Int) {
        let parts = name.split(separator: "-").last?.split(separator: "x") ?? []
        if parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]) { return (rows, columns) }
        return (24, 80)
    }

    func testTheCorpusHoldsThirtyOrMoreScreensEachAnnotated() throws {
        XCTAssertGreaterThanOrEqual(try plainOutputScreens().count, 30)
    }

    /// False elements the rules still give on this corpus, each named so that the test fails
    /// when one goes away (then remove it here) as when another appears. bash's `help` lists the
    /// syntax of `[ arg... ]`, a bracketed phrase padded with blanks at a row's start, and `man
    /// git` the placeholder `[<args>]`, drawn as mc's default button `[<OK>]` is: both read as
    /// buttons; no rule found tells them from buttons without losing buttons of the development
    /// sets.
    private let knownFalseElements = ["bash-help": ["button \"arg...\" at 5,1"], "man-git": ["button \"args\" at 11,21"]]

    func testOrdinaryCommandOutputGivesNoElementAPersonWouldNotName() throws {
        for screen in try plainOutputScreens() {
            let score = RecognitionScore(expected: screen.expected, recognised: screen.snapshot.elements)
            let falseElements = score.falseElements.map { "\($0.kind) \"\($0.label)\" at \($0.frame.row),\($0.frame.column)" }
            XCTAssertEqual(falseElements, knownFalseElements[screen.name] ?? [], "\(screen.name): elements made of ordinary text")
            XCTAssertEqual(score.missed, [], "\(screen.name): named elements not found")
        }
    }
}
