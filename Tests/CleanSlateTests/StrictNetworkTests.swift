import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The network options of strict isolation (`StrictOptions.network`, `cleanslate run --network`,
/// `--allow-port`), against TCP servers this test starts on the host's 127.0.0.1.
final class StrictNetworkTests: XCTestCase {
    /// Opens a connection to 127.0.0.1:$1, sends `ping`, prints the server's one-line answer.
    private static let pingScript = #"exec 3<>/dev/tcp/127.0.0.1/$1 && echo ping >&3 && read -r -t 10 reply <&3 && echo "got $reply""#

    private func strictApp(_ network: StrictNetwork, _ arguments: [String]) throws -> AppLauncher {
        try requireStrictIsolation()
        try requireProgram("/bin/bash", hint: "install bash")
        let app = try makeApp(.path("/bin/bash"), arguments: arguments)
        app.isolation = .strict(StrictOptions(network: network))
        app.defaultTimeout = .seconds(20)
        return app
    }

    func testTheHostNetworkIsSharedOnRequest() throws {
        let server = try LoopbackListener()
        defer { server.close() }
        let answered = server.answerOneConnection(reading: 5, reply: Data("pong\n".utf8))
        let app = try strictApp(.host, ["-c", Self.pingScript + "; readlink /proc/self/ns/net", "ping", String(server.port)])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        let hostNamespace = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")
        XCTAssertEqual(app.standardOutput, "got pong\n\(hostNamespace)\n")
        XCTAssertEqual(answered.result(), "ping\n")
    }

    func testAnAllowedPortIsRelayedToTheHostAndAnyOtherIsRefused() throws {
        let server = try LoopbackListener(), other = try LoopbackListener()
        defer { server.close(); other.close() }
        let answered = server.answerOneConnection(reading: 5, reply: Data("pong\n".utf8))
        let script = Self.pingScript + #"; (echo x > /dev/tcp/127.0.0.1/$2) 2>&1 | sed 's/.*: //' | sort -u"#
        let app = try strictApp(.hostPorts([server.port]), ["-c", script, "ping", String(server.port), String(other.port)])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "got pong\nConnection refused\n", app.standardError)
        XCTAssertEqual(answered.result(), "ping\n")
        XCTAssertFalse(other.hasPendingConnection(), "a connection to a port not allowed reached the host")
    }

    func testTheRelayCarriesMoreThanItsBufferBothWaysAndPassesEndOfFile() throws {
        let server = try LoopbackListener()
        defer { server.close() }
        let sent = 300_000, received = 1_000_000
        let answered = server.answerOneConnection(reading: sent, reply: Data(repeating: UInt8(ascii: "y"), count: received))
        let script = #"exec 3<>/dev/tcp/127.0.0.1/$1 && head -c \#(sent) /dev/zero >&3 && wc -c <&3"#
        let app = try strictApp(.hostPorts([server.port, 1]), ["-c", script, "bulk", String(server.port)])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), String(received))
        XCTAssertEqual(answered.result()?.utf8.count, sent)
    }

    func testTheRelayHoldsWhatTheAppCannotTakeYetAndLosesNothing() throws {
        let server = try LoopbackListener()
        defer { server.close() }
        let sandbox = try sandboxForTest()
        let gate = sandbox.path(.home, "gate")
        XCTAssertEqual(mkfifo(gate, 0o600), 0, "mkfifo \(gate)")
        // The app reads nothing from the socket until the gate opens; the server meanwhile sends
        // until its own send would block, which happens only once the relay holds bytes it could not
        // pass on and has stopped reading. Then the gate opens and everything must arrive.
        let flood = server.floodUntilBackpressure(afterReading: 6, thenSending: 1_000_000)
        let script = #"exec 3<>/dev/tcp/127.0.0.1/$1 && echo ready >&3 && read -r go < "$HOME/gate" && wc -c <&3"#
        let app = try strictApp(.hostPorts([server.port]), ["-c", script, "flood", String(server.port)])
        try app.launch()
        let sentBeforeOpening = try XCTUnwrap(flood.backpressured(), "the server never felt backpressure")
        let writer = open(gate, O_RDWR)
        XCTAssertGreaterThanOrEqual(writer, 0)
        XCTAssertEqual(write(writer, "go\n", 3), 3)
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        close(writer)
        let total = try XCTUnwrap(flood.result(), "the server failed")
        XCTAssertEqual(total, sentBeforeOpening + 1_000_000)
        XCTAssertEqual(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), String(total))
    }

    func testAnAllowedPortWithNothingListeningOnTheHostIsReset() throws {
        let closed = try LoopbackListener()
        closed.close()
        let script = #"exec 3<>/dev/tcp/127.0.0.1/$1 && echo connected && read -r -t 10 reply <&3; echo "read status $?""#
        let app = try strictApp(.hostPorts([closed.port]), ["-c", script, "reset", String(closed.port)])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "connected\nread status 1\n", app.standardError)
        XCTAssertTrue(app.standardError.contains("Connection reset by peer"), app.standardError)
    }

    func testBadPortListsAreRefusedWithTypedErrors() throws {
        for ports in [[], [0], Array(repeating: UInt16(80), count: StrictNetwork.maximumAllowedPorts + 1)] {
            let app = try makeApp(.path("/bin/true"))
            app.isolation = .strict(StrictOptions(network: .hostPorts(ports)))
            XCTAssertThrowsError(try app.launch(), "\(ports.count) ports") { error in
                XCTAssertEqual((error as? CleanSlateError)?.code, .invalidArgument)
                XCTAssertTrue("\(error)".contains("StrictNetwork.hostPorts"), "\(error)")
            }
        }
    }

    func testTheCommandLineAllowsAPortAndSharesTheHostNetwork() throws {
        try requireStrictIsolation()
        try requireProgram("/bin/bash", hint: "install bash")
        for flags in [["--allow-port", "PORT"], ["--network", "host"]] {
            let server = try LoopbackListener()
            defer { server.close() }
            let answered = server.answerOneConnection(reading: 5, reply: Data("pong\n".utf8))
            let app = try makeApp(.product("cleanslate"), arguments: ["run", "--isolation", "strict"]
                + flags.map { $0 == "PORT" ? String(server.port) : $0 } + ["--", "/bin/bash", "-c", Self.pingScript, "ping", String(server.port)])
            try app.launch()
            XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), "\(flags): \(app.standardError)")
            XCTAssertEqual(app.standardOutput, "got pong\n", "\(flags)")
            XCTAssertEqual(answered.result(), "ping\n", "\(flags)")
        }
    }

    func testAnAllowedPortIsRelayedForAnUnprivilegedUserToo() throws {
        try requireStrictIsolation()
        try requireProgram("/bin/bash", hint: "install bash")
        let server = try LoopbackListener()
        defer { server.close() }
        let answered = server.answerOneConnection(reading: 5, reply: Data("pong\n".utf8))
        let (status, app) = try runCleanSlateUnprivileged([
            "run", "--isolation", "strict", "--allow-port", String(server.port), "--", "/bin/bash", "-c", Self.pingScript, "ping", String(server.port),
        ])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "got pong\n", app.standardError)
        XCTAssertEqual(answered.result(), "ping\n")
    }

    func testTheCommandLineRefusesNetworkOptionsWithoutStrictIsolation() throws {
        for arguments in [["--allow-port", "80"], ["--isolation", "strict", "--network", "wide"],
                          ["--isolation", "strict", "--network", "host", "--allow-port", "80"], ["--isolation", "strict", "--allow-port", "0"]] {
            let app = try makeApp(.product("cleanslate"), arguments: ["run"] + arguments + ["--", "/bin/true"])
            try app.launch()
            XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(64), "\(arguments): \(app.standardError)")
            XCTAssertTrue(app.standardError.contains("--network") || app.standardError.contains("--allow-port"), app.standardError)
        }
    }
}

