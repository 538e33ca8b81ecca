@testable import CleanSlate
import _CleanSlateCShim
import Foundation
import XCTest

/// At the app's exit the thread that reads its output takes what is left in the pipes before it
/// reports the exit. A process the app left behind that writes without pause (`yes &`) keeps them
/// from ever being empty; the reading stops after ``LaunchedProcess/exitDrainLimit`` all the same.
final class ExitDrainLimitTests: XCTestCase {
    /// Launches that the test must not let go when it fails: their reading thread would still be in
    /// the drain, and the launch's deinit would wait for it.
    nonisolated(unsafe) private static var stuck: [LaunchedProcess] = []

    func testAnOutputThatIsNeverEmptyDoesNotHoldTheExitReportBack() throws {
        // /dev/zero stands for the pipe of such a writer: always readable, never at its end.
        let zero = open("/dev/zero", O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(zero, 0)
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair), 0)
        defer { SystemCall.close(pair[1]) }
        let input = try Descriptors.pipe(for: "the test's stand-in app")
        defer { SystemCall.close(input.read) }
        // The keeper's report (sent on the other end of its socket): the app exited with status 0, and
        // nothing of its tree is left.
        var report = cs_supervisor_message(type: CS_SUPERVISOR_EXITED, a: 1, b: 0, c: CS_EXITED_TREE_EMPTY)
        XCTAssertEqual(withUnsafeBytes(of: &report) { send(pair[1], $0.baseAddress, $0.count, 0) }, MemoryLayout<cs_supervisor_message>.size)
        // An output handler gives the launch a reading thread of its own (poll(2) takes /dev/zero,
        // the shared thread's epoll would not); the drain is the same on either.
        let launch = LaunchSupervisor.Launch(pid: Int32.max, keeper: LaunchSupervisor.Keeper(channel: pair[0]),
                                             supervisor: .shared, keeperReusable: false)
        let process = try LaunchedProcess.adopt(
            launch, executable: "a writer that never pauses", input: input.write,
            sources: [.init(fd: zero, stream: .standardOutput)], output: (limit: .standard, handler: { _, _ in }, fragments: nil))
        let status = process.waitForExit(until: MonotonicInstant.now.advanced(by: .seconds(30)))
        guard status != nil else {
            Self.stuck.append(process)
            return XCTFail("the exit was never reported: the reading thread is still draining an output that is never empty")
        }
        XCTAssertEqual(status, .exited(0))
        process.terminate(policy: .immediate)
    }
}
