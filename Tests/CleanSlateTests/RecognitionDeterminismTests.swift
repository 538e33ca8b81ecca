import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Element recognition gives the same elements for the same screen in every process. Swift seeds
/// its hashing afresh in each process, so a rule that walked a dictionary (lists closed in its
/// order, a tie between counts settled by it) read ptpython's options sidebar one way in some runs
/// and another way in others: one row `Paste mode` with its value as detail, or two menu items
/// `Paste mode` and `off`. An element query, a snapshot of elements or a recorded test could then
/// pass or fail by chance.
final class RecognitionDeterminismTests: XCTestCase {
    func testTheSameScreenGivesTheSameElementsInEveryProcess() throws {
        let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CleanSlateScreenTests/HeldOutScreens-5/ptpython-options-40x100.bin").path
        var listings: [String: Int] = [:]
        // Before the fix, about one process in three read the sidebar the other way: sixteen runs
        // all alike by chance had odds under one in five hundred.
        for _ in 0..<16 {
            let (status, app) = try runCleanslate(["render", "--rows", "40", "--cols", "100", "--elements", capture])
            XCTAssertEqual(status, .exited(0), app.standardError)
            listings[app.standardOutput, default: 0] += 1
        }
        XCTAssertEqual(listings.count, 1, "different elements in different processes:\n" + listings.map { "\($0.value) runs:\n\($0.key)" }.joined(separator: "\n"))
        XCTAssertTrue(listings.keys.first?.contains(#"menuItem "Paste mode""#) ?? false, listings.keys.first ?? "no listing")
    }
}
