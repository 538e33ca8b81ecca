import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `kill(-1, SIGKILL)` in standard isolation (issue 14): the app kills every process its user may
/// signal, the test process, the supervisor and the keepers among them, and survives itself. Standard
/// isolation cannot prevent that (strict does: the app sees only its own PID namespace); the next
/// sweep of the same root folder kills the survivor and reclaims its sandbox. Run inside a PID
/// namespace of its own, so that `kill -1` reaches only this test's processes.
final class KillEverythingTests: SweepTestCase {
    func testTheNextSweepKillsWhatSurvivedAKillOfEverythingAndReclaimsItsSandbox() throws {
        let unshare = try unshareCommand(["-pf", "--mount-proc"])
        let cleanslate = try buildFolder() + "/cleanslate"
        let marker = "999.\(UInt32.random(in: 10_000_000...99_999_999))"
        // PID 1 of the namespace is this shell, which kill -1 spares; everything else but the app dies.
        let script = #"""
            marker="sleep $3 "
            "$1" run --root "$2" -- sh -c "kill -9 -1; exec sleep $3"
            echo "run ended: $?"
            survivor() { for p in /proc/[0-9]*; do tr '\0' ' ' < $p/cmdline 2>/dev/null | grep -qxF "$marker" && echo yes; done; }
            # The run ends as soon as the app's kill reaches it; the app may not have exec'd sleep
            # yet. No event says that it has, so look for it again until it shows (for up to 10 s).
            tries=0
            while [ -z "$(survivor)" ] && [ $tries -lt 100 ]; do sleep 0.1; tries=$((tries + 1)); done
            echo "survivor before the sweep: $(survivor)"
            echo "sandboxes before the sweep: $(ls "$2" | grep -c cleanslate-)"
            "$1" sweep --root "$2"
            echo "sweep ended: $?"
            echo "survivor after the sweep: $(survivor)"
            echo "sandboxes after the sweep: $(ls "$2" | grep -c cleanslate-)"
            """#
        let (status, app) = try runUnshared(unshare, script: script, [cleanslate, root, marker])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let lines = app.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("run ended: 137"), "cleanslate run is killed with the rest: \(app.standardOutput)")
        XCTAssertTrue(lines.contains("survivor before the sweep: yes"), app.standardOutput)
        XCTAssertTrue(lines.contains("sandboxes before the sweep: 1"), app.standardOutput)
        XCTAssertTrue(lines.contains("sweep ended: 0"), app.standardOutput)
        XCTAssertTrue(lines.contains("survivor after the sweep: "), app.standardOutput)
        XCTAssertTrue(lines.contains("sandboxes after the sweep: 0"), app.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("removed ") && $0.contains("killed") }, "the sweep says what it killed: \(app.standardOutput)")
    }
}
