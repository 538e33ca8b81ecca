@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// A sweep never hits what is alive or not ours: owners in other PID namespaces, folders that are
/// mount points, people standing in a leftover sandbox, look-alike variables; and a sandbox keeps its
/// owner record until everything else in it is gone.
final class SandboxSweepSafetyTests: SweepTestCase {
    // MARK: - PID namespaces (containers sharing /dev/shm)

    /// Starts `cleanslate run` of `sleep` in a PID namespace of its own (as in a container); returns
    /// `unshare`'s launcher, the run's sandbox folder and its app's pids as this process sees them.
    private func startRunInAnotherPidNamespace() throws -> (container: AppLauncher, sandbox: String, app: [Int32]) {
        let unshare = try unshareCommand(["-pf", "--mount-proc"])
        let cleanslate = try buildFolder() + "/cleanslate"
        let container = try launchApp(.name("unshare"), arguments: Array(unshare.dropFirst()) + [
            cleanslate, "run", "--root", root, "--", "sh", "-c", "echo started; exec sleep 1000"])
        try container.waitForOutput("started\n", timeout: .seconds(60))
        let names = sandboxNames()
        XCTAssertEqual(names.count, 1, "the run in the container made its sandbox: \(names)")
        let sandbox = root + "/" + (names.first ?? "")
        let app = processes(withHomeIn: sandbox)
        XCTAssertEqual(app.count, 1, "its app, sleep, runs")
        return (container, sandbox, app)
    }

    func testARunInAnotherPidNamespaceIsNotSweptFromTheHost() throws {
        let (_, sandbox, app) = try startRunInAnotherPidNamespace()

        let swept = try Sandbox.sweep(rootDirectory: root)
        XCTAssertEqual(swept, [], "its owner counts pids in another namespace: it is alive as far as this sweep can tell")
        XCTAssertTrue(Host.isDirectory(sandbox + "/home"), "the live sandbox is intact")
        XCTAssertTrue(app.allSatisfy(processIsAlive), "the live app is not killed")
        let recordText = try XCTUnwrap(Host.readLink(sandbox + "/.cleanslate-owner"))
        XCTAssertTrue(recordText.contains("\npidns "), "the record names its PID namespace: \(recordText)")
        XCTAssertFalse(recordText.contains("\npidns \(try pidNamespaceOfThisProcess())\n"), "not this one: \(recordText)")
    }

