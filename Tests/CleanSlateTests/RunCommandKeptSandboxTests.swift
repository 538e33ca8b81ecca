import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Process trees and sweeping: "Kept sandboxes (`CLEANSLATE_KEEP`, `--keep`) are marked as kept in
/// their record ... They stay for 7 days whatever became of their owner". The owner of a sandbox
/// `cleanslate run --keep` kept is the run, which has exited: without the mark the next sweep of
/// the folder would remove the sandbox whose path the run printed.
final class RunCommandKeptSandboxTests: XCTestCase {
    func testASandboxKeptByRunOutlivesItsRunAndTheNextSweep() throws {
        let root = try sandboxForTest().temporaryDirectory
        let (status, run) = try runCleanslate(["run", "--keep", "--root", root, "--", "sh", "-c", #"echo kept > "$HOME/note""#])
        XCTAssertEqual(status, .exited(0), run.standardError)
        let kept = try FileManager.default.contentsOfDirectory(atPath: root)
        XCTAssertEqual(kept.count, 1, "\(kept)")
        let folder = root + "/" + (kept.first ?? "")
        XCTAssertTrue(run.standardError.contains("kept the sandbox at \(folder)"), run.standardError)
        let record = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/.cleanslate-owner")
        XCTAssertTrue(record.contains("\nkept "), "the record says it was kept, and when: \(record)")

        let (swept, sweep) = try runCleanslate(["sweep", "--root", root])
        XCTAssertEqual(swept, .exited(0), sweep.standardOutput + sweep.standardError)
        XCTAssertEqual(sweep.standardOutput, "nothing to sweep in \(root)\n")
        XCTAssertEqual(try String(contentsOfFile: folder + "/home/note", encoding: .utf8), "kept\n")
    }
}
