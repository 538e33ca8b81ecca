import CleanSlate
import CleanSlateTestSupport
import Foundation
import XCTest

/// The sandbox of each running test, keyed by the test-case instance. XCTest creates one instance
/// per test method, so the key identifies the test; the entry is removed when the test's sandbox is
/// kept or wiped.
enum TestSandboxes {
    /// A test's sandbox and how it ends.
    struct Entry {
        let sandbox: Sandbox
        let template: SandboxTemplate?
        let policy: KeepPolicy
        let location: CallerLocation
        /// The isolation of apps made for the test without one of their own (nil: standard).
        var isolation: Isolation?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    static func entry(for test: XCTestCase) -> Entry? {
        lock.withLock { entries[ObjectIdentifier(test)] }
    }

    static func set(_ entry: Entry?, for test: XCTestCase) {
        lock.withLock { entries[ObjectIdentifier(test)] = entry }
    }

    /// Keeps or wipes the sandbox of `test`, if it has one, and forgets it. Whether the test failed
    /// is read from `testRun.totalFailureCount` (on Linux `hasSucceeded` is still false here).
    static func finish(_ test: XCTestCase) {
        guard let entry = lock.withLock({ entries.removeValue(forKey: ObjectIdentifier(test)) }) else { return }
        RunningTestName.forget(entry.sandbox)
        let failed = (test.testRun?.totalFailureCount ?? 0) > 0
        TestTeardown.finish(entry.sandbox, of: test.name, policy: entry.policy, failed: failed, reportingAt: entry.location)
    }
}
