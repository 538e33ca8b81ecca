@testable import CleanSlateScreen
import Foundation
import XCTest

/// The shortcuts element recognition takes for speed give the same tree as the reference: every
/// rule run on a snapshot (`ElementRecognizer(screen:runsEveryRule: true)`). Compared on the real
/// captures, on each screen a capture passes through while it is fed in pieces, and on random
/// screens (seeded, so a failure repeats): `snapshot.elements` (rules skipped where the screen
/// lacks what they need) and `TerminalEmulator.elements` (read from the live grid).
final class ElementRecognitionDifferentialTests: XCTestCase {
    /// The three trees of the terminal's screen now, or a failure naming what differs.
    private func assertSameTrees(_ terminal: TerminalEmulator, _ context: @autoclosure () -> String,
                                 file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let screen = terminal.snapshot()
        let reference = ElementRecognizer(screen: screen, runsEveryRule: true).recognize()
        let skipping = screen.elements
        let live = terminal.elements
        // Labels are read by RecognitionGrid.text, which both sides share: it is compared with
        // the text of each cell as the snapshot gives it, on whole rows and on their middles.
        let grid = RecognitionGrid(screen)
        for row in 0..<screen.rows {
            for columns in [0..<screen.columns, (screen.columns / 3)..<(screen.columns * 2 / 3)] {
                let expected = screen.storedCells[(row * screen.columns + columns.lowerBound)..<(row * screen.columns + columns.upperBound)]
                    .map { screen.character(of: $0) }.joined()
                guard grid.text(row: row, columns) == expected else {
                    XCTFail("row \(row) columns \(columns) reads \(grid.text(row: row, columns).debugDescription), not \(expected.debugDescription), on \(context())",
                            file: file, line: line)
                    return false
                }
            }
        }
        guard skipping == reference, live == reference else {
            let which = skipping != reference ? "snapshot.elements" : "TerminalEmulator.elements"
            XCTFail("""
                \(which) differs from every rule run on \(context()):
                reference:
                \(reference.debugDescription)
                got:
                \((skipping != reference ? skipping : live).debugDescription)
                screen:
                \(screen.text)
                """, file: file, line: line)
            return false
        }
        return true
    }

