@testable import CleanSlateScreen
import XCTest

/// The emulator prints runs of plain ASCII and scrolls plain lines through fast paths; these tests hold
/// them to the screen, cursor and scrollback that the general path gives for the same text.
///
/// The reference terminal designates the United Kingdom set into G0 first (`ESC ( A`). That set differs
/// from ASCII only in `#`, which the generated text never contains, so it shows the same characters
/// while every one of them goes through the general, one-character-at-a-time print path.
final class FastPathTests: XCTestCase {
    func testASCIIRunsLeaveTheScreenTheGeneralPathLeaves() {
        for seed: UInt64 in 1...40 {
            var random = SeededRandom(seed: seed)
            let rows = 2 + random.below(8)
            let columns = 3 + random.below(30)
            let input = Self.mixedText(&random, columns: columns)
            let limit = 1 + random.below(40)
            let fast = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: limit)
            let general = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: limit)
            general.feed(esc("(A"))
            // The fast terminal gets the bytes in pieces of random size, so runs are cut at every possible place.
            var offset = 0
            while offset < input.count {
                let end = min(input.count, offset + 1 + random.below(40))
                fast.feed(Array(input[offset..<end]))
                offset = end
            }
            general.feed(input)
            let (got, expected) = (fast.snapshot(), general.snapshot())
            // Equality covers every cell's attributes, the cursor and the scrollback; the message shows the text.
            XCTAssertTrue(got == expected, "seed \(seed), \(rows)x\(columns): \(got.lines) \(got.scrollback) != \(expected.lines) \(expected.scrollback)")
        }
    }

    func testACellWrittenAsTwoWordsIsTheCellWithThatCode() {
        // The fast path writes cells as raw 16-byte patterns with the character or-ed into the low bits;
        // this holds only while `code` is the first field of `Cell` and the layout has no padding.
        let pen = Cell(code: 0, foreground: 0x0102_0304, background: 0x0506_0708, attributes: 0x090A, underline: 3, width: 1)
        let written = unsafeBitCast(PrintableASCII.cell(PrintableASCII.pattern(of: pen), code: 0x41), to: Cell.self)
        XCTAssertEqual(written, Cell(code: 0x41, foreground: 0x0102_0304, background: 0x0506_0708, attributes: 0x090A, underline: 3, width: 1))
    }

    func testEightByteCheckFindsEveryByteOutsidePrintableASCII() {
        let printable = Array("Hello, w".utf8)
        XCTAssertTrue(PrintableASCII.allPrintable(Self.word(printable)))
        XCTAssertTrue(PrintableASCII.allPrintable(Self.word([UInt8](repeating: 0x20, count: 8))))
        XCTAssertTrue(PrintableASCII.allPrintable(Self.word([UInt8](repeating: 0x7E, count: 8))))
        for position in 0..<8 {
            for byte: UInt8 in [0x00, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0xC3, 0xFF] {
                var bytes = printable
                bytes[position] = byte
                XCTAssertFalse(PrintableASCII.allPrintable(Self.word(bytes)), "byte \(byte) at \(position)")
            }
        }
    }

    /// Eight bytes as the little-endian word the fast path loads.
    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    func testScrolledLinesKeepTheirColoursAndTrailingColouredBlanks() throws {
        let terminal = makeTerminal(rows: 2, columns: 8, scrollbackLimit: 5)
        terminal.feed(csi("44m") + "ab" + csi("K") + csi("0m") + "\r\n" + "cd   \r\n" + "\r\n\r\n")
        // The coloured erase reaches the scrollback as cells; the snapshot shows their text, and the
        // line comes back to the screen with its colour when the screen grows.
        XCTAssertEqual(terminal.snapshot().scrollback, ["ab", "cd", ""])
        terminal.resize(rows: 5, columns: 8)
        let snapshot = terminal.snapshot()
        XCTAssertEqual(snapshot.lines, ["ab", "cd", "", "", ""])
        XCTAssertEqual(try snapshot.cell(row: 0, column: 7).background, try snapshot.cell(row: 0, column: 0).background)
        XCTAssertNotEqual(try snapshot.cell(row: 0, column: 7).background, try snapshot.cell(row: 1, column: 7).background)
    }

    /// Printable ASCII without `#` in runs of every length, mixed with what ends or interrupts a run:
    /// line ends, backspaces, cursor moves, colours, autowrap switched off and on, left and right
    /// margins, wide characters whose halves the ASCII overwrites, and REP.
    static func mixedText(_ random: inout SeededRandom, columns: Int) -> [UInt8] {
        var output: [UInt8] = []
        for _ in 0..<(60 + random.below(120)) {
            switch random.below(14) {
            case 0: output += Array("\r\n".utf8)
            case 1: output += [0x0A]
            case 2: output += [0x08]
            case 3: output += Array(csi("\(1 + random.below(8));\(1 + random.below(columns + 2))H").utf8)
            case 4: output += Array(csi(["31", "0", "1;44", "38;5;200", "7"][random.below(5)] + "m").utf8)
            case 5: output += Array(csi(random.below(3) == 0 ? "?7l" : "?7h").utf8)
            case 6: output += Array((random.below(2) == 0 ? csi("?69h") + csi("2;\(max(3, columns - 2))s") : csi("?69l")).utf8)
            case 7: output += Array("中".utf8)
            case 8: output += Array(csi("\(random.below(5))b").utf8)
            default:
                for _ in 0..<random.below(2 * columns + 3) {
                    var byte = UInt8(0x20 + random.below(95))
                    if byte == UInt8(ascii: "#") { byte = UInt8(ascii: "+") }
                    output.append(byte)
                }
            }
        }
        return output
    }
}
