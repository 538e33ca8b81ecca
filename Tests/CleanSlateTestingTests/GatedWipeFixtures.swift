@testable import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Swift Testing fixtures for ``TraitTeardownChildRunTests``: more test cases than the cooperative
/// pool has threads, each of whose sandbox wipes (at the trait's teardown) waits at a gate. The
/// gate is opened by a task, on the pool, once every case's wipe waits there. Each wipe notes in
/// the gate folder whether it went on through the open gate or at the gate's bound. Runs only in a
/// child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct GatedWipeFixtures {
    /// More cases than the pool has threads.
    static let caseCount = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)

    static let gate = WipeGate(count: caseCount, bound: .seconds(20))

    @Test(arguments: 0..<caseCount) func wipesItsSandboxAtTheGate(case number: Int) throws {
        let folder = try #require(ProcessInfo.processInfo.environment["FIXTURE_GATE"])
        let sandbox = try sandboxForTest()
        // The wipe's seam, called for each entry it removes: the first call waits at the gate.
        sandbox.state.withLock { $0.injectedWipeFailure = { _ in Self.gate.pass(number, notingIn: folder); return nil } }
        if number == 0 { Task { await Self.gate.openOnceEveryWipeWaits() } }
    }
}

/// The gate of ``GatedWipeFixtures``: wipes wait at it (each on the thread it runs on) until a task
/// opens it once all `count` wait, or at most `bound` (so that a broken teardown ends).
final class WipeGate: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let bound: TimeInterval
    private var arrived: Set<Int> = []
    private var isOpen = false
    private var opener: CheckedContinuation<Void, Never>?

    init(count: Int, bound: Duration) {
        self.count = count
        self.bound = TimeInterval(bound.components.seconds)
    }

    /// Case `number`'s wipe: the first call waits for the gate, then notes `through.<number>` (the
    /// gate was opened) or `shut.<number>` (it went on at the bound) in `folder`.
    func pass(_ number: Int, notingIn folder: String) {
        let outcome = condition.withLock { () -> String? in
            guard arrived.insert(number).inserted else { return nil }
            if arrived.count == count {
                opener?.resume()
                opener = nil
            }
            let deadline = Date().addingTimeInterval(bound)
            while !isOpen && condition.wait(until: deadline) {}
            return isOpen ? "through" : "shut"
        }
        if let outcome { FileManager.default.createFile(atPath: "\(folder)/\(outcome).\(number)", contents: nil) }
    }

    /// Suspends until every case's wipe waits at the gate, then opens it: from the task's thread,
    /// a thread of the pool.
    func openOnceEveryWipeWaits() async {
        await withCheckedContinuation { continuation in
            let everyWipeWaits = condition.withLock { () -> Bool in
                if arrived.count == count { return true }
                opener = continuation
                return false
            }
            if everyWipeWaits { continuation.resume() }
        }
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }
}
