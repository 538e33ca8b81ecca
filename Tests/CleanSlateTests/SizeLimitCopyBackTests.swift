import CleanSlate
import CleanSlateXCTest
import Foundation
import Glibc
import XCTest

/// The copy back of a size-limited sandbox (``Faults/sandboxSizeLimit``, strict isolation) at the
/// app's exit, when the app left something hostile in it: a sparse file, many hard links, a tree
/// thousands of levels deep, set-user-id bits, a FIFO. The copy keeps holes and links, walks without
/// recursion, drops set-id bits, and is whole or nothing.
final class SizeLimitCopyBackTests: XCTestCase {
    /// The size limit of every launch here: 1 MiB.
    private let limit = 1 << 20

    /// Runs `script` with `sh -c` in strict isolation under the size limit, after `seed`.
    private func launchStrict(_ script: String, seed: (Sandbox) throws -> Void = { _ in }) throws -> AppLauncher {
        try requireStrictIsolation()
        let app = try makeApp(.name("sh"), arguments: ["-c", script], isolation: .strict)
        try seed(app.sandbox)
        app.faults = Faults(sandboxSizeLimit: limit)
        try app.launch()
        return app
    }

    private func status(_ path: String) throws -> stat {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return info
    }

    /// The bytes `path` takes on its file system.
    private func allocated(_ path: String) throws -> Int { Int(try status(path).st_blocks) * 512 }

    private func errors(of app: AppLauncher) -> String { String(decoding: app.outputBytes(.standardError), as: UTF8.self) }

