import CleanSlateXCTest
import _CleanSlateCShim
import Glibc
import XCTest

@testable import CleanSlate

/// An app that replaces a folder of its sandbox by a symlink to a host folder (issue 24): in strict
/// isolation it can rename `home` and link any host path in its place. Before, the next strict
/// launch bound what the link reached at /home/cleanslate, writable (the host folder strict hides),
/// and a standard launch got `HOME=` the link; both wrote into the host folder. Now every launch
/// refuses a sandbox whose HOME, XDG or TMPDIR folder is no longer a directory of the sandbox, and
/// a strict launch's keeper never follows a link to the sandbox or its home itself.
final class StrictSandboxLinkTests: XCTestCase {
    /// A host folder the app must never reach, holding one file: under /home when the tests run as
    /// root (the folder strict isolation hides), else under /tmp (hidden too). Removed at teardown.
    private func hostFolder() throws -> String {
        let parent = Host.isRoot ? "/home" : "/tmp"
        var template = Array("\(parent)/cleanslate-link-target-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw HostSetupFailure("mkdtemp in \(parent)")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        addTeardownBlock { Host.removeFolder(path) }
        try Host.write("host\n", to: path + "/marker")
        return path
    }

    private func assertUntouched(_ folder: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["marker"], "the host folder was written", file: file, line: line)
        XCTAssertEqual(Host.read(folder + "/marker"), "host\n", file: file, line: line)
    }

    /// `body` throws `.sandboxFailed` naming `variable` and what is there now.
    private func assertRefused(_ body: @autoclosure () throws -> Void, naming variable: String, now what: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .sandboxFailed, "\(error)", file: file, line: line)
            let message = "\(error)"
            XCTAssertTrue(message.contains("the folder of \(variable) in the sandbox"), message, file: file, line: line)
            XCTAssertTrue(message.contains(what), message, file: file, line: line)
            XCTAssertTrue(message.contains("launch into a new Sandbox"), message, file: file, line: line)
        }
    }

    /// The issue's case: a strict app links a host folder in place of its home; the next strict
    /// launch (a relaunch), a second strict launcher, a standard launch and a terminal launch into
    /// the same sandbox are all refused, and the host folder is untouched.
    func testAHomeReplacedByALinkStopsEveryLaterLaunch() throws {
        try requireStrictIsolation()
        let target = try hostFolder()
        let app = try makeApp(.name("sh"), arguments: ["-c", #"cd /run/cleanslate && mv home home.old && ln -s "$0" home && echo replaced"#, target],
                              isolation: .strict)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "replaced\n")
        let write = ["-c", #"echo written > "$HOME/written""#]
        app.launchArguments = write
        assertRefused(try app.launch(), naming: "HOME", now: "home is a symlink to \(target)")
        for (isolation, size) in [(Isolation.strict, nil), (.standard, nil), (.standard, TerminalSize.standard)] as [(Isolation, TerminalSize?)] {
            let later = try makeApp(.name("sh"), arguments: write, terminalSize: size, isolation: isolation)
            assertRefused(try later.launch(), naming: "HOME", now: "home is a symlink to \(target)")
        }
        assertUntouched(target)
    }

    /// The other folders too, in a standard launch: `xdg` linked to a host folder (every XDG
    /// variable's way goes through it) and `tmp` replaced by a file.
    func testXDGAndTMPDIRFoldersReplacedByALinkOrAFileAreRefused() throws {
        let target = try hostFolder()
        let app = try makeApp(.name("sh"), arguments: ["-c", #"x=${XDG_CONFIG_HOME%/config}; mv "$x" "$HOME/xdg.old" && ln -s "$0" "$x""#, target])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        app.launchArguments = ["-c", #"echo written > "$XDG_CONFIG_HOME/written""#]
        assertRefused(try app.launch(), naming: "XDG_CONFIG_HOME", now: "xdg is a symlink to \(target)")
        assertUntouched(target)
        let sandbox = try sandboxForTest()
        XCTAssertEqual(unlink(sandbox.root + "/xdg"), 0)
        XCTAssertEqual(rename(sandbox.root + "/home/xdg.old", sandbox.root + "/xdg"), 0)
        XCTAssertEqual(rmdir(sandbox.temporaryDirectory), 0)
        try Host.write("not a folder\n", to: sandbox.temporaryDirectory)
        assertRefused(try app.launch(), naming: "TMPDIR", now: "tmp is not a directory")
    }

    /// What holds when the sandbox changes between that check and the launch: the keeper of a strict
    /// launch opens the sandbox and its home without following links. The launch is asked of the
    /// keeper directly here, as if the home had been replaced after the check.
    func testTheKeeperRefusesAHomeThatIsALink() throws {
        try requireStrictIsolation()
        let target = try hostFolder()
        let sandbox = try sandboxForTest()
        XCTAssertEqual(rename(sandbox.home, sandbox.root + "/home.old"), 0)
        XCTAssertEqual(symlink(target, sandbox.home), 0)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { SystemCall.close(null) }
        let layout = StrictLayout(sandbox: sandbox, options: StrictOptions(), executablePath: "/bin/sh",
                                  runnerDirectory: FileManager.default.currentDirectoryPath)
        let request = SpawnRequest(
            executablePath: "/bin/sh", argumentVector: ["sh", "-c", "echo written > \(StrictOptions.homePath)/written"],
            environment: ["PATH=/usr/bin:/bin"], workingDirectory: "/", standardIO: .descriptors(input: null, output: null, error: null),
            strictLayout: layout)
        XCTAssertThrowsError(try { let launch = try Spawner.spawn(request); SystemCall.close(launch.channel) }()) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .sandboxFailed, "\(error)")
            XCTAssertTrue("\(error)".contains("the folder of HOME, \(sandbox.home) is a symlink or not a directory now"), "\(error)")
        }
    }

    /// The keeper opens each read-only folder (and each folder above one) below its mount point one
    /// name at a time: a symlink in the middle of the path is refused, not followed to a host folder.
    func testAFolderBoundOverItselfIsOpenedWithoutFollowingALinkOnTheWay() throws {
        let top = try Host.makeFolder()
        defer { Host.removeFolder(top) }
        try Host.makeDirectory(top + "/mount")
        for folder in ["/mount/real", "/mount/real/config", "/host", "/host/config"] { try Host.makeDirectory(top + folder) }
        try Host.symlink("../host", at: top + "/mount/xdg")
        let mountPoints = [top + "/mount"]
        func open(_ path: String) -> (fd: Int32, errno: Int32) {
            var pointers = mountPoints.map { strdup($0) }
            defer { pointers.forEach { free($0) } }
            let fd = pointers.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { cs_open_below_mount_point(path, $0.baseAddress, 1) }
            }
            let error = errno
            if fd >= 0 { close(fd) }
            return (fd, error)
        }
        XCTAssertGreaterThanOrEqual(open(top + "/mount/real/config").fd, 0, "a folder of folders opens")
        XCTAssertGreaterThanOrEqual(open(top + "/mount").fd, 0, "the mount point itself opens")
        let linked = open(top + "/mount/xdg/config")
        XCTAssertEqual(linked.fd, -1, "the link in the middle was followed")
        XCTAssertTrue([ELOOP, ENOTDIR].contains(linked.errno), "errno \(linked.errno)")
        XCTAssertEqual(open(top + "/elsewhere").errno, EINVAL, "a path below no mount point")
    }
}
