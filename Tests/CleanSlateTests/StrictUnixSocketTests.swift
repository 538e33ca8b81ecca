import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Unix sockets and strict isolation: a network namespace separates addresses, not files, so the
/// keeper covers each socket file of the host that the app would see with /dev/null (connecting
/// fails); a socket in the sandbox, which the test shares with the app, stays reachable, and hiding
/// a socket's folder (`StrictOptions.hiddenPaths`) removes it from view altogether.
final class StrictUnixSocketTests: XCTestCase {
    private static let python = "/usr/bin/python3"

    /// Listens at argv[1] (`@name`: the abstract socket `name`), prints "listening", answers one connection and ends.
    private static let server = #"""
        import socket, sys
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(sys.argv[1].replace("@", "\0", 1))
        listener.listen(1)
        print("listening", flush=True)
        connection, _ = listener.accept()
        connection.sendall(b"hello from the host\n")
        """#

    /// Connects to argv[1] (`@name` as above) and prints what it reads, or why it could not connect.
    private static let client = #"""
        import socket, sys
        try:
            peer = socket.socket(socket.AF_UNIX)
            peer.connect(sys.argv[1].replace("@", "\0", 1))
            print(peer.recv(100).decode(), end="")
        except OSError as error:
            print("refused: " + type(error).__name__)
        """#

    /// Starts the host's server at `path` (a standard launch), waiting until it listens.
    private func startServer(at path: String) throws -> AppLauncher {
        let server = try makeApp(.path(Self.python), arguments: ["-c", Self.server, path])
        try server.launch()
        _ = try server.waitForOutput("listening\n", timeout: .seconds(30))
        return server
    }

    private func connectFromStrictApp(to path: String, options: StrictOptions = StrictOptions()) throws -> String {
        try requireStrictIsolation()
        let app = try makeApp(.path(Self.python), arguments: ["-c", Self.client, path])
        app.isolation = .strict(options)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .exited(0), app.standardError)
        return app.standardOutput
    }

    /// A new folder in /var/lib, which no strict launch hides, removed when the test ends.
    private func visibleHostFolder() throws -> String {
        try requireProgram(Self.python, hint: "install it: apt-get install -y python3")
        guard getuid() == 0 else {
            throw XCTSkip("needs a folder outside every hidden one that this user can write (/var/lib); run as root (CI does)")
        }
        let folder = "/var/lib/cleanslate-socket-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    func testAVisibleSocketIsReachableFromAStrictApp() throws {
        try requireProgram(Self.python, hint: "install it: apt-get install -y python3")
        // The sandbox is visible inside (at /run/cleanslate), so a socket in it is too.
        let sandbox = try sandboxForTest()
        let server = try startServer(at: sandbox.root + "/tmp/host.sock")
        XCTAssertEqual(try connectFromStrictApp(to: StrictOptions.sandboxPath + "/tmp/host.sock"), "hello from the host\n")
        XCTAssertEqual(try server.waitForExit(timeout: .seconds(30)), .exited(0), server.standardError)
    }

    func testAHostSocketOnAVisiblePathIsCoveredAndOneInAHiddenFolderIsNotThere() throws {
        let folder = try visibleHostFolder()
        let server = try startServer(at: folder + "/host.sock")
        defer { server.terminate() }
        XCTAssertEqual(try connectFromStrictApp(to: folder + "/host.sock", options: StrictOptions(hiddenPaths: [folder])),
                       "refused: FileNotFoundError\n")
        XCTAssertEqual(try connectFromStrictApp(to: folder + "/host.sock"), "refused: ConnectionRefusedError\n",
                       "the same socket, its folder not hidden: /dev/null covers it")
        XCTAssertEqual(try connectFromStrictApp(to: folder + "/host.sock", options: StrictOptions(network: .host)),
                       "refused: ConnectionRefusedError\n", "with the host's network too")

        // The server was listening all along: a process of the host reaches it.
        let client = try makeApp(.path(Self.python), arguments: ["-c", Self.client, folder + "/host.sock"])
        try client.launch()
        XCTAssertEqual(try client.waitForExit(timeout: .seconds(30)), .exited(0), client.standardError)
        XCTAssertEqual(client.standardOutput, "hello from the host\n")
        XCTAssertEqual(try server.waitForExit(timeout: .seconds(30)), .exited(0), server.standardError)
    }

    /// /proc/net/unix writes a path as it is: one with a line feed spans two lines of it.
    func testAHostSocketWhosePathHasALineFeedIsCoveredToo() throws {
        let folder = try visibleHostFolder()
        let path = folder + "/host\n.sock"
        let server = try startServer(at: path)
        defer { server.terminate() }
        XCTAssertEqual(try connectFromStrictApp(to: path), "refused: ConnectionRefusedError\n")
    }

    /// Abstract sockets belong to a network namespace: the host's are out of reach with the default
    /// `.loopback` network, and reachable with `.host`.
    func testTheHostsAbstractSocketsAreReachableOnlyWithTheHostNetwork() throws {
        try requireProgram(Self.python, hint: "install it: apt-get install -y python3")
        let name = "@cleanslate-test-\(UUID().uuidString)"
        let server = try startServer(at: name)
        defer { server.terminate() }
        XCTAssertEqual(try connectFromStrictApp(to: name), "refused: ConnectionRefusedError\n")
        XCTAssertEqual(try connectFromStrictApp(to: name, options: StrictOptions(network: .host)), "hello from the host\n")
    }

    /// What stays visible can be read under the test process's own permissions: as root, that is
    /// every file there, /etc/shadow included.
    func testVisibleFilesAreReadableUnderTheUsersOwnPermissions() throws {
        let readable = getuid() == 0 ? "/etc/shadow" : "/etc/passwd"
        try requireStrictIsolation()
        let app = try makeApp(.name("sh"), arguments: ["-c", "head -c 0 \"$0\" && echo readable", readable])
        app.isolation = .strict
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "readable\n")
    }
}