    private func fixtureBytes(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ElementFixtures").appendingPathComponent(name)
        return [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: url.path), "missing fixture \(url.path)"))
    }

    private func fixtureNames() throws -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ElementFixtures")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }.sorted()
    }

    func testEveryCaptureGivesTheReferenceTreeOnEachScreenItPassesThrough() throws {
        let names = try fixtureNames()
        XCTAssertGreaterThanOrEqual(names.count, 20, "the captures in ElementFixtures")
        var screensCompared = 0
        for name in names {
            let bytes = try fixtureBytes(name)
            let terminal = TerminalEmulator(rows: 24, columns: 80)
            let same = CapturePieces.feed(bytes, into: terminal) { end in
                screensCompared += 1
                return assertSameTrees(terminal, "\(name) after \(end) of \(bytes.count) bytes")
            }
            guard same else { return }
        }
        XCTAssertGreaterThan(screensCompared, names.count)
    }

    func testCapturesGiveTheReferenceTreeAtOtherSizes() throws {
        for name in try fixtureNames() {
            for (rows, columns) in [(40, 100), (10, 30)] {
                let terminal = TerminalEmulator(rows: rows, columns: columns)
                terminal.feed(try fixtureBytes(name))
                guard assertSameTrees(terminal, "\(name) at \(rows)x\(columns)") else { return }
            }
        }
    }

    func testLegendsWrittenWithOnlyAParenthesisAnEqualsSignOrAColourGiveTheReferenceTree() {
        // Each row's only mark of a written legend is one that the cheap check on its cells must
        // let through: `)` (nethack's `O)ptions`), `=` (`/=search`) or a key in a colour of its own.
        let red = "\u{1B}[31m", ink = "\u{1B}[39m"
        for row in ["O)ptions  Q)uit  H)elp", "/=search  [delete]=history  ?=help", "\(red)q\(ink) Quit  \(red)w\(ink) Write  \(red)o\(ink) Open"] {
            let terminal = TerminalEmulator(rows: 4, columns: 60)
            terminal.feed(Array(("\u{1B}[4;1H" + row + "\u{1B}[1;1H").utf8))
            let reference = ElementRecognizer(screen: terminal.snapshot(), runsEveryRule: true).recognize()
            XCTAssertFalse(reference.allElements.filter { $0.kind == .keyHint }.isEmpty, "the rules read \(row.debugDescription) as a legend")
            guard assertSameTrees(terminal, row.debugDescription) else { return }
        }
    }

    func testAnUnderlinedFieldOnAScreenOfOneShadeGivesTheReferenceTree() {
        // A span all on its window's ground is read for a shaded field only when some cell is
        // underlined: here the run after the label is, so the field must be found either way.
        let input = "\u{1B}[2;1HName: \u{1B}[4mAda       \u{1B}[0m  "
        let terminal = TerminalEmulator(rows: 4, columns: 40)
        terminal.feed(Array(input.utf8))
        let reference = ElementRecognizer(screen: terminal.snapshot(), runsEveryRule: true).recognize()
        XCTAssertTrue(reference.allElements.contains { $0.kind == .textField }, "the rules read the underlined run as a field")
        _ = assertSameTrees(terminal, input.debugDescription)
    }

    func testNumberedListsOnAScreenOfOneShadeGiveTheReferenceTree() {
        // `1. phrase` rows hold no key mark: on a screen of one shade the shortcut reads them as
        // text without looking, so every rule must read them as text too, unless a prompt ending
        // in `:` (a key mark) asks for the choice under them.
        for (input, isMenu) in [
            ("\u{1B}[2;1H1. Install\u{1B}[3;1H2. Remove\u{1B}[4;1H3. Quit\u{1B}[6;1H$ ", false),
            ("\u{1B}[2;1H1. Install\u{1B}[3;1H2. Remove\u{1B}[4;1H3. Quit\u{1B}[6;1HChoose: ", true),
        ] {
            let terminal = TerminalEmulator(rows: 8, columns: 40)
            terminal.feed(Array(input.utf8))
            let reference = ElementRecognizer(screen: terminal.snapshot(), runsEveryRule: true).recognize()
            XCTAssertEqual(reference.allElements.contains { $0.kind == .menuItem }, isMenu, input.debugDescription)
            guard assertSameTrees(terminal, input.debugDescription) else { return }
        }
    }

    func testRandomPlainTextScreensGiveTheReferenceTree() {
        // Mostly text in one style, as a shell or `cat` shows, now and then a character or a
        // style some rule needs: the screens where rules are skipped, and their near misses.
        assertRandomScreens("plain", seed: 0x5EED_0001, count: 1500, rows: 12, columns: 40, RandomScreens.plainText)
    }

    func testRandomDrawnScreensGiveTheReferenceTree() {
        assertRandomScreens("drawn", seed: 0x5EED_0002, count: 600, rows: 16, columns: 50, RandomScreens.drawn)
    }

    func testRandomASCIIBoxScreensGiveTheReferenceTree() {
        // Boxes of `+ - |`, whole or with a corner, a side or a bottom spoilt, over plain text
        // and the rules' triggers: the ASCII boxes are redrawn as lines only where all of a box is there.
        assertRandomScreens("ascii", seed: 0x5EED_0006, count: 600, rows: 16, columns: 50, RandomScreens.asciiBoxes)
    }

    /// Compares the trees of `count` screens that `draw` makes with a generator seeded `seed`.
    private func assertRandomScreens(_ name: String, seed: UInt64, count: Int, rows: Int, columns: Int,
                                     _ draw: (inout SeededGenerator) -> String) {
        var random = SeededGenerator(seed: seed)
        for index in 0..<count {
            let terminal = TerminalEmulator(rows: rows, columns: columns)
            terminal.feed(Array(draw(&random).utf8))
            guard assertSameTrees(terminal, "random \(name) screen #\(index)") else { return }
        }
    }

    func testAScrollingSessionGivesTheReferenceTreeAfterEveryLine() {
        // The benchmark's session: lines typed into `cat` scroll a 24x80 screen, with a prompt,
        // a key legend and a bracketed word now and then.
        var random = SeededGenerator(seed: 0x5EED_0003)
        let terminal = TerminalEmulator(rows: 24, columns: 80)
        for index in 0..<400 {
            terminal.feed(Array((RandomScreens.line(&random, index: index) + "\r\n").utf8))
            guard assertSameTrees(terminal, "the session after line \(index)") else { return }
        }
    }

    func testTheLiveWordSearchFindsWhatTheSnapshotsRowsShow() throws {
        // The check element waits make before recognising: words separated by blanks on one
        // row, read from the live grid. The reference is a regular expression on the rows'
        // text; rows hold wide characters and clusters (e + a combining acute) now and then.
        var random = SeededGenerator(seed: 0x5EED_0005)
        var found = 0
        for index in 0..<800 {
            let terminal = TerminalEmulator(rows: 12, columns: 40)
            terminal.feed(Array(RandomScreens.plainText(&random).utf8))
            let lines = terminal.snapshot().lines
            let words = lines.flatMap { $0.split(separator: " ").map(String.init) }
            var wanted: [String]
            if let word = words.randomElement(using: &random), Int.random(in: 0..<4, using: &random) != 0 {
                let line = try XCTUnwrap(lines.first { $0.split(separator: " ").contains(Substring(word)) }).split(separator: " ").map(String.init)
                let start = try XCTUnwrap(line.firstIndex(of: word))
                wanted = Array(line[start..<min(line.count, start + Int.random(in: 1...3, using: &random))])
            } else {
                wanted = [RandomScreens.words.randomElement(using: &random)!, "0"]
            }
            let pattern = wanted.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: " +")
            let expression = try NSRegularExpression(pattern: pattern)
            let expected = lines.contains { expression.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
            if expected { found += 1 }
            XCTAssertEqual(terminal.screenContainsWords(wanted), expected, "\(wanted) on random screen #\(index):\n\(lines.joined(separator: "\n"))")
        }
        XCTAssertGreaterThan(found, 300)
    }

    func testLabelsCompareAsTheirWordsWhateverTheWhiteSpace() {
        // The byte-wise comparison for ASCII labels against the definition: words split at white
        // space, joined by one space.
        let pieces = ["a", "B", "ok", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1F}", "\u{A0}", "é", "<", ">"]
        var random = SeededGenerator(seed: 0x5EED_0004)
        for _ in 0..<5000 {
            let first = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let second = Bool.random(using: &random) ? first.replacingOccurrences(of: " ", with: "\t") + " "
                : (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let expected = first.split(whereSeparator: \.isWhitespace).joined(separator: " ") == second.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertEqual(ElementLabel.matches(first, second), expected, "\(first.debugDescription) against \(second.debugDescription)")
        }
        XCTAssertTrue(ElementLabel.matches("  Hello,\t\r\n world ", "Hello, world"))
        XCTAssertFalse(ElementLabel.matches("Hello, world", "Hello,world"))
        XCTAssertFalse(ElementLabel.matches("ok", "OK"))
    }

    func testALabelsWordsAreItsCharactersSplitAtWhiteSpace() {
        // The byte-wise split of ASCII labels (an element wait's words) against the definition.
        let pieces = ["a", "B", "ok", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1F}", "\u{A0}", "\u{85}", "é", "<"]
        var random = SeededGenerator(seed: 0x5EED_0005)
        var ascii = 0
        for _ in 0..<5000 {
            let label = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            if label.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
            XCTAssertEqual(ElementLabel.words(of: label), label.split(whereSeparator: \.isWhitespace).map(String.init), label.debugDescription)
        }
        XCTAssertGreaterThan(ascii, 1000, "labels split on their bytes")
        XCTAssertEqual(ElementLabel.words(of: "\t element\u{0B}12 \r\n"), ["element", "12"])
    }
}

