import Glibc
import XCTest

@testable import CleanSlate

/// Putting files into a sandbox before the app is launched.
final class SandboxSeedingTests: SandboxTestCase {
    func testWriteCreatesFoldersAndSetsPermissionsWhateverTheUmask() throws {
        try sandbox.write([0x00, 0xFF, 0x41], to: "app/data.bin", in: .data)
        try sandbox.write("secret", to: "app/nested/token", in: .config, permissions: 0o600)
        try sandbox.write("unreadable", to: "locked", in: .home, permissions: 0o000)

        XCTAssertEqual(try sandbox.contents(of: "app/data.bin", in: .data), [0x00, 0xFF, 0x41])
        XCTAssertEqual(Host.read(sandbox.path(.config, "app/nested/token")), "secret")
        XCTAssertEqual(Host.mode(sandbox.path(.data, "app/data.bin")), 0o644, "default mode")
        XCTAssertEqual(Host.mode(sandbox.path(.config, "app/nested/token")), 0o600)
        XCTAssertEqual(Host.mode(sandbox.path(.home, "locked")), 0o000)
        XCTAssertEqual(Host.mode(sandbox.path(.config, "app/nested")), 0o755)

        // Writing again replaces the contents and the mode.
        try sandbox.write("v2", to: "app/nested/token", in: .config, permissions: 0o640)
        XCTAssertEqual(try sandbox.text(of: "app/nested/token", in: .config), "v2")
        XCTAssertEqual(Host.mode(sandbox.path(.config, "app/nested/token")), 0o640)
    }

    func testCreateDirectoryMakesNestedFoldersAndAcceptsExistingOnes() throws {
        try sandbox.createDirectory("a/b/c", in: .cache)
        try sandbox.createDirectory("a/b", in: .cache)
        XCTAssertEqual(try sandbox.files(in: .cache), ["a/", "a/b/", "a/b/c/"])

        try sandbox.write("x", to: "file", in: .cache)
        assertThrowsCleanSlateError(.sandboxFailed) { try sandbox.createDirectory("file/sub", in: .cache) }
    }

    func testCopyItemCopiesAFixtureTreeWithModesAndSymlinks() throws {
        let fixture = outside + "/fixture"
        try Host.makeDirectory(fixture, mode: 0o750)
        try Host.write("[core]\n", to: fixture + "/config.ini", mode: 0o640)
        try Host.makeDirectory(fixture + "/bin")
        try Host.write("#!/bin/sh\n", to: fixture + "/bin/tool", mode: 0o755)
        try Host.makeDirectory(fixture + "/readonly", mode: 0o500)
        try Host.symlink("config.ini", at: fixture + "/relative-link")
        try Host.symlink("/nonexistent/target", at: fixture + "/dangling-link")
        try Host.write("single", to: outside + "/single.txt", mode: 0o600)

        try sandbox.copyItem(from: fixture, to: ".config/tool", in: .home)
        try sandbox.copyItem(from: outside + "/single.txt", to: "single.txt", in: .state)

        let copy = sandbox.path(.home, ".config/tool")
        XCTAssertEqual(try sandbox.files(in: .home), [
            ".config/", ".config/tool/", ".config/tool/bin/", ".config/tool/bin/tool", ".config/tool/config.ini",
            ".config/tool/dangling-link", ".config/tool/readonly/", ".config/tool/relative-link",
        ])
        XCTAssertEqual(Host.mode(copy), 0o750)
        XCTAssertEqual(Host.mode(copy + "/config.ini"), 0o640)
        XCTAssertEqual(Host.mode(copy + "/bin/tool"), 0o755)
        XCTAssertEqual(Host.mode(copy + "/readonly"), 0o500)
        XCTAssertEqual(Host.read(copy + "/bin/tool"), "#!/bin/sh\n")
        XCTAssertTrue(Host.isSymlink(copy + "/relative-link"))
        XCTAssertEqual(Host.readLink(copy + "/relative-link"), "config.ini")
        XCTAssertEqual(Host.readLink(copy + "/dangling-link"), "/nonexistent/target")
        XCTAssertEqual(try sandbox.text(of: "single.txt", in: .state), "single")
        XCTAssertEqual(Host.mode(sandbox.path(.state, "single.txt")), 0o600)

        // The destination must not exist yet.
        assertThrowsCleanSlateError(.sandboxFailed) { try sandbox.copyItem(from: outside + "/single.txt", to: "single.txt", in: .state) }
        assertThrowsCleanSlateError(.sandboxFailed) { try sandbox.copyItem(from: outside + "/absent", to: "x", in: .state) }
    }

    func testCopyItemCopiesPseudoFilesThatReportSizeZero() throws {
        // /proc files report size 0 and copy_file_range copies nothing from them; the copier must
        // notice and read them instead of creating an empty copy.
        let expected = try XCTUnwrap(Host.read("/proc/version"))
        XCTAssertEqual(Host.status("/proc/version")?.st_size, 0)
        XCTAssertFalse(expected.isEmpty)
        try sandbox.copyItem(from: "/proc/version", to: "version", in: .temporary)
        XCTAssertEqual(try sandbox.text(of: "version", in: .temporary), expected)
    }

    func testInvalidRelativePathsAreRejectedAndNamed() throws {
        for bad in ["/etc/passwd", "../escape", "a/../../escape", "a\0b", "", ".", "a/.."] {
            let error = assertThrowsCleanSlateError(.invalidArgument) { try sandbox.write("x", to: bad) }
            XCTAssertTrue(error?.message.contains(bad.debugDescription) == true, "\(bad.debugDescription): \(error?.message ?? "")")
            assertThrowsCleanSlateError(.invalidArgument) { _ = try sandbox.contents(of: bad) }
            XCTAssertFalse(sandbox.fileExists(bad))
        }
        assertThrowsCleanSlateError(.invalidArgument) { try sandbox.createDirectory("../x") }
        assertThrowsCleanSlateError(.invalidArgument) { try sandbox.copyItem(from: outside, to: "/abs") }
        XCTAssertFalse(Host.exists(sandbox.root + "/escape"))

        // `..` that stays inside is fine and resolved lexically.
        try sandbox.write("ok", to: "a/../b.txt")
        XCTAssertEqual(try sandbox.files(in: .home), ["b.txt"])
    }

    func testSeedingNeverWritesThroughASymlinkTheAppLeft() throws {
        try Host.write("precious", to: outside + "/real.txt")
        try Host.makeDirectory(outside + "/realdir")
        try Host.symlink(outside + "/real.txt", at: sandbox.path(.home, "file-link"))
        try Host.symlink(outside + "/realdir", at: sandbox.path(.home, "dir-link"))

        assertThrowsCleanSlateError(.sandboxFailed) { try sandbox.write("overwritten", to: "file-link") }
        assertThrowsCleanSlateError(.sandboxFailed) { try sandbox.write("planted", to: "dir-link/new.txt") }
        assertThrowsCleanSlateError(.sandboxFailed) { _ = try sandbox.contents(of: "file-link") }

        XCTAssertEqual(Host.read(outside + "/real.txt"), "precious")
        XCTAssertFalse(Host.exists(outside + "/realdir/new.txt"))
        XCTAssertTrue(sandbox.fileExists("file-link"), "the link itself exists")
        XCTAssertFalse(sandbox.fileExists("dir-link/new.txt"))
    }
}
