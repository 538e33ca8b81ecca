import CleanSlate
import Foundation
import Glibc
import _CleanSlateCShim

/// `cleanslate-benchmarks output [--runs N]`: large output over a pipe, through AppLauncher against
/// a plain read loop (raw `posix_spawn`, `read` into one buffer, `memmem` for the marker) in the same
/// run. Two works: 25 MB then a marker, waited for with `waitForOutput`; and 1 GB to the end, waited
/// for with `waitForExit`. Prints medians, ratios, and this process's peak resident memory.
func runOutputBenchmark(arguments: [String]) throws {
    var runs = 7
    if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count, let value = Int(arguments[index + 1]) {
        runs = value
    }
    let sandbox = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
    defer { try? sandbox.wipe() }
    let marker = "END-OF-OUTPUT"
    let works: [(name: String, script: String, bytes: Int, marker: String?)] = [
        ("25 MB, then a marker: waitForOutput", "head -c 25000000 /dev/zero; echo \(marker); exec sleep 1000", 25_000_000, marker),
        ("1 GB to the end: waitForExit", "exec head -c 1000000000 /dev/zero", 1_000_000_000, nil),
    ]
    print("large output over a pipe: \(runs) interleaved runs each, medians (sandbox in \(sandbox.root))")
    for work in works {
        var raw: [Double] = [], harness: [Double] = []
        for _ in 0..<runs {
            var start = DispatchTime.now().uptimeNanoseconds
            try plainReadLoop(work.script, marker: work.marker)
            raw.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)

            let app = AppLauncher(.name("sh"), sandbox: sandbox)
            app.launchArguments = ["-c", work.script]
            start = DispatchTime.now().uptimeNanoseconds
            try app.launch()
            if let marker = work.marker {
                try app.waitForOutput(marker, timeout: .seconds(120))
            } else {
                _ = try app.waitForExit(timeout: .seconds(120))
            }
            harness.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            app.terminate()
        }
        let rawMedian = raw.sorted()[runs / 2], harnessMedian = harness.sorted()[runs / 2]
        print("  \(work.name)")
        print(String(format: "    plain read loop          %9.1f ms  %7.0f MB/s   1.00x", rawMedian, Double(work.bytes) / rawMedian / 1000))
        print(String(format: "    AppLauncher              %9.1f ms  %7.0f MB/s   %.2fx", harnessMedian,
                     Double(work.bytes) / harnessMedian / 1000, harnessMedian / rawMedian))
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("  peak resident memory of this process: \(usage.ru_maxrss / 1024) MB (output limit: \(OutputLimit.standard))")
}

/// `sh -c SCRIPT` with its standard output on a pipe, read in 1 MiB chunks until `marker` shows (or
/// end of file), then killed and reaped: the floor AppLauncher is measured against.
private func plainReadLoop(_ script: String, marker: String?) throws {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw CleanSlateError(.ioFailed, errno: errno, "pipe") }
    _ = cs_set_pipe_size(fds[0], 1 << 20)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(script), nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
    close(fds[1])
    guard rc == 0 else { close(fds[0]); throw CleanSlateError(.spawnFailed, errno: rc, "posix_spawn /bin/sh") }
    let size = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size + 64, alignment: 16)
    defer { buffer.deallocate() }
    let needle = marker.map { Array($0.utf8) } ?? []
    var carried = 0
    while true {
        let n = read(fds[0], buffer + carried, size)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        let available = carried + n
        if !needle.isEmpty {
            if needle.withUnsafeBytes({ cs_memmem(buffer, available, $0.baseAddress, needle.count) }) != nil { break }
            carried = min(needle.count - 1, available)
            memmove(buffer, buffer + available - carried, carried)
        }
    }
    close(fds[0])
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}
