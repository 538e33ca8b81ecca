import Glibc
import XCTest

@testable import CleanSlate

/// Wiping a sandbox, whatever the app under test left in it.
final class SandboxWipeTests: SandboxTestCase {
    func testSymlinksToRealFoldersAndFilesOutsideAreRemovedNotFollowed() throws {
        try Host.makeDirectory(outside + "/real")
        try Host.write("keep me", to: outside + "/real/data.txt")
        try Host.makeDirectory(outside + "/real/sub")
        try Host.write("keep me too", to: outside + "/real/sub/nested.txt")
        try Host.write("precious", to: outside + "/file.txt")
        try Host.symlink(outside + "/real", at: sandbox.path(.home, "dir-link"))
        try Host.symlink(outside + "/real/", at: sandbox.path(.home, "dir-link-with-slash"))
        try Host.symlink(outside + "/file.txt", at: sandbox.path(.config, "file-link"))
        try Host.makeDirectory(sandbox.path(.data, "deep"))
        try Host.symlink("../../../../" + outside, at: sandbox.path(.data, "deep/relative-link"))
        // The app replaced a whole location with a link to a real folder.
        XCTAssertEqual(rmdir(sandbox.cacheHome), 0)
        try Host.symlink(outside + "/real", at: sandbox.cacheHome)

        try sandbox.wipe()

        XCTAssertFalse(Host.exists(sandbox.root))
        XCTAssertEqual(Host.read(outside + "/real/data.txt"), "keep me")
        XCTAssertEqual(Host.read(outside + "/real/sub/nested.txt"), "keep me too")
        XCTAssertEqual(Host.read(outside + "/file.txt"), "precious")
        XCTAssertEqual(Host.mode(outside + "/real"), 0o755, "the target's mode must not be touched either")
    }

    /// The quick path of a wipe removes a sandbox's empty layout folders with one rmdir each. An app
    /// that put a link in place of a folder of the layout, pointing at a real folder laid out the
    /// same way (empty folders only, so every rmdir through the link would succeed), loses the link,
    /// and the real folder keeps every one of its folders.
    func testEmptyFoldersBehindALinkInPlaceOfTheLayoutAreLeftAlone() throws {
        let lookalike = outside + "/lookalike"
        try Host.makeDirectory(lookalike)
        for name in ["config", "data", "cache", "state", "runtime"] { try Host.makeDirectory(lookalike + "/" + name) }
        let xdg = sandbox.root + "/xdg"
        for location in [Sandbox.Location.config, .data, .cache, .state, .runtime] { XCTAssertEqual(rmdir(sandbox.path(location)), 0) }
        XCTAssertEqual(rmdir(xdg), 0)
        try Host.symlink(lookalike, at: xdg)
        XCTAssertEqual(rmdir(sandbox.home), 0)
        try Host.symlink(outside, at: sandbox.home)

        try sandbox.wipe()

        XCTAssertFalse(Host.exists(sandbox.root))
        for name in ["config", "data", "cache", "state", "runtime"] {
            XCTAssertTrue(Host.isDirectory(lookalike + "/" + name), "\(name) behind the link was removed")
        }
        XCTAssertTrue(Host.isDirectory(lookalike))
    }

    func testReadOnlyFilesAndFoldersAreRemoved() throws {
        try seedReadOnlyTree(in: sandbox)
        try sandbox.wipe()
        XCTAssertFalse(Host.exists(sandbox.root))
    }

