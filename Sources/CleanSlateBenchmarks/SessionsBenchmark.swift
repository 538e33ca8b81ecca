import CleanSlate
import Foundation
import Glibc

/// `cleanslate-benchmarks sessions [--sessions N] [--runs N]`: N concurrent pseudo-terminal sessions
/// (launch `cat` behind `stty -echo`, one round trip each, terminate), through AppLauncher against
/// the floor of raw pseudo-terminals driven by plain write/read in the same run. Also prints the
/// threads and descriptors this process held with all sessions open.
func runSessionsBenchmark(arguments: [String]) throws {
    func option(_ name: String, default value: Int) -> Int {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let parsed = Int(arguments[index + 1]) else { return value }
        return parsed
    }
    let count = option("--sessions", default: 128)
    let runs = option("--runs", default: 5)
    let script = "stty -echo; echo ready; exec cat"
    let sandbox = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
    defer { try? sandbox.wipe() }
    var raw: [Double] = [], harness: [Double] = []
    // The time of each phase (start, round trips, end), per run, to see where a difference comes from.
    var rawPhases: [[Double]] = [], harnessPhases: [[Double]] = []
    func milliseconds(_ from: UInt64, _ to: UInt64) -> Double { Double(to - from) / 1e6 }
    var peak = (threads: 0, descriptors: 0)
    for _ in 0..<runs {
        var start = DispatchTime.now().uptimeNanoseconds
        // Like the harness below: start every session, then wait for each to be ready and round-trip.
        let loops = try (0..<count).map { _ in try RawPseudoTerminalLoop(script: script, waitUntilReady: false) }
        let rawStarted = DispatchTime.now().uptimeNanoseconds
        for (index, loop) in loops.enumerated() {
            try loop.readUntil("ready")
            try loop.roundTrip("line \(index)")
        }
        let rawTripped = DispatchTime.now().uptimeNanoseconds
        loops.forEach { $0.close() }
        let rawEnded = DispatchTime.now().uptimeNanoseconds
        raw.append(milliseconds(start, rawEnded))
        rawPhases.append([milliseconds(start, rawStarted), milliseconds(rawStarted, rawTripped), milliseconds(rawTripped, rawEnded)])

        start = DispatchTime.now().uptimeNanoseconds
        let apps = try (0..<count).map { _ -> AppLauncher in
            let app = AppLauncher(.path("/bin/sh"), sandbox: sandbox)
            app.launchArguments = ["-c", script]
            app.terminalSize = .standard
            try app.launch()
            return app
        }
        let started = DispatchTime.now().uptimeNanoseconds
        for (index, app) in apps.enumerated() {
            try app.waitForScreen(containing: "ready")
            try app.typeText("line \(index)\n")
            try app.waitForScreen(containing: "line \(index)")
        }
        let tripped = DispatchTime.now().uptimeNanoseconds
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
        let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
        peak = (max(peak.threads, threads), max(peak.descriptors, descriptors))
        let counted = DispatchTime.now().uptimeNanoseconds
        apps.forEach { $0.terminate() }
        let ended = DispatchTime.now().uptimeNanoseconds
        harness.append(milliseconds(start, ended) - milliseconds(tripped, counted))
        harnessPhases.append([milliseconds(start, started), milliseconds(started, tripped), milliseconds(counted, ended)])
    }
    let rawMedian = raw.sorted()[runs / 2], harnessMedian = harness.sorted()[runs / 2]
    print("\(count) concurrent pseudo-terminal sessions (launch, one round trip each, terminate): \(runs) runs, medians")
    print(String(format: "  raw pseudo-terminals, write/read      %8.1f ms   1.00x", rawMedian))
    print(String(format: "  AppLauncher (emulator, screen waits)  %8.1f ms   %.2fx", harnessMedian, harnessMedian / rawMedian))
    func phases(_ runs: [[Double]]) -> String {
        (0..<3).map { phase in String(format: "%.1f", runs.map { $0[phase] }.sorted()[runs.count / 2]) }.joined(separator: " / ")
    }
    print("  phases (start all / round trips / end all), medians in ms: raw \(phases(rawPhases)), AppLauncher \(phases(harnessPhases))")
    print("  with all sessions open this process had \(peak.threads) threads and \(peak.descriptors) descriptors")
}
