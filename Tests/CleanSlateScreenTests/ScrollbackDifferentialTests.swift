@testable import CleanSlateScreen
import XCTest

/// The scrollback keeps a run of identical one-cell lines as one entry with a count (counted outside
/// its slots while only such lines come), and reuses the slots of lines it dropped; these compare
/// it, over many random pushes, pops and reads, with the definition written out naively: an array
/// of every line, cut to the newest `limit`.
final class ScrollbackDifferentialTests: XCTestCase {
    /// A cell showing `code` in foreground colour `colour`.
    private static func cell(_ code: UInt32, _ colour: UInt32) -> Cell {
        var cell = Cell.blank
        cell.code = code
        cell.foreground = colour
        return cell
    }

    /// A random line: often one cell repeated (from a few, so that runs form and break), at one of
    /// two widths, sometimes with trailing blanks or a different last cell.
    private static func randomLine(_ random: inout SeededRandom) -> [Cell] {
        let width = [3, 5][random.below(2)]
        let repeated = [cell(0x61, 0), cell(0x61, 1), cell(0x62, 0), Cell.blank][random.below(4)]
        var line = Array(repeating: repeated, count: width)
        switch random.below(4) {
        case 0: line[width - 1] = cell(0x63, UInt32(random.below(2)))
        case 1: line[width - 1] = .blank
        default: break
        }
        return line
    }

    /// The text a test reads a line as: each cell's character and colour, so that lines differing only in style differ.
    private static func text(_ line: ArraySlice<Cell>) -> String {
        line.map { "\($0.code == 0 ? " " : String(UnicodeScalar(UInt8($0.code))))\($0.foreground)" }.joined()
    }

    func testScrollbackMatchesAPlainListOfLines() {
        compareWithAPlainList(seed: 13, limits: 7, readsEveryStep: true)
    }

    /// The text of the lines is kept from one read to the next, and only the lines dropped and
    /// added between two reads are looked at: reads now and then, after many steps, and larger
    /// limits, so that drops and additions pile up between reads.
    func testScrollbackReadNowAndThenMatchesAPlainListOfLines() {
        compareWithAPlainList(seed: 29, limits: 40, readsEveryStep: false)
    }

    private func compareWithAPlainList(seed: UInt64, limits: Int, readsEveryStep: Bool) {
        var random = SeededRandom(seed: seed)
        for trial in 0..<2000 {
            let limit = random.below(limits)
            var scrollback = Scrollback(limit: limit)
            var model: [[Cell]] = []
            var steps: [String] = []
            for _ in 0..<40 {
                switch random.below(12) {
                case 0..<7:
                    let line = Self.randomLine(&random)
                    let times = random.below(3) == 0 ? 1 + random.below(2 * limit + 2) : 1
                    let known = Scrollback.isUniform(line, columns: line.count) && random.below(2) == 0
                    // A line known to be one cell repeated is pushed as that cell, half the time.
                    let asCell = known && random.below(2) == 0
                    if asCell {
                        scrollback.push(repeating: line[0], columns: line.count, times: times)
                    } else {
                        line.withUnsafeBufferPointer { scrollback.push($0.baseAddress!, columns: line.count, times: times, uniform: known) }
                    }
                    model += Array(repeating: line, count: times)
                    model = Array(model.suffix(limit))
                    steps.append("push \(Self.text(line[...])) x\(times)\(asCell ? " as one cell" : "")")
                case 7, 8:
                    let popped = scrollback.popNewest()
                    let expected = model.popLast()
                    steps.append("pop")
                    XCTAssertEqual(popped, expected, "trial \(trial), limit \(limit): \(steps)")
                case 9:
                    scrollback.updateCells { if $0.code == 0x62 { $0.foreground += 1 } }
                    model = model.map { $0.map { $0.code == 0x62 ? Self.cell(0x62, $0.foreground + 1) : $0 } }
                    steps.append("recolour b")
                case 10 where random.below(4) == 0:
                    scrollback.removeAll()
                    model.removeAll()
                    steps.append("remove all")
                default:
                    steps.append("read")
                }
                XCTAssertEqual(scrollback.count, model.count, "trial \(trial), limit \(limit): \(steps)")
                guard readsEveryStep || random.below(6) == 0 else { continue }
                XCTAssertEqual(scrollback.texts(Self.text), model.map { Self.text(Scrollback.trimmed($0)) },
                               "trial \(trial), limit \(limit): \(steps)")
            }
        }
    }
}