    func testReadOnlyFoldersAreRemovedByAnOrdinaryUser() throws {
        // Root ignores modes, so the test above would pass even if the remover never fixed a mode.
        // Here the tree belongs to an ordinary user and the wipe runs as that user (as root, on a
        // thread with nobody's file-system identity), for whom the kernel enforces the modes.
        let owned = try Sandbox(rootDirectory: outside)
        chmod(outside, 0o777)
        try seedReadOnlyTree(in: owned)

        let (blocked, wipeError) = try Host.asOrdinaryUser(owning: owned.root) { () -> (Bool, Error?) in
            // Proof that modes bind this thread: it cannot create anything in a 0500 folder.
            let blocked = open(owned.path(.home, "r-x/probe"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) < 0 && errno == EACCES
            do {
                try owned.wipe()
                return (blocked, nil)
            } catch {
                return (blocked, error)
            }
        }
        XCTAssertTrue(blocked, "the thread must be subject to permission checks, else this test proves nothing")
        XCTAssertNil(wipeError)
        XCTAssertFalse(Host.exists(owned.root))
    }

    private func seedReadOnlyTree(in sandbox: Sandbox) throws {
        try sandbox.write("locked", to: "r-x/file.txt", permissions: 0o000)
        try sandbox.write("x", to: "r-x/inner/deeper.txt", permissions: 0o444)
        try sandbox.write("x", to: "none/hidden.txt", in: .data)
        try sandbox.write("x", to: "none/sub/also.txt", in: .data)
        chmod(sandbox.path(.home, "r-x/inner"), 0o500)
        chmod(sandbox.path(.home, "r-x"), 0o500)
        chmod(sandbox.path(.data, "none/sub"), 0o000)
        chmod(sandbox.path(.data, "none"), 0o000)
        chmod(sandbox.stateHome, 0o000)
    }

    func testNamesWithNewlinesAndInvalidUTF8AreRemoved() throws {
        try Host.makeRawEntry(Array("new\nline".utf8), in: sandbox.home, folder: false)
        let badFolder: [UInt8] = [0x66, 0xFF, 0xC0, 0x0A]
        try Host.makeRawEntry(badFolder, in: sandbox.home, folder: true)
        try Host.makeRawEntry([0x80, 0x81], in: Array(sandbox.home.utf8) + [0x2F] + badFolder, folder: false)
        try Host.makeRawEntry(Array("tab\there".utf8), in: sandbox.home, folder: true)
        XCTAssertEqual(try sandbox.files(in: .home).count, 4)

        try sandbox.wipe()
        XCTAssertFalse(Host.exists(sandbox.root))
    }

    func testVeryDeepTreeIsRemovedWithoutRecursionOrOneDescriptorPerLevel() throws {
        let depth = 5_000
        var current = open(sandbox.home, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for level in 0..<depth {
            XCTAssertEqual(mkdirat(current, "d", 0o755), 0)
            if level % 1_000 == 0 { XCTAssertEqual(close(openat(current, "f", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)), 0) }
            let next = openat(current, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(current)
            current = next
            XCTAssertGreaterThanOrEqual(current, 0)
        }
        close(current)
        let descriptorsBefore = Host.openDescriptorCount()

        try sandbox.wipe()

        XCTAssertFalse(Host.exists(sandbox.root))
        XCTAssertEqual(Host.openDescriptorCount(), descriptorsBefore - 1, "the owner's lock is let go of, and no descriptor may leak")
    }

    func testWalkUsesABoundedNumberOfDescriptors() throws {
        // Watch the descriptors while the walker is 300 levels down: a walk that kept one per level
        // would hold about 300 more than before it started.
        var current = open(sandbox.home, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for _ in 0..<300 {
            mkdirat(current, "d", 0o755)
            let next = openat(current, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            close(current)
            current = next
        }
        close(openat(current, "bottom", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644))
        close(current)
        let before = Host.openDescriptorCount()
        var atBottom = -1
        try sandbox.walk(.home) { _, path, name, _, _ in
            if name == Array("bottom".utf8) { atBottom = Host.openDescriptorCount() }
            return path.count < 300 ? .descend : .handled
        }
        XCTAssertGreaterThan(atBottom, 0)
        XCTAssertLessThanOrEqual(atBottom - before, 4)
    }

    func testFolderWithManyFilesIsRemoved() throws {
        let folder = open(sandbox.path(.cache), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for index in 0..<20_000 {
            close(openat(folder, "file-\(index)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644))
        }
        close(folder)
        try sandbox.wipe()
        XCTAssertFalse(Host.exists(sandbox.root))
    }

    func testBindMountsAreLeftAloneAndReported() throws {
        // One mount from another file system (/tmp) and one bind mount of a folder on the sandbox's
        // own file system, which has the same st_dev and is only recognised as a mount by statx.
        let sameFileSystem = try Sandbox()
        defer { try? sameFileSystem.wipe() }
        try sameFileSystem.write("same-fs data", to: "inside.txt")
        try Host.write("mounted data", to: outside + "/inside-mount.txt")
        try sandbox.write("removable", to: "other.txt")
        try sandbox.createDirectory("mnt/other-fs", in: .data)
        try sandbox.createDirectory("same-fs", in: .cache)
        let targets = [sandbox.path(.data, "mnt/other-fs"), sandbox.path(.cache, "same-fs")]
        guard mount(outside, targets[0], nil, UInt(MS_BIND), nil) == 0 else {
            throw XCTSkip("cannot bind-mount here (errno \(errno)); the injected-failure test covers the reporting")
        }
        var mounted = [targets[0]]
        defer { for target in mounted { umount2(target, 0) } }
        XCTAssertEqual(mount(sameFileSystem.home, targets[1], nil, UInt(MS_BIND), nil), 0)
        mounted.append(targets[1])

        let error = assertThrowsCleanSlateError(.wipeFailed) { try sandbox.wipe() }
        XCTAssertEqual(error?.errno, EBUSY)
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("xdg/data/mnt/other-fs: a file system is mounted here"), message)
        XCTAssertTrue(message.contains("xdg/cache/same-fs: a file system is mounted here"), message)
        XCTAssertEqual(Host.read(outside + "/inside-mount.txt"), "mounted data", "nothing under a mount may be removed")
        XCTAssertEqual(try sameFileSystem.text(of: "inside.txt"), "same-fs data")
        XCTAssertFalse(Host.exists(sandbox.path(.home, "other.txt")), "everything else is removed")
        XCTAssertFalse(Host.exists(sandbox.home))

        for target in mounted { XCTAssertEqual(umount2(target, 0), 0) }
        mounted = []
        try sandbox.wipe()
        XCTAssertFalse(Host.exists(sandbox.root))
        XCTAssertEqual(Host.read(outside + "/inside-mount.txt"), "mounted data")
    }

    func testImmutableFileIsReportedAfterEverythingElseIsRemoved() throws {
        try sandbox.write("frozen", to: "app/frozen.db", in: .state)
        try sandbox.write("removable", to: "app/other.db", in: .state)
        try sandbox.write("removable", to: "notes.txt")
        let path = sandbox.path(.state, "app/frozen.db")
        guard setImmutable(path, true) else {
            throw XCTSkip("this file system cannot make files immutable (errno \(errno))")
        }
        defer { _ = setImmutable(path, false) }

        let error = assertThrowsCleanSlateError(.wipeFailed) { try sandbox.wipe() }
        XCTAssertEqual(error?.errno, EPERM)
        XCTAssertTrue(error?.message.contains("xdg/state/app/frozen.db: the entry is immutable") == true, error?.message ?? "")
        XCTAssertFalse(Host.exists(sandbox.path(.state, "app/other.db")))
        XCTAssertFalse(Host.exists(sandbox.home))
        XCTAssertTrue(sandbox.isWiped)

        XCTAssertTrue(setImmutable(path, false))
        try sandbox.wipe()
        XCTAssertFalse(Host.exists(sandbox.root))
    }

    func testInjectedFailureIsReportedWithItsPathAndTheRestRemoved() throws {
        try sandbox.write("a", to: "app/settings.json", in: .config)
        try sandbox.write("b", to: "app/other.json", in: .config)
        try sandbox.write("c", to: "line\nbreak.txt")
        sandbox.state.withLock { $0.injectedWipeFailure = { $0 == "xdg/config/app/settings.json" || $0 == "home/line\\nbreak.txt" ? EPERM : nil } }

        let error = assertThrowsCleanSlateError(.wipeFailed) { try sandbox.wipe() }
        XCTAssertEqual(error?.errno, EPERM)
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains("xdg/config/app/settings.json: the entry is immutable"), message)
        XCTAssertTrue(message.contains("home/line\\nbreak.txt"), "a newline is shown escaped: \(message)")
        XCTAssertFalse(message.contains("xdg/config/app:"), "a folder kept by a failure below is not reported twice")
        XCTAssertFalse(Host.exists(sandbox.path(.config, "app/other.json")))
        XCTAssertTrue(Host.exists(sandbox.path(.config, "app/settings.json")))
        XCTAssertFalse(Host.exists(sandbox.dataHome))

        sandbox.state.withLock { $0.injectedWipeFailure = nil }
        try sandbox.wipe()
        XCTAssertFalse(Host.exists(sandbox.root))
    }

    func testWipeIsIdempotentAndAWipedSandboxCannotBeUsed() throws {
        try sandbox.write("x", to: "x.txt")
        XCTAssertFalse(sandbox.isWiped)
        try sandbox.wipe()
        try sandbox.wipe()
        XCTAssertTrue(sandbox.isWiped)
        XCTAssertFalse(Host.exists(sandbox.root))

        assertThrowsCleanSlateError(.sandboxWiped) { try sandbox.write("x", to: "x.txt") }
        assertThrowsCleanSlateError(.sandboxWiped) { try sandbox.createDirectory("d") }
        assertThrowsCleanSlateError(.sandboxWiped) { try sandbox.copyItem(from: outside, to: "copy") }
        assertThrowsCleanSlateError(.sandboxWiped) { _ = try sandbox.contents(of: "x.txt") }
        assertThrowsCleanSlateError(.sandboxWiped) { _ = try sandbox.files(in: .home) }
        assertThrowsCleanSlateError(.sandboxWiped) { _ = try sandbox.snapshot() }
        XCTAssertFalse(sandbox.fileExists("x.txt"))
        XCTAssertFalse(Host.exists(sandbox.root), "use after wipe must not recreate anything")
    }

    func testWipeSucceedsWhenTheAppRemovedTheSandboxItself() throws {
        XCTAssertEqual(Host.status(sandbox.root).map { _ in TreeRemover().removeTree(at: sandbox.root) }, [])
        try sandbox.wipe()
    }

    /// Sets or clears FS_IMMUTABLE_FL with the FS_IOC_SETFLAGS ioctl (what `chattr +i` does).
    private func setImmutable(_ path: String, _ on: Bool) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var flags = 0
        guard ioctl(fd, UInt(0x8008_6601), &flags) == 0 else { return false }  // FS_IOC_GETFLAGS
        flags = on ? flags | 0x10 : flags & ~0x10  // FS_IMMUTABLE_FL
        return ioctl(fd, UInt(0x4008_6602), &flags) == 0  // FS_IOC_SETFLAGS
    }
}
