import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// A Swift Testing fixture for ``TimeLimitChildRunTests``: its time limit (the shortest Swift Testing
/// takes, one minute) cancels it in the middle of a wait that would last ten minutes, on an app that
/// never answers and ignores SIGTERM, with a child process of its own. Runs only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct TimeLimitFixtures {
    @Test(.timeLimit(.minutes(1))) func waitsPastItsTimeLimit() async throws {
        let app = try await launchApp(.name("sh"), arguments: ["-c", "trap '' TERM; sleep 600 & echo pids=$$,$!; read line"])
        try await app.waitForOutput(matching: "pids=[0-9]+,[0-9]+\n")
        print("FIXTURE-SANDBOX=\(app.sandbox.root)")
        print("FIXTURE-\(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))")
        do {
            try await app.waitForOutput("never", timeout: .seconds(600))
            print("FIXTURE-WAIT-ENDED=returned")
        } catch {
            print("FIXTURE-WAIT-ENDED=\(type(of: error))")
            throw error
        }
    }
}
