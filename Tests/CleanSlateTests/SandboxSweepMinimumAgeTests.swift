@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// Process trees and sweeping: a sweep that cannot see the owner's PID namespace "treats the
/// sandbox as alive until the folder has been unchanged for the retention period
/// (`CLEANSLATE_KEEP_DAYS`, at least a minute)".
final class SandboxSweepMinimumAgeTests: SweepTestCase {
    func testAnOwnerOutOfSightKeepsItsSandboxForAMinuteEvenWithNoRetention() throws {
        let otherNamespace = try pidNamespaceOfThisProcess() + 1
        makeFakeSandbox("cleanslate-Young1", record: record(pid: 1, start: 1, pidNamespace: otherNamespace))
        makeFakeSandbox("cleanslate-Older1", record: record(pid: 1, start: 1, pidNamespace: otherNamespace))
        var twoMinutesAgo = [timespec(tv_sec: time(nil) - 120, tv_nsec: 0), timespec(tv_sec: time(nil) - 120, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, root + "/cleanslate-Older1", &twoMinutesAgo, 0), 0)

        let swept = try Sandbox.sweep(rootDirectory: root, retention: .zero)
        XCTAssertEqual(swept.map(\.reason), [.ownerOutOfSight(pid: 1)])
        XCTAssertEqual(swept.map(\.path), [root + "/cleanslate-Older1"], "unchanged for more than a minute")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Young1"], "a retention of 0 still leaves it a minute")
    }
}
