@testable import CleanSlateScreen
import XCTest

/// Hostile or random input must never crash the emulator nor make its memory grow without bound.
final class RobustnessTests: XCTestCase {
    /// Fragments that steer the parser into each of its states.
    private let fragments: [[UInt8]] = [
        [0x1B], [0x1B, 0x5B], [0x1B, 0x5D], [0x1B, 0x50], [0x1B, 0x58], [0x1B, 0x5E], [0x1B, 0x5F], [0x1B, 0x5C],
        [0x1B, 0x28, 0x30], [0x1B, 0x23, 0x38], [0x3B], [0x3A], [0x3F], [0x24], [0x20], [0x07], [0x18], [0x0A], [0x0D],
        [0x08], [0x09], [0x0E], [0x0F], [0xC2, 0x9B], [0xC2, 0x9D], [0xCC, 0x81], [0xE2, 0x80, 0x8D], [0xE4, 0xB8, 0xAD],
        [0xF0, 0x9F, 0x98, 0x80], Array("1049h".utf8), Array("?1049l".utf8), Array("38:2::1:2:3m".utf8), Array("6n".utf8),
    ]

    private func assertBounded(_ terminal: TerminalEmulator, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(terminal.parser.string.count, Parser.maximumStringLength, file: file, line: line)
        XCTAssertLessThanOrEqual(terminal.parser.parameters.count, Parameters.capacity, file: file, line: line)
        XCTAssertLessThanOrEqual(terminal.scrollbackLines.count, 1000, file: file, line: line)
        XCTAssertLessThanOrEqual(terminal.replies.count, TerminalEmulator.maximumPendingReplies, file: file, line: line)
        let cells = 2 * terminal.rows * terminal.columns + 1000 * terminal.columns
        XCTAssertLessThanOrEqual(terminal.clusters.clusters.count, max(ClusterTable.capacity, 2 * cells), file: file, line: line)
    }

    func testRandomBytesNeverCrash() {
        var generator = SeededRandom(seed: 0xC1EA_5147)
        let terminal = TerminalEmulator(rows: 24, columns: 80)
        for round in 0..<64 {
            var chunk: [UInt8] = []
            while chunk.count < 65_536 {
                let choice = generator.next()
                if choice % 4 == 0 {
                    chunk += fragments[Int(choice >> 8) % fragments.count]
                } else {
                    chunk.append(UInt8(truncatingIfNeeded: choice >> 16))
                }
            }
            terminal.feed(chunk)
            if round % 8 == 7 {
                terminal.resize(rows: 10 + Int(generator.next() % 40), columns: 10 + Int(generator.next() % 120))
                _ = terminal.takeReplies()
            }
            let snapshot = terminal.snapshot()
            XCTAssertEqual(snapshot.lines.count, terminal.rows)
            XCTAssertTrue((0..<snapshot.rows).contains(snapshot.cursor.row))
            XCTAssertTrue((0..<snapshot.columns).contains(snapshot.cursor.column))
            assertBounded(terminal)
        }
    }

    /// A random control sequence: CSI with an optional private marker, random parameters, an
    /// optional intermediate and any final byte, so every dispatch path gets odd arguments.
    private func randomControlSequence(_ generator: inout SeededRandom) -> [UInt8] {
        var bytes: [UInt8] = [0x1B, UInt8(ascii: "[")]
        let markers: [UInt8] = [0, 0, 0, UInt8(ascii: "?"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "=")]
        let marker = markers[Int(generator.next() % UInt64(markers.count))]
        if marker != 0 { bytes.append(marker) }
        for index in 0..<Int(generator.next() % 4) {
            if index > 0 { bytes.append(generator.next() % 5 == 0 ? UInt8(ascii: ":") : UInt8(ascii: ";")) }
            let magnitudes: [UInt64] = [3, 30, 1_100, 100_000]
            bytes += Array(String(generator.next() % magnitudes[Int(generator.next() % 4)]).utf8)
        }
        if generator.next() % 6 == 0 { bytes.append(UInt8(0x20 + generator.next() % 16)) }
        bytes.append(UInt8(0x40 + generator.next() % 63))
        return bytes
    }

    func testThousandsOfRandomSequencesOnRandomSizesKeepTheInvariants() {
        // Deterministic (seeded), so a failure reproduces; Scripts/fuzz.sh explores far more.
        var generator = SeededRandom(seed: 0x5EED_7E57)
        var terminal = TerminalEmulator(rows: 24, columns: 80, scrollbackLimit: 50)
        for round in 0..<3000 {
            if round % 100 == 0 {
                terminal = TerminalEmulator(rows: 1 + Int(generator.next() % 60), columns: 1 + Int(generator.next() % 160),
                                            scrollbackLimit: Int(generator.next() % 60))
            }
            var input: [UInt8] = []
            for _ in 0..<(1 + Int(generator.next() % 24)) {
                switch generator.next() % 4 {
                case 0: input += randomControlSequence(&generator)
                case 1: input += fragments[Int(generator.next() % UInt64(fragments.count))]
                case 2: input += Array("wörd 中 ".utf8)
                default: input.append(UInt8(truncatingIfNeeded: generator.next()))
                }
            }
            terminal.feed(input)
            if generator.next() % 10 == 0 {
                terminal.resize(rows: Int(generator.next() % 70) - 5, columns: Int(generator.next() % 200) - 5)
            }
            if generator.next() % 3 == 0 { _ = terminal.takeReplies() }
            let snapshot = terminal.snapshot()
            XCTAssertEqual(snapshot.rows, terminal.rows)
            XCTAssertEqual(snapshot.columns, terminal.columns)
            XCTAssertEqual(snapshot.lines.count, terminal.rows)
            XCTAssertTrue((0..<snapshot.rows).contains(snapshot.cursor.row), "round \(round): cursor \(snapshot.cursor)")
            XCTAssertTrue((0..<snapshot.columns).contains(snapshot.cursor.column), "round \(round): cursor \(snapshot.cursor)")
            XCTAssertLessThanOrEqual(snapshot.scrollback.count, terminal.scrollbackLines.limit, "round \(round)")
            assertBounded(terminal)
        }
    }

