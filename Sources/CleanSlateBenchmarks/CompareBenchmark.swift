import Foundation
import Glibc

/// `cleanslate-benchmarks compare [--rounds N] [--launches N] [--round-trips N] [--tests N] [--also NAME=PATH]...`:
/// the comparison a user would make. Each system runs in a process of its own (a standalone C loop,
/// Python's `subprocess.run`, Foundation's `Process`, CleanSlate; for the pseudo-terminal, a standalone
/// C loop, pexpect and CleanSlate), one batch each per round, in an order that rotates every round, so
/// that the machine's noise falls on all alike. Each round's medians are divided by the C loop's of
/// the same round; the report gives the median and range of those ratios over the rounds, and the
/// goals. `--also NAME=PATH` adds the launch and PTY workers of another build of this benchmark (to
/// compare two versions of CleanSlate in one run; with it, the XCTest worker too). The XCTest row runs
/// four XCTest tests alternately in one process (one launching /bin/true with `launchApp` +
/// `waitForExit`, one only spawning it, one only making its sandbox, one empty): its ratios are to the
/// spawning test's time.
func runCompareBenchmark(arguments: [String]) throws {
    let rounds = integerOption("--rounds", in: arguments) ?? 9
    let launches = integerOption("--launches", in: arguments) ?? 200
    let roundTrips = integerOption("--round-trips", in: arguments) ?? 1000
    let tests = integerOption("--tests", in: arguments) ?? 200
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let this = try ownExecutablePath()

    var launchSystems: [ComparedSystem] = []
    var terminalSystems: [ComparedSystem] = []
    var skipped: [String] = []
    let compiler = findInPath("cc")
    let python = findInPath("python3")
    if let compiler {
        let spawnLoop = try compile(ComparePeers.spawnLoopC, named: "spawn-loop", in: folder, with: compiler)
        launchSystems.append(ComparedSystem(command: [spawnLoop], series: ["C loop: posix_spawn + waitpid (standalone)"]))
        let terminalLoop = try compile(ComparePeers.pseudoTerminalLoopC, named: "pty-loop", in: folder, with: compiler)
        terminalSystems.append(ComparedSystem(command: [terminalLoop], series: ["C loop: write + read on a PTY (standalone)"]))
    } else {
        skipped.append("the standalone C loops, and so all the ratios (no cc in PATH)")
    }
    if let python {
        let script = try write(ComparePeers.subprocessRunPython, named: "subprocess-run.py", in: folder)
        launchSystems.append(ComparedSystem(command: [python, script], series: ["Python subprocess.run"]))
        if runQuietly([python, "-c", "import pexpect"]) {
            let script = try write(ComparePeers.pexpectPython, named: "pexpect-loop.py", in: folder)
            terminalSystems.append(ComparedSystem(command: [python, script], series: ["pexpect (send delay off, expect_exact)"]))
        } else {
            skipped.append("pexpect (python3 -c 'import pexpect' fails)")
        }
    } else {
        skipped.append("Python subprocess.run and pexpect (no python3 in PATH)")
    }
    launchSystems.append(ComparedSystem(command: [this, "compare-worker", "foundation"], series: ["Foundation Process (terminationHandler)"]))
    launchSystems.append(ComparedSystem(command: [this, "compare-worker", "launch"], series: ["CleanSlate launch + waitForExit, sandbox reused"]))
    terminalSystems.append(ComparedSystem(command: [this, "compare-worker", "pty"],
                                          series: ["CleanSlate typeText + waitForScreen", "raw write/read loop inside CleanSlate's process"]))
    var testSystems = [ComparedSystem(command: [this, "compare-worker", "xctest"],
                                      series: ["XCTest test: posix_spawn + waitpid only", "XCTest test: sandboxForTest only",
                                               "XCTest test: launchApp + waitForExit", "XCTest test: empty (XCTest's own cost)"])]
    for other in options("--also", in: arguments) {
        guard let separator = other.firstIndex(of: "=") else { throw usage("--also takes NAME=PATH") }
        let (name, path) = (other[..<separator], String(other[other.index(after: separator)...]))
        launchSystems.append(ComparedSystem(command: [path, "compare-worker", "launch"], series: ["CleanSlate launch, \(name)"]))
        terminalSystems.append(ComparedSystem(command: [path, "compare-worker", "pty"],
                                              series: ["CleanSlate typeText + waitForScreen, \(name)", "raw loop inside CleanSlate's process, \(name)"]))
        testSystems.append(ComparedSystem(command: [path, "compare-worker", "xctest"],
                                          series: ["XCTest test: spawn only, \(name)", "XCTest test: sandbox only, \(name)",
                                                   "XCTest test: launchApp + waitForExit, \(name)", "XCTest test: empty, \(name)"]))
    }

    print("compare: each system in a process of its own, \(rounds) interleaved rounds (the order rotates each round)")
    for note in skipped { print("  skipped: \(note)") }
    let launchRounds = try measure(launchSystems, rounds: rounds, warmup: 20, iterations: launches)
    let terminalRounds = try measure(terminalSystems, rounds: rounds, warmup: 100, iterations: roundTrips)
    let testRounds = try measure(testSystems, rounds: rounds, warmup: 20, iterations: tests)
    print("\nlaunch and reap /bin/true: \(launches) launches per batch, per-launch median of each batch")
    report(launchRounds, of: launchSystems, hasFloor: compiler != nil)
    print("  goal: CleanSlate no slower than the fastest peer, and at most 1.25x the C floor")
    print("\nPTY round trip: type a line into cat on a 24x80 pseudo-terminal until it shows; \(roundTrips) per batch")
    report(terminalRounds, of: terminalSystems, hasFloor: compiler != nil)
    if let harness = seriesIndex(of: "CleanSlate typeText", in: terminalSystems),
       let inProcess = seriesIndex(of: "raw write/read loop inside", in: terminalSystems) {
        let ratios = terminalRounds.map { $0[harness] / $0[inProcess] }
        print("  CleanSlate / the raw loop in its own process: \(summary(ratios))")
    }
    print("  goal: CleanSlate at most 1.3x the C floor")
    print("\nan XCTest test, set-up and tear-down included (the launching test makes and wipes its sandbox); \(tests) per batch")
    report(testRounds, of: testSystems, hasFloor: true)
    print("  goal: the launching test at most 1.2x the test that only spawns")
}

