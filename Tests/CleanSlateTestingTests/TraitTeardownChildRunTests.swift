import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// The `.cleanSlate` trait awaits each app's termination at the end of a test case: a grace period
/// holds no thread of the cooperative pool. Seen in a child run of ``GatedTeardownFixtures``, whose
/// apps exit on SIGTERM only once every case's teardown is in its grace period at once: with a
/// blocking teardown, only as many as the pool has threads would be, and the others' apps would
/// be killed at the end of a grace period that nothing could end sooner.
@Suite(.cleanSlate)
struct TraitTeardownChildRunTests {
    @Test func teardownsOfMoreTestCasesThanPoolThreadsAreInTheirGracePeriodsAtOnce() async throws {
        let gate = try sandboxForTest().temporaryDirectory + "/gate"
        try FileManager.default.createDirectory(atPath: gate, withIntermediateDirectories: false)
        let outcome = try await runChildTests("GatedTeardownFixtures", framework: .swiftTesting, environment: ["FIXTURE_GATE": gate])
        #expect(outcome.status == .exited(0), "\(outcome.output)\n\(outcome.errors)")
        let through = try FileManager.default.contentsOfDirectory(atPath: gate).filter { $0.hasPrefix("through.") }
        #expect(through.count == GatedTeardownFixtures.caseCount, "apps that got through the gate: \(through)")
    }

    /// The trait wipes each test case's sandbox on a thread of its own, the test case's task
    /// suspended: in a child run of ``GatedWipeFixtures``, the wipes of more test cases than the
    /// pool has threads wait at a gate at once, which a task on the pool opens once all of them
    /// wait there. A wipe on the test case's own thread would hold one of the pool's few threads:
    /// the other cases could not reach their wipes, nor the task open the gate, and every wipe
    /// would go on only at the gate's bound, with the gate shut.
    @Test func wipesOfMoreTestCasesThanPoolThreadsWaitAtOnceWithoutHoldingPoolThreads() async throws {
        let gate = try sandboxForTest().temporaryDirectory + "/gate"
        try FileManager.default.createDirectory(atPath: gate, withIntermediateDirectories: false)
        let outcome = try await runChildTests("GatedWipeFixtures", framework: .swiftTesting, environment: ["FIXTURE_GATE": gate])
        #expect(outcome.status == .exited(0), "\(outcome.output)\n\(outcome.errors)")
        let notes = try FileManager.default.contentsOfDirectory(atPath: gate)
        #expect(notes.filter { $0.hasPrefix("through.") }.count == GatedWipeFixtures.caseCount, "wipes noted: \(notes.sorted())")
    }
}
