import Glibc
import XCTest
import CleanSlateXCTest

@testable import CleanSlate

/// Where sandboxes are created and what a new one looks like.
final class SandboxLayoutTests: XCTestCase {
    func testNewSandboxHasSiblingLocationFoldersWithTheirModes() throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }

        XCTAssertEqual(Host.mode(sandbox.root), 0o700, "the root must be private to the user")
        XCTAssertEqual(Host.mode(sandbox.runtimeDirectory), 0o700, "XDG_RUNTIME_DIR must be 0700")
        for location in Sandbox.Location.allCases {
            XCTAssertTrue(Host.isDirectory(sandbox.path(location)), "\(location) folder missing")
            XCTAssertEqual(Host.mode(sandbox.path(location)), UInt32(location.permissions), "\(location)")
            XCTAssertEqual(try sandbox.files(in: location), [], "\(location) must start empty")
        }
        XCTAssertEqual(sandbox.home, sandbox.root + "/home")
        XCTAssertEqual(sandbox.configHome, sandbox.root + "/xdg/config")
        XCTAssertEqual(sandbox.dataHome, sandbox.root + "/xdg/data")
        XCTAssertEqual(sandbox.cacheHome, sandbox.root + "/xdg/cache")
        XCTAssertEqual(sandbox.stateHome, sandbox.root + "/xdg/state")
        XCTAssertEqual(sandbox.runtimeDirectory, sandbox.root + "/xdg/runtime")
        XCTAssertEqual(sandbox.temporaryDirectory, sandbox.root + "/tmp")
        // HOME and the XDG folders are siblings: nothing of XDG lives inside HOME.
        XCTAssertFalse(sandbox.configHome.hasPrefix(sandbox.home + "/"))
    }

    /// The folders get their modes whatever the umask of the process that creates the sandbox: here
    /// the real `cleanslate` front end, started under umasks that take group and other bits (077),
    /// owner bits too (277), or nothing (000), runs an app that prints its folders' modes.
    func testFolderModesDoNotDependOnTheUmask() throws {
        let front = try buildFolder() + "/cleanslate"
        let root = try sandboxForTest().temporaryDirectory
        // Expanded by the app's shell, inside the front end's sandbox.
        let printModes = #"stat -c %a "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$XDG_RUNTIME_DIR" "$TMPDIR" "$HOME/../xdg" "$HOME/..""#
        for umask in ["077", "277", "000"] {
            let app = try launchApp(.name("sh"), arguments: [
                "-c", #"umask "$1"; exec "$0" run --root "$2" -- sh -c "$3""#, front, umask, root, printModes,
            ])
            XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), "umask \(umask): \(app.standardError)")
            XCTAssertEqual(app.standardOutput.split(separator: "\n"), ["755", "755", "755", "755", "755", "700", "755", "755", "700"],
                           "umask \(umask)")
        }
    }

    /// In the test process: under a umask that takes owner bits (277), an ordinary user (root
    /// ignores modes; as root, a thread acting as nobody) gets a whole sandbox with the layout's
    /// modes, and a template whose folders are copied in with theirs. The umask is one thread's only.
    func testSandboxesAndTemplateCopiesAreMadeUnderAUmaskThatTakesOwnerBits() throws {
        let made = try Host.asOrdinaryUser(underUmask: 0o277) { () -> Result<(SandboxTemplate, Sandbox), Error> in
            Result {
                let template = try SandboxTemplate { sandbox in
                    try sandbox.write("kept", to: "a/b/file.txt", permissions: 0o640)
                    guard chmod(sandbox.path(.home, "a"), 0o750) == 0 else { throw HostSetupFailure("chmod a") }
                }
                do {
                    return (template, try Sandbox(template: template))
                } catch {
                    try? template.wipe()
                    throw error
                }
            }
        }
        let (template, copy) = try made.get()
        defer {
            try? copy.wipe()
            try? template.wipe()
        }
        for sandbox in [template.sandbox, copy] {
            XCTAssertEqual(Host.mode(sandbox.root), 0o700, sandbox.root)
            XCTAssertEqual(Host.mode(sandbox.root + "/xdg"), 0o755)
            XCTAssertEqual(Host.mode(sandbox.home), 0o755)
            XCTAssertEqual(Host.mode(sandbox.configHome), 0o755)
            XCTAssertEqual(Host.mode(sandbox.runtimeDirectory), 0o700)
            XCTAssertEqual(Host.mode(sandbox.temporaryDirectory), 0o755)
        }
        XCTAssertEqual(Host.mode(copy.path(.home, "a")), 0o750)
        XCTAssertEqual(Host.mode(copy.path(.home, "a/b")), 0o755)
        XCTAssertEqual(Host.mode(copy.path(.home, "a/b/file.txt")), 0o640)
        XCTAssertEqual(Host.read(copy.path(.home, "a/b/file.txt")), "kept")
    }

    func testSandboxNamesAreDistinctMkdtempNames() throws {
        var sandboxes: [Sandbox] = []
        defer { for sandbox in sandboxes { try? sandbox.wipe() } }
        for _ in 0..<20 { sandboxes.append(try Sandbox()) }

        let names = sandboxes.map { String($0.root.split(separator: "/").last!) }
        XCTAssertEqual(Set(names).count, names.count, "every sandbox needs its own folder")
        for name in names {
            XCTAssertTrue(name.hasPrefix("cleanslate-"), name)
            let suffix = name.dropFirst("cleanslate-".count)
            XCTAssertEqual(suffix.count, 6, name)
            XCTAssertTrue(suffix.allSatisfy { $0.isLetter || $0.isNumber }, name)
        }
        // mkdtemp's suffixes are random, not a counter: they differ in more than one position.
        let suffixes = names.map { Array($0.suffix(6)) }
        let differingPositions = (0..<6).filter { index in Set(suffixes.map { $0[index] }).count > 1 }
        XCTAssertGreaterThan(differingPositions.count, 1)
    }

    func testEnvironmentAndPathPointIntoTheLocations() throws {
        let sandbox = try Sandbox()
        defer { try? sandbox.wipe() }

        XCTAssertEqual(sandbox.environment, [
            "HOME": sandbox.home, "XDG_CONFIG_HOME": sandbox.configHome, "XDG_DATA_HOME": sandbox.dataHome,
            "XDG_CACHE_HOME": sandbox.cacheHome, "XDG_STATE_HOME": sandbox.stateHome,
            "XDG_RUNTIME_DIR": sandbox.runtimeDirectory, "TMPDIR": sandbox.temporaryDirectory,
        ])
        XCTAssertEqual(sandbox.path(.config), sandbox.configHome)
        XCTAssertEqual(sandbox.path(.config, "app/settings.json"), sandbox.configHome + "/app/settings.json")
        XCTAssertEqual(sandbox.path(.home, "./a//b/../c"), sandbox.home + "/a/c")
        // `..` stops at the location: the result never leaves it.
        XCTAssertEqual(sandbox.path(.home, "../../../etc/passwd"), sandbox.home + "/etc/passwd")
    }

    func testRootChoiceOrderIsArgumentThenEnvironmentThenDefaults() {
        func choose(_ argument: String?, _ environment: String?, _ shm: Bool, _ tmpdir: String?) -> SandboxRoot.Choice {
            SandboxRoot.choose(argument: argument, environmentValue: environment, sharedMemoryUsable: shm, temporaryDirectory: tmpdir)
        }
        XCTAssertEqual(choose("/a", "/b", true, "/c"), .init(path: "/a", source: .argument))
        XCTAssertEqual(choose(nil, "/b", true, "/c"), .init(path: "/b", source: .environment))
        XCTAssertEqual(choose(nil, "", true, "/c"), .init(path: "/dev/shm", source: .defaultLocation), "empty = unset")
        XCTAssertEqual(choose(nil, nil, true, "/c"), .init(path: "/dev/shm", source: .defaultLocation))
        XCTAssertEqual(choose(nil, nil, false, "/c"), .init(path: "/c", source: .defaultLocation))
        XCTAssertEqual(choose(nil, nil, false, ""), .init(path: "/tmp", source: .defaultLocation))
        XCTAssertEqual(choose(nil, nil, false, nil), .init(path: "/tmp", source: .defaultLocation))
    }

    func testExplicitRootDirectoryIsUsed() throws {
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }

        let sandbox = try Sandbox(rootDirectory: folder + "/")
        defer { try? sandbox.wipe() }
        XCTAssertTrue(sandbox.root.hasPrefix(folder + "/cleanslate-"), sandbox.root)
        XCTAssertFalse(sandbox.root.contains("//"), sandbox.root)
        XCTAssertTrue(Host.isDirectory(sandbox.home))
    }

    func testMissingRootIsReportedWithItsSource() throws {
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        try Host.write("not a folder", to: folder + "/file")

        let missing = assertThrowsCleanSlateError(.sandboxRootMissing) { _ = try Sandbox(rootDirectory: folder + "/absent") }
        XCTAssertTrue(missing?.message.contains(folder + "/absent") == true, missing?.message ?? "")
        XCTAssertTrue(missing?.message.contains("rootDirectory argument") == true, missing?.message ?? "")
        XCTAssertEqual(missing?.errno, ENOENT)

        // A file where the folder should be, and a file used as a directory on the way.
        assertThrowsCleanSlateError(.sandboxRootMissing) { _ = try Sandbox(rootDirectory: folder + "/file") }
        assertThrowsCleanSlateError(.sandboxRootMissing) { _ = try Sandbox(rootDirectory: folder + "/file/sub") }

        // The source is named so the user knows what to change.
        let fromEnvironment = assertThrowsCleanSlateError(.sandboxRootMissing) {
            _ = try SandboxRoot.makeRoot(in: .init(path: folder + "/absent", source: .environment))
        }
        XCTAssertTrue(fromEnvironment?.message.contains("CLEANSLATE_ROOT") == true, fromEnvironment?.message ?? "")
    }

    func testUnwritableRootIsReported() throws {
        // For root, a folder's mode grants everything. Two cases still refuse: procfs, which refuses
        // to create folders whatever the caller's privileges...
        let proc = assertThrowsCleanSlateError(.sandboxRootNotWritable) { _ = try Sandbox(rootDirectory: "/proc") }
        XCTAssertTrue(proc?.message.contains("/proc") == true, proc?.message ?? "")

        // ...and a read-only folder for an ordinary user (as root, a thread acting as nobody).
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        try Host.makeDirectory(folder + "/readonly", mode: 0o555)
        chmod(folder, 0o755)
        let error = try Host.asOrdinaryUser { () -> CleanSlateError? in
            do {
                _ = try Sandbox(rootDirectory: folder + "/readonly")
                return nil
            } catch {
                return error as? CleanSlateError
            }
        }
        XCTAssertEqual(error?.code, .sandboxRootNotWritable, "\(String(describing: error))")
        XCTAssertEqual(error?.errno, EACCES)
        XCTAssertEqual(try sandboxCount(in: folder + "/readonly"), 0)
    }

    private func sandboxCount(in folder: String) throws -> Int {
        guard let stream = opendir(folder) else { return -1 }
        defer { closedir(stream) }
        var count = 0
        while readdir(stream) != nil { count += 1 }
        return count - 2
    }
}
