@testable import CleanSlate
import _CleanSlateCShim
import Foundation
import Glibc
import XCTest

/// The test process's end of a keeper's socket, read by the shared I/O thread.
final class KeeperChannelTests: XCTestCase {
    /// An epoll wake-up can be stale: between the wake-up and the read, the launch it was for may
    /// have ended and its descriptor number been reused by a new launch's keeper socket, which has
    /// nothing to say yet. Reading it must not block (a blocked I/O thread stalls every launch's
    /// output until that keeper next speaks, for as long as its app runs).
    func testAWakeUpWithNothingToReadReturnsAtOnceAndTheNextReportIsStillRead() throws {
        var pair: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair), 0)
        defer { pair.forEach { _ = close($0) } }
        let channel = KeeperChannel(fd: pair[0])
        let outcome = ResultBox<String>()
        DispatchQueue.global().async { outcome.set(channel.nextEventIfReady().map { "\($0)" } ?? "nothing") }
        guard let first = outcome.wait(until: Date().addingTimeInterval(5)) else {
            // Unblock the reader so the test process is not left with a stuck thread.
            report(CS_SUPERVISOR_TREE_EMPTY, a: 0, b: 0, on: pair[1])
            XCTFail("reading a keeper socket with nothing to read blocked")
            _ = outcome.wait(until: Date().addingTimeInterval(60))
            return
        }
        XCTAssertEqual(first, "nothing")

        report(CS_SUPERVISOR_EXITED, a: 1, b: 3, on: pair[1])
        guard case let .exited(status, _)? = channel.nextEventIfReady() else { return XCTFail("the waiting report was not read") }
        XCTAssertEqual(status, .exited(3))
    }

    /// The same through a live launch's I/O handling: a wake-up for its keeper socket when the keeper
    /// has said nothing returns at once and changes nothing; the app's exit is still seen after.
    func testAStaleWakeUpOfALiveLaunchReturnsAtOnce() throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.path("/bin/cat"), sandbox: sandbox)
        try app.launch()
        defer { app.terminate() }
        let process = try app.currentProcess(for: "test")
        let done = ResultBox<Bool>()
        DispatchQueue.global().async {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
            defer { buffer.deallocate() }
            _ = process.ioReadable(process.keeperDescriptor, buffer: buffer)
            done.set(true)
        }
        if done.wait(until: Date().addingTimeInterval(5)) == nil {
            try? app.closeInput()  // cat exits, its keeper reports, and the blocked read returns
            XCTFail("a wake-up for a silent keeper blocked the I/O thread")
            _ = done.wait(until: Date().addingTimeInterval(60))
            return
        }
        XCTAssertEqual(app.state, .running(pid: process.pid))
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0))
    }

    /// Writes one keeper report on `socket`, as a keeper would.
    private func report(_ type: Int32, a: Int32, b: Int32, on socket: Int32) {
        var message = cs_supervisor_message(type: type, a: a, b: b, c: 0)
        _ = withUnsafeBytes(of: &message) { send(socket, $0.baseAddress, $0.count, 0) }
    }
}
