import CleanSlate
import Foundation
import Glibc

/// `cleanslate-benchmarks compare-worker KIND WARMUP ITERATIONS`: one batch of the comparison
/// (`compare`), run in a process of its own so that each system pays for its own process as a user's
/// would. Prints the median time of one iteration in microseconds; `pty` prints two medians, AppLauncher's
/// and a raw write/read loop's interleaved in the same process.
func runCompareWorker(arguments: [String]) throws {
    guard arguments.count == 3, let warmup = Int(arguments[1]), let iterations = Int(arguments[2]), iterations > 0 else {
        FileHandle.standardError.write(Data("usage: cleanslate-benchmarks compare-worker launch|foundation|pty|xctest WARMUP ITERATIONS\n".utf8))
        exit(64)
    }
    switch arguments[0] {
    case "launch":
        let sandbox = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
        defer { try? sandbox.wipe() }
        let app = AppLauncher(.path("/bin/true"), sandbox: sandbox)
        let median = try medianMicroseconds(warmup: warmup, iterations: iterations) {
            try app.launch()
            _ = try app.waitForExit()
            app.terminate()
        }
        print(String(format: "%.3f", median))
    case "foundation":
        let median = try medianMicroseconds(warmup: warmup, iterations: iterations) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/true")
            // waitUntilExit() polls its run loop and takes about 50 ms here whatever the program;
            // a terminationHandler is what a user who cares about speed writes.
            let done = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in done.signal() }
            try process.run()
            done.wait()
        }
        print(String(format: "%.3f", median))
    case "pty":
        try printPseudoTerminalMedians(warmup: warmup, iterations: iterations)
    case "xctest":
        try printXCTestMedians(warmup: warmup, iterations: iterations)
    default:
        FileHandle.standardError.write(Data("compare-worker: unknown kind \(arguments[0])\n".utf8))
        exit(64)
    }
}

/// The median, in microseconds, of `iterations` runs of `body` after `warmup` runs that are not counted.
private func medianMicroseconds(warmup: Int, iterations: Int, _ body: () throws -> Void) throws -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for index in 0..<(warmup + iterations) {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        if index >= warmup { samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000) }
    }
    return samples.sorted()[samples.count / 2]
}

/// Types a line into `cat` on a 24x80 pseudo-terminal and waits until it shows on the screen, through
/// AppLauncher and through a raw loop in this process, alternately; prints both medians.
private func printPseudoTerminalMedians(warmup: Int, iterations: Int) throws {
    let terminals = try CatOnTerminals()
    defer { terminals.close() }
    var harnessSamples: [Double] = []
    var rawSamples: [Double] = []
    for index in 0..<(warmup + iterations) {
        let harnessTime = try terminals.harnessRoundTrip("line \(index)")
        let rawTime = try terminals.rawRoundTrip("line \(index)")
        if index >= warmup {
            harnessSamples.append(harnessTime)
            rawSamples.append(rawTime)
        }
    }
    print(String(format: "%.3f %.3f", harnessSamples.sorted()[iterations / 2], rawSamples.sorted()[iterations / 2]))
}
