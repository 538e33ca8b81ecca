@testable import CleanSlateScreen
import Foundation
import XCTest

/// An element wait for static texts named by label resolves them, on a screen of plain text only,
/// on the static texts of the rows that show the first label's words
/// (`TerminalEmulator.plainStaticTexts(onRows:)`), not on the recognised screen: it must find
/// exactly what resolving on `TerminalEmulator.elements` finds. Compared on random plain screens
/// (seeded, so a failure repeats), some ending in a prompt the cursor stands after, and on every
/// screen a capture passes through while it is fed in pieces, for every static text's label on
/// the screen, its words, pairs of neighbouring texts and labels the screen does not show.
final class LivePlainStaticTextsTests: XCTestCase {
    /// The locators a wait may resolve on the rows for `label` (and `other`, a second label).
    private func locators(_ label: String, _ other: String) -> [ElementLocator] {
        let texts = ElementLocator(kind: .staticText)
        return [
            texts.labelled(label), texts.labelled(label).first, texts.labelled(label).bound(by: 1),
            texts.labelled(label).bound(by: 0).labelled(label), texts.labelled(label).filtered("wider than 3") { $0.frame.width > 3 },
            texts.labelled(label).descendants(matching: .staticText).labelled(other),
        ]
    }

    /// Compares the fast resolution with full recognition for every label worth asking on the
    /// terminal's screen; false (after a failure) when one differs. Counts the comparisons made
    /// where the fast path applies.
    private func assertSameMatches(_ terminal: TerminalEmulator, _ context: @autoclosure () -> String, compared: inout Int) -> Bool {
        guard terminal.plainStaticTexts(onRows: []) != nil else { return true }  // not plain text: recognised as before
        let whole = terminal.elements
        let shown = whole.roots.filter { $0.kind == .staticText }.map(\.label)
        var labels = shown + ["absent words", "element 99", "text  element"]
        for label in shown {
            labels += label.split(separator: " ").map(String.init)
        }
        for (first, second) in zip(shown, shown.dropFirst()) { labels.append(first + " " + second) }
        for label in Set(labels).sorted() {
            let words = label.split(whereSeparator: \.isWhitespace).map(String.init)
            let rows = terminal.rowsShowingWords(words)
            for locator in locators(label, shown.first ?? label) {
                let expected = locator.resolve(in: whole).matches
                // No row shows the words: the wait does not look further (nothing may match).
                let fast = rows.isEmpty ? [] : terminal.plainStaticTexts(onRows: rows).map { locator.resolve(in: $0).matches }
                compared += 1
                guard fast == expected else {
                    XCTFail("""
                        \(locator) on \(context()) (rows \(rows)): the rows' static texts give \(String(describing: fast)), \
                        recognition gives \(expected)
                        screen:
                        \(terminal.snapshot().text)
                        """)
                    return false
                }
            }
        }
        return true
    }

    /// A screen of plain lines (`RandomScreens.plainText`), now and then ending in a prompt
    /// (`$ `, `> `, `/`) with the cursor after it: a command line recognition reads as a text field.
    private func plainScreen(_ random: inout SeededGenerator) -> String {
        var text = RandomScreens.plainText(&random)
        if Bool.random(using: &random) {
            let row = Int.random(in: 1...16, using: &random)
            text += "\u{1B}[\(row);1H\u{1B}[J" + ["$ ", "> ", "/", "% "].randomElement(using: &random)!
            text += ["", "ls", "text element", "a  b"].randomElement(using: &random)!
            if Bool.random(using: &random) { text += "\u{1B}[?25h" }
        }
        return text
    }

    func testRowsStaticTextsResolveAsTheRecognisedScreenOnRandomPlainScreens() {
        var random = SeededGenerator(seed: 0x5EED_0030)
        var compared = 0
        var screens = 0
        for index in 0..<400 {
            let terminal = TerminalEmulator(rows: 16, columns: 50)
            terminal.feed(Array(plainScreen(&random).utf8))
            if terminal.plainStaticTexts(onRows: []) != nil { screens += 1 }
            guard assertSameMatches(terminal, "random plain screen #\(index)", compared: &compared) else { return }
        }
        XCTAssertGreaterThan(screens, 100, "screens where the fast path applies")
        XCTAssertGreaterThan(compared, 5000)
    }