/// A small seeded generator (SplitMix64), so that a random screen that fails repeats.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A capture fed into a terminal in pieces of a few hundred bytes: the screens a wait would have
/// woken on.
enum CapturePieces {
    /// Feeds `bytes` into `terminal` piece by piece, calling `body` with the count fed so far
    /// after each piece while it returns true; false when `body` stopped it.
    static func feed(_ bytes: [UInt8], into terminal: TerminalEmulator, _ body: (Int) -> Bool) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 97 + offset % 300)
            terminal.feed(Array(bytes[offset..<end]))
            offset = end
            guard body(end) else { return false }
        }
        return true
    }
}

/// Escape sequences that draw random screens.
enum RandomScreens {
    /// `count` random screens of each kind (drawn, plain, ASCII boxes), `rows` by `columns`,
    /// named by kind and number; `change` may draw more on each after its kind is drawn.
    static func terminals(
        count: Int, rows: Int = 16, columns: Int = 50, using random: inout SeededGenerator,
        change: (Int, TerminalEmulator, inout SeededGenerator) -> Void = { _, _, _ in }
    ) -> [(name: String, terminal: TerminalEmulator)] {
        var result: [(name: String, terminal: TerminalEmulator)] = []
        let draws: [(String, (inout SeededGenerator) -> String)] = [("drawn", drawn), ("plain", plainText), ("ascii", asciiBoxes)]
        for (kind, draw) in draws {
            for index in 0..<count {
                let terminal = TerminalEmulator(rows: rows, columns: columns)
                terminal.feed(Array(draw(&random).utf8))
                change(index, terminal, &random)
                result.append(("random \(kind) screen #\(index)", terminal))
            }
        }
        return result
    }