    func testALiveRunInAnotherPidNamespaceIsNeverSweptWhateverTheRetentionButIsOnceItsOwnerDies() throws {
        let (container, sandbox, app) = try startRunInAnotherPidNamespace()
        // Unchanged for 8 days as far as the folder's time tells: past any retention, and CLEANSLATE_KEEP_DAYS=0.
        var old = [timespec(tv_sec: time(nil) - 8 * 86_400, tv_nsec: 0), timespec(tv_sec: time(nil) - 8 * 86_400, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, sandbox, &old, 0), 0)

        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root, dryRun: true, retention: .zero), [], "not even reported: its owner is alive")
        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root, retention: .zero), [], "its owner holds the sandbox's lock")
        XCTAssertTrue(Host.isDirectory(sandbox + "/home"), "the live sandbox is intact")
        XCTAssertTrue(app.allSatisfy(processIsAlive), "the live app is not killed")

        // The owner (cleanslate run, the namespace's first process) dies: the kernel drops its lock.
        guard case let .running(unsharePid) = container.state else { return XCTFail("unshare is gone: \(container.state)") }
        let children = Host.read("/proc/\(unsharePid)/task/\(unsharePid)/children") ?? ""
        let owner = try XCTUnwrap(Int32(children.trimmingCharacters(in: .whitespacesAndNewlines)), "unshare's one child: \(children)")
        XCTAssertEqual(kill(owner, SIGKILL), 0)
        _ = try container.waitForExit(timeout: .seconds(30))
        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root, retention: .zero).map(\.reason), [.ownerOutOfSight(pid: 1)],
                       "a dead owner's lock is gone, so the same sweep now takes the sandbox")
        XCTAssertEqual(sandboxNames(), [])
    }

    func testASweepInAnotherPidNamespaceLeavesTheHostsRunningSandbox() throws {
        let unshare = try unshareCommand(["-pf", "--mount-proc"])
        let sandbox = try Sandbox(rootDirectory: root)
        defer { try? sandbox.wipe() }
        try sandbox.write("keep me", to: "notes", in: .home)

        let cleanslate = try buildFolder() + "/cleanslate"
        let (status, sweep) = try runUnshared(unshare, script: "exec \"$1\" sweep --root \"$2\"", [cleanslate, root])
        XCTAssertEqual(status, .exited(0), sweep.standardError)
        XCTAssertEqual(sweep.standardOutput, "nothing to sweep in \(root!)\n")
        XCTAssertEqual(Host.read(sandbox.home + "/notes"), "keep me", "the host's live sandbox is untouched")
    }

    func testAnOwnerOutOfSightIsSweptOnlyOnceTheFolderIsOlderThanTheRetention() throws {
        let otherNamespace = try pidNamespaceOfThisProcess() + 1
        makeFakeSandbox("cleanslate-Cont01", record: record(pid: 1, start: 1, pidNamespace: otherNamespace))
        makeFakeSandbox("cleanslate-Cont02", record: record(pid: 1, start: 1, pidNamespace: otherNamespace))
        makeFakeSandbox("cleanslate-Here01", record: record(pid: Self.pidThatDoesNotExist, start: 1, pidNamespace: try pidNamespaceOfThisProcess()))
        var old = [timespec(tv_sec: time(nil) - 8 * 86_400, tv_nsec: 0), timespec(tv_sec: time(nil) - 8 * 86_400, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, root + "/cleanslate-Cont02", &old, 0), 0)

        let swept = try Sandbox.sweep(rootDirectory: root)
        XCTAssertEqual(swept.map(\.path), [root + "/cleanslate-Cont02", root + "/cleanslate-Here01"])
        XCTAssertEqual(swept.map(\.reason), [.ownerOutOfSight(pid: 1), .ownerGone(pid: Self.pidThatDoesNotExist)])
        XCTAssertEqual(
            swept.first?.description,
            "removed \(root!)/cleanslate-Cont02 (its owner, pid 1, is in a PID namespace this sweep cannot see, "
                + "and the folder is unchanged for longer than the retention period)")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Cont01"], "within the 7 days, an owner out of sight counts as alive")
    }

    // MARK: - Mount points

    func testASandboxFolderThatIsAMountPointIsNeverEntered() throws {
        let unshare = try unshareCommand(["-m"])
        let script = """
            folder="$2/cleanslate-Mount1"
            mkdir -m 700 "$folder" && mount -t tmpfs cleanslate-test "$folder" && chmod 700 "$folder" || exit 99
            echo precious > "$folder/data"; mkdir "$folder/home"; ln -s "$3" "$folder/.cleanslate-owner"
            "$1" sweep --root "$2"; echo "sweep exit $?"
            cat "$folder/data"
            """
        let dead = record(pid: Self.pidThatDoesNotExist, start: 1)
        let (status, run) = try runUnshared(unshare, script: script, [try buildFolder() + "/cleanslate", root, dead])
        XCTAssertEqual(status, .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "precious", "the mounted files are intact: \(run.standardOutput)")
        XCTAssertTrue(lines.contains("sweep exit 1"), run.standardOutput)
        XCTAssertTrue(
            lines.contains { $0.hasPrefix("could not remove \(root!)/cleanslate-Mount1 (") && $0.contains("a file system is mounted on the sandbox folder") },
            run.standardOutput)
    }

    func testAWipeNeverEntersAFileSystemMountedOnTheSandboxFolderItself() throws {
        let unshare = try unshareCommand(["-m"])
        // The app mounts a file system over its own sandbox folder and leaves a file in it.
        let script = """
            "$1" run --root "$2" -- sh -c 'folder=${HOME%/home}; mount -t tmpfs t "$folder" && echo precious > "$folder/data" && echo "$folder" > "$0/where"' "$2"
            echo "run exit $?"
            cat "$(cat "$2/where")/data"
            """
        let (status, run) = try runUnshared(unshare, script: script, [try buildFolder() + "/cleanslate", root])
        XCTAssertEqual(status, .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "precious", "the mounted files are intact: \(run.standardOutput) \(run.standardError)")
        XCTAssertTrue(lines.contains("run exit 74"), "a wipe that could not finish fails the run: \(run.standardOutput)")
        XCTAssertTrue(run.standardError.contains("a file system is mounted on the sandbox folder"), run.standardError)
    }

    // MARK: - Processes that are not CleanSlate's

    func testAShellStandingInALeftoverSandboxIsNotKilledAndTheSandboxIsLeftAlone() throws {
        makeFakeSandbox("cleanslate-Stand1", record: record(pid: Self.pidThatDoesNotExist, start: 1))
        // It says it is there once its exec is complete: until the kernel has made the new program
        // dumpable (its parent, the keeper, is not), another user's view of /proc/PID is root's only.
        let shell = try makeApp(.name("sh"), arguments: ["-c", "echo here; exec sleep 1000"])
        shell.workingDirectory = root + "/cleanslate-Stand1/home"
        try shell.launch()
        _ = try shell.waitForOutput("here\n")
        guard case let .running(pid) = shell.state else { return XCTFail("sh did not start: \(shell.state)") }

        let swept = try Sandbox.sweep(rootDirectory: root)
        XCTAssertTrue(processIsAlive(pid), "a process CleanSlate did not start is never killed")
        XCTAssertTrue(Host.isDirectory(root + "/cleanslate-Stand1/home"), "the sandbox it stands in is left alone")
        XCTAssertEqual(swept.map(\.removed), [false])
        XCTAssertEqual(swept.first?.processes, [])
        XCTAssertEqual(
            swept.first?.failure,
            "left alone: process \(pid), which CleanSlate did not start, has its working directory in it (leave the folder, then sweep again)")

        XCTAssertEqual(shell.terminate(), [])
        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root).map(\.removed), [true], "once it has left, the sandbox goes")
    }

    func testAVariableThatOnlyStartsWithTheSandboxPathDoesNotMakeAProcessOurs() throws {
        makeFakeSandbox("cleanslate-Prefx1", record: record(pid: Self.pidThatDoesNotExist, start: 1))
        let outsider = try launchApp(.name("env"), arguments: ["HOME=\(root!)/cleanslate-Prefx1/home/../../..", "sh", "-c", "echo ready; exec sleep 1000"])
        try outsider.waitForOutput("ready\n")
        guard case let .running(pid) = outsider.state else { return XCTFail("sleep did not start: \(outsider.state)") }

        let swept = try Sandbox.sweep(rootDirectory: root)
        XCTAssertEqual(swept.map(\.removed), [true])
        XCTAssertEqual(swept.first?.processes, [], "its HOME resolves outside the sandbox")
        XCTAssertTrue(processIsAlive(pid))
    }

    // MARK: - The owner record lasts as long as the sandbox

    func testAnEmptyFolderWithoutARecordGoesAfterAMinute() throws {
        for name in ["cleanslate-Empty1", "cleanslate-Empty2", "cleanslate-Full01"] { try Host.makeDirectory(root + "/" + name, mode: 0o700) }
        try Host.write("x", to: root + "/cleanslate-Full01/file")
        for name in ["cleanslate-Empty1", "cleanslate-Full01"] {
            var old = [timespec(tv_sec: time(nil) - 120, tv_nsec: 0), timespec(tv_sec: time(nil) - 120, tv_nsec: 0)]
            XCTAssertEqual(utimensat(AT_FDCWD, root + "/" + name, &old, 0), 0)
        }
        let swept = try Sandbox.sweep(rootDirectory: root)
        XCTAssertEqual(swept.map(\.path), [root + "/cleanslate-Empty1"])
        XCTAssertEqual(swept.map(\.reason), [.emptyWithoutRecord])
        XCTAssertEqual(swept.first?.description, "removed \(root!)/cleanslate-Empty1 (empty, with no owner record: its creation or wipe was cut short)")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Empty2", "cleanslate-Full01"], "younger than a minute, or not empty: left")
    }

    func testAWipeThatFailsKeepsTheOwnerRecordSoTheNextSweepRetries() throws {
        let sandbox = try Sandbox(rootDirectory: root)
        for index in 0..<20 { try sandbox.write("x", to: "file\(index)", in: .home) }
        sandbox.state.withLock { $0.injectedWipeFailure = { $0 == "home/file7" ? EPERM : nil } }
        XCTAssertThrowsError(try sandbox.wipe())
        XCTAssertTrue(Host.isSymlink(sandbox.root + "/.cleanslate-owner"), "the record outlives every entry left")
        XCTAssertTrue(Host.exists(sandbox.home + "/file7"))
        XCTAssertFalse(Host.exists(sandbox.home + "/file8"), "everything else went")
    }

    func testARunWhoseWipeFailsExitsNonZeroAndTheNextSweepSaysWhy() throws {
        let unshare = try unshareCommand(["-m"])
        let script = """
            "$1" run --root "$2" -- sh -c 'mkdir "$HOME/mnt" && mount -t tmpfs t "$HOME/mnt" && echo x > "$HOME/mnt/file"'
            echo "run exit $?"
            ls -A "$2"/cleanslate-*
            "$1" sweep --root "$2"; echo "sweep exit $?"
            """
        let (status, run) = try runUnshared(unshare, script: script, [try buildFolder() + "/cleanslate", root])
        XCTAssertEqual(status, .exited(0), run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("run exit 74"), run.standardOutput + run.standardError)
        XCTAssertTrue(lines.contains(".cleanslate-owner"), "the record stays with the entry left: \(run.standardOutput)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("could not remove \(root!)/cleanslate-") && $0.contains("home/mnt: a file system is mounted here") },
                      run.standardOutput)
        XCTAssertTrue(lines.contains("sweep exit 1"), run.standardOutput)
    }
}
