@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// An interruption handler is synchronous and may block (a blocking click on a dialog's button):
/// inside an awaited wait it runs on a thread of its own, not on the cooperative pool's.
final class AwaitedInterruptionTests: XCTestCase {
    /// More awaited waits than the pool has threads, each interrupted by a prompt whose handler
    /// returns only once every handler has begun: they all finish only if no handler holds a pool
    /// thread while it waits for the others.
    func testMoreBlockingHandlersThanPoolThreadsRunAtOnceInsideAwaitedWaits() async throws {
        let count = max(8, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let gate = ArrivalGate(expected: count)
        var apps: [AppLauncher] = []
        for _ in 0..<count {
            let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest())
            app.launchArguments = ["-c", "stty -echo; printf 'Send anonymous statistics?\\n'; read line; printf '\\033[2J\\033[H< OK >\\n'; read line"]
            app.terminalSize = .standard
            app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { app in
                // Blocks its thread until every handler has begun (at most 10 s).
                gate.arriveAndWait(limit: 10)
                try app.typeText("\n")
            }
            try await app.launch()
            addTeardownBlock { app.terminate() }
            apps.append(app)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for app in apps {
                group.addTask { _ = try await app.waitForScreen(containing: "< OK >", timeout: .seconds(60)) }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(gate.mostAtOnce, count, "every handler was under way at once")
        XCTAssertEqual(gate.timedOut, 0, "handlers that gave up waiting for the others")
    }
}

/// Holds each arriving thread until `expected` threads are held at once (or a limit passed), and
/// counts the most held at once and the threads that gave up.
private final class ArrivalGate: @unchecked Sendable {
    private let condition = NSCondition()
    private let expected: Int
    private var held = 0
    private var released = false
    private(set) var mostAtOnce = 0
    private(set) var timedOut = 0

    init(expected: Int) { self.expected = expected }

    func arriveAndWait(limit seconds: Double) {
        condition.lock()
        defer { condition.unlock() }
        held += 1
        mostAtOnce = max(mostAtOnce, held)
        if held == expected { released = true }
        condition.broadcast()
        let end = Date(timeIntervalSinceNow: seconds)
        while !released && condition.wait(until: end) {}
        if !released { timedOut += 1 }
        held -= 1
    }
}
