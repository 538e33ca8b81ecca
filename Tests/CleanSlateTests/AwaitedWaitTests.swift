@testable import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// The awaited forms of the waits: they suspend their task instead of blocking its thread, so many
/// more of them wait at once than the cooperative pool has threads; a cancelled task ends its wait
/// at once; and they report what the blocking forms report.
final class AwaitedWaitTests: XCTestCase {
    /// More awaited waits than the pool has threads (at least 64, eight per core), on apps that
    /// answer only once every wait has begun: each app reads a line that is written only when all
    /// the waiting tasks have started their wait. A wait that blocked its thread would hold one of
    /// the pool's few threads, the tasks after it would never start, no line would be written, and
    /// every wait would time out.
    func testMoreAwaitedWaitsThanPoolThreadsAllEndOnAppsThatAnswerOnlyOnceEveryWaitBegan() async throws {
        let apps = try await onAppsThatAnswerOnceEveryWaitBegan { app in try await app.waitForOutput("ready", timeout: .seconds(10)) }
        for app in apps {
            let status = try await app.waitForExit()
            XCTAssertEqual(status, .exited(0))
        }
    }

    /// Awaited writes to apps that stopped reading (each stopped itself before reading its input)
    /// suspend until the app reads: more of them at once than the pool has threads all end once
    /// the test continues the apps, which it can only do once every write is suspended. A write
    /// that blocked its thread would leave the test no thread to continue the apps with, and time out.
    func testMoreAwaitedWritesToFullInputsThanPoolThreadsAllEndOnceTheAppsRead() async throws {
        let count = max(16, 4 * ProcessInfo.processInfo.activeProcessorCount)
        let apps = try (0..<count).map { _ in
            try launchApp(.name("sh"), arguments: ["-c", "kill -STOP $$; cat > /dev/null; echo drained"])
        }
        for app in apps {
            try await app.waitForState("stopped", timeout: .seconds(10)) { if case .stopped = $0 { return true } else { return false } }
        }
        let bytes = [UInt8](repeating: 0x61, count: 4 << 20)  // far more than a pipe holds
        let writersBefore = IOReactor.shared.writerCount
        try await withThrowingTaskGroup(of: Void.self) { group in
            for app in apps { group.addTask { try await app.write(bytes, timeout: .seconds(20)) } }
            group.addTask {
                try await Self.untilTrue("every write waits for room") { IOReactor.shared.writerCount - writersBefore == count }
                for app in apps { try app.resume() }
            }
            try await group.waitForAll()
        }
        for app in apps {
            try app.closeInput()
            try await app.waitForOutput("drained")
        }
    }

    /// A cancelled task ends its wait with `CancellationError` while the wait is suspended, long
    /// before its timeout; the wait leaves nothing enlisted, and the app is still torn down.
    func testCancellingATaskEndsEachKindOfSuspendedWaitWithCancellationError() async throws {
        let app = try await launchApp(.name("sh"), arguments: ["-c", "stty -echo; echo ready; read line"], terminalSize: .standard)
        try await app.waitForScreen(containing: "ready")
        let process = try app.currentProcess(for: "test")
        let waits: [(String, @Sendable () async throws -> Void)] = [
            ("waitForOutput", { try await app.waitForOutput("never", timeout: .seconds(30)) }),
            ("waitForOutput(matching:)", { try await app.waitForOutput(matching: "nev[e]r", timeout: .seconds(30)) }),
            ("waitForExit", { try await app.waitForExit(timeout: .seconds(30)) }),
            ("waitForState", { try await app.waitForState("stopped", timeout: .seconds(30)) { if case .stopped = $0 { return true } else { return false } } }),
            ("waitForScreen", { try await app.waitForScreen(containing: "never", timeout: .seconds(30)) }),
            ("waitForExistence", { _ = try await app.buttons["Never"].waitForExistence(timeout: .seconds(30)) }),
            ("click", { try await app.buttons["Never"].click(timeout: .seconds(30)) }),
        ]
        for (name, wait) in waits {
            let task = Task { try await wait() }
            try await Self.untilTrue("\(name) suspends") { process.suspendedWaitCount == 1 }
            task.cancel()
            do {
                try await task.value
                XCTFail("\(name) returned although its task was cancelled")
            } catch is CancellationError {
            } catch {
                XCTFail("\(name) threw \(error), not CancellationError")
            }
            XCTAssertEqual(process.suspendedWaitCount, 0, "\(name) left its wait enlisted")
            XCTAssertEqual(app.activeWaitCount, 0, "\(name) is still counted as a wait in progress")
        }
        let escaped = await app.terminate()
        XCTAssertEqual(escaped, [])
        if case .exited = app.state {} else { XCTFail("the app was not ended: \(app.state)") }
    }

