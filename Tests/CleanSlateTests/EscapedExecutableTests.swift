import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A process that outlived its app is reported by the program it really runs (`/proc/PID/exe`), not
/// only by its command line, which any process can rewrite: a daemon named `[kworker/0:1]` must not
/// pass for a kernel thread in a test's log.
final class EscapedExecutableTests: XCTestCase {
    func testASurvivorThatPosesAsAKernelThreadIsNamedByItsExecutable() throws {
        try requireProgram("/bin/bash", hint: "install bash")
        // bash's `exec -a` gives sleep the command line `[kworker/0:1] 1000`; the app waits until the
        // job runs sleep (its command name changes at the exec), prints its pid, and exits.
        let script = #"bash -c "exec -a '[kworker/0:1]' sleep 1000" & while [ "$(cat /proc/$!/comm)" != sleep ]; do :; done; echo $!"#
        let app = try launchApp(.name("sh"), arguments: ["-c", script])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        let pid = try XCTUnwrap(Int32(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)), app.standardOutput)
        let realExecutable = try XCTUnwrap(Host.readLink("/proc/\(pid)/exe"), "read by the test itself while the daemon runs")
        XCTAssertTrue(realExecutable.hasSuffix("/sleep"), realExecutable)

        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["[kworker/0:1] 1000"], "the forged command line is still shown: \(escaped)")
        XCTAssertEqual(escaped.map(\.executable), [realExecutable])
        XCTAssertEqual(escaped.map(\.description), ["pid \(pid): [kworker/0:1] 1000 (executable \(realExecutable))"])
    }

    func testASurvivorsLongExecutablePathIsReportedWhole() throws {
        // A copy of sleep five folders of 200 letters deep, started by a relative path: a short
        // command line, an executable of over 1,000 bytes.
        let folder = Array(repeating: String(repeating: "d", count: 200), count: 5).joined(separator: "/")
        let script = """
            mkdir -p "$HOME/\(folder)" && cp /bin/sleep "$HOME/\(folder)/sleep" && cd "$HOME/\(folder)" || exit 1
            ./sleep 1000 & while [ "$(cat /proc/$!/comm)" != sleep ]; do :; done
            """
        let app = try makeApp(.name("sh"), arguments: ["-c", script])
        try requireExecutableFolder(app.sandbox.path(.home))
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["./sleep 1000"])
        XCTAssertEqual(escaped.map(\.executable), [app.sandbox.path(.home) + "/" + folder + "/sleep"])
    }

    func testTheExecutableIsLeftOutOfTheDescriptionOnlyWhenTheCommandLineStartsWithIt() {
        XCTAssertEqual(EscapedProcess(pid: 7, commandLine: "/usr/bin/sleep 5", executable: "/usr/bin/sleep").description, "pid 7: /usr/bin/sleep 5")
        XCTAssertEqual(EscapedProcess(pid: 7, commandLine: "/usr/bin/sleeper 5", executable: "/usr/bin/sleep").description,
                       "pid 7: /usr/bin/sleeper 5 (executable /usr/bin/sleep)")
        XCTAssertEqual(EscapedProcess(pid: 7, commandLine: "sleep 5", executable: nil).description, "pid 7: sleep 5")
    }
}

extension XCTestCase {
    /// Skips the test when `folder` lies on a noexec mount (a container's `/dev/shm` often does):
    /// a program copied there cannot run.
    func requireExecutableFolder(_ folder: String) throws {
        var info = statvfs()
        let noExec: UInt = 8  // ST_NOEXEC in <sys/statvfs.h>, an enum Swift does not import
        guard statvfs(folder, &info) == 0, info.f_flag & noExec != 0 else { return }
        throw XCTSkip("\(folder) is on a noexec mount, so a program copied there cannot run; set CLEANSLATE_ROOT to a folder on a mount that allows running programs")
    }
}
