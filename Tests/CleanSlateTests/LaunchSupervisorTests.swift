import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The launch supervisor is started again when it has died, and the dead one is reaped.
final class LaunchSupervisorTests: XCTestCase {
    /// This test process's live launch supervisors (its children running with the supervisor's argument).
    private func supervisors() -> [Int32] {
        let me = getpid()
        return allProcessIDs().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 1, Int32(fields[1]) == me, fields[0] != "Z" else { return false }
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return command.split(separator: "\0").dropFirst().first == "--cleanslate-launch-supervisor"
        }
    }

    func testALaunchAfterTheSupervisorDiedStartsANewOneAndReapsTheOld() throws {
        // Make sure this process has a supervisor and an idle keeper in its pool, then kill the supervisor.
        let first = try launchApp(.name("true"))
        XCTAssertEqual(try first.waitForExit(), .exited(0))
        first.terminate()
        XCTAssertEqual(supervisors().count, 1, "this test process has one supervisor")
        let old = try XCTUnwrap(supervisors().first)
        let watch = try ProcessWatch(old)
        kill(old, SIGKILL)
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)))

        // The next launch reaps it, even when a pooled keeper serves it and the supervisor is not asked.
        let second = try launchApp(.name("sh"), arguments: ["-c", "echo again"], terminalSize: .standard)
        XCTAssertEqual(try second.waitForExit(), .exited(0))
        try second.waitForScreen(containing: "again")
        XCTAssertFalse(zombieChildren().contains(old), "the dead supervisor was not reaped")

        // More apps at once than the pool holds: some need new keepers, from a new supervisor.
        let many = try (0..<20).map { _ in try launchApp(.name("cat")) }
        for (index, app) in many.enumerated() {
            try app.typeText("line \(index)\n")
            try app.waitForOutput("line \(index)")
        }
        XCTAssertEqual(supervisors().count, 1)
        XCTAssertNotEqual(supervisors().first, old)
    }
}
