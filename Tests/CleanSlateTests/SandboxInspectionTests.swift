import Glibc
import XCTest

@testable import CleanSlate

/// Looking at what the app wrote: listings, contents, existence and snapshot diffs.
final class SandboxInspectionTests: XCTestCase {
    private var sandbox: Sandbox!

    override func setUpWithError() throws { sandbox = try Sandbox() }
    override func tearDownWithError() throws { try sandbox?.wipe() }

    func testFilesListsEachLocationSeparatelySortedWithFolderSlashes() throws {
        // Written directly, as the app would.
        try Host.makeDirectory(sandbox.path(.config, "app"))
        try Host.write("{}", to: sandbox.path(.config, "app/config.json"))
        try Host.write("", to: sandbox.path(.config, "zz"))
        try Host.symlink("app/config.json", at: sandbox.path(.config, "link"))
        try Host.makeDirectory(sandbox.path(.config, "app/empty"))

        XCTAssertEqual(try sandbox.files(in: .config), ["app/", "app/config.json", "app/empty/", "link", "zz"])
        XCTAssertEqual(try sandbox.files(in: .home), [])
        XCTAssertEqual(try sandbox.files(in: .data), [])
    }

    func testOddNamesAreListed() throws {
        try Host.makeRawEntry(Array("line\nbreak".utf8), in: sandbox.home, folder: false)
        try Host.makeRawEntry([0x62, 0x61, 0x64, 0xFF, 0xFE], in: sandbox.home, folder: true)
        try Host.makeRawEntry(Array("inner".utf8), in: Array(sandbox.home.utf8) + [0x2F, 0x62, 0x61, 0x64, 0xFF, 0xFE], folder: false)
        XCTAssertEqual(try sandbox.files(in: .home), ["bad\u{FFFD}\u{FFFD}/", "bad\u{FFFD}\u{FFFD}/inner", "line\nbreak"])
    }

    func testContentsTextAndFileExists() throws {
        try Host.write("plain", to: sandbox.path(.state, "a.txt"))
        let invalid: [UInt8] = [0x6F, 0x6B, 0xC3, 0x28, 0xFF]
        let fd = open(sandbox.path(.state, "bin"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        _ = invalid.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try Host.symlink("/nonexistent", at: sandbox.path(.state, "dangling"))

        XCTAssertEqual(try sandbox.text(of: "a.txt", in: .state), "plain")
        XCTAssertEqual(try sandbox.contents(of: "bin", in: .state), invalid)
        XCTAssertEqual(try sandbox.text(of: "bin", in: .state), "ok\u{FFFD}(\u{FFFD}")
        XCTAssertTrue(sandbox.fileExists("a.txt", in: .state))
        XCTAssertTrue(sandbox.fileExists("dangling", in: .state), "a dangling symlink is still an entry")
        XCTAssertFalse(sandbox.fileExists("a.txt", in: .home))
        XCTAssertFalse(sandbox.fileExists("missing/deeper", in: .state))
        let error = assertThrowsCleanSlateError(.sandboxFailed) { _ = try sandbox.contents(of: "missing.txt", in: .state) }
        XCTAssertTrue(error?.message.contains("xdg/state/missing.txt") == true, error?.message ?? "")
        XCTAssertEqual(error?.errno, ENOENT)
    }

    func testSnapshotChangesTellWhatTheAppCreatedModifiedAndRemoved() throws {
        try sandbox.write("export A=1\n", to: ".profile")
        try sandbox.write("old", to: "app/old.json", in: .config)
        try sandbox.write("same", to: "app/keep.json", in: .config)
        try sandbox.write("mode", to: "app/mode.json", in: .config)
        let before = try sandbox.snapshot()
        XCTAssertEqual(before.paths(in: .config), ["app/", "app/keep.json", "app/mode.json", "app/old.json"])
        XCTAssertEqual(before.entry("app/old.json", in: .config)?.size, 3)
        XCTAssertEqual(before.entry("app/", in: .config)?.kind, .directory)

        // What "the app" does: same-size rewrite, new file, removal, chmod, identical rewrite.
        try Host.write("export A=2\n", to: sandbox.path(.home, ".profile"))
        try Host.write("{}", to: sandbox.path(.config, "app/config.json"))
        unlink(sandbox.path(.config, "app/old.json"))
        chmod(sandbox.path(.config, "app/mode.json"), 0o600)
        try Host.write("same", to: sandbox.path(.config, "app/keep.json"))
        try Host.makeDirectory(sandbox.path(.cache, "thumbs"))

        let changes = try sandbox.snapshot().changes(since: before)
        XCTAssertEqual(changes.created(in: .config), ["app/config.json"])
        XCTAssertEqual(changes.modified(in: .config), ["app/mode.json"])
        XCTAssertEqual(changes.removed(in: .config), ["app/old.json"])
        XCTAssertEqual(changes.modified(in: .home), [".profile"], "same size, different bytes")
        XCTAssertEqual(changes.created(in: .cache), ["thumbs/"])
        XCTAssertTrue(changes.isEmpty(in: .data))
        XCTAssertFalse(changes.isEmpty)
        XCTAssertTrue(changes.description.contains("+ config: app/config.json"), changes.description)
    }

    func testSnapshotCanProveNothingWasWrittenInHome() throws {
        let before = try sandbox.snapshot()
        try Host.makeDirectory(sandbox.path(.config, "tool"))
        try Host.write("{}", to: sandbox.path(.config, "tool/config.json"))

        let changes = try sandbox.snapshot().changes(since: before)
        XCTAssertEqual(changes.created(in: .config), ["tool/", "tool/config.json"])
        XCTAssertTrue(changes.isEmpty(in: .home))
        XCTAssertTrue(try sandbox.snapshot().changes(since: sandbox.snapshot()).isEmpty)
    }
}
