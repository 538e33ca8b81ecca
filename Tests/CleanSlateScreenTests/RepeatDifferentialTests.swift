@testable import CleanSlateScreen
import XCTest

/// REP fills a line's run of cells at once; these compare it, over many random small screens, with
/// the character printed one at a time: the whole snapshot (cells, cursor, modes, scrollback) against
/// the bounded number of prints REP stands for, and the screen and cursor against all `count` prints.
final class RepeatDifferentialTests: XCTestCase {
    /// A random state to repeat in: size, content with wide characters, colours, margins, scroll region,
    /// autowrap, insert mode, a character set, and the cursor somewhere (maybe beyond the right margin).
    private static func randomSetup(_ random: inout SeededRandom, rows: Int, columns: Int) -> String {
        var setup = ""
        for _ in 0..<random.below(4 * rows) {
            switch random.below(6) {
            case 0: setup += "中"
            case 1: setup += "\r\n"
            case 2: setup += csi(["31", "0", "1;44", "7"][random.below(4)] + "m")
            default: setup += String(repeating: ["x", "y", "z"][random.below(3)], count: random.below(columns + 2))
            }
        }
        if random.below(3) == 0 {
            let top = 1 + random.below(rows), bottom = top + random.below(rows - top + 1)
            setup += csi("\(top);\(bottom)r")
        }
        if random.below(3) == 0 {
            let left = 1 + random.below(columns), right = left + random.below(columns - left + 1)
            setup += csi("?69h") + csi("\(left);\(right)s")
        }
        if random.below(4) == 0 { setup += csi("?7l") }
        if random.below(4) == 0 { setup += csi("4h") }
        if random.below(5) == 0 { setup += esc("(0") }
        if random.below(5) == 0 { setup += esc("(A") }
        setup += csi("\(1 + random.below(rows));\(1 + random.below(columns))H")
        setup += csi(["0", "32;41", "4", "0"][random.below(4)] + "m")
        return setup
    }

    private static let characters = ["a", "q", "#", "中", "é", "\u{1F600}", "x"]

    func testRepeatMatchesPrintingOneAtATime() {
        var random = SeededRandom(seed: 14)
        for trial in 0..<3000 {
            let rows = 1 + random.below(6), columns = 1 + random.below(10)
            let setup = Self.randomSetup(&random, rows: rows, columns: columns)
            let character = Self.characters[random.below(Self.characters.count)]
            let count = random.below(4) == 0 ? random.below(100_000) : random.below(3 * rows * columns + 3)
            let scrollback = random.below(3) == 0 ? 0 : 1 + random.below(8)

            let repeated = makeTerminal(setup + character, rows: rows, columns: columns, scrollbackLimit: scrollback)
            // The old REP: `visibleRepeatCount` prints, one by one.
            let printed = makeTerminal(setup + character, rows: rows, columns: columns, scrollbackLimit: scrollback)
            // REP 0 means REP 1.
            let bounded = printed.visibleRepeatCount(max(count, 1), of: printed.lastGraphic)
            repeated.feed(csi("\(count)b"))
            let scalar = printed.lastGraphic
            for _ in 0..<bounded { printed.print(scalar) }
            // Then one more character shows whether a wrap was pending, and one more REP what it repeats.
            for terminal in [repeated, printed] { terminal.feed("Z" + csi("2b")) }
            let context = "trial \(trial): \(rows)x\(columns), setup \(setup.debugDescription), \(character) then REP \(count)"
            XCTAssertTrue(repeated.snapshot() == printed.snapshot(),
                          "\(context): \(repeated.snapshot().lines) cursor \(repeated.cursor) against \(printed.snapshot().lines) cursor \(printed.cursor)")
            XCTAssertEqual(repeated.snapshot().scrollback, printed.snapshot().scrollback, context)

            // All `count` characters written out leave the same screen and cursor.
            guard count <= 2000 else { continue }
            let written = makeTerminal(setup + String(repeating: character, count: max(count, 1) + 1), rows: rows, columns: columns,
                                       scrollbackLimit: scrollback)
            written.feed("Z" + csi("2b"))
            XCTAssertEqual(repeated.snapshot().lines, written.snapshot().lines, context)
            XCTAssertEqual(repeated.cursor, written.cursor, context)
        }
    }

