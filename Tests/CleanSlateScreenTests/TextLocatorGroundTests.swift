@testable import CleanSlateScreen
import XCTest

/// The ground a text run is drawn on (`ScreenTextRuns.ground(row:columns:in:)`, which decides
/// whether a run is highlighted) read on the grid's shades without counting them in a dictionary,
/// against that count: the most common shade around the run, the run's own on a tie it is part
/// of, else the lowest of the tied shades. Compared on random screens of several shades.
final class TextLocatorGroundTests: XCTestCase {
    /// The ground as first written, every shade around the run counted in a dictionary, and
    /// whether two or more shades are the most common.
    private func countedGround(_ grid: RecognitionGrid, row: Int, columns: Range<Int>, in region: ScreenRectangle) -> (ground: UInt64, tie: Bool) {
        let own = grid.shade(row, columns.lowerBound)
        var counts: [UInt64: Int] = [:]
        for neighbour in [row - 2, row - 1, row + 1, row + 2] where neighbour >= region.row && neighbour < region.row + region.height {
            for column in columns { counts[grid.shade(neighbour, column), default: 0] += 1 }
        }
        for column in [columns.lowerBound - 1, columns.upperBound] where column >= region.column && column < region.column + region.width {
            counts[grid.shade(row, column), default: 0] += 1
        }
        guard let most = counts.values.max() else { return (own, false) }
        let tie = counts.values.filter { $0 == most }.count >= 2
        if counts[own] == most { return (own, tie) }
        return (counts.filter { $0.value == most }.keys.min()!, tie)
    }

    func testARunsGroundIsTheShadeCountedMostAroundItWithTiesBrokenAsCounted() {
        var random = SeededGenerator(seed: 0x5EED_0040)
        var compared = 0
        var tiesWithoutItsOwn = 0
        for (name, terminal) in RandomScreens.terminals(count: 80, using: &random) {
            let grid = terminal.liveRecognitionGrid()
            let runs = ScreenTextRuns(grid: grid)
            for _ in 0..<40 {
                let top = Int.random(in: 0..<grid.rows, using: &random)
                let left = Int.random(in: 0..<grid.columns, using: &random)
                let region = ScreenRectangle(
                    row: top, column: left, height: Int.random(in: 1...(grid.rows - top), using: &random),
                    width: Int.random(in: 1...(grid.columns - left), using: &random))
                let row = Int.random(in: region.row..<(region.row + region.height), using: &random)
                let start = Int.random(in: region.column..<(region.column + region.width), using: &random)
                // Mostly short runs: few cells around them, so shades tie often.
                let longest = Bool.random(using: &random) ? region.column + region.width : min(start + 3, region.column + region.width)
                let columns = start..<Int.random(in: (start + 1)...longest, using: &random)
                let (expected, tie) = countedGround(grid, row: row, columns: columns, in: region)
                let ground = runs.ground(row: row, columns: columns, in: region)
                compared += 1
                guard ground == expected else {
                    XCTFail("\(name): the ground of row \(row) columns \(columns) in \(region) is \(ground), counted \(expected)")
                    return
                }
                if tie && expected != grid.shade(row, columns.lowerBound) { tiesWithoutItsOwn += 1 }
            }
        }
        XCTAssertEqual(compared, 240 * 40)
        XCTAssertGreaterThanOrEqual(tiesWithoutItsOwn, 5, "runs whose ground is a tie of shades not their own")
    }
}