/// What a one-connection server received, once it is done.
final class ServerAnswer: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var received: String?

    fileprivate func finish(_ text: String?) {
        received = text
        done.signal()
    }

    /// What the server read before answering (nil: no connection, or it failed), waiting up to 20 s.
    func result() -> String? {
        done.wait(timeout: .now() + 20) == .success ? received : nil
    }
}

extension LoopbackListener {
    /// On a background thread: accepts one connection (waiting up to 20 s), reads `count` bytes from
    /// it, writes `reply` and closes it.
    func answerOneConnection(reading count: Int, reply: Data) -> ServerAnswer {
        let answer = ServerAnswer()
        // The thread listens on a descriptor of its own: when the test ends (or skips) before a
        // connection comes, the test closes its listener and the number may be given to the next
        // test's listener, whose connection this thread must never take.
        let listener = dup(fd)
        Thread.detachNewThread {
            defer { if listener >= 0 { Glibc.close(listener) } }
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20_000) == 1 else { return answer.finish(nil) }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return answer.finish(nil) }
            defer { Glibc.close(client) }
            var timeout = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var received = [UInt8](), buffer = [UInt8](repeating: 0, count: 65536)
            while received.count < count {
                let n = read(client, &buffer, min(buffer.count, count - received.count))
                guard n > 0 else { return answer.finish(nil) }
                received += buffer[..<n]
            }
            let written = reply.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let n = send(client, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    guard n > 0 else { return false }
                    offset += n
                }
                return true
            }
            answer.finish(written ? String(decoding: received, as: UTF8.self) : nil)
        }
        return answer
    }
}