    func testSplittingTheInputDoesNotChangeTheResult() {
        // The fast paths (runs of text, whole control sequences) only apply within one buffer; fed byte by
        // byte, everything goes through the state machine. Both must give the same screen and replies.
        var generator = SeededRandom(seed: 42)
        var input: [UInt8] = []
        let sequences = ["\u{1B}[1;31m", "\u{1B}[38:2::1:2:3m", "\u{1B}[5;10H", "\u{1B}[?25l", "\u{1B}[2K", "\u{1B}[3@",
                         "\u{1B}[6n", "\u{1B}[>c", "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[2;20r", "\u{1B}[L", "\u{1B}(0", "\u{1B}(B"]
        while input.count < 200_000 {
            let choice = generator.next()
            switch choice % 5 {
            case 0: input += Array(sequences[Int(choice >> 8) % sequences.count].utf8)
            case 1: input += fragments[Int(choice >> 8) % fragments.count]
            default: input += Array("text \(choice % 1000) ".utf8)
            }
        }
        let whole = TerminalEmulator(rows: 24, columns: 80)
        whole.feed(input)
        let split = TerminalEmulator(rows: 24, columns: 80)
        for byte in input { split.feed([byte]) }
        XCTAssertEqual(whole.snapshot(), split.snapshot())
        XCTAssertEqual(whole.takeReplies(), split.takeReplies())
    }

    func testEndlessParametersStayBounded() {
        let terminal = makeTerminal(csi("1"))
        let chunk = [UInt8](repeating: 0, count: 1 << 20).enumerated().map { $0.offset % 2 == 0 ? UInt8(ascii: "9") : UInt8(ascii: ";") }
        for _ in 0..<4 { terminal.feed(chunk) }
        assertBounded(terminal)
        terminal.feed("mok")
        XCTAssertEqual(try terminal.snapshot().text(row: 0), "ok")
    }

    func testEndlessStringsStayBounded() {
        for introducer in ["]2;", "P", "_", "^", "X"] {
            let terminal = makeTerminal(esc(introducer))
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            for _ in 0..<4 { terminal.feed(chunk) }
            assertBounded(terminal)
            terminal.feed(esc("\\") + "ok")
            XCTAssertEqual(try terminal.snapshot().text(row: 0), "ok", introducer)
            XCTAssertLessThanOrEqual(terminal.title.utf8.count, Parser.maximumStringLength)
        }
    }

    func testEndlessCombiningMarksStayInOneCell() {
        let terminal = makeTerminal("e")
        terminal.feed(String(repeating: "\u{301}", count: 100_000) + "x")
        let snapshot = terminal.snapshot()
        XCTAssertEqual(try snapshot.cell(row: 0, column: 0).character.unicodeScalars.count, ClusterTable.maximumScalars)
        XCTAssertEqual(try snapshot.cell(row: 0, column: 1).character, "x")
    }

    func testManyDistinctClustersAreCompacted() {
        let terminal = TerminalEmulator(rows: 4, columns: 10, scrollbackLimit: 0)
        // 20,000 distinct clusters (wide characters with a mark); only the 20 on screen need to be kept.
        for index in 0..<20_000 {
            let base = Unicode.Scalar(0x4E00 + UInt32(index % 20_000))!
            terminal.feed(String(Character(base)) + "\u{301}")
        }
        assertBounded(terminal)
        XCTAssertLessThanOrEqual(terminal.clusters.clusters.count, ClusterTable.capacity)
        XCTAssertEqual(try terminal.snapshot().cell(row: 3, column: 8).character, String(Character(Unicode.Scalar(0x4E00 + 19_999)!)) + "\u{301}")
    }

    func testUnreadRepliesStayBounded() {
        let terminal = makeTerminal()
        let request = Array(csi("6n").utf8)
        let chunk = Array([[UInt8]](repeating: request, count: 100_000).joined())
        for _ in 0..<4 { terminal.feed(chunk) }
        assertBounded(terminal)
    }

    func testExtremeSizesWork() {
        let terminal = TerminalEmulator(rows: 1, columns: 1)
        terminal.feed("中ab\r\n" + csi("99;99H") + csi("5@") + csi("5P") + csi("5L") + csi("5M") + csi("2J"))
        XCTAssertEqual(terminal.snapshot().lines.count, 1)
        let zero = TerminalEmulator(rows: 0, columns: -3)
        XCTAssertEqual(zero.rows, 1)
        XCTAssertEqual(zero.columns, 1)
        zero.resize(rows: 0, columns: 0)
        zero.feed("x")
        XCTAssertEqual(zero.snapshot().text, "x")
    }
}