    func testRowsStaticTextsResolveAsTheRecognisedScreenOnEveryCapture() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ElementFixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20, "the captures in ElementFixtures")
        var compared = 0
        for name in names {
            let bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)))
            let terminal = TerminalEmulator(rows: 24, columns: 80)
            let same = CapturePieces.feed(bytes, into: terminal) { end in
                assertSameMatches(terminal, "\(name) after \(end) of \(bytes.count) bytes", compared: &compared)
            }
            guard same else { return }
        }
        XCTAssertGreaterThan(compared, 0, "some capture passes through a plain screen")
    }

    func testTheLiveTriggersAreTheRecognitionGridsOnPlainScreensAndNoneElsewhere() throws {
        // The live pass leaves a screen at the first row that rules plain text out: on every
        // screen it must give the grid's triggers exactly when the grid finds plain text only.
        var random = SeededGenerator(seed: 0x5EED_0031)
        var terminals = RandomScreens.terminals(count: 150, using: &random) { index, terminal, random in
            // Now and then one trigger on the last row alone.
            if index % 3 == 0 { terminal.feed("\u{1B}[16;1H\u{1B}[2K" + RandomScreens.triggers.randomElement(using: &random)!) }
        }
        for index in 0..<150 {
            let terminal = TerminalEmulator(rows: 16, columns: 50)
            terminal.feed(Array(plainScreen(&random).utf8))
            // Now and then one trigger on one row of plain text, the rows after it plain.
            if index % 2 == 0 {
                let row = Int.random(in: 1...16, using: &random)
                terminal.feed("\u{1B}[\(row);1H\u{1B}[2K" + RandomScreens.triggers.randomElement(using: &random)!)
            }
            terminals.append(("plain screen #\(index)", terminal))
        }
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ElementFixtures")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".bin") }).sorted() {
            let terminal = TerminalEmulator(rows: 24, columns: 80)
            terminal.feed([UInt8](try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))))
            terminals.append((name, terminal))
        }
        var plain = 0
        for (name, terminal) in terminals {
            let grid = terminal.liveRecognitionGrid().triggers
            let expected = grid.holdsPlainTextOnly ? grid : nil
            if expected != nil { plain += 1 }
            guard terminal.livePlainTextTriggers() == expected else {
                XCTFail("the live triggers of \(name) are \(String(describing: terminal.livePlainTextTriggers())), the grid's \(grid)")
                return
            }
        }
        XCTAssertGreaterThan(plain, 50, "screens of plain text only")
        XCTAssertGreaterThan(terminals.count - plain, 100, "screens with more")
    }

    func testAScreenWithMoreThanPlainTextOrAPromptBeforeTheCursorIsLeftToRecognition() {
        let plain = TerminalEmulator(rows: 4, columns: 30)
        plain.feed("element 1\r\nelement 2\r\n")
        XCTAssertEqual(plain.plainStaticTexts(onRows: [1])?.roots.map(\.label), ["element 2"])
        let bold = TerminalEmulator(rows: 4, columns: 30)
        bold.feed("element 1\r\n\u{1B}[1mbold\u{1B}[m\r\n")
        XCTAssertNil(bold.plainStaticTexts(onRows: [0]), "a bold cell may be a highlight")
        let prompt = TerminalEmulator(rows: 4, columns: 30)
        prompt.feed("element 1\r\n$ ls")
        XCTAssertNil(prompt.plainStaticTexts(onRows: [0]), "the cursor after `$ ` may be on a command line")
    }

    func testOnlyStaticTextStepsStartingWithALabelNameStaticTextsByLabel() {
        let texts = ElementLocator(kind: .staticText)
        XCTAssertTrue(texts.labelled("OK").namesStaticTextsByLabel)
        XCTAssertTrue(texts.labelled("OK").first.labelled("OK").namesStaticTextsByLabel)
        XCTAssertFalse(texts.namesStaticTextsByLabel, "no label: every static text is a candidate")
        XCTAssertFalse(texts.bound(by: 2).labelled("OK").namesStaticTextsByLabel, "a pick among all static texts first")
        XCTAssertFalse(ElementLocator(kind: .button).labelled("OK").namesStaticTextsByLabel)
        XCTAssertFalse(ElementLocator(kind: .window).labelled("A").descendants(matching: .staticText).labelled("OK").namesStaticTextsByLabel)
        XCTAssertFalse(ElementLocator(kind: .text).labelled("OK").namesStaticTextsByLabel)
    }
}
