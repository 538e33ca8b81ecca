import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The awaited screen snapshot assertion waits for the screen to settle with its task suspended:
/// it holds none of the cooperative pool's few threads meanwhile.
final class AwaitedSnapshotTests: XCTestCase {
    /// Each app redraws "waiting" every 50 ms, so its screen never settles, until it reads a line;
    /// then it clears the screen (the terminal may have echoed the line), shows "ready" and goes
    /// quiet. After 30 s without a line it shows "gave up" instead.
    static let redrawsUntilItReadsALine = """
        until read -t 0.05 line; do
            printf '\\033[2K\\rwaiting'
            if ((SECONDS >= 30)); then printf '\\033[2J\\033[Hgave up'; read line; exit; fi
        done
        printf '\\033[2J\\033[Hready'
        read line
        """

    /// More awaited screen snapshots than the pool has threads, of apps that settle only once
    /// every assertion has begun: the line that ends each app's redrawing is written only when all
    /// the assertions' tasks have started. A settle that blocked its thread would hold one of the
    /// pool's few threads, the tasks after it would never start, no line would be written, and the
    /// apps would give up: the assertions would fail, comparing "gave up" with "ready". Each app
    /// redraws before the assertions begin, so a slow start does not pass for a settled screen.
    func testMoreAwaitedScreenSnapshotsThanPoolThreadsAllMatchOnAppsThatSettleOnlyOnceEveryAssertionBegan() async throws {
        _ = try await onAppsThatAnswerOnceEveryWaitBegan(.name("bash"), arguments: ["-c", Self.redrawsUntilItReadsALine],
                                                         terminalSize: TerminalSize(rows: 2, columns: 20),
                                                         started: { try await $0.waitForScreen(containing: "waiting") }) { app in
            await assertScreenSnapshot(of: app, matches: "ready", quietPeriod: .seconds(1), timeout: .seconds(60))
        }
    }
}
