import CleanSlate
import Foundation
import Glibc
import _CleanSlateCShim

/// `cleanslate-benchmarks roundtrip [--iterations N]`: type a line into `cat` on a pseudo-terminal and
/// wait until it shows on the screen, through AppLauncher (emulator, screen wait), against a raw
/// write/read loop on a pseudo-terminal in the same run.
func runRoundTripBenchmark(arguments: [String]) throws {
    let iterations = integerOption("--iterations", in: arguments, default: 2000)
    let terminals = try CatOnTerminals()
    defer { terminals.close() }
    let sandbox = terminals.sandbox
    // The same over pipes: typeText + waitForOutput, to show how soon a wait wakes after output.
    let piped = AppLauncher(.name("cat"), sandbox: sandbox)
    try piped.launch()
    defer { piped.terminate() }

    var rawSamples: [Double] = []
    var harnessSamples: [Double] = []
    var pipeSamples: [Double] = []
    for index in 0..<(iterations + 100) {
        let line = "line \(index)"
        let rawTime = try terminals.rawRoundTrip(line)
        let harnessTime = try terminals.harnessRoundTrip(line)
        let start = DispatchTime.now().uptimeNanoseconds
        try piped.typeText(line + "\n")
        try piped.waitForOutput(line + "\n")
        let pipeTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        if index >= 100 { // warm-up excluded
            rawSamples.append(rawTime)
            harnessSamples.append(harnessTime)
            pipeSamples.append(pipeTime)
        }
    }
    let rawMedian = rawSamples.sorted()[rawSamples.count / 2]
    let harnessMedian = harnessSamples.sorted()[harnessSamples.count / 2]
    print("round trip: type a line into cat on a 24x80 pseudo-terminal until it shows; \(iterations) interleaved iterations, medians")
    print(String(format: "  raw write/read loop on a PTY          %8.1f us   1.00x", rawMedian))
    print(String(format: "  AppLauncher typeText + waitForScreen  %8.1f us   %.2fx of the raw loop", harnessMedian, harnessMedian / rawMedian))
    let pipeMedian = pipeSamples.sorted()[pipeSamples.count / 2]
    let pipeP99 = pipeSamples.sorted()[pipeSamples.count * 99 / 100]
    print(String(format: "  over pipes: typeText + waitForOutput  %8.1f us   (p99 %.1f us)", pipeMedian, pipeP99))
}

/// `cat` on a 24x80 pseudo-terminal twice, once through AppLauncher (in a sandbox of its own) and
/// once through a raw loop, each ready for a round trip: a line typed until it shows.
final class CatOnTerminals {
    let raw: RawPseudoTerminalLoop
    let sandbox: Sandbox
    let app: AppLauncher

    init() throws {
        let script = "stty -echo; echo ready; exec cat"
        raw = try RawPseudoTerminalLoop(script: script)
        sandbox = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
        app = AppLauncher(.name("sh"), sandbox: sandbox)
        app.launchArguments = ["-c", script]
        app.terminalSize = .standard
        try app.launch()
        try app.waitForScreen(containing: "ready")
    }

    /// Microseconds from typing `line` through AppLauncher until it shows on its screen.
    func harnessRoundTrip(_ line: String) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try app.typeText(line + "\n")
        try app.waitForScreen(containing: line)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }

    /// Microseconds from writing `line` on the raw master until it is read back.
    func rawRoundTrip(_ line: String) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try raw.roundTrip(line)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }

    func close() {
        app.terminate()
        try? sandbox.wipe()
        raw.close()
    }
}

/// The baseline: `cat` on a pseudo-terminal driven by plain write(2) and read(2) on the master.
final class RawPseudoTerminalLoop {
    let master: Int32
    let pid: pid_t
    private var pending: [UInt8] = []

    init(script: String, waitUntilReady: Bool = true) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = cs_open_pty_master(&name, name.count)
        guard master >= 0 else { throw CleanSlateError(.spawnFailed, errno: errno, "posix_openpt") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, cs_spawn_flag_setsid())
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(script), nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, "/bin/sh", &actions, &attributes, argv, environ)
        guard rc == 0 else { throw CleanSlateError(.spawnFailed, errno: rc, "posix_spawn /bin/sh") }
        pid = child
        if waitUntilReady { try readUntil("ready") }
    }

    func roundTrip(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        try readUntil(line)
    }

    func readUntil(_ text: String) throws {
        let needle = Array(text.utf8)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let range = pending.firstRange(of: needle) {
                pending.removeSubrange(..<range.upperBound)
                return
            }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { throw CleanSlateError(.ioFailed, errno: errno, "reading the raw pseudo-terminal") }
            pending += buffer[0..<count]
        }
    }

    func close() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        Glibc.close(master)
    }
}