    /// REP `count` in `repeated`, and the prints it stands for one at a time in `printed`.
    private static func repeatLast(_ count: Int, in repeated: TerminalEmulator, printingOneAtATimeIn printed: TerminalEmulator) {
        repeated.feed(csi("\(count)b"))
        let scalar = printed.lastGraphic
        guard scalar != 0 else { return }
        for _ in 0..<printed.visibleRepeatCount(max(count, 1), of: scalar) { printed.print(scalar) }
    }

    /// Whole lines of REP at the bottom of the screen scroll at once, go to the scrollback as counted
    /// runs (only as many as it keeps), and leave rows marked as one repeated cell; these follow
    /// several REPs (with colours, characters between them, and the alternate screen in and out) by
    /// a resize, which brings scrollback lines back onto the screen or pushes rows into it, then
    /// more REPs and output over the marked rows, and compare everything with the same characters
    /// printed one at a time.
    func testRepeatedLinesThenResizeAndOutputMatchPrintingOneAtATime() {
        var random = SeededRandom(seed: 1413)
        for trial in 0..<2000 {
            let rows = 1 + random.below(6), columns = 1 + random.below(10)
            let scrollback = random.below(4) == 0 ? 0 : 1 + random.below(3 * rows)
            let repeated = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: scrollback)
            let printed = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: scrollback)
            var steps: [String] = []
            let start = Self.randomSetup(&random, rows: rows, columns: columns)
            for terminal in [repeated, printed] { terminal.feed(start) }
            steps.append(start.debugDescription)
            for _ in 0..<(1 + random.below(4)) {
                let lead = ["", csi("31m"), csi("0m"), csi("1;44m"), "\r\n", csi("\(rows);\(columns)H"), csi("?1049h"), csi("?1049l")][random.below(8)]
                    + ["a", "a", "b", "中"][random.below(4)]
                let count = random.below(3) == 0 ? random.below(100_000) : random.below(4 * rows * columns + 3)
                for terminal in [repeated, printed] { terminal.feed(lead) }
                Self.repeatLast(count, in: repeated, printingOneAtATimeIn: printed)
                steps.append("\(lead.debugDescription) REP \(count)")
            }
            let newRows = 1 + random.below(8), newColumns = 1 + random.below(12)
            for terminal in [repeated, printed] { terminal.resize(rows: newRows, columns: newColumns) }
            steps.append("resize to \(newRows)x\(newColumns)")
            let context = "trial \(trial): \(rows)x\(columns), scrollback \(scrollback), \(steps)"
            XCTAssertTrue(repeated.snapshot() == printed.snapshot(), "\(context): \(repeated.snapshot().lines) against \(printed.snapshot().lines)")
            XCTAssertEqual(repeated.snapshot().styledText(), printed.snapshot().styledText(), context)
            XCTAssertEqual(repeated.snapshot().scrollback, printed.snapshot().scrollback, context)
            // More of the same character from the bottom right (REP's lines at once again, over rows
            // the resize widened or narrowed), other output, a resize back, and the same again.
            for (round, (height, width)) in [(newRows, newColumns), (rows, columns)].enumerated() {
                for terminal in [repeated, printed] { terminal.feed(csi("\(height);\(width)H") + "a") }
                Self.repeatLast(random.below(3 * height * width + 2), in: repeated, printingOneAtATimeIn: printed)
                for terminal in [repeated, printed] { terminal.feed("Z") }
                Self.repeatLast(2, in: repeated, printingOneAtATimeIn: printed)
                let other = "\r\n" + csi("1;1H") + "yy" + csi("3@") + csi("2P") + csi("S") + csi("2L") + csi("\(height);1H\r\n")
                for terminal in [repeated, printed] {
                    terminal.feed(other)
                    if round == 0 { terminal.resize(rows: rows, columns: columns) }
                }
            }
            XCTAssertTrue(repeated.snapshot() == printed.snapshot(), "\(context) then REPs, output and a resize back: "
                          + "\(repeated.snapshot().lines) against \(printed.snapshot().lines)")
            XCTAssertEqual(repeated.snapshot().styledText(), printed.snapshot().styledText(), context)
            XCTAssertEqual(repeated.snapshot().scrollback, printed.snapshot().scrollback, context)
        }
    }
}
