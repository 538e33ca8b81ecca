import XCTest

@testable import CleanSlate

/// Creating sandboxes checks and sweeps each root folder at most once a second per process.
final class SandboxRootFolderMemoryTests: XCTestCase {
    func testAFolderIsSweptAtMostOncePerIntervalAndEachFolderOnItsOwn() {
        let throttle = RootFolderMemory()
        let start = ContinuousClock.now
        XCTAssertTrue(throttle.shouldSweep("/a", now: start), "the first creation in a folder sweeps it")
        XCTAssertFalse(throttle.shouldSweep("/a", now: start + .milliseconds(999)))
        XCTAssertTrue(throttle.shouldSweep("/b", now: start + .milliseconds(999)), "folders are throttled separately")
        XCTAssertTrue(throttle.shouldSweep("/a", now: start + .milliseconds(1_000)))
        XCTAssertFalse(throttle.shouldSweep("/a", now: start + .milliseconds(1_500)))
    }

    func testACheckedFolderIsTrustedForTheIntervalOnly() {
        let memory = RootFolderMemory()
        let start = ContinuousClock.now
        XCTAssertNil(memory.resolvedFolder(for: "/link", now: start), "nothing is known before a check")
        memory.remember("/real", for: "/link", now: start)
        XCTAssertEqual(memory.resolvedFolder(for: "/link", now: start + .milliseconds(999)), "/real")
        XCTAssertNil(memory.resolvedFolder(for: "/link", now: start + .milliseconds(1_000)), "checked again after a second")
        XCTAssertNil(memory.resolvedFolder(for: "/other", now: start))
    }

    func testForgettingOldFoldersKeepsTheMemorySmallAndCorrect() {
        let throttle = RootFolderMemory()
        let start = ContinuousClock.now
        for index in 0..<200 { XCTAssertTrue(throttle.shouldSweep("/folder\(index)", now: start)) }
        XCTAssertFalse(throttle.shouldSweep("/folder199", now: start + .milliseconds(10)), "recent folders are remembered")
        XCTAssertTrue(throttle.shouldSweep("/folder0", now: start + .seconds(2)))
    }
}
