import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Strict isolation (issue 10) with real programs: what the app cannot touch, see or leave behind,
/// and that the host is unchanged afterwards.
final class StrictIsolationTests: XCTestCase {
    /// A launcher of `executable` in strict isolation, in this test's sandbox (not launched).
    private func strictApp(_ executable: Executable, _ arguments: [String], terminalSize: TerminalSize? = nil) throws -> AppLauncher {
        try requireStrictIsolation()
        let app = try makeApp(executable, arguments: arguments, terminalSize: terminalSize)
        app.isolation = .strict
        app.defaultTimeout = .seconds(10)
        return app
    }

    func testTheAppSeesAFixedUserHostNameAndHome() throws {
        let app = try strictApp(.name("sh"), ["-c", #"id; hostname; echo "$HOME $XDG_CONFIG_HOME $TMPDIR"; pwd"#])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, """
            uid=1000(cleanslate) gid=1000(cleanslate) groups=1000(cleanslate)
            cleanslate
            /home/cleanslate /run/cleanslate/xdg/config /run/cleanslate/tmp
            /home/cleanslate

            """)
    }

    func testTheAppIsInItsOwnUserMountPIDNetworkIPCAndUTSNamespaces() throws {
        let kinds = ["user", "mnt", "pid", "net", "ipc", "uts"]
        let app = try strictApp(.name("sh"), ["-c", kinds.map { "readlink /proc/self/ns/\($0)" }.joined(separator: "; ")])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        let inside = app.standardOutput.split(separator: "\n").map(String.init)
        let host = try kinds.map { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/\($0)") }
        XCTAssertEqual(inside.count, kinds.count, app.standardOutput)
        for (kind, (mine, theirs)) in zip(kinds, zip(inside, host)) {
            XCTAssertTrue(mine.hasPrefix(kind + ":["), mine)
            XCTAssertNotEqual(mine, theirs, "the app shares the test process's \(kind) namespace")
        }
    }

    func testWritesOutsideTheSandboxFailWithEROFSAndLeaveTheHostUntouched() throws {
        let name = "cleanslate-strict-probe-\(UUID().uuidString)"
        // A visible folder, a hidden one (an empty read-only folder inside), and the runner's working
        // tree, which is hidden too: inside, it is an empty read-only folder, or it is not there at
        // all when it lies in a hidden folder (a clone under /tmp or /home).
        let workingTree = FileManager.default.currentDirectoryPath
        let outside = ["/usr/local/" + name, "/tmp/" + name, workingTree + "/" + name]
        let hiddenFolders = ["/home", "/root", "/run", "/tmp", "/var/tmp", "/dev/shm"]  // as the Isolation levels article lists them
        let treeIsInAHiddenFolder = hiddenFolders.contains { workingTree.hasPrefix($0 + "/") }
        // Should the promise break, what the app wrote is removed from the host anyway.
        defer { for path in outside { try? FileManager.default.removeItem(atPath: path) } }
        // The paths are the script's arguments, so spaces and other letters in them need no quoting.
        let script = #"for path in "$@"; do echo x > "$path" || echo "failed $?"; done; echo kept > "$HOME/kept" && echo home-ok"#
        let app = try strictApp(.name("sh"), ["-c", script, "sh"] + outside)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "failed 2\nfailed 2\nfailed 2\nhome-ok\n")
        let readOnly = app.standardError.components(separatedBy: "Read-only file system").count - 1
        // dash says "Directory nonexistent" where bash says "No such file or directory".
        let absent = ["Directory nonexistent", "No such file or directory"].map { app.standardError.components(separatedBy: $0).count - 1 }.reduce(0, +)
        XCTAssertEqual([readOnly, absent], treeIsInAHiddenFolder ? [2, 1] : [3, 0],
                       "working tree \(workingTree): \(app.standardError)")
        for path in outside { XCTAssertFalse(FileManager.default.fileExists(atPath: path), "\(path) was written on the host") }
        XCTAssertEqual(try app.sandbox.text(of: "kept", in: .home), "kept\n", "the sandbox's home must stay writable")
    }

    func testTheRealHomeAndTheRunnersWorkingTreeAreHidden() throws {
        let home = try XCTUnwrap(ProcessInfo.processInfo.environment["HOME"])
        let planted = home + "/.cleanslate-strict-secret-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: planted, contents: Data("secret\n".utf8)) else {
            throw XCTSkip("cannot plant a file in the real home \(home) (not writable by this user)")
        }
        defer { try? FileManager.default.removeItem(atPath: planted) }
        let tree = FileManager.default.currentDirectoryPath
        XCTAssertFalse((try FileManager.default.contentsOfDirectory(atPath: tree)).isEmpty)
        let app = try strictApp(.name("sh"), ["-c", #"cat "$1"; ls -A "$2" | wc -l; ls -A /home /root"#, "sh", planted, tree])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertTrue(app.standardError.contains("No such file or directory"), app.standardError)
        XCTAssertFalse(app.standardOutput.contains("secret"))
        let lines = app.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        // Under coverage the profile folder is bound into the tree (README: "Coverage of launched
        // apps"): then its first folder on the way there is all the tree shows.
        let profileFolderInTree = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"]?.hasPrefix(tree + "/") ?? false
        XCTAssertEqual(lines.first, profileFolderInTree ? "1" : "0", "the runner's working tree must look empty: \(app.standardOutput)")
        XCTAssertEqual(Array(lines.dropFirst()), ["/home:", "cleanslate", "", "/root:", ""], app.standardOutput)
    }

    func testOnlyItsOwnLoopbackIsReachable() throws {
        try requireProgram("/bin/bash", hint: "install bash")
        let server = try LoopbackListener()
        defer { server.close() }
        let app = try strictApp(.path("/bin/bash"), ["-c", "echo hello > /dev/tcp/127.0.0.1/\(server.port) && echo connected"])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(1), app.standardOutput)
        XCTAssertTrue(app.standardError.contains("Connection refused"), app.standardError)
        XCTAssertFalse(server.hasPendingConnection(), "a connection from the app reached the host's loopback")
    }

    func testDevHoldsOnlyTheUsualDevicesAndTheAppsOwnTerminal() throws {
        let app = try strictApp(.name("sh"), ["-c", "ls -1A /dev; ls -1A /dev/pts; echo x > /dev/null && echo null-ok; tty"], terminalSize: .standard)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let lines = app.standardOutput.split(separator: "\r\n").map(String.init)
        let terminal = try XCTUnwrap(lines.last, app.standardOutput)
        XCTAssertTrue(terminal.hasPrefix("/dev/pts/"), app.standardOutput)
        XCTAssertEqual(Array(lines.dropLast()), ["fd", "full", "null", "pts", "random", "shm", "stderr", "stdin", "stdout", "tty", "urandom", "zero",
                                 String(terminal.dropFirst("/dev/pts/".count)), "null-ok"], app.standardOutput)
    }

    func testAProgramInsideTheSandboxRunsAndGetsSandboxPathsAsItSeesThem() throws {
        let sandbox = try sandboxForTest()
        try sandbox.write("#!/bin/sh\necho \"$0 $1\"; cat \"$1\"\n", to: "bin/tool", in: .data, permissions: 0o755)
        try sandbox.write("seeded\n", to: "input.txt")
        let app = try strictApp(.path(sandbox.path(.data, "bin/tool")), [sandbox.path(.home, "input.txt")])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "/run/cleanslate/xdg/data/bin/tool /home/cleanslate/input.txt\nseeded\n")
    }

    func testTheAppSeesOnlyItsOwnProcesses() throws {
        try requireProgram("/usr/bin/ps", hint: "install procps")
        let app = try strictApp(.name("ps"), ["-e", "-o", "pid=,comm="])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        let processes = app.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        // PID 1 is the launch's keeper (this test binary re-executed), the app is its child.
        XCTAssertEqual(processes.count, 2, app.standardOutput)
        XCTAssertEqual(processes.first?.first, "1", app.standardOutput)
        XCTAssertEqual(processes.last, ["2", "ps"], app.standardOutput)
    }

    func testADaemonIsKilledAtTeardownAndReported() throws {
        let marker = "1000000.\(Int.random(in: 100_000...999_999))"
        // The app exits once its daemon runs `sleep` (it watches the daemon's command line).
        let script = "setsid sleep \(marker) </dev/null >/dev/null 2>&1 & "
            + #"until tr '\0' ' ' < /proc/$!/cmdline | grep -q '^sleep'; do :; done; echo started"#
        let app = try strictApp(.name("sh"), ["-c", script])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(Self.hostProcesses(running: "sleep " + marker).count, 1, "the daemon must be running on the host now")
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["sleep \(marker)"])
        XCTAssertEqual(Self.hostProcesses(running: "sleep " + marker), [], "the daemon outlived the launch")
    }

    func testRelaunchSeesWhatThePreviousLaunchSavedAndPipesWork() throws {
        let app = try strictApp(.name("sh"), ["-c", #"read line; echo "$line" >> "$HOME/log"; cat "$HOME/log""#])
        try app.launch()
        try app.typeText("first\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        try app.launch()
        try app.typeText("second\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "first\nsecond\n")
        XCTAssertEqual(try app.sandbox.text(of: "log", in: .home), "first\nsecond\n")
    }

    func testATerminalAppWorksInside() throws {
        let app = try strictApp(.name("sh"), ["-c", #"tty; printf 'name? '; read name; echo "hi $name""#], terminalSize: .standard)
        try app.launch()
        try app.waitForOutput("name? ")
        // The pid reported is the host's (inside, the app is PID 2).
        guard case let .running(pid) = app.state else { return XCTFail("not running: \(app.state)") }
        XCTAssertEqual(try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8), "sh\n")
        try app.typeText("Ada\r")
        try app.waitForOutput("hi Ada")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertTrue(app.standardOutput.hasPrefix("/dev/pts/"), app.standardOutput)
    }

    func testTheKeeperIsNotReusedAcrossStrictAndStandardLaunches() throws {
        let app = try strictApp(.name("hostname"), [])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.standardOutput, "cleanslate\n")
        app.terminate()
        // Pooled keepers stay outside the namespaces: a standard launch afterwards sees the host.
        let standard = try launchApp(.name("hostname"))
        XCTAssertEqual(try standard.waitForExit(), .exited(0))
        XCTAssertEqual(standard.standardOutput, Self.hostName() + "\n")
    }

    /// The app is not PID 1 of its namespace (the keeper is), so a signal it has no handler for
    /// ends it as usual: the graceful policy's SIGTERM does, no SIGKILL is needed.
    func testSIGTERMEndsAnAppWithoutAHandler() throws {
        let app = try strictApp(.name("sh"), ["-c", "echo ready; exec sleep 1000"])
        app.terminationPolicy = .graceful(gracePeriod: .seconds(10))
        try app.launch()
        try app.waitForOutput("ready\n")
        XCTAssertEqual(app.terminate(), [])
        XCTAssertEqual(app.state, .exited(.signaled(SIGTERM, coreDumped: false)))
    }

    func testSampleAppsWizardSavesTheProfile() throws {
        let app = try strictApp(.product("SampleApp"), [], terminalSize: .standard)
        try app.launch()
        try app.waitForScreen(containing: "Name:")
        try app.typeText("Ada")
        try app.press(.enter)
        try app.waitForScreen(containing: "Choose a theme")
        try app.press(.down)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try app.screen().text(row: 0), "All set, Ada! Theme: Dark")
        let profile = try app.sandbox.text(of: "sampleapp/profile.json", in: .config)
        XCTAssertTrue(profile.contains("\"Dark\""), profile)
    }

    func testNanoEditsAndSavesAFileInTheSandboxHome() throws {
        try requireProgram("/usr/bin/nano")
        let app = try strictApp(.path("/usr/bin/nano"), ["notes.txt"], terminalSize: .standard)
        try app.launch()
        try app.waitForScreen("nano's title and help lines") { $0.contains("GNU nano") && $0.contains("^X Exit") }
        try app.typeText("strict nano")
        try app.press(.character("o"), modifiers: .control)
        try app.waitForScreen(containing: "File Name to Write: notes.txt")
        try app.press(.enter)
        try app.waitForScreen(containing: "Wrote 1 line")
        try app.press(.character("x"), modifiers: .control)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(try app.sandbox.text(of: "notes.txt", in: .home), "strict nano\n")
    }

    /// 64 strict launches alive at once in one test process, each PID 2 of its own namespace with its
    /// own home, and all ended cleanly.
    func testSixtyFourConcurrentStrictLaunchesEachGetTheirOwnNamespaces() throws {
        try requireStrictIsolation()
        let apps = try (0..<64).map { index -> AppLauncher in
            let app = AppLauncher(.name("sh"), sandbox: try Sandbox())
            app.isolation = .strict
            app.launchArguments = ["-c", "echo \(index) > \"$HOME/n\"; echo $$ $(cat \"$HOME/n\"); read line; echo \"$line\""]
            try app.launch()
            return app
        }
        defer { for app in apps { app.terminate(); try? app.sandbox.wipe() } }
        for (index, app) in apps.enumerated() { try app.waitForOutput("2 \(index)\n", timeout: .seconds(30)) }
        XCTAssertTrue(apps.allSatisfy { if case .running = $0.state { return true } else { return false } }, "all 64 must be running at once")
        for app in apps { try app.typeText("bye\n") }
        for (index, app) in apps.enumerated() {
            XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .exited(0), app.standardError)
            XCTAssertEqual(app.standardOutput, "2 \(index)\nbye\n")
        }
    }

    func testStrictLaunchesLeakNoDescriptorOrZombie() throws {
        let app = try strictApp(.path("/bin/true"), [])
        try app.launch(); _ = try app.waitForExit(); app.terminate()
        let descriptors = openDescriptorCount()
        for _ in 0..<50 {
            try app.launch()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
        app.terminate()
        XCTAssertEqual(openDescriptorCount(), descriptors)
        XCTAssertEqual(zombieChildren(), [])
    }

    // MARK: Helpers

    /// Host pids of live processes whose command line starts with `commandLine`.
    static func hostProcesses(running commandLine: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")) else { return false }
            let text = String(decoding: line.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
            return text.hasPrefix(commandLine) && processIsAlive(pid)
        }
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// A TCP listener on the host's 127.0.0.1 at a free port, never accepting.
struct LoopbackListener {
    let fd: Int32
    let port: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw CleanSlateError(.ioFailed, errno: errno, "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { Glibc.close(fd); throw CleanSlateError(.ioFailed, errno: errno, "bind 127.0.0.1") }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Whether a client connected (accept would not block).
    func hasPendingConnection() -> Bool {
        let client = accept(fd, nil, nil)
        if client >= 0 { Glibc.close(client); return true }
        return false
    }

    func close() { Glibc.close(fd) }
}

extension XCTestCase {
    /// Skips the test, saying why, when this kernel refuses the user namespaces strict isolation
    /// needs; under `.ci/run` (`CLEANSLATE_REQUIRE_EXTERNAL=1`) it fails instead. Any other failure
    /// to set strict isolation up is a failure, not a skip.
    func requireStrictIsolation() throws {
        let probe = AppLauncher(.path("/bin/true"), sandbox: try sandboxForTest())
        probe.isolation = .strict
        do {
            try probe.launch()
            _ = try probe.waitForExit(timeout: .seconds(10))
            probe.terminate()
        } catch let error as CleanSlateError where error.code == .isolationUnavailable && error.message.contains("the kernel refused") {
            if externalRequirementsEnforced { throw error }
            throw XCTSkip("strict isolation is unavailable here: \(error.message)")
        }
    }
}
