import CleanSlate
import Foundation
import XCTest

/// The sandbox of each running test, keyed by the test-case instance. XCTest creates one instance
/// per test method, so the key identifies the test; the entry is removed in that test's teardown.
enum TestSandboxes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sandboxes: [ObjectIdentifier: Sandbox] = [:]

    static func sandbox(for test: XCTestCase) -> Sandbox? {
        lock.withLock { sandboxes[ObjectIdentifier(test)] }
    }

    static func set(_ sandbox: Sandbox?, for test: XCTestCase) {
        lock.withLock { sandboxes[ObjectIdentifier(test)] = sandbox }
    }
}