    /// Cancellations that race the app's output, the deadline and the wait's own start, many times:
    /// a continuation resumed twice would crash the test process; one never resumed would leave its
    /// task hanging, which the race against a generous bound turns into a failure.
    func testCancellationRacingOutputAndDeadlinesResumesEveryWaitExactlyOnce() async throws {
        let app = try await launchApp(.name("sh"), arguments: ["-c", "while :; do echo tick; sleep 0.001; done"])
        for round in 0..<200 {
            let task = Task { try await app.waitForOutput("never", timeout: .milliseconds(round % 7)) }
            for _ in 0..<(round % 5) { await Task.yield() }
            task.cancel()
            let ended = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { _ = try? await task.value; return true }
                group.addTask { try await Task.sleep(for: .seconds(30)); return false }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            XCTAssertTrue(ended, "round \(round): the cancelled wait never ended")
        }
        let process = try app.currentProcess(for: "test")
        XCTAssertEqual(process.suspendedWaitCount, 0)
    }

    /// Whatever wakes a suspended wait, and however often (a broadcast, the deadline timer and a
    /// cancellation all at once), its task is resumed once: a second resume of the continuation
    /// would crash the test process. A cancellation that comes before the wait suspends resumes it
    /// as soon as it does, instead of leaving it hanging.
    func testASuspendedWaitResumesItsTaskExactlyOnceWhateverWakesItAndHowOften() async {
        for _ in 0..<100 {
            let wait = SuspendedWait()
            await withCheckedContinuation { continuation in
                wait.arm(continuation)
                wait.wake()
                wait.wake()
                wait.cancel()
            }
            XCTAssertTrue(wait.isCancelled)
        }
        let cancelledFirst = SuspendedWait()
        cancelledFirst.cancel()
        await withCheckedContinuation { cancelledFirst.arm($0) }
    }

    /// The awaited terminate() waits out the grace period as the blocking one does: an app that
    /// cleans up for 0.3 s on SIGTERM, then exits 3, has the time to, before SIGKILL.
    func testAwaitedTerminateGivesTheAppItsGracePeriod() async throws {
        let app = try await launchApp(.name("sh"), arguments: ["-c", "trap 'sleep 0.3; exit 3' TERM; echo ready; read line"])
        app.terminationPolicy = TerminationPolicy(steps: [.signal(SIGTERM), .wait(.seconds(30)), .signal(SIGKILL)])
        try await app.waitForOutput("ready")
        let escaped = await app.terminate()
        XCTAssertEqual(escaped, [])
        XCTAssertEqual(app.state, .exited(.exited(3)))
    }

