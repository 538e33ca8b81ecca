import CleanSlate
import Foundation

/// `cleanslate-benchmarks await [--tests N]... [--iterations N]`: what awaited waits buy.
///
/// The suite: N tests run at once on Swift's cooperative pool (one task each, as Swift Testing
/// runs tests), each launching an app that starts slowly (`sleep 0.5; echo ready`) and waiting for
/// it (the launch and the wait both awaited), over pipes and on a terminal, and over pipes with a
/// sandbox of its own made and wiped per test (as the `.cleanSlate` trait does); against the same N tasks that only `Task.sleep` as long,
/// against the same app started by a bare `posix_spawn` (the floor: what the app itself costs, see ``AwaitFloor``), and
/// (for the first N) against a blocking launch and wait in the same tasks, which hold a pool thread each.
/// The latency: an awaited PTY round trip and launch-to-exit against the blocking ones, interleaved.
func runAwaitBenchmark(arguments: [String]) throws {
    var counts: [Int] = []
    for (index, argument) in arguments.enumerated() where argument == "--tests" && index + 1 < arguments.count {
        if let count = Int(arguments[index + 1]) { counts.append(count) }
    }
    let suiteSizes = counts.isEmpty ? [24, 200] : counts
    let iterations = integerOption("--iterations", in: arguments, default: 500)
    let sandbox = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
    defer { try? sandbox.wipe() }
    try runBlocking {
        print("suite: N tasks at once, each waiting for an app that prints 'ready' after 0.5 s; cores: \(ProcessInfo.processInfo.activeProcessorCount)")
        for (round, count) in suiteSizes.enumerated() {
            let sleeping = try await suiteSeconds(count) { try await Task.sleep(for: .milliseconds(500)) }
            let piped = try await suiteSeconds(count) {
                let app = slowApp(in: sandbox, terminal: false)
                try await app.launch()
                try await app.waitForOutput("ready")
                await app.terminate()
            }
            let onTerminal = try await suiteSeconds(count) {
                let app = slowApp(in: sandbox, terminal: true)
                try await app.launch()
                try await app.waitForScreen(containing: "ready")
                await app.terminate()
            }
            // As the `.cleanSlate` trait runs each test: a sandbox of its own, made before the
            // launch and wiped after it, the wipe on a thread of its own while the task is suspended.
            let ownSandbox = try await suiteSeconds(count) {
                let own = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
                let app = slowApp(in: own, terminal: false)
                try await app.launch()
                try await app.waitForOutput("ready")
                await app.terminate()
                try await BlockingWorkThreads.shared.runElseHere { try own.wipe() }
            }
            // After the awaited suites, so that each follows what it followed before the floor existed (in
            // the first round the blocking suite follows it).
            let floor = try await suiteSeconds(count) { try await AwaitFloor.run(script: slowScript, marker: "ready") }
            print(String(format: "  N=%-4d Task.sleep only                %7.2f s   1.00x", count, sleeping))
            print(String(format: "  N=%-4d bare posix_spawn, same app      %7.2f s   %.2fx   (the app's own cost: the floor)", count, floor, floor / sleeping))
            print(String(format: "  N=%-4d awaited waitForOutput (pipes)  %7.2f s   %.2fx   %.2fx the floor", count, piped, piped / sleeping, piped / floor))
            print(String(format: "  N=%-4d awaited waitForScreen (PTY)    %7.2f s   %.2fx   %.2fx the floor", count, onTerminal, onTerminal / sleeping, onTerminal / floor))
            print(String(format: "  N=%-4d pipes, a sandbox per test     %7.2f s   %.2fx   %.2fx the floor", count, ownSandbox, ownSandbox / sleeping, ownSandbox / floor))
            // Once, in the first round only: a later round of the same N would repeat its minute.
            if round == 0 {
                let blocking = try await suiteSeconds(count) {
                    let app = slowApp(in: sandbox, terminal: false)
                    _ = try blockingWait {
                        try app.launch()
                        return try app.waitForOutput("ready")
                    }
                    app.terminate()
                }
                print(String(format: "  N=%-4d blocking waitForOutput (pipes) %7.2f s   %.2fx", count, blocking, blocking / sleeping))
            }
        }
        try await latencies(iterations: iterations, sandbox: sandbox)
    }
}