    /// Words of plain text.
    static let words = ["text", "element", "12", "ok", "Done", "alpha.txt", "a", "é", "日本", "x", "cafe\u{301}"]
    /// Characters and words some rule needs, and their near misses.
    static let triggers = [
        "[", "]", "<", ">", "(", ")", "_", "___", "^X", "M-U", "F10Quit", "q:quit", "Name:", ":", "%", "42%", "#", "=", "|", "*",
        "[ OK ]", "< Yes >", "<No>", "[X]", "( )", "[###   ]", "█▌░", "─", "│", "┌──┐", "└──┘", "> Dark", "Enter: go", "-",
    ]
    /// Styles, mostly none.
    static let styles = ["\u{1B}[1m", "\u{1B}[7m", "\u{1B}[4m", "\u{1B}[44m", "\u{1B}[41;37m", "\u{1B}[40;30m", "\u{1B}[100m"]

    /// A screen of text lines in the default style, a trigger or a style now and then.
    static func plainText(_ random: inout SeededGenerator) -> String {
        if Int.random(in: 0..<8, using: &random) == 0 { return filled(&random) }
        var text = ""
        for index in 0..<Int.random(in: 1...12, using: &random) {
            text += line(&random, index: index)
            text += "\r\n"
        }
        if Bool.random(using: &random) { text += "\u{1B}[?25l" }
        text += "\u{1B}[\(Int.random(in: 1...12, using: &random));\(Int.random(in: 1...40, using: &random))H"
        return text
    }