/// A server that floods one connection (``LoopbackListener/floodUntilBackpressure(afterReading:thenSending:)``).
final class Flood: @unchecked Sendable {
    private let full = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    private var sentBeforeFull: Int?
    private var total: Int?

    fileprivate func reachedBackpressure(after bytes: Int?) {
        sentBeforeFull = bytes
        full.signal()
    }

    fileprivate func finish(_ bytes: Int?) {
        total = bytes
        done.signal()
    }

    /// The bytes sent before a send would have blocked (nil: never, or the server failed), waiting up to 20 s.
    func backpressured() -> Int? {
        full.wait(timeout: .now() + 20) == .success ? sentBeforeFull : nil
    }

    /// All the bytes sent (nil: the server failed), waiting up to 20 s.
    func result() -> Int? {
        done.wait(timeout: .now() + 20) == .success ? total : nil
    }
}

extension LoopbackListener {
    /// On a background thread: accepts one connection, reads `count` bytes, then sends without
    /// blocking until a send would block (at most 256 MB), reports that, sends `more` bytes
    /// (blocking) and closes the connection.
    func floodUntilBackpressure(afterReading count: Int, thenSending more: Int) -> Flood {
        let flood = Flood()
        let listener = dup(fd)  // its own descriptor, as answerOneConnection's
        Thread.detachNewThread {
            defer { if listener >= 0 { Glibc.close(listener) } }
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 20_000) == 1 else { flood.reachedBackpressure(after: nil); return flood.finish(nil) }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { flood.reachedBackpressure(after: nil); return flood.finish(nil) }
            defer { Glibc.close(client) }
            var timeout = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: UInt8(ascii: "z"), count: 65536)
            var received = 0
            while received < count {
                let n = read(client, &buffer, count - received)
                guard n > 0 else { flood.reachedBackpressure(after: nil); return flood.finish(nil) }
                received += n
            }
            buffer = [UInt8](repeating: UInt8(ascii: "z"), count: 65536)
            var sent = 0
            while sent < 256 << 20 {
                let n = send(client, buffer, buffer.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                if n > 0 { sent += n; continue }
                if n < 0 && errno == EAGAIN { break }
                flood.reachedBackpressure(after: nil)
                return flood.finish(nil)
            }
            flood.reachedBackpressure(after: sent < 256 << 20 ? sent : nil)
            var left = more
            while left > 0 {
                let n = send(client, buffer, min(left, buffer.count), Int32(MSG_NOSIGNAL))
                guard n > 0 else { return flood.finish(nil) }
                left -= n
                sent += n
            }
            flood.finish(sent)
        }
        return flood
    }
}
