import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Swift Testing's time limit cancels a test: its awaited waits end with `CancellationError`, and
/// the `.cleanSlate` trait's teardown still ends the app and its tree and wipes the sandbox. Seen
/// from outside, in a child run of ``TimeLimitFixtures`` (about a minute, the shortest time limit),
/// awaited so that other tests run meanwhile.
@Suite(.cleanSlate)
struct TimeLimitChildRunTests {
    @Test func aTimeLimitEndsTheTestsWaitAndItsTeardownLeavesNothingBehind() async throws {
        let outcome = try await runChildTests("TimeLimitFixtures", framework: .swiftTesting, keep: "never")
        let report = "\(outcome.output)\n\(outcome.errors)"
        #expect(outcome.status == .exited(1), "\(report)")
        #expect(!outcome.lines(containing: "Time limit was exceeded").isEmpty, "\(report)")
        #expect(outcome.value(of: "FIXTURE-WAIT-ENDED") == "CancellationError", "\(report)")
        let pids = try #require(outcome.value(of: "FIXTURE-pids"), "\(report)").split(separator: ",").compactMap { pid_t($0) }
        #expect(pids.count == 2, "\(report)")
        for pid in pids {
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) of the app outlived the test")
        }
        let root = try #require(outcome.value(of: "FIXTURE-SANDBOX"), "\(report)")
        #expect(!FileManager.default.fileExists(atPath: root), "the sandbox \(root) outlived the test")
        #expect(outcome.lines(containing: "outlived it").isEmpty, "\(report)")
    }
}
