import Foundation
import Glibc
import _CleanSlateCShim

/// The await benchmark's floor: the same slow app started with a bare `posix_spawn` from the test
/// process (no sandbox, no keeper, no supervisor; in a session of its own, as CleanSlate's), on a thread of its own that then reads the app's
/// output until the marker and reaps it, while the task is suspended (as CleanSlate's awaited launch
/// spawns on a thread of its own, off the cooperative pool). What this row adds to `Task.sleep` is
/// the app's own cost (`sh` and `sleep` exec'd, their dynamic loading, their exit) and a thread per
/// app, which any launcher pays in some form; what CleanSlate's rows add beyond it is CleanSlate's.
enum AwaitFloor {
    /// Starts `sh -c script` with its standard output on a pipe and returns once the app has
    /// printed `marker` (or closed its output) and has been reaped.
    static func run(script: String, marker: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try runBlocking(script: script, marker: marker) })
            }
        }
    }

    private static func runBlocking(script: String, marker: String) throws {
        var output: [Int32] = [-1, -1]
        guard cs_pipe_cloexec(&output) == 0 else { throw floorError("pipe", errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words: [String] = ["sh", "-c", script]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        // In a session of its own, as CleanSlate starts each app over pipes: with the scheduler's
        // autogroups (a group per session) the apps would otherwise share one group's CPU, the
        // test process's, where each of CleanSlate's has a group of its own.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, cs_spawn_flag_setsid())
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
        close(output[1])
        defer { close(output[0]) }
        guard rc == 0 else { throw floorError("posix_spawn /bin/sh", rc) }
        var seen: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: seen, as: UTF8.self).contains(marker) {
            let count = read(output[0], &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            seen.append(contentsOf: chunk[..<count])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func floorError(_ call: String, _ code: Int32) -> NSError {
        NSError(domain: "cleanslate-benchmarks await", code: Int(code),
                userInfo: [NSLocalizedDescriptionKey: "\(call) failed: \(String(cString: strerror(code)))"])
    }
}
