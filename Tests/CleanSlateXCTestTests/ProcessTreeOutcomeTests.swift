import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest
import _CleanSlateCShim

/// What happens to an app's processes when the test that launched it ends badly, observed from
/// outside in a child test process.
final class ProcessTreeOutcomeTests: XCTestCase {
    /// A daemon still running at teardown fails the test with its pid and command line.
    func testADaemonAtTeardownFailsTheTestNamingIt() throws {
        let outcome = try runFixture("ProcessTreeFixtures/testDaemonOutlivesTheApp", keep: "never")
        XCTAssertEqual(outcome.status, .exited(1), outcome.output)
        let daemon = try XCTUnwrap(outcome.value(of: "FIXTURE-OUTPUT")?.dropFirst("daemon=".count), outcome.output)
        let failure = try XCTUnwrap(outcome.output.split(separator: "\n").first { $0.contains("still running at teardown") }, outcome.output)
        XCTAssertTrue(failure.contains("a process started by sh outlived it"), String(failure))
        XCTAssertTrue(failure.contains("pid \(daemon): "), String(failure))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/\(daemon)/stat") && !isZombie(Int32(daemon)!), "the daemon survived")
    }

    /// The test process is killed with SIGKILL, so no teardown code runs in it: the app and its
    /// daemon die anyway, within seconds.
    func testAppsOfAKilledTestProcessDie() throws {
        let bundle = try XCTUnwrap(Bundle.main.executablePath ?? CommandLine.arguments.first)
        let child = try makeApp(.path(bundle), arguments: ["CleanSlateXCTestTests.ProcessTreeFixtures/testLaunchAndWaitToBeKilled"])
        child.launchEnvironment = ["CLEANSLATE_FIXTURE": "1"]
        try child.launch()
        try child.waitForOutput("FIXTURE-SANDBOX=", timeout: .seconds(60))
        let fields = child.standardOutput.split(separator: "\n").first { $0.hasPrefix("FIXTURE-OUTPUT=") }?
            .dropFirst("FIXTURE-OUTPUT=".count).split(separator: ",") ?? []
        let pids = fields.compactMap { Int32($0.split(separator: "=").last ?? "") }
        XCTAssertEqual(pids.count, 2, child.standardOutput)
        let watches = pids.map { cs_pidfd_open($0) }
        defer { watches.forEach { close($0) } }
        XCTAssertTrue(watches.allSatisfy { $0 >= 0 }, "the app and its daemon should be running")
        guard case let .running(testProcess) = child.state else { return XCTFail("the child test process is not running") }

        kill(testProcess, SIGKILL)
        XCTAssertEqual(try child.waitForExit(), .signaled(SIGKILL, coreDumped: false))
        for (pid, fd) in zip(pids, watches) {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&entry, 1, 5_000), 1, "pid \(pid) outlived the killed test process")
        }
        if let root = child.standardOutput.split(separator: "\n").first(where: { $0.hasPrefix("FIXTURE-SANDBOX=") }) {
            try? FileManager.default.removeItem(atPath: String(root.dropFirst("FIXTURE-SANDBOX=".count)))
        }
    }

    private func isZombie(_ pid: Int32) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.contains(") Z ") ?? false
    }
}