    /// A task cancelled while the awaited terminate() waits out a grace period cuts it short, and the
    /// app (which ignores SIGTERM) and its tree are ended all the same.
    func testCancellingAnAwaitedTerminateCutsTheGracePeriodShortAndStillEndsTheApp() async throws {
        let app = try await launchApp(.name("sh"), arguments: ["-c", "trap '' TERM; sleep 300 & echo ready; wait"])
        app.terminationPolicy = TerminationPolicy(steps: [.signal(SIGTERM), .wait(.seconds(300)), .signal(SIGKILL)])
        try await app.waitForOutput("ready")
        let process = try app.currentProcess(for: "test")
        let ending = Task { await app.terminate() }
        try await Self.untilTrue("terminate() waits out its grace period") { process.suspendedWaitCount == 1 }
        ending.cancel()
        let escaped = try await withThrowingTaskGroup(of: [EscapedProcess]?.self) { group in
            group.addTask { await ending.value }
            group.addTask { try await Task.sleep(for: .seconds(60)); return nil }
            defer { group.cancelAll() }
            return try await group.next()!
        }
        XCTAssertEqual(escaped, [], "terminate() ended at once, and the app's group ended with it (nil: still waiting after 60 s)")
        XCTAssertEqual(app.state, .exited(.signaled(SIGKILL, coreDumped: false)))
        XCTAssertEqual(process.suspendedWaitCount, 0)
    }

    // MARK: The same report on both faces

    /// How a wait is run.
    enum Face: CaseIterable { case blocking, awaited }

    /// Each wait's failure, with the timeout scale, output faults and an interruption monitor in
    /// force, says the same on both faces (the times it gives aside).
    func testEachWaitFailsWithTheSameReportOnBothFaces() async throws {
        typealias Run = (AppLauncher, Face) async throws -> Void
        let limit = Duration.milliseconds(50)
        let isStopped = { (state: AppState) -> Bool in if case .stopped = state { true } else { false } }
        let waits: [(String, Run)] = [
            ("waitForOutput", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.waitForOutput("never", timeout: limit) } }
                else { _ = try await app.waitForOutput("never", timeout: limit) } }),
            ("waitForOutput(matching:)", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.waitForOutput(matching: "nev[e]r", timeout: limit) } }
                else { _ = try await app.waitForOutput(matching: "nev[e]r", timeout: limit) } }),
            ("waitForExit", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.waitForExit(timeout: limit) } }
                else { _ = try await app.waitForExit(timeout: limit) } }),
            ("waitForState", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.waitForState("stopped", timeout: limit, until: isStopped) } }
                else { _ = try await app.waitForState("stopped", timeout: limit, until: isStopped) } }),
            ("waitForScreen", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.waitForScreen(containing: "never", timeout: limit) } }
                else { _ = try await app.waitForScreen(containing: "never", timeout: limit) } }),
            ("waitForAny", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.waitForAny([app.buttons["Never"]], timeout: limit) } }
                else { _ = try await app.waitForAny([app.buttons["Never"]], timeout: limit) } }),
            ("waitUntil", { app, face in
                if face == .blocking { try Self.blocking { _ = try app.buttons["OK"].waitUntil("it is focused", timeout: limit) { $0.hasFocus } } }
                else { _ = try await app.buttons["OK"].waitUntil("it is focused", timeout: limit) { $0.hasFocus } } }),
            ("click", { app, face in
                if face == .blocking { try Self.blocking { try app.buttons["Never"].click(timeout: limit) } }
                else { try await app.buttons["Never"].click(timeout: limit) } }),
        ]
        for (name, wait) in waits {
            var reports: [Face: String] = [:]
            var prompts: [Face: Int] = [:]
            for face in Face.allCases {
                let (app, answered) = try launchPromptingApp()
                do {
                    try await wait(app, face)
                    XCTFail("\(name) (\(face)) did not fail")
                } catch let error as CleanSlateError {
                    XCTAssertEqual(error.code, .timedOut, "\(name) (\(face)): \(error)")
                    reports[face] = Self.withoutTimes(error.message)
                }
                prompts[face] = answered.value
            }
            let report = try XCTUnwrap(reports[.blocking])
            XCTAssertEqual(reports[.awaited], report, "\(name): the awaited form reports otherwise")
            XCTAssertTrue(report.contains("× CLEANSLATE_TIMEOUT_SCALE=2"), "\(name): \(report)")
            XCTAssertTrue(report.contains("output delivered in pieces of 1 to 4 bytes, seed 7"), "\(name): \(report)")
            let watchesTheScreen = !["waitForOutput", "waitForOutput(matching:)", "waitForExit", "waitForState"].contains(name)
            XCTAssertEqual(prompts[.blocking], watchesTheScreen ? 1 : 0, "\(name): the monitor answers the prompt once, in screen waits only")
            XCTAssertEqual(prompts[.awaited], prompts[.blocking], "\(name): the monitor ran as often on both faces")
        }
    }

    /// A terminal app under a timeout scale of 2 and output in seeded pieces, showing a prompt that
    /// an interruption monitor answers (counted), then `< OK >`.
    private func launchPromptingApp() throws -> (AppLauncher, Counter) {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "2"))
        app.launchArguments = ["-c", "stty -echo; printf 'Send anonymous statistics?\\n'; read line; printf '\\033[2J\\033[H< OK >\\n'; read line"]
        app.terminalSize = .standard
        app.faults = Faults(outputFragmentLength: 4, seed: 7)
        let answered = Counter()
        app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { app in
            answered.increment()
            try app.typeText("\n")
        }
        try app.launch()
        addTeardownBlock { app.terminate() }
        try app.waitForScreen(containing: "statistics")
        return (app, answered)
    }

    /// Runs `body` in a synchronous closure, where the blocking forms are the ones called.
    private static func blocking(_ body: () throws -> Void) rethrows { try body() }

    /// `message` with each time it gives ("0.213 s") replaced by "T s", and the app's pid by "P".
    static func withoutTimes(_ message: String) -> String {
        message.replacing(/\d+\.\d{3} s/, with: "T s").replacing(/pid \d+/, with: "pid P")
    }

    /// Awaits `task`, which was cancelled, and fails unless it throws `CancellationError`.
    static func expectCancellationError(from task: Task<Void, any Error>, _ what: String, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            try await task.value
            XCTFail("\(what) returned although its task was cancelled", file: file, line: line)
        } catch is CancellationError {
        } catch {
            XCTFail("\(what) threw \(error), not CancellationError", file: file, line: line)
        }
    }

    /// Yields until `condition` holds, failing after 10 s.
    static func untilTrue(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            guard Date() < deadline else { throw HostSetupFailure("\(what): not within 10 s", errno: 0) }
            await Task.yield()
        }
    }
}

