@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Closing the app's input while another thread is blocked writing to it must not let the writer's
/// descriptor number be reused for another file while that write can still use it.
final class InputCloseRaceTests: XCTestCase {
    /// More than a pipe can ever hold (Linux's default pipe-max-size is 1 MiB), so the write below
    /// cannot finish before the app reads.
    private static let writeSize = 4 << 20

    func testAWriteInProgressNeverReachesAFileOpenedAfterTheClose() throws {
        // The app reads nothing until it gets SIGUSR1. The race is set up by construction, with no
        // timing: the writer has filled the pipe and is blocked; the input is closed; a file is
        // given the input's descriptor number if that number is free; only then does the app read,
        // which lets the blocked write go on. Its bytes must go to the app, never into the file.
        let app = try launchApp(.name("sh"), arguments: ["-c", "trap 'kill $!; exec cat > /dev/null' USR1; echo ready; sleep 60 & wait"])
        try app.waitForOutput("ready")  // the trap is installed
        guard case let .running(pid) = app.state else { return XCTFail("the app is not running: \(app.state)") }
        let input = try inputDescriptor(ofChild: pid)

        let writeResult = ResultBox<Result<Void, Error>>()
        Thread {
            writeResult.set(Result { try app.write([UInt8](repeating: 0x41, count: Self.writeSize), timeout: .seconds(30)) })
        }.start()
        let deadline = Date().addingTimeInterval(30)
        while !(app.activeWriterCount == 1 && bytesQueued(in: input) > 0) && Date() < deadline { sched_yield() }
        XCTAssertEqual(app.activeWriterCount, 1, "the writer never started")
        XCTAssertGreaterThan(bytesQueued(in: input), 0, "the writer never wrote: it is not blocked in its write")

        try app.closeInput()
        // A file opened now takes the input's number if the close freed it: open(2) takes the lowest
        // free number, and F_DUPFD the lowest free one at or above the number asked for.
        let sandbox = try sandboxForTest()
        let path = sandbox.temporaryDirectory + "/victim"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let opened = open(path, O_WRONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(opened, 0)
        let victim = opened == input ? opened : fcntl(opened, F_DUPFD_CLOEXEC, input)
        if victim != opened { close(opened) }
        defer { close(victim) }
        XCTAssertNotEqual(victim, input, "the input's descriptor was closed while a write was still using it")

        kill(pid, SIGUSR1)  // the app starts reading; the blocked write goes on
        let result = try XCTUnwrap(writeResult.wait(until: Date().addingTimeInterval(30)), "the write never finished")
        XCTAssertNoThrow(try result.get(), "every byte must reach the app")
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        XCTAssertEqual(size, 0, "bytes meant for the app were written into an unrelated file")
        // The deferred close did happen once the write ended: the app read to the end of its input.
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    /// The descriptor of this process that is the other end of the pipe on the child's standard input.
    private func inputDescriptor(ofChild pid: Int32) throws -> Int32 {
        let pipe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0")
        let ours = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap(Int32.init).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == pipe
        }
        XCTAssertEqual(ours.count, 1, "expected one descriptor on \(pipe), found \(ours)")
        return try XCTUnwrap(ours.first, "no descriptor of this process writes to \(pipe)")
    }

    /// Bytes written into the pipe behind `fd` and not yet read.
    private func bytesQueued(in fd: Int32) -> Int32 {
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? count : -1
    }
}
