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
        let listener = fd
        Thread.detachNewThread {
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
