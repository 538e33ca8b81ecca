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
        let done = DispatchSemaphore(value: 0)
        let outcome = LockedBox<String>()
        DispatchQueue.global().async {
            outcome.set(channel.nextEventIfReady().map { "\($0)" } ?? "nothing")
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            // Unblock the reader so the test process is not left with a stuck thread.
            var message = cs_supervisor_message(type: CS_SUPERVISOR_TREE_EMPTY, a: 0, b: 0, c: 0)
            _ = withUnsafeBytes(of: &message) { send(pair[1], $0.baseAddress, $0.count, 0) }
            XCTFail("reading a keeper socket with nothing to read blocked")
            done.wait()
            return
        }
        XCTAssertEqual(outcome.value, "nothing")

        var message = cs_supervisor_message(type: CS_SUPERVISOR_EXITED, a: 1, b: 3, c: 0)
        _ = withUnsafeBytes(of: &message) { send(pair[1], $0.baseAddress, $0.count, 0) }
        guard case let .exited(status)? = channel.nextEventIfReady() else { return XCTFail("the waiting report was not read") }
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
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 8)
            defer { buffer.deallocate() }
            _ = process.ioReadable(process.keeperDescriptor, buffer: buffer)
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .timedOut {
            try? app.closeInput()  // cat exits, its keeper reports, and the blocked read returns
            XCTFail("a wake-up for a silent keeper blocked the I/O thread")
            done.wait()
            return
        }
        XCTAssertEqual(app.state, .running(pid: process.pid))
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0))
    }
}

/// A value set on one thread and read on another.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    func set(_ value: Value) { lock.lock(); stored = value; lock.unlock() }
    var value: Value? { lock.lock(); defer { lock.unlock() }; return stored }
}
