import CleanSlateScreen
import Foundation
import XCTest

/// Replays the captured program output from `shared/conformance/pyte-captured` and compares every row.
final class PyteCapturedTests: XCTestCase {
    func testEveryCaptureMatchesItsFinalScreen() throws {
        let inputs = try ConformanceData.files(in: "pyte-captured", extension: "input")
        XCTAssertEqual(inputs.count, 7, "expected the seven captures listed in the README")
        for input in inputs {
            let name = input.deletingPathExtension().lastPathComponent
            let expectedURL = input.deletingPathExtension().appendingPathExtension("output")
            let expected = try JSONDecoder().decode([String].self, from: Data(contentsOf: expectedURL))
            XCTAssertEqual(expected.count, 24, name)
            let terminal = TerminalEmulator(rows: 24, columns: 80)
            terminal.feed([UInt8](try Data(contentsOf: input)))
            let screen = terminal.snapshot()
            var mismatches = 0
            for (row, expectedRow) in expected.enumerated() {
                let expectedText = String(expectedRow.reversed().drop(while: { $0 == " " }).reversed())
                if try screen.text(row: row) != expectedText {
                    mismatches += 1
                    XCTFail("\(name) row \(row):\n  expected: \(expectedText.debugDescription)\n  actual:   \(try screen.text(row: row).debugDescription)")
                }
            }
            if mismatches > 0 { print("\(name): \(mismatches) rows differ\n\(screen.framed())") }
        }
    }
}