    /// One line: words with one or more blanks between, now and then a trigger or a style.
    static func line(_ random: inout SeededGenerator, index: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            switch Int.random(in: 0..<40, using: &random) {
            case 0: text += triggers.randomElement(using: &random)!
            case 1: text += styles.randomElement(using: &random)! + words.randomElement(using: &random)! + "\u{1B}[m"
            default: text += words.randomElement(using: &random)! + (index % 3 == 0 ? " \(index)" : "")
            }
            // Blanks written, or cells skipped over (erased cells read as blanks).
            let gap = Int.random(in: 1...3, using: &random)
            text += Bool.random(using: &random) ? String(repeating: " ", count: gap) : "\u{1B}[\(gap)C"
        }
        return text
    }

    /// A 12x40 screen with no blank at all, in one style: words run together, now and then a
    /// percentage or a bar (the screen's shade is then no window's ground).
    static func filled(_ random: inout SeededGenerator) -> String {
        var text = ["", "\u{1B}[44m", "\u{1B}[7m", "\u{1B}[1m"].randomElement(using: &random)!
        let words = Bool.random(using: &random) ? ["text", "x", "12", "ok"] : ["text", "x", "12", "[###]", "ok", "_", "<", "q:quit"]
        for row in 1...12 {
            var line = Int.random(in: 0..<4, using: &random) == 0 ? "000000000000000000000000000000000000042%" : ""
            while line.count < 40 { line += words.randomElement(using: &random)! }
            text += "\u{1B}[\(row);1H" + line.prefix(40)
        }
        return text + "\u{1B}[1;1H"
    }

    /// A screen of boxes drawn with `+ - |` (now and then one spoilt), separators (`+---+`,
    /// `|---|`), a title, a column line, a reading in the bottom side, words and triggers.
    static func asciiBoxes(_ random: inout SeededGenerator) -> String {
        var text = Bool.random(using: &random) ? "\u{1B}[44m\u{1B}[2J" : ""
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let top = Int.random(in: 1...12, using: &random)
            let left = Int.random(in: 1...30, using: &random)
            let width = Int.random(in: 1...18, using: &random)
            let height = Int.random(in: 1...5, using: &random)
            var rows = ["+" + (Bool.random(using: &random) && width > 6 ? "-Title" + String(repeating: "-", count: width - 6) : String(repeating: "-", count: width)) + "+"]
            // Now and then a column line (mc -a's panels) and a reading in the bottom side.
            let columnLine = width > 4 && Bool.random(using: &random) ? Int.random(in: 1..<(width - 1), using: &random) : nil
            for row in 1..<max(1, height) {
                let across = row > 1 && Int.random(in: 0..<4, using: &random) == 0
                if across {
                    let end = Bool.random(using: &random) ? "+" : "|"
                    rows.append(end + String(repeating: "-", count: width) + end)
                } else {
                    var inside = Array(String(repeating: " ", count: width))
                    if let columnLine { inside[columnLine] = "|" }
                    rows.append("|" + String(inside) + "|")
                }
            }
            rows.append("+" + (width > 6 && Bool.random(using: &random) ? "-" + String(repeating: " 9", count: (width - 2) / 2) + String(repeating: "-", count: width - 1 - (width - 2) / 2 * 2) : String(repeating: "-", count: width)) + "+")
            if Int.random(in: 0..<3, using: &random) == 0 {
                // Spoil one cell: a corner, a side or a line becomes another character.
                let row = Int.random(in: 0..<rows.count, using: &random)
                var characters = Array(rows[row])
                characters[Int.random(in: 0..<characters.count, using: &random)] = ["x", "+", "-", "|", " "].randomElement(using: &random)!
                rows[row] = String(characters)
            }
            if Bool.random(using: &random) { text += styles.randomElement(using: &random)! }
            for (offset, row) in rows.enumerated() { text += "\u{1B}[\(top + offset);\(left)H" + row }
            text += "\u{1B}[m"
        }
        for _ in 0..<Int.random(in: 2...10, using: &random) {
            text += "\u{1B}[\(Int.random(in: 1...16, using: &random));\(Int.random(in: 1...45, using: &random))H"
            if Bool.random(using: &random) { text += styles.randomElement(using: &random)! }
            text += ["a+b", "+", "-", "|", "+--", "--+", "< OK >", "[X] on", "> Dark", "Name:"].randomElement(using: &random)!
            text += Bool.random(using: &random) ? triggers.randomElement(using: &random)! : words.randomElement(using: &random)!
            if Bool.random(using: &random) { text += "\u{1B}[m" }
        }
        return text
    }

    /// A screen with boxes, bars, buttons, toggles, colours and legends placed at random.
    static func drawn(_ random: inout SeededGenerator) -> String {
        var text = Bool.random(using: &random) ? "\u{1B}[44m\u{1B}[2J" : ""
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let top = Int.random(in: 1...12, using: &random)
            let left = Int.random(in: 1...30, using: &random)
            let width = Int.random(in: 3...18, using: &random)
            let height = Int.random(in: 2...5, using: &random)
            text += styles.randomElement(using: &random)!
            text += "\u{1B}[\(top);\(left)H┌" + String(repeating: "─", count: width) + "┐"
            for row in 1..<height { text += "\u{1B}[\(top + row);\(left)H│\u{1B}[\(top + row);\(left + width + 1)H│" }
            text += "\u{1B}[\(top + height);\(left)H└" + String(repeating: "─", count: width) + "┘\u{1B}[m"
        }
        for _ in 0..<Int.random(in: 3...14, using: &random) {
            text += "\u{1B}[\(Int.random(in: 1...16, using: &random));\(Int.random(in: 1...45, using: &random))H"
            if Bool.random(using: &random) { text += styles.randomElement(using: &random)! }
            text += Bool.random(using: &random) ? triggers.randomElement(using: &random)! : words.randomElement(using: &random)!
            if Bool.random(using: &random) { text += "\u{1B}[m" }
        }
        return text
    }
}

// MARK: round 8a

extension ElementRecognitionDifferentialTests {
    func testHalfBlockPicturesAreReadAsPlainTextAndGiveTheReferenceTree() {
        // A picture drawn in half blocks and quadrants (`▀ ▄ ▐ ▗ ▘`) in one style, as a shell's
        // banner or an image printed in a terminal: no run of them is a bar (a bar is drawn in
        // `█ ▌ ░ ▓ ■`), so the screen holds plain text only; the shortcut reads it as every rule
        // does. A run of full blocks in the picture is a bar's start: not plain text.
        let picture = "\u{1B}[2;1H ▄▄▀▀▄▄  ▐▀▀▄ ▗▖\u{1B}[3;1H▐  ▐▐ ▐ ▐▄▄▀ ▝▘\u{1B}[4;1H ▀▄▄▀▀▄▄ ▀  ▀\u{1B}[6;1Hwelcome to the box"
        for (input, isPlain) in [(picture, true), (picture + "\u{1B}[5;1H ███", false)] {
            let terminal = TerminalEmulator(rows: 8, columns: 40)
            terminal.feed(Array(input.utf8))
            XCTAssertEqual(RecognitionGrid(terminal.snapshot()).triggers.holdsPlainTextOnly, isPlain, input.debugDescription)
            guard assertSameTrees(terminal, input.debugDescription) else { return }
        }
    }
}
