import CleanSlate
import Foundation
import Glibc

/// `cleanslate-benchmarks launch [--iterations N] [--only TEXT]`: the cost of one launch of /bin/true, measured
/// five ways (six with bubblewrap installed) in one run (interleaved, so machine noise hits all of them alike), with ratios against
/// a bare posix_spawn + waitpid.
func runLaunchBenchmark(arguments: [String]) throws {
    var iterations = 300
    if let index = arguments.firstIndex(of: "--iterations"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
        iterations = value
    }
    let executable = "/bin/true"
    let sandboxRoot = ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"]
    let reusedSandbox = try Sandbox(rootDirectory: sandboxRoot)
    defer { try? reusedSandbox.wipe() }
    let reusedLauncher = AppLauncher(.path(executable), sandbox: reusedSandbox)
    let strictLauncher = AppLauncher(.path(executable), sandbox: reusedSandbox)
    strictLauncher.isolation = .strict
    // bubblewrap with the namespaces and mounts of strict isolation, when it is installed.
    let bwrap = FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap") ? "/usr/bin/bwrap" : nil
    let bwrapArguments = ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                          "--tmpfs", "/home", "--tmpfs", "/root", "--tmpfs", "/run", "--tmpfs", "/tmp",
                          "--bind", reusedSandbox.home, "/home/cleanslate", "--hostname", "cleanslate", executable]

    var cases: [(String, () throws -> Void)] = [
        ("bare posix_spawn + waitpid", { try bareSpawn(executable) }),
        ("Foundation Process (terminationHandler)", { try foundationProcess(executable) }),
        ("AppLauncher, sandbox reused", {
            try reusedLauncher.launch()
            _ = try reusedLauncher.waitForExit()
            reusedLauncher.terminate()
        }),
        ("AppLauncher + new sandbox + wipe", {
            let sandbox = try Sandbox(rootDirectory: sandboxRoot)
            let app = AppLauncher(.path(executable), sandbox: sandbox)
            try app.launch()
            _ = try app.waitForExit()
            app.terminate()
            try sandbox.wipe()
        }),
        ("AppLauncher strict, sandbox reused", {
            try strictLauncher.launch()
            _ = try strictLauncher.waitForExit()
            strictLauncher.terminate()
        }),
    ] + (bwrap.map { path in [("bwrap (same namespaces and mounts)", { try bareSpawn(path, bwrapArguments) })] } ?? [])
    // `--only TEXT` runs just the cases whose name contains TEXT (besides the baseline), for profiling
    // one of them under perf or strace.
    if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
        let wanted = arguments[index + 1]
        cases = [cases[0]] + cases.dropFirst().filter { $0.0.contains(wanted) }
    }
    if arguments.contains("--breakdown") {
        try printBreakdown(executable, iterations: iterations, root: sandboxRoot)
        return
    }
    for (_, body) in cases { for _ in 0..<20 { try body() } } // warm up
    var samples = Array(repeating: [Double](), count: cases.count)
    for _ in 0..<iterations {
        for (index, (_, body)) in cases.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
    }
    let medians = samples.map { $0.sorted()[$0.count / 2] }
    print("launch of \(executable): \(iterations) interleaved iterations, median per launch (sandboxes in \(sandboxRoot ?? "the default root"))")
    for (index, (name, _)) in cases.enumerated() {
        let ratio = medians[index] / medians[0]
        print("  \(name.padding(toLength: 42, withPad: " ", startingAt: 0)) \(String(format: "%7.3f ms", medians[index]))   \(String(format: "%.2fx", ratio)) of bare spawn")
    }
}

private func bareSpawn(_ path: String, _ arguments: [String] = []) throws {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let rc = posix_spawn(&pid, path, nil, nil, argv, environ)
    guard rc == 0 else { throw CleanSlateError(.spawnFailed, errno: rc, "posix_spawn \(path)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}

private func foundationProcess(_ path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    done.wait()
}

/// `--breakdown`: the median of each step of a launch with a new sandbox, to see where the time goes.
private func printBreakdown(_ executable: String, iterations: Int, root: String?) throws {
    let steps = ["Sandbox()", "launch()", "waitForExit()", "terminate()", "wipe()"]
    var samples = Array(repeating: [Double](), count: steps.count)
    for iteration in 0..<(iterations + 20) {
        var times = [DispatchTime.now().uptimeNanoseconds]
        let sandbox = try Sandbox(rootDirectory: root)
        times.append(DispatchTime.now().uptimeNanoseconds)
        let app = AppLauncher(.path(executable), sandbox: sandbox)
        try app.launch()
        times.append(DispatchTime.now().uptimeNanoseconds)
        _ = try app.waitForExit()
        times.append(DispatchTime.now().uptimeNanoseconds)
        app.terminate()
        times.append(DispatchTime.now().uptimeNanoseconds)
        try sandbox.wipe()
        times.append(DispatchTime.now().uptimeNanoseconds)
        guard iteration >= 20 else { continue }
        for index in steps.indices { samples[index].append(Double(times[index + 1] - times[index]) / 1000) }
    }
    print("launch of \(executable) with a new sandbox, \(iterations) iterations, median of each step:")
    for (index, step) in steps.enumerated() {
        print("  \(step.padding(toLength: 16, withPad: " ", startingAt: 0)) \(String(format: "%7.1f µs", samples[index].sorted()[iterations / 2]))")
    }
}
