import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Swift Testing fixtures for ``TraitTeardownChildRunTests``: more test cases than the cooperative
/// pool has threads, each with an app whose SIGTERM handler exits only once every case's app has
/// received SIGTERM, that is, once every case's teardown is in its grace period at the same time.
/// Each app that gets through notes it in the gate folder. Runs only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct GatedTeardownFixtures {
    /// More cases than the pool has threads.
    static let caseCount = max(8, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// On SIGTERM: a FIFO of its own in the gate folder; the app that finds every case's FIFO there
    /// writes to all of them; each reads its own, then notes that it got through and exits.
    static let script = """
        trap 'mkfifo "$0/fifo.$$"
              if [ "$(ls "$0" | grep -c "^fifo\\.")" -ge "$1" ]; then for f in "$0"/fifo.*; do echo go > "$f" & done; fi
              read x < "$0/fifo.$$"; touch "$0/through.$$"; exit 0' TERM
        echo ready
        sleep 600 & wait
        """

    @Test(arguments: 0..<caseCount) func waitsOutAGatedGracePeriod(case number: Int) async throws {
        let gate = try #require(ProcessInfo.processInfo.environment["FIXTURE_GATE"])
        let app = try await launchApp(.name("sh"), arguments: ["-c", Self.script, gate, String(Self.caseCount)])
        app.terminationPolicy = TerminationPolicy(steps: [.signal(SIGTERM), .wait(.seconds(10)), .signal(SIGKILL)])
        try await app.waitForOutput("ready")
    }
}
