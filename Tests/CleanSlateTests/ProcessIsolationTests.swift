import CleanSlate
import _CleanSlateCShim
import CleanSlateXCTest
import Foundation
import XCTest

/// What posix_spawn sets up: own session, clean signal state, only descriptors 0-2.
final class ProcessIsolationTests: XCTestCase {
    func testAppLeadsItsOwnSessionAndProcessGroup() throws {
        let app = try launchApp(.name("cat"), arguments: ["/proc/self/stat"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let stat = app.standardOutput
        let afterName = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        let pid = try XCTUnwrap(stat.split(separator: " ").first)
        // Fields after the name: state, ppid, pgrp, session.
        XCTAssertEqual(afterName[2], pid, "process group id must equal the pid")
        XCTAssertEqual(afterName[3], pid, "session id must equal the pid")
        XCTAssertNotEqual(String(afterName[3]), String(getsid(0)), "must not share the test runner's session")
    }

    func testSignalMaskAndIgnoredSignalsAreReset() throws {
        let app = try launchApp(.name("grep"), arguments: ["-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let masks = Dictionary(uniqueKeysWithValues: app.standardOutput.split(separator: "\n").map {
            let parts = $0.split(separator: "\t")
            return (String(parts[0]), UInt64(parts[1], radix: 16) ?? .max)
        })
        XCTAssertEqual(masks["SigBlk:"], 0, "no signal may be blocked in the app")
        // glibc reserves signals 32 and 33 for its threads; when posix_spawn resets dispositions it
        // sets those two to ignored in the child (seen with strace). Every other signal must be at default.
        let glibcInternal: UInt64 = (1 << 31) | (1 << 32)
        XCTAssertEqual((masks["SigIgn:"] ?? .max) & ~glibcInternal, 0, "no signal may be ignored in the app: \(app.standardOutput)")
    }

    func testOnlyStandardDescriptorsAreInherited() throws {
        // Open a descriptor without close-on-exec in the test process: it must still not leak.
        let leaky = open("/dev/null", O_RDONLY)
        XCTAssertGreaterThan(leaky, 2)
        defer { close(leaky) }
        let app = try launchApp(.name("ls"), arguments: ["-l", "/proc/self/fd/"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let entries = app.standardOutput.split(separator: "\n").filter { $0.contains(" -> ") }
        let numbers = entries.compactMap { $0.split(separator: " ").dropLast(2).last.map(String.init) }
        // ls itself opens one descriptor to read the directory it is listing.
        let own = entries.filter { $0.hasSuffix("/fd") }.count
        XCTAssertEqual(own, 1, "\(entries)")
        XCTAssertEqual(Set(numbers).subtracting(["0", "1", "2"]).count, 1, "only 0, 1, 2 and ls's own directory: \(entries)")
        XCTAssertFalse(app.standardOutput.contains("/dev/null"), "the test's /dev/null descriptor leaked: \(entries)")
    }

    func testNoDescriptorThreadProcessOrZombieLeaksAfterTwoThousandLaunches() throws {
        let sandbox = try sandboxForTest()
        let app = AppLauncher(.path("/bin/true"), sandbox: sandbox)
        try app.launch(); _ = try app.waitForExit(); app.terminate()
        let before = ResourceCounts.now()
        for _ in 0..<2_000 {
            try app.launch()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
        app.terminate()
        ResourceCounts.now().assertNoGrowth(since: before, over: "2,000 pipe launches")
    }

    /// One shared I/O thread serves every launch: 64 apps at once, on pipes and terminals, add at
    /// most that thread (if no launch had started it yet), not one thread each.
    func testSixtyFourConcurrentLaunchesShareOneIOThread() throws {
        let sandbox = try sandboxForTest()
        let threadsBefore = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
        let apps = try (0..<64).map { index -> AppLauncher in
            let app = AppLauncher(.name("cat"), sandbox: sandbox)
            if index % 2 == 0 { app.terminalSize = .standard }
            try app.launch()
            return app
        }
        defer { apps.forEach { $0.terminate() } }
        for (index, app) in apps.enumerated() {
            try app.typeText("hello \(index)\n")
            try app.waitForOutput("hello \(index)")
        }
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
        XCTAssertLessThanOrEqual(threads, threadsBefore + 1, "64 launches must not start a thread each")
    }

    func testNoDescriptorThreadProcessOrZombieLeaksAfterTwoThousandTerminalLaunches() throws {
        let sandbox = try sandboxForTest()
        let app = AppLauncher(.path("/bin/echo"), sandbox: sandbox)
        app.launchArguments = ["on a terminal"]
        app.terminalSize = .standard
        try app.launch(); _ = try app.waitForExit(); app.terminate()
        let before = ResourceCounts.now()
        for _ in 0..<2_000 {
            try app.launch()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
        XCTAssertTrue(try app.screen().contains("on a terminal"))
        app.terminate()
        ResourceCounts.now().assertNoGrowth(since: before, over: "2,000 terminal launches")
    }
}

/// What a test process holds: descriptors, threads, descendant processes and zombie children.
struct ResourceCounts {
    let descriptors: Int
    let threads: Int
    let descendants: Int

    static func now() -> ResourceCounts {
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
        return ResourceCounts(descriptors: openDescriptorCount(), threads: threads, descendants: descendantsOfThisProcess().count)
    }

    /// Asserts nothing grew; one more descendant is allowed (the launch supervisor's spare keeper,
    /// forked ahead of the next launch, and the supervisor itself when it started in between).
    func assertNoGrowth(since before: ResourceCounts, over what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(descriptors, before.descriptors, "descriptors leaked over \(what)", file: file, line: line)
        // A leak grows with the launches (thousands of threads here); a thread the process starts
        // once, lazily, on the way (a worker of Swift's or Dispatch's pool, the shared supervisor's
        // reader after an earlier test made it restart) is not one: a slack of two (one such thread
        // was seen once in a full run) still fails for a leak of one thread in a thousand launches.
        XCTAssertLessThanOrEqual(threads, before.threads + 2, "threads leaked over \(what)", file: file, line: line)
        let settled = Self.descendants(settlingAtOrBelow: before.descendants + 1, within: .seconds(5))
        XCTAssertLessThanOrEqual(settled, before.descendants + 1, "processes leaked over \(what)", file: file, line: line)
        XCTAssertEqual(zombieChildren(), [], "zombie children remain after \(what)", file: file, line: line)
    }

    /// The number of live descendants once it is at most `limit`, or after `within` if it never
    /// gets there. A terminal or strict launch's keeper exits a moment after `terminate()` returns,
    /// so a count taken at once may still see it: this waits for descendants to end (woken by their
    /// exits through pidfds, not by a timer) while there are too many.
    static func descendants(settlingAtOrBelow limit: Int, within: Duration) -> Int {
        let deadline = ContinuousClock.now.advanced(by: within)
        while true {
            let live = descendantsOfThisProcess()
            let left = ContinuousClock.now.duration(to: deadline)
            guard live.count > limit, left > .zero else { return live.count }
            var watched = live.map { pollfd(fd: cs_pidfd_open($0), events: Int16(POLLIN), revents: 0) }.filter { $0.fd >= 0 }
            defer { watched.forEach { close($0.fd) } }
            if watched.count < live.count { continue }  // one ended before it could be watched: count again
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            while poll(&watched, nfds_t(watched.count), milliseconds) < 0 && errno == EINTR {}
        }
    }

    /// Live processes descending from this one (the launch supervisor and its keepers included).
    private static func descendantsOfThisProcess() -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for pid in allProcessIDs() {
            if let fields = statFields(of: pid), fields.count > 1, fields[0] != "Z", let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        let me = getpid()
        return parents.keys.filter { pid in
            var current = pid
            for _ in 0..<64 {
                guard let parent = parents[current] else { return false }
                if parent == me { return true }
                current = parent
            }
            return false
        }
    }
}
