import CleanSlate
import CleanSlateXCTest
import Foundation
import Glibc
import XCTest

/// `compare-worker xctest`: what a test costs a user who writes XCTest tests. Runs, alternately in
/// this process, an XCTest test that does `launchApp(/bin/true)` + `waitForExit()` (so it pays for
/// its own sandbox, made and wiped per test as in a real suite) and an XCTest test that only spawns
/// `/bin/true` and reaps it; each whole test run is timed, set-up and tear-down included. Prints both
/// medians in microseconds, the spawning test's first. A third test, run alternately too, only makes
/// (and at its end wipes) its sandbox: the part of the launching test that is not the launch; its
/// median is printed between the two. A fourth, empty, gives what XCTest itself costs per test
/// (printed last).
func printXCTestMedians(warmup: Int, iterations: Int) throws {
    var launching: [Double] = []
    var spawning: [Double] = []
    var sandboxing: [Double] = []
    var empty: [Double] = []
    for index in 0..<(warmup + iterations) {
        let launchTime = try timedTestRun("testLaunchAndWait") { test in
            let app = try test.launchApp(.path("/bin/true"))
            _ = try app.waitForExit()
        }
        let spawnTime = try timedTestRun("testSpawnOnly") { _ in try spawnAndReap("/bin/true") }
        let sandboxTime = try timedTestRun("testSandboxOnly") { test in _ = try test.sandboxForTest() }
        let emptyTime = try timedTestRun("testEmpty") { _ in }
        if index >= warmup {
            empty.append(emptyTime)
            sandboxing.append(sandboxTime)
            launching.append(launchTime)
            spawning.append(spawnTime)
        }
    }
    print(String(format: "%.3f %.3f %.3f %.3f", spawning.sorted()[iterations / 2], sandboxing.sorted()[iterations / 2],
                 launching.sorted()[iterations / 2], empty.sorted()[iterations / 2]))
}

/// Runs one XCTest test case made of `body` (set-up, the test, its teardown blocks) and returns how
/// long the run took in microseconds; throws if the test failed.
private func timedTestRun(_ name: String, _ body: @escaping (XCTestCase) throws -> Void) throws -> Double {
    let test = XCTestCase(name: name, testClosure: body)
    let start = DispatchTime.now().uptimeNanoseconds
    test.run()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    guard let run = test.testRun, run.hasSucceeded else {
        throw NSError(domain: "compare-worker xctest", code: 1, userInfo: [NSLocalizedDescriptionKey: "the test \(name) failed"])
    }
    return elapsed
}

/// posix_spawn + waitpid: the least a test that runs a program does.
private func spawnAndReap(_ path: String) throws {
    var pid: pid_t = 0
    var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(path), nil]
    defer { free(arguments[0]) }
    let rc = posix_spawn(&pid, path, nil, nil, &arguments, environ)
    guard rc == 0 else { throw NSError(domain: "compare-worker xctest", code: Int(rc), userInfo: [NSLocalizedDescriptionKey: "posix_spawn \(path) failed"]) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}
