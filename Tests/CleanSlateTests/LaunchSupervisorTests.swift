import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The launch supervisor is started again when it has died, and the dead one is reaped.
final class LaunchSupervisorTests: XCTestCase {
    func testALaunchAfterTheSupervisorDiedStartsANewOneAndReapsTheOld() throws {
        // Make sure this process has a supervisor, then kill it.
        let first = try launchApp(.name("true"), terminalSize: .standard)
        XCTAssertEqual(try first.waitForExit(), .exited(0))
        let me = getpid()
        let supervisors = allProcessIDs().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 1, Int32(fields[1]) == me, fields[0] != "Z" else { return false }
            let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
            return command.split(separator: "\0").dropFirst().first == "--cleanslate-launch-supervisor"
        }
        XCTAssertEqual(supervisors.count, 1, "this test process has one supervisor")
        let old = try XCTUnwrap(supervisors.first)
        let watch = try ProcessWatch(old)
        kill(old, SIGKILL)
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)))

        // A terminal launch always asks the supervisor for a new keeper.
        let second = try launchApp(.name("sh"), arguments: ["-c", "echo again"], terminalSize: .standard)
        XCTAssertEqual(try second.waitForExit(), .exited(0))
        try second.waitForScreen(containing: "again")
        XCTAssertFalse(zombieChildren().contains(old), "the dead supervisor was not reaped")
    }
}