extension XCTestCase {
    /// Runs `wait` in a task of its own on each of more apps than the pool has threads (at least
    /// 64, eight per core); each app answers only once it reads a line (by default `sh` printing
    /// "ready"), which the test writes to every app once every task has begun its wait. `started`
    /// is awaited on each app before the waits begin. Returns the apps once every wait has ended.
    func onAppsThatAnswerOnceEveryWaitBegan(
        _ executable: Executable = .name("sh"), arguments: [String] = ["-c", "read line; echo ready"], terminalSize: TerminalSize? = nil,
        started: (AppLauncher) async throws -> Void = { _ in }, _ wait: @escaping @Sendable (AppLauncher) async throws -> Void
    ) async throws -> [AppLauncher] {
        let count = max(64, 8 * ProcessInfo.processInfo.activeProcessorCount)
        let apps = try (0..<count).map { _ in try launchApp(executable, arguments: arguments, terminalSize: terminalSize) }
        for app in apps { try await started(app) }
        let begun = Countdown(count)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for app in apps {
                group.addTask {
                    begun.arrive()
                    try await wait(app)
                }
            }
            group.addTask {
                try await begun.allArrived()
                for app in apps { try await app.typeText("go\n") }
            }
            try await group.waitForAll()
        }
        return apps
    }
}

/// Counts tasks that have arrived; ``allArrived()`` suspends until all have (or throws
/// `CancellationError` when its task is cancelled).
final class Countdown: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int
    private var waiter: CheckedContinuation<Void, any Error>?
    private var cancelled = false

    init(_ count: Int) { remaining = count }

    func arrive() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            remaining -= 1
            guard remaining == 0 else { return nil }
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func allArrived() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = lock.withLock { () -> Bool? in
                    if cancelled { return false }
                    if remaining <= 0 { return true }
                    waiter = continuation
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let waiter = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                cancelled = true
                defer { self.waiter = nil }
                return self.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
