import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// terminate(): the whole process group, a grace period, SIGKILL, always reaped.
final class TerminationTests: XCTestCase {
    func testGracefulTerminationEndsWithSIGTERM() throws {
        let app = try launchApp(.name("sleep"), arguments: ["60"])
        app.terminate()
        XCTAssertEqual(app.state, .exited(.signaled(SIGTERM, coreDumped: false)))
        XCTAssertEqual(zombieChildren(), [])
    }

    func testAppIgnoringSIGTERMIsKilledAfterTheGracePeriodWithItsChildren() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "trap '' TERM; sleep 60 & echo child=$!; echo ready; while :; do sleep 1; done"])
        app.terminationPolicy = .graceful(gracePeriod: .milliseconds(300))
        try app.launch()
        try app.waitForOutput("ready")
        let childLine = try XCTUnwrap(app.standardOutput.split(separator: "\n").first { $0.hasPrefix("child=") })
        let child = try XCTUnwrap(Int32(childLine.dropFirst("child=".count)))
        XCTAssertTrue(processIsAlive(child))
        app.terminate()
        XCTAssertEqual(app.state, .exited(.signaled(SIGKILL, coreDumped: false)))
        // The grandchild was in the app's process group: it got SIGTERM (sleep does not ignore it) and is gone.
        XCTAssertFalse(processIsAlive(child), "the app's child process survived terminate()")
        XCTAssertEqual(zombieChildren(), [])
    }

    func testStragglersOfAnAppThatAlreadyExitedAreKilled() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "sleep 60 & echo child=$!"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let child = try XCTUnwrap(Int32(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("child=".count)))
        XCTAssertTrue(processIsAlive(child), "the background child should outlive its parent until teardown")
        app.terminate()
        XCTAssertFalse(processIsAlive(child), "terminate() must kill what is left of the process group")
    }

    func testOutputStaysReadableAfterTerminate() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo before; exec sleep 60"])
        try app.waitForOutput("before")
        app.terminate()
        XCTAssertEqual(app.standardOutput, "before\n")
        app.terminate() // idempotent
    }
}

/// Volume and back-pressure.
final class ThroughputTests: XCTestCase {
    func testHundredMegabyteWriterDoesNotBlock() throws {
        let size = 100 * 1024 * 1024
        let app = try launchApp(.name("head"), arguments: ["-c", "\(size)", "/dev/zero"])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0))
        XCTAssertEqual(app.outputByteCount(), size)
    }

    func testBothStreamsFloodingAtOnceDoNotDeadlock() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "head -c 5000000 /dev/zero >&2 & head -c 5000000 /dev/zero; wait"])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0))
        XCTAssertEqual(app.outputBytes(.standardOutput).count, 5_000_000)
        XCTAssertEqual(app.outputBytes(.standardError).count, 5_000_000)
    }

    func testWritingToAnAppThatDoesNotReadTimesOut() throws {
        let app = try launchApp(.name("sleep"), arguments: ["60"])
        let error = assertThrowsCleanSlateError(.timedOut) {
            try app.write([UInt8](repeating: 65, count: 4 * 1024 * 1024), timeout: .milliseconds(200))
        }
        XCTAssertTrue(error?.message.contains("stopped reading") ?? false, "\(String(describing: error))")
    }

    func testWritingToAnAppThatExitedFailsWithoutSIGPIPE() throws {
        let app = try launchApp(.name("true"))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        // The read end is closed: without SIGPIPE protection this would kill the test process.
        assertThrowsCleanSlateError(.ioFailed) { try app.typeText("into the void\n") }
    }
}