/// One program of the comparison and the names of the medians it prints, in order.
private struct ComparedSystem {
    let command: [String]
    let series: [String]
}

/// Runs every system once per round, in an order that rotates; returns each round's medians, flattened
/// over the systems' series.
private func measure(_ systems: [ComparedSystem], rounds: Int, warmup: Int, iterations: Int) throws -> [[Double]] {
    var results: [[Double]] = []
    for round in 0..<rounds {
        var values = Array(repeating: [Double](), count: systems.count)
        for step in systems.indices {
            let index = (step + round) % systems.count
            let system = systems[index]
            let output = try outputOf(system.command + [String(warmup), String(iterations)])
            let medians = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard medians.count == system.series.count else {
                throw usage("\(system.command.joined(separator: " ")) printed \(output.debugDescription), expected \(system.series.count) numbers")
            }
            values[index] = medians
        }
        results.append(values.flatMap { $0 })
    }
    return results
}

/// Prints each series' median time over the rounds, and its ratio to the first series (the C floor) per round.
private func report(_ rounds: [[Double]], of systems: [ComparedSystem], hasFloor: Bool) {
    let names = systems.flatMap(\.series)
    for (index, name) in names.enumerated() {
        let times = rounds.map { $0[index] }
        var line = "  \(name.padding(toLength: 48, withPad: " ", startingAt: 0)) \(String(format: "%9.1f µs", median(times)))"
        line += String(format: " (%.1f–%.1f)", times.min() ?? 0, times.max() ?? 0)
        if hasFloor {
            line += index == 0 ? "   the floor" : "   \(summary(rounds.map { $0[index] / $0[0] })) the floor"
        }
        print(line)
    }
}

private func seriesIndex(of prefix: String, in systems: [ComparedSystem]) -> Int? {
    systems.flatMap(\.series).firstIndex { $0.hasPrefix(prefix) }
}

/// "1.23x (1.20–1.31x)": the median ratio and its range.
private func summary(_ ratios: [Double]) -> String {
    String(format: "%.2fx (%.2f–%.2fx)", median(ratios), ratios.min() ?? 0, ratios.max() ?? 0)
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

private func integerOption(_ name: String, in arguments: [String]) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
}

private func options(_ name: String, in arguments: [String]) -> [String] {
    arguments.indices.filter { arguments[$0] == name && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
}

private func usage(_ message: String) -> Error {
    NSError(domain: "cleanslate-benchmarks compare", code: 64, userInfo: [NSLocalizedDescriptionKey: message])
}

private func makeTemporaryFolder() throws -> String {
    var template = Array((NSTemporaryDirectory() + "/cleanslate-compare-XXXXXX").utf8CString)
    guard let path = mkdtemp(&template) else { throw usage("mkdtemp failed: \(String(cString: strerror(errno)))") }
    return String(cString: path)
}

private func ownExecutablePath() throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
}

private func findInPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

private func write(_ text: String, named name: String, in folder: String) throws -> String {
    let path = folder + "/" + name
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
}

private func compile(_ source: String, named name: String, in folder: String, with compiler: String) throws -> String {
    let sourcePath = try write(source, named: name + ".c", in: folder)
    let binary = folder + "/" + name
    _ = try outputOf([compiler, "-O2", "-o", binary, sourcePath])
    return binary
}

private func runQuietly(_ command: [String]) -> Bool {
    (try? outputOf(command, quiet: true)) != nil
}

/// Runs a command to its end and returns what it printed; throws when it fails.
private func outputOf(_ command: [String], quiet: Bool = false) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    let pipe = Pipe()
    process.standardOutput = pipe
    if quiet { process.standardError = FileHandle(forWritingAtPath: "/dev/null") }
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw usage("\(command.joined(separator: " ")) exited with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
}