/// What the slow app runs (`sh -c`): it answers half a second after its start.
private let slowScript = "sleep 0.5; echo ready"

/// An app that answers half a second after its launch, in `sandbox`, not launched yet (awaited
/// suites await the launch, the blocking one blocks in it).
private func slowApp(in sandbox: Sandbox, terminal: Bool) -> AppLauncher {
    let app = AppLauncher(.name("sh"), sandbox: sandbox)
    app.launchArguments = ["-c", slowScript]
    if terminal { app.terminalSize = .standard }
    return app
}

/// Seconds for `count` tasks running `test` at once.
private func suiteSeconds(_ count: Int, _ test: @escaping @Sendable () async throws -> Void) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<count { group.addTask { try await test() } }
        try await group.waitForAll()
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Medians of awaited against blocking: a PTY round trip, and launch-to-exit of `true`.
private func latencies(iterations: Int, sandbox: Sandbox) async throws {
    let terminals = try CatOnTerminals()
    defer { terminals.close() }
    var blockingTrips: [Double] = [], awaitedTrips: [Double] = [], blockingExits: [Double] = [], awaitedExits: [Double] = []
    let app = terminals.app
    let quick = AppLauncher(.name("true"), sandbox: sandbox)
    for index in 0..<(iterations + 50) {
        let line = "line \(index)"
        let blockingTrip = try blockingWait { try terminals.harnessRoundTrip(line + "b") }
        var start = DispatchTime.now().uptimeNanoseconds
        try await app.typeText(line + "a\n")
        try await app.waitForScreen(containing: line + "a")
        let awaitedTrip = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        start = DispatchTime.now().uptimeNanoseconds
        try blockingWait {
            try quick.launch()
            try quick.waitForExit()
        }
        let blockingExit = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        start = DispatchTime.now().uptimeNanoseconds
        try await quick.launch()
        try await quick.waitForExit()
        let awaitedExit = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        if index >= 50 {
            blockingTrips.append(blockingTrip)
            awaitedTrips.append(awaitedTrip)
            blockingExits.append(blockingExit)
            awaitedExits.append(awaitedExit)
        }
    }
    await quick.terminate()
    let median = { (samples: [Double]) in samples.sorted()[samples.count / 2] }
    print("latency: \(iterations) interleaved iterations, medians (in a task on the cooperative pool)")
    print(String(format: "  PTY round trip, blocking typeText + waitForScreen  %8.1f us   1.00x", median(blockingTrips)))
    print(String(format: "  PTY round trip, awaited                            %8.1f us   %.2fx", median(awaitedTrips), median(awaitedTrips) / median(blockingTrips)))
    print(String(format: "  launch to exit of true, blocking waitForExit       %8.1f us   1.00x", median(blockingExits)))
    print(String(format: "  launch to exit of true, awaited                    %8.1f us   %.2fx", median(awaitedExits), median(awaitedExits) / median(blockingExits)))
}

/// Runs `body` in a synchronous closure, where the blocking forms of the waits are the ones called.
private func blockingWait<T>(_ body: () throws -> T) rethrows -> T { try body() }

/// Runs `body` on the cooperative pool and waits for it on this (the main) thread.
private func runBlocking(_ body: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let outcome = OutcomeBox()
    Task {
        do { try await body() } catch { outcome.error = error }
        done.signal()
    }
    done.wait()
    if let error = outcome.error { throw error }
}

private final class OutcomeBox: @unchecked Sendable {
    var error: (any Error)?
}
