@testable import CleanSlate
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

        // With no idle keeper left, the next launch asks for a new one: from a new supervisor.
        LaunchSupervisor.shared.releaseIdleKeepers()
        let third = try launchApp(.name("cat"))
        try third.typeText("line\n")
        try third.waitForOutput("line")
        XCTAssertEqual(supervisors().count, 1)
        XCTAssertNotEqual(supervisors().first, old)
    }

    /// Idle keepers are kept for reuse, but no more than ``LaunchSupervisor/idleLimit``: after more
    /// apps than that ran at once, the extra keepers exit.
    func testNoMoreIdleKeepersThanTheLimitAreKept() throws {
        let sandbox = try sandboxForTest()
        let apps = try (0..<(LaunchSupervisor.idleLimit + 8)).map { _ -> AppLauncher in
            let app = AppLauncher(.name("cat"), sandbox: sandbox)
            try app.launch()
            return app
        }
        for (index, app) in apps.enumerated() {
            try app.typeText("line \(index)\n")
            try app.waitForOutput("line \(index)")
        }
        apps.forEach { $0.terminate() }
        // This process's descendants are now the supervisor, its spare keeper and the idle keepers.
        let limit = LaunchSupervisor.idleLimit + 2
        XCTAssertLessThanOrEqual(ResourceCounts.descendants(settlingAtOrBelow: limit, within: .seconds(10)), limit)
    }

    /// A strict launch uses its keeper up (it ends inside the launch's namespaces), so it takes a new
    /// one rather than one of the idle keepers, which stay for the launches that give theirs back.
    func testAStrictLaunchLeavesTheIdleKeepersAsTheyWere() throws {
        try requireStrictIsolation()
        let warmUp = try launchApp(.name("true"))
        XCTAssertEqual(try warmUp.waitForExit(), .exited(0))
        warmUp.terminate()
        let idle = LaunchSupervisor.shared.idleKeeperCount
        XCTAssertGreaterThan(idle, 0, "the warm-up's keeper was not kept")
        let strict = try makeApp(.name("true"))
        strict.isolation = .strict
        for _ in 0..<3 {
            try strict.launch()
            XCTAssertEqual(try strict.waitForExit(), .exited(0), strict.standardError)
            strict.terminate()
        }
        XCTAssertEqual(LaunchSupervisor.shared.idleKeeperCount, idle)
    }
}