    func testASparseFileComesBackSparseAndWhole() throws {
        let app = try launchStrict("""
            truncate -s 300000000 "$HOME/sparse" && printf middle | dd of="$HOME/sparse" bs=1 seek=150000000 conv=notrunc 2>/dev/null
            """)
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        let path = app.sandbox.path(.home, "sparse")
        XCTAssertEqual(try status(path).st_size, 300_000_000)
        XCTAssertLessThanOrEqual(try allocated(path), limit, "the holes stayed holes on the host")
        let fd = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8)
        XCTAssertEqual(pread(fd, &bytes, 8, 150_000_000 - 1), 8)
        XCTAssertEqual(bytes, [0] + Array("middle".utf8) + [0], "the data between the holes came back in place")
    }

    func testHardLinksComeBackAsLinksToOneFile() throws {
        let app = try launchStrict("""
            head -c 400000 /dev/urandom > "$HOME/original" &&
            i=0; while [ $i -lt 500 ]; do ln "$HOME/original" "$HOME/link$i" || exit 1; i=$((i + 1)); done
            """)
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        let original = try status(app.sandbox.path(.home, "original"))
        XCTAssertEqual(original.st_nlink, 501, "one inode with all its 501 names")
        let link = try status(app.sandbox.path(.home, "link499"))
        XCTAssertEqual(link.st_ino, original.st_ino)
        XCTAssertEqual(original.st_size, 400_000)
        XCTAssertLessThanOrEqual(try allocated(app.sandbox.path(.home, "original")), limit)
    }

    func testHardLinksAcrossFoldersComeBackAsLinks() throws {
        // The first copy is found again by its folder's place in the tree, whatever the second name's.
        // Through the sandbox's mount (the home is a mount of its own: no link crosses it).
        let app = try launchStrict("""
            cd \(StrictOptions.sandboxPath) && mkdir -p home/a/b/c home/x/y xdg/data/z && echo shared > home/a/b/c/original &&
            ln home/a/b/c/original home/x/y/link && ln home/a/b/c/original xdg/data/z/link && ln home/a/b/c/original home/link
            """)
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        let original = try status(app.sandbox.path(.home, "a/b/c/original"))
        XCTAssertEqual(original.st_nlink, 4)
        for path in [app.sandbox.path(.home, "x/y/link"), app.sandbox.path(.data, "z/link"), app.sandbox.path(.home, "link")] {
            XCTAssertEqual(try status(path).st_ino, original.st_ino, path)
        }
    }

    func testAFailedCopyBackLosesNothingAndSaysWhy() throws {
        let app = try launchStrict("""
            echo after > "$HOME/note"; rm -rf "$TMPDIR"/*; echo new > "$XDG_DATA_HOME/new"; mkfifo "$XDG_DATA_HOME/pipe"
            """, seed: { sandbox in
            try sandbox.write("before", to: "note")
            try sandbox.write("scratch", to: "kept/file", in: .temporary)
        })
        let error = assertThrowsCleanSlateError(.sandboxNotCopiedBack) { try app.waitForExit() }
        XCTAssertTrue(error?.message.contains("xdg/data/pipe is a FIFO") == true, String(describing: error))
        XCTAssertTrue(error?.message.contains("sh exited(0)") == true, String(describing: error))
        XCTAssertEqual(app.state, .exited(.exited(0)))
        XCTAssertEqual(app.sandboxCopyBackError?.code, .sandboxNotCopiedBack)
        XCTAssertEqual(try app.sandbox.text(of: "note"), "before", "the sandbox holds what it held before the launch")
        XCTAssertEqual(try app.sandbox.text(of: "kept/file", in: .temporary), "scratch", "tmp/ included")
        XCTAssertEqual(try app.sandbox.files(in: .data), [])
        let root = try FileManager.default.contentsOfDirectory(atPath: app.sandbox.root)
        XCTAssertFalse(root.contains { $0.hasPrefix(".cleanslate-copy-back") }, "no staging folder is left: \(root)")
    }

    func testAStagingFolderLeftByAKilledKeeperIsRemovedByTheNextLaunchAndALiveOneIsLeftAlone() throws {
        // A keeper killed during its copy back leaves its staging folder, which nothing holds; one
        // that a keeper holds (locked) is another launch's copy back, under way.
        let stale = ".cleanslate-copy-back-00000000000000aa", live = ".cleanslate-copy-back-00000000000000bb"
        var held: Int32 = -1
        defer { if held >= 0 { close(held) } }
        let app = try launchStrict("ls -A \(StrictOptions.sandboxPath)", seed: { sandbox in
            for name in [stale, live] {
                try FileManager.default.createDirectory(atPath: sandbox.root + "/" + name + "/home", withIntermediateDirectories: true)
                try Data("copy".utf8).write(to: URL(fileURLWithPath: sandbox.root + "/" + name + "/home/file"))
            }
            held = open(sandbox.root + "/" + live, O_RDONLY | O_DIRECTORY)
            XCTAssertEqual(flock(held, LOCK_EX), 0)
        })
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        XCTAssertFalse(app.standardOutput.contains(".cleanslate-copy-back"), "the app sees no staging folder: \(app.standardOutput)")
        let root = try FileManager.default.contentsOfDirectory(atPath: app.sandbox.root)
        XCTAssertFalse(root.contains(stale), "the stale one was removed: \(root)")
        XCTAssertEqual(try String(contentsOfFile: app.sandbox.root + "/" + live + "/home/file", encoding: .utf8), "copy",
                       "the live one was left as it was")
    }

    func testATreeThreeThousandLevelsDeepComesBack() throws {
        // python3 makes the tree (a shell's cd fails once the path passes PATH_MAX).
        try requireProgram("/usr/bin/python3", hint: "install it: apt-get install -y python3")
        let app = try launchStrict("""
            python3 -c '
            import os
            os.chdir(os.environ["HOME"])
            for _ in range(3000):
                os.mkdir("d")
                os.chdir("d")
            open("bottom", "w").write("deep")
            '
            """)
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        var directory = open(app.sandbox.path(.home), O_RDONLY | O_DIRECTORY)
        var levels = 0
        while directory >= 0, case let next = openat(directory, "d", O_RDONLY | O_DIRECTORY | O_NOFOLLOW), next >= 0 {
            close(directory)
            directory = next
            levels += 1
        }
        XCTAssertEqual(levels, 3000)
        let bottom = openat(directory, "bottom", O_RDONLY)
        var bytes = [UInt8](repeating: 0, count: 8)
        XCTAssertEqual(read(bottom, &bytes, 8), 4)
        XCTAssertEqual(Array(bytes.prefix(4)), Array("deep".utf8))
        close(bottom)
        close(directory)
    }

    func testSetIDBitsAreDroppedOnTheWayBack() throws {
        let app = try launchStrict("""
            echo tool > "$HOME/tool" && chmod 6755 "$HOME/tool" && mkdir "$HOME/shared" && chmod 2775 "$HOME/shared" &&
            stat -c %a "$HOME/tool" "$HOME/shared"
            """)
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "6755\n2775\n", "the app did set them in its sandbox")
        XCTAssertEqual(try status(app.sandbox.path(.home, "tool")).st_mode & 0o7777, 0o755)
        XCTAssertEqual(try status(app.sandbox.path(.home, "shared")).st_mode & 0o7777, 0o775)
    }

    func testEntriesPastTheEntryLimitAreRefusedToTheApp() throws {
        // Empty files take no bytes: only the entry limit stops them.
        let attempted = Faults.sandboxEntryLimit + 100
        let app = try launchStrict("""
            mkdir "$HOME/many" && cd "$HOME/many" && seq 1 \(attempted) | xargs touch 2>/dev/null; echo "touch $?"
            """)
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "touch 123\n", "some touch failed (ENOSPC)")
        let copied = try FileManager.default.contentsOfDirectory(atPath: app.sandbox.path(.home, "many")).count
        XCTAssertLessThan(copied, Faults.sandboxEntryLimit, "the copy back brought at most the limit's entries")
        XCTAssertGreaterThan(copied, Faults.sandboxEntryLimit - 100, "what the app could make came back")
    }

    func testProcessesTheAppLeftAreStoppedWhileTheCopyBackRuns() throws {
        try requireStrictIsolation()
        // 40,000 empty files keep the copy back busy for a while; the leftover is a sleep with a
        // duration no other process has, which the app waits to see running before it exits.
        let duration = "86398.\(UInt32.random(in: 100_000...999_999))"
        let app = try makeApp(.name("sh"), arguments: ["-c", """
            mkdir "$HOME/many" && cd "$HOME/many" && seq 1 40000 | xargs touch || exit 1
            sleep \(duration) & while [ "$(cat /proc/$!/comm)" != sleep ]; do :; done
            """], isolation: .strict)
        app.faults = Faults(sandboxSizeLimit: limit)
        // The staging folder appears in the sandbox folder when the copy back begins.
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { close(watch) }
        XCTAssertGreaterThanOrEqual(inotify_add_watch(watch, app.sandbox.root, UInt32(IN_CREATE)), 0)
        try app.launch()
        XCTAssertTrue(waitForCreation(named: ".cleanslate-copy-back", watch: watch), "the copy back never began")
        let state = leftoverState(mentioning: duration)
        let copying = try FileManager.default.contentsOfDirectory(atPath: app.sandbox.root).contains { $0.hasPrefix(".cleanslate-copy-back") }
        XCTAssertEqual(try app.waitForExit(), .exited(0), errors(of: app))
        // The keeper continues what it stopped before it reports the exit.
        XCTAssertNotEqual(leftoverState(mentioning: duration), "T", "the leftover sleep is continued after the copy back")
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["sleep \(duration)"], "the leftover went on after the copy back: \(escaped)")
        guard copying else { throw XCTSkip("the copy back ended before the test looked at the leftover process") }
        XCTAssertEqual(state, "T", "the leftover sleep is stopped while the copy back runs")
    }

    /// Reads the events of `watch` until one says an entry whose name starts with `prefix` was
    /// created; false when none comes within a minute.
    private func waitForCreation(named prefix: String, watch: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var ready = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
        while poll(&ready, 1, 60_000) == 1 {
            let count = read(watch, &buffer, buffer.count)
            guard count > 0 else { return false }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                let start = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[start..<start + length].prefix { $0 != 0 }, as: UTF8.self)
                if name.hasPrefix(prefix) { return true }
                offset = start + length
            }
        }
        return false
    }

    /// The text of a /proc file (which says its size is 0, so it is read until its end).
    private func procFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &bytes, bytes.count)
        return count >= 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : nil
    }

    /// The state letter (/proc/PID/stat) of the process whose command line mentions `token`.
    private func leftoverState(mentioning token: String) -> String? {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        for pid in pids where procFile("/proc/\(pid)/cmdline")?.contains(token) == true {
            guard let stat = procFile("/proc/\(pid)/stat"), let end = stat.lastIndex(of: ")") else { return nil }
            return stat[stat.index(end, offsetBy: 2)...].split(separator: " ").first.map(String.init)
        }
        return nil
    }
}
