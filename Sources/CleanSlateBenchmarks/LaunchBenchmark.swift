import CleanSlate
import Foundation
import Glibc

/// `cleanslate-benchmarks launch [--iterations N] [--only TEXT] [--breakdown]`: the cost of one
/// launch of /bin/true, measured several ways in two interleaved groups (so machine noise hits all
/// the cases of a group alike; launches in new namespaces apart), each with ratios against a bare
/// posix_spawn + waitpid measured in the same group. `--breakdown` prints each step of a launch.
func runLaunchBenchmark(arguments: [String]) throws {
    let iterations = integerOption("--iterations", in: arguments, default: 300)
    let executable = "/bin/true"
    let sandboxRoot = ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"]
    let reusedSandbox = try Sandbox(rootDirectory: sandboxRoot)
    defer { try? reusedSandbox.wipe() }
    let reusedLauncher = AppLauncher(.path(executable), sandbox: reusedSandbox)
    let terminalLauncher = AppLauncher(.path(executable), sandbox: reusedSandbox)
    terminalLauncher.terminalSize = .standard
    let strictLauncher = AppLauncher(.path(executable), sandbox: reusedSandbox)
    strictLauncher.isolation = .strict
    // bubblewrap with the namespaces and mounts of strict isolation, when it is installed.
    let bwrap = FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap") ? "/usr/bin/bwrap" : nil
    let bwrapArguments = ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                          "--tmpfs", "/home", "--tmpfs", "/root", "--tmpfs", "/run", "--tmpfs", "/tmp",
                          "--bind", reusedSandbox.home, "/home/cleanslate", "--hostname", "cleanslate", executable]

    let bare: Case = ("bare posix_spawn + waitpid", { try bareSpawn(executable) })
    let plain: [Case] = [
        bare,
        ("Foundation Process (terminationHandler)", { try foundationProcess(executable) }),
        ("AppLauncher, sandbox reused", {
            try reusedLauncher.launch()
            _ = try reusedLauncher.waitForExit()
            reusedLauncher.terminate()
        }),
        ("AppLauncher on a terminal, sandbox reused", {
            try terminalLauncher.launch()
            _ = try terminalLauncher.waitForExit()
            terminalLauncher.terminate()
        }),
        ("AppLauncher + new sandbox + wipe", {
            let sandbox = try Sandbox(rootDirectory: sandboxRoot)
            let app = AppLauncher(.path(executable), sandbox: sandbox)
            try app.launch()
            _ = try app.waitForExit()
            app.terminate()
            try sandbox.wipe()
        }),
        // What a new sandbox itself costs, without a launch (its share of the case above).
        ("Sandbox() + wipe(), no launch", {
            try Sandbox(rootDirectory: sandboxRoot).wipe()
        }),
    ]
    let namespaced: [Case] = [
        bare,
        ("AppLauncher strict, sandbox reused", {
            try strictLauncher.launch()
            _ = try strictLauncher.waitForExit()
            strictLauncher.terminate()
        }),
    ] + (bwrap.map { path in [("bwrap (same namespaces and mounts)", { try bareSpawn(path, bwrapArguments) })] } ?? [])
    if arguments.contains("--breakdown") {
        try printBreakdown(executable, iterations: iterations, root: sandboxRoot)
        return
    }
    // Launches in new namespaces run in a group of their own: tearing a network namespace down goes
    // on in the kernel (a worker thread) after the launch has ended, and on a small machine that
    // work would be charged to whichever launch came next.
    for (title, group) in [("without namespaces", plain), ("in new namespaces", namespaced)] {
        // `--only TEXT` runs just the cases whose name contains TEXT (besides the baseline), for
        // profiling one of them under perf or strace.
        var cases = group
        if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
            cases = [bare] + group.dropFirst().filter { $0.0.contains(arguments[index + 1]) }
        }
        guard cases.count > 1 else { continue }
        let medians = try interleavedMedians(of: cases, iterations: iterations)
        print("launch of \(executable), \(title): \(iterations) interleaved iterations, median per launch (sandboxes in \(sandboxRoot ?? "the default root"))")
        for (index, (name, _)) in cases.enumerated() {
            print("  \(name.padding(toLength: 42, withPad: " ", startingAt: 0)) \(String(format: "%7.3f ms", medians[index]))   \(String(format: "%.2fx", medians[index] / medians[0])) of bare spawn")
        }
    }
}

/// A named way to launch once.
private typealias Case = (String, () throws -> Void)

/// The median time of each case, in milliseconds, over `iterations` rounds that run every case once.
private func interleavedMedians(of cases: [Case], iterations: Int) throws -> [Double] {
    for (_, body) in cases { for _ in 0..<20 { try body() } } // warm up
    var samples = Array(repeating: [Double](), count: cases.count)
    for iteration in 0..<iterations {
        // The order rotates each round, so every case follows every other equally often: the work
        // one leaves behind (Foundation's reaping thread, a keeper exiting) is not always charged to
        // the same next case.
        for step in cases.indices {
            let index = (step + iteration) % cases.count
            let start = DispatchTime.now().uptimeNanoseconds
            try cases[index].1()
            samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
    }
    return samples.map { $0.sorted()[$0.count / 2] }
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
