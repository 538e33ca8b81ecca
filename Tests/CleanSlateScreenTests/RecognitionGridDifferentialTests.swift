@testable import CleanSlateScreen
import Foundation
import XCTest

/// The shortcuts taken while a screen is read for recognition give what reading every cell on its
/// own gives: the grid's shades, scalars, triggers and each row's marks (a cell drawn like the one
/// before it is not looked at again), and the free spans, read a run at a time and cut where rules
/// take cells (not read again from the cells). Compared on the element captures and on random screens (seeded, so a failure repeats).
final class RecognitionGridDifferentialTests: XCTestCase {
    /// The screens compared: every capture at 24x80, and random drawn, plain and ASCII-box screens.
    private func screens() throws -> [(name: String, screen: ScreenSnapshot)] {
        var result: [(name: String, screen: ScreenSnapshot)] = []
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ElementFixtures")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".bin") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 20, "the captures in ElementFixtures")
        for name in names {
            let bytes = try XCTUnwrap(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))
            let terminal = TerminalEmulator(rows: 24, columns: 80)
            terminal.feed([UInt8](bytes))
            result.append((name, terminal.snapshot()))
        }
        var random = SeededGenerator(seed: 0x5EED_0010)
        result += RandomScreens.terminals(count: 200, using: &random).map { ($0.name, $0.terminal.snapshot()) }
        return result
    }

    func testTheGridReadsEachCellAsReadingItAloneDoes() throws {
        for (name, screen) in try screens() {
            let grid = RecognitionGrid(screen)
            let cells = screen.storedCells
            // The reference: each cell's shade (a shadow takes the one to its left), scalar and
            // triggers worked out from that cell alone.
            var triggers = RecognitionTriggers(firstShade: RecognitionGrid.shade(of: cells[0]), firstForeground: cells[0].foreground)
            var shades: [UInt64] = []
            var scalars: [UInt32] = []
            var rowMarks = [UInt16](repeating: 0, count: screen.rows)
            RecognitionTriggers.Marks.ascii.withUnsafeBufferPointer { ascii in
                for (index, cell) in cells.enumerated() {
                    let column = index % screen.columns
                    let shade = RecognitionGrid.isShadow(cell) && column != 0 ? shades[index - 1] : RecognitionGrid.shade(of: cell)
                    let scalar: UInt32 = cell.width == 0 ? 0
                        : cell.isCluster ? screen.clusterScalars[Int(cell.code & ~Cell.clusterFlag)].first ?? 0xFFFD
                        : cell.code != 0 ? cell.code : 0x20
                    shades.append(shade)
                    scalars.append(scalar)
                    triggers.note(look: cell, shade: shade)
                    triggers.note(scalar: scalar, cell: cell, ascii: ascii)
                    if scalar < 0x80 { rowMarks[index / screen.columns] |= ascii[Int(scalar)] }
                }
            }
            XCTAssertEqual(grid.shades, shades, "the shades of \(name)")
            XCTAssertEqual(grid.scalars, scalars, "the scalars of \(name)")
            XCTAssertEqual(grid.triggers, triggers, "the triggers of \(name)")
            XCTAssertEqual(grid.rowASCIIMarks, rowMarks, "the marks of each row of \(name)")
            if grid.shades != shades || grid.scalars != scalars || grid.triggers != triggers || grid.rowASCIIMarks != rowMarks { return }
        }
    }

    /// The free spans of `row` read cell by cell: a span runs over free cells of one owner.
    private func spansReadCellByCell(_ work: RecognitionWork, row: Int) -> [RecognitionWork.Span] {
        var result: [RecognitionWork.Span] = []
        for column in 0..<work.grid.columns where work.isFree(row, column) {
            let owner = Int(work.owners[work.grid.index(row, column)])
            if let last = result.last, last.columns.upperBound == column, last.owner == owner {
                result[result.count - 1].columns = last.columns.lowerBound..<(column + 1)
            } else {
                result.append(RecognitionWork.Span(row: row, columns: column..<(column + 1), owner: owner))
            }
        }
        return result
    }

    func testSpansCutWhereCellsAreTakenAreTheSpansReadAgain() throws {
        var random = SeededGenerator(seed: 0x5EED_0011)
        for (name, screen) in try screens() {
            var work = RecognitionWork(grid: RecognitionGrid(screen))
            work.findBoxes()
            // Every row's spans read, then cells taken at random: runs inside a span, across
            // spans, over lines and cells already taken, at the row's ends.
            for row in 0..<screen.rows {
                XCTAssertEqual(work.freeSpans(row: row), spansReadCellByCell(work, row: row), "\(name), row \(row): the spans read cell by cell")
                _ = work.spans(row: row)
            }
            for _ in 0..<(screen.rows * 3) {
                let row = Int.random(in: 0..<screen.rows, using: &random)
                let start = Int.random(in: 0..<screen.columns, using: &random)
                let end = Int.random(in: (start + 1)...min(screen.columns, start + 12), using: &random)
                work.claim(row: row, start..<end)
                guard work.freeSpans(row: row) == spansReadCellByCell(work, row: row) else {
                    XCTFail("""
                        \(name), row \(row) after taking columns \(start)..<\(end): the spans read are \(work.freeSpans(row: row)), \
                        cell by cell \(spansReadCellByCell(work, row: row))
                        """)
                    return
                }
                guard work.spans(row: row) == work.freeSpans(row: row) else {
                    XCTFail("""
                        \(name), row \(row) after taking columns \(start)..<\(end): the spans cut are \(work.spans(row: row)), \
                        read again \(work.freeSpans(row: row))
                        """)
                    return
                }
            }
        }
    }
}
