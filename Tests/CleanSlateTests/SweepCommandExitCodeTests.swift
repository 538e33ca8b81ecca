@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// What `cleanslate sweep` promises from outside, as any user (the exit code 1 for a sandbox with a
/// mount point inside needs root: `SandboxSweepOutcomeTests`): exit code 1 also for a sandbox left
/// alone because someone else's process stands in it, 70 for a root folder that cannot be used, and
/// `CLEANSLATE_ROOT` as the folder swept when `--root` is not given.
final class SweepCommandExitCodeTests: SweepTestCase {
    func testASandboxLeftAloneBecauseSomeoneStandsInItMakesTheSweepExitOne() throws {
        makeFakeSandbox("cleanslate-Stand2", record: record(pid: Self.pidThatDoesNotExist, start: 1))
        // A shell `cd`'d into the leftover: its HOME is its own sandbox's, so CleanSlate did not start
        // it in this one. It says it is there once it runs (see SandboxSweepSafetyTests).
        let shell = try makeApp(.name("sh"), arguments: ["-c", "echo here; exec sleep 1000"])
        shell.workingDirectory = root + "/cleanslate-Stand2/home"
        try shell.launch()
        try shell.waitForOutput("here\n")
        guard case let .running(pid) = shell.state else { return XCTFail("sh did not start: \(shell.state)") }

        let (status, app) = try cleanslate(["sweep", "--root", root])
        XCTAssertEqual(status, .exited(1), app.standardOutput + app.standardError)
        XCTAssertEqual(app.standardOutput, "could not remove \(root!)/cleanslate-Stand2 (its owner, pid \(Self.pidThatDoesNotExist), is gone): "
            + "left alone: process \(pid), which CleanSlate did not start, has its working directory in it (leave the folder, then sweep again)\n")
        XCTAssertTrue(processIsAlive(pid), "a process CleanSlate did not start is never killed")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Stand2"])

        XCTAssertEqual(shell.terminate(), [])
        let (after, afterApp) = try cleanslate(["sweep", "--root", root])
        XCTAssertEqual(after, .exited(0), "once it has left, the sandbox goes: " + afterApp.standardOutput + afterApp.standardError)
        XCTAssertEqual(sandboxNames(), [])
    }

    func testARootFolderThatCannotBeUsedIsExitCodeSeventyNamingIt() throws {
        let missing = root + "/absent"
        let (status, app) = try cleanslate(["sweep", "--root", missing])
        XCTAssertEqual(status, .exited(70), app.standardOutput + app.standardError)
        XCTAssertTrue(app.standardError.contains("CleanSlate sandboxRootMissing"), app.standardError)
        XCTAssertTrue(app.standardError.contains(missing), app.standardError)

        let (fromVariable, variableApp) = try cleanslate(["sweep"], environment: ["CLEANSLATE_ROOT": missing])
        XCTAssertEqual(fromVariable, .exited(70), variableApp.standardOutput + variableApp.standardError)
        XCTAssertTrue(variableApp.standardError.contains("CLEANSLATE_ROOT"), "the message says where the folder came from: \(variableApp.standardError)")
    }

    /// A dry run, so that a sweep that ignored the variable would only list the default folder.
    func testWithoutRootTheSweepTakesTheFolderInCLEANSLATE_ROOT() throws {
        makeFakeSandbox("cleanslate-Dead02", record: record(pid: Self.pidThatDoesNotExist, start: 1))
        let (status, app) = try cleanslate(["sweep", "--dry-run"], environment: ["CLEANSLATE_ROOT": root])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "would remove \(root!)/cleanslate-Dead02 (its owner, pid \(Self.pidThatDoesNotExist), is gone)\n")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Dead02"])
    }
}
