@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// Sandboxes left behind by a dead owner are reclaimed by the next sandbox created in the same
/// folder. Every test uses a private root folder, so concurrent tests never sweep each other's.
final class SandboxSweepTests: SweepTestCase {
    func testSandboxOfAKilledOwnerIsSweptByTheNextSandbox() throws {
        // The owner is a real `cleanslate run` whose app is `sleep`, killed with SIGKILL so that no
        // teardown code of the owner runs. (That the sweep kills processes left in a sandbox is
        // shown by the tests below, whose leftovers are made by forging the owner record.)
        let owner = try makeApp(.product("cleanslate"), arguments: ["run", "--root", root, "--", "sh", "-c", "echo $$; exec sleep 1000"])
        try owner.launch()
        try owner.waitForOutput(matching: #"^[0-9]+\n"#)
        let sleeper = try XCTUnwrap(Int32(owner.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        guard case let .running(ownerPid) = owner.state else { return XCTFail("the owner is not running: \(owner.state)") }
        let app = try ProcessWatch(sleeper)
        defer { kill(sleeper, SIGKILL) }
        XCTAssertEqual(kill(ownerPid, SIGKILL), 0)
        XCTAssertEqual(try owner.waitForExit(), .signaled(SIGKILL, coreDumped: false))
        let left = sandboxNames()
        XCTAssertEqual(left.count, 1, "the killed owner left its sandbox: \(left)")
        // The first line of defence: the app's keeper saw its test process go and killed the app.
        XCTAssertTrue(app.hasEnded(within: .seconds(5)), "its app outlived it")

        // A bystander: a process of this test that is in no swept sandbox.
        let bystander = try launchApp(.name("sleep"), arguments: ["1000"])
        guard case let .running(bystanderPid) = bystander.state else { return XCTFail("sleep did not start") }

        let next = try Sandbox(rootDirectory: root)
        defer { try? next.wipe() }
        XCTAssertEqual(sandboxNames(), [name(of: next)], "the orphan is removed")
        XCTAssertTrue(processIsAlive(bystanderPid), "nothing else is killed")
    }

    func testOwnerRecordNamesThisProcessAndKeepingMarksIt() throws {
        let sandbox = try Sandbox(rootDirectory: root)
        defer { try? sandbox.wipe() }
        let me = getpid()
        XCTAssertTrue(Host.isSymlink(sandbox.root + "/.cleanslate-owner"), "the record is a symlink holding the text")
        XCTAssertEqual(
            Host.readLink(sandbox.root + "/.cleanslate-owner"),
            record(pid: me, start: try XCTUnwrap(startTime(of: me)), pidNamespace: try pidNamespaceOfThisProcess()))

        let before = Int64(time(nil))
        try sandbox.markKept()
        let text = try XCTUnwrap(Host.readLink(sandbox.root + "/.cleanslate-owner"))
        let kept = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("kept ") }.flatMap { Int64($0.dropFirst(5)) })
        XCTAssertTrue((before...Int64(time(nil))).contains(kept), text)
        XCTAssertFalse(Host.exists(sandbox.root + "/.cleanslate-owner.new"), "written by rename")
    }

    func testALiveOwnerKeepsItsSandboxAndAReusedPidCountsAsGone() throws {
        let owner = try launchApp(.name("sleep"), arguments: ["1000"])
        guard case let .running(pid) = owner.state else { return XCTFail("sleep did not start") }
        let start = try XCTUnwrap(startTime(of: pid))
        makeFakeSandbox("cleanslate-Alive1", record: record(pid: pid, start: start))
        makeFakeSandbox("cleanslate-Reuse1", record: record(pid: pid, start: start - 1))
        makeFakeSandbox("cleanslate-Gone01", record: record(pid: Self.pidThatDoesNotExist, start: start))

        let next = try Sandbox(rootDirectory: root)
        defer { try? next.wipe() }
        XCTAssertEqual(sandboxNames(), ["cleanslate-Alive1", name(of: next)].sorted())
        XCTAssertTrue(processIsAlive(pid), "a live owner is not killed: its sandbox is not swept")
    }

    func testAKeptSandboxStaysForTheRetentionPeriodThenGoes() throws {
        let kept = try Sandbox(rootDirectory: root)
        try kept.markKept()
        let now = Int64(time(nil))
        makeFakeSandbox("cleanslate-Old001", record: record(pid: Self.pidThatDoesNotExist, start: 1, kept: now - 8 * 86_400))
        makeFakeSandbox("cleanslate-Young1", record: record(pid: Self.pidThatDoesNotExist, start: 1, kept: now - 6 * 86_400))

        // (Not a second creation: that sweeps at most once a second per folder; see the throttle test.)
        let first = try Sandbox.sweep(rootDirectory: root)
        XCTAssertEqual(first.map(\.path), [root + "/cleanslate-Old001"], "the default retention is 7 days")
        XCTAssertEqual(sandboxNames(), [name(of: kept), "cleanslate-Young1"].sorted())

        let swept = try Sandbox.sweep(rootDirectory: root, retention: .seconds(5 * 86_400))
        XCTAssertEqual(swept.map(\.path), [root + "/cleanslate-Young1"])
        XCTAssertEqual(swept.first?.reason, .keptPastRetention(keptAt: now - 6 * 86_400))
        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root, retention: .zero).map(\.path), [kept.root])
        XCTAssertEqual(sandboxNames(), [])
    }

    func testDryRunReportsButRemovesAndKillsNothing() throws {
        let orphan = try Sandbox(rootDirectory: root)
        let app = AppLauncher(.name("sleep"), sandbox: orphan)
        app.launchArguments = ["1000"]
        try app.launch()
        defer { app.terminate() }
        guard case let .running(pid) = app.state else { return XCTFail("sleep did not start") }
        unlink(orphan.root + "/.cleanslate-owner")
        try Host.symlink(record(pid: Self.pidThatDoesNotExist, start: 1), at: orphan.root + "/.cleanslate-owner")
        orphan.releaseOwnerLock()  // as its owner's death would

        let report = try Sandbox.sweep(rootDirectory: root, dryRun: true)
        XCTAssertEqual(report, [SweptSandbox(
            path: orphan.root, reason: .ownerGone(pid: Self.pidThatDoesNotExist), processes: [pid], removed: false, failure: nil)])
        let expected = "would remove \(orphan.root) (its owner, pid \(Self.pidThatDoesNotExist), is gone; would kill \(pid))"
        XCTAssertEqual(report[0].description, expected)
        XCTAssertTrue(processIsAlive(pid))
        XCTAssertTrue(Host.isDirectory(orphan.home))

        let swept = try Sandbox.sweep(rootDirectory: root)
        XCTAssertEqual(swept.map(\.removed), [true])
        XCTAssertEqual(swept.first?.processes, [pid])
        XCTAssertFalse(processIsAlive(pid))
        XCTAssertEqual(sandboxNames(), [])
    }

    func testOnlySandboxFoldersOfThisUserAreEverLookedAt() throws {
        try Host.requireRoot(toDo: "giving a sandbox folder to another user (chown)")
        let dead = record(pid: Self.pidThatDoesNotExist, start: 1)
        let outside = try Host.makeFolder()
        defer { Host.removeFolder(outside) }
        try Host.symlink(dead, at: outside + "/.cleanslate-owner")
        try Host.write("keep me", to: outside + "/data")
        try Host.symlink(outside, at: root + "/cleanslate-Link01")
        makeFakeSandbox("cleanslate-Theirs", record: dead)
        XCTAssertEqual(chown(root + "/cleanslate-Theirs", 65534, 65534), 0)
        makeFakeSandbox("cleanslate-TooLong", record: dead)
        makeFakeSandbox("cleanslate-ab.def", record: dead)
        makeFakeSandbox("unrelated", record: dead)
        makeFakeSandbox("cleanslate-NoRec1", record: nil)

        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root, retention: .zero), [])
        XCTAssertEqual(sandboxNames(), ["cleanslate-Link01", "cleanslate-NoRec1", "cleanslate-Theirs", "cleanslate-TooLong", "cleanslate-ab.def"])
        XCTAssertTrue(Host.isSymlink(root + "/cleanslate-Link01"))
        XCTAssertEqual(Host.read(outside + "/data"), "keep me")
        XCTAssertTrue(Host.isSymlink(root + "/unrelated/.cleanslate-owner"))

        // Without a record, a folder goes only once it has been unchanged for the retention period.
        var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, root + "/cleanslate-NoRec1", &old, 0), 0)
        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root).map(\.path), [], "1 hour is within the default 7 days")
        XCTAssertEqual(try Sandbox.sweep(rootDirectory: root, retention: .seconds(1800)).map(\.reason), [.noOwnerRecord])
    }

    func testTwoConcurrentSweepsShareTheWorkWithoutFailing() throws {
        let names = (0..<24).map { String(format: "cleanslate-Conc%02d", $0) }
        for name in names {
            makeFakeSandbox(name, record: record(pid: Self.pidThatDoesNotExist, start: 1))
            for file in 0..<3 { try Host.write("x", to: root + "/\(name)/f\(file)") }
        }
        let root = root!
        let outcomes = try XCTUnwrap(Watchdog.runTogether(2) { _ in Outcome { try Sandbox.sweep(rootDirectory: root) } }, "a sweep hung")
        let results = try outcomes.map { try $0.get() }
        // The two ran on their own threads at the same time; each sandbox went to exactly one.
        let all = results.flatMap { $0 }
        XCTAssertEqual(all.map(\.path).sorted(), names.map { root + "/" + $0 })
        XCTAssertTrue(all.allSatisfy(\.removed), "\(all.filter { !$0.removed })")
        XCTAssertEqual(sandboxNames(), [])
    }

    func testTwoSweepCommandsAtOnceShareTheWorkWithoutFailing() throws {
        let names = (0..<16).map { String(format: "cleanslate-Proc%02d", $0) }
        for name in names { makeFakeSandbox(name, record: record(pid: Self.pidThatDoesNotExist, start: 1)) }
        let sweepers = try (0..<2).map { _ in try makeApp(.product("cleanslate"), arguments: ["sweep", "--root", root]) }
        for sweeper in sweepers { try sweeper.launch() }
        var removed: [String] = []
        for sweeper in sweepers {
            XCTAssertEqual(try sweeper.waitForExit(timeout: .seconds(60)), .exited(0), sweeper.standardError)
            removed += sweeper.standardOutput.split(separator: "\n").filter { $0.hasPrefix("removed ") }.map {
                String($0.dropFirst("removed ".count).prefix { $0 != " " })
            }
        }
        XCTAssertEqual(removed.sorted(), names.map { root + "/" + $0 }, "each sandbox removed by exactly one of them")
        XCTAssertEqual(sandboxNames(), [])
    }

    func testSandboxKeptByTheFrontEndSurvivesTheNextSandbox() throws {
        let (status, app) = try cleanslate(["run", "--keep", "--root", root, "true"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let kept = try XCTUnwrap(sandboxNames().first)
        XCTAssertTrue(Host.readLink(root + "/" + kept + "/.cleanslate-owner")?.contains("\nkept ") == true)

        let next = try Sandbox(rootDirectory: root)
        defer { try? next.wipe() }
        XCTAssertEqual(sandboxNames(), [kept, name(of: next)].sorted(), "its owner is gone, but it was kept")
    }

    func testAnOrphanThatKeepsForkingIsKilledWithEveryChildAndDaemon() throws {
        let orphan = try Sandbox(rootDirectory: root)
        let app = AppLauncher(.name("sh"), sandbox: orphan)
        // Keeps starting children, and one daemon that leaves the process group (setsid).
        app.launchArguments = ["-c", "setsid sleep 1000 & echo ready; while :; do sleep 1000 & done"]
        try app.launch()
        defer { app.terminate() }
        try app.waitForOutput("ready\n")
        unlink(orphan.root + "/.cleanslate-owner")
        try Host.symlink(record(pid: Self.pidThatDoesNotExist, start: 1), at: orphan.root + "/.cleanslate-owner")
        orphan.releaseOwnerLock()  // as its owner's death would

        let root = root!
        let swept = try XCTUnwrap(Watchdog.run(within: 30) { Outcome { try Sandbox.sweep(rootDirectory: root) } }, "the sweep hung").get()
        XCTAssertEqual(swept.map(\.removed), [true], "\(swept)")
        XCTAssertGreaterThan(swept.first?.processes.count ?? 0, 2, "the shell, the daemon and children")
        let survivors = processes(withHomeIn: orphan.root)
        XCTAssertEqual(survivors, [], "nothing of the orphan may survive the sweep")
        XCTAssertEqual(sandboxNames(), [])
    }

    func testASweeperNeverSweepsTheSandboxItRunsIn() throws {
        makeFakeSandbox("cleanslate-Mine01", record: record(pid: Self.pidThatDoesNotExist, start: 1))
        let (status, app) = try cleanslate(["sweep", "--root", root], environment: ["HOME": root + "/cleanslate-Mine01/home"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "nothing to sweep in \(root!)\n")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Mine01"])
    }

    func testKeptTimesAreShownAsUTCDates() {
        XCTAssertEqual(SweptSandbox.utcText(0), "1970-01-01 00:00 UTC")
        XCTAssertEqual(SweptSandbox.utcText(951_782_400 + 3_660), "2000-02-29 01:01 UTC", "a leap day")
        XCTAssertEqual(SweptSandbox.utcText(1_795_454_782), "2026-11-23 17:26 UTC")
        XCTAssertEqual(SweptSandbox.utcText(-1), "1969-12-31 23:59 UTC")
    }

    func testBadRetentionSettingAndBadUsageAreReported() throws {
        let (status, app) = try cleanslate(["sweep", "--root", root], environment: ["CLEANSLATE_KEEP_DAYS": "soon"])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(app.standardError.contains("CLEANSLATE_KEEP_DAYS must be a number of days"), app.standardError)
        let (usage, usageApp) = try cleanslate(["sweep", "--bogus"])
        XCTAssertEqual(usage, .exited(64))
        XCTAssertTrue(usageApp.standardError.contains("unknown argument '--bogus' for sweep"), usageApp.standardError)
    }

    func testSweepCommandListsWhatItRemovesAndDryRunRemovesNothing() throws {
        let kept = try Sandbox(rootDirectory: root)
        try kept.markKept()
        makeFakeSandbox("cleanslate-Dead01", record: record(pid: Self.pidThatDoesNotExist, start: 1))

        let (dry, dryApp) = try cleanslate(["sweep", "--dry-run", "--root", root])
        XCTAssertEqual(dry, .exited(0), dryApp.standardError)
        XCTAssertEqual(dryApp.standardOutput, "would remove \(root!)/cleanslate-Dead01 (its owner, pid \(Self.pidThatDoesNotExist), is gone)\n")
        XCTAssertEqual(sandboxNames(), ["cleanslate-Dead01", name(of: kept)].sorted())

        // CLEANSLATE_KEEP_DAYS=0: kept sandboxes go at once.
        let (status, app) = try cleanslate(["sweep", "--root", root], environment: ["CLEANSLATE_KEEP_DAYS": "0"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let lines = app.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, app.standardOutput)
        XCTAssertTrue(lines.contains("removed \(root!)/cleanslate-Dead01 (its owner, pid \(Self.pidThatDoesNotExist), is gone)"), app.standardOutput)
        XCTAssertTrue(lines.contains { $0.hasPrefix("removed \(kept.root) (kept since ") && $0.hasSuffix(" UTC, past the retention period)") },
                      app.standardOutput)
        XCTAssertEqual(sandboxNames(), [])

        let (empty, emptyApp) = try cleanslate(["sweep", "--root", root])
        XCTAssertEqual(empty, .exited(0))
        XCTAssertEqual(emptyApp.standardOutput, "nothing to sweep in \(root!)\n")
    }
}
