@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// Two promises of sweeping that only show from outside: an owner record from another boot counts
/// as a dead owner, and `cleanslate sweep` exits 1 when a sandbox could not be removed. Each test
/// uses a private root folder, so concurrent tests never sweep each other's sandboxes.
final class SandboxSweepOutcomeTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws { root = try Host.makeFolder() }
    override func tearDown() { if let root { Host.removeFolder(root) } }

    /// A folder made by hand in the root folder, like a sandbox, whose owner record names `pid`
    /// (started at `start`, in clock ticks after boot) in the boot `boot`: the documented format.
    private func makeFakeSandbox(_ name: String, pid: Int32, start: UInt64, boot: String) throws {
        try Host.makeDirectory(root + "/" + name, mode: 0o700)
        try Host.makeDirectory(root + "/" + name + "/home")
        try Host.symlink("cleanslate-owner 1\npid \(pid)\nstart \(start)\nboot \(boot)\n", at: root + "/" + name + "/.cleanslate-owner")
    }

    private func sandboxNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix("cleanslate-") }.sorted()
    }

    func testARecordFromAnotherBootIsSweptEvenWhenItsPidAndStartTimeAreLiveNow() throws {
        // This process is alive with this pid and start time; only the boot id tells the records apart.
        let stat = try XCTUnwrap(Host.read("/proc/self/stat"))
        let fields = stat[stat.index(try XCTUnwrap(stat.lastIndex(of: ")")), offsetBy: 2)...].split(separator: " ")
        let start = try XCTUnwrap(UInt64(fields[19]))
        let boot = try XCTUnwrap(Host.read("/proc/sys/kernel/random/boot_id")).trimmingCharacters(in: .whitespacesAndNewlines)
        let earlierBoot = "00000000-0000-4000-8000-000000000000"
        XCTAssertNotEqual(boot, earlierBoot)
        try makeFakeSandbox("cleanslate-ThisBt", pid: getpid(), start: start, boot: boot)
        try makeFakeSandbox("cleanslate-OldBot", pid: getpid(), start: start, boot: earlierBoot)

        let next = try Sandbox(rootDirectory: root)
        defer { try? next.wipe() }
        XCTAssertEqual(sandboxNames(), ["cleanslate-ThisBt", String(next.root.split(separator: "/").last!)].sorted(),
                       "the record of an earlier boot names a dead owner; this boot's is this live process")
    }

    func testSweepExitsOneWhenASandboxCannotBeRemoved() throws {
        try requireProgram("/usr/bin/unshare", hint: "install util-linux")
        guard getuid() == 0 else {
            throw XCTSkip("a sandbox that cannot be removed is made with a mount point inside, which needs root; run as root (CI does)")
        }
        try makeFakeSandbox("cleanslate-Mount1", pid: 2_000_000_000, start: 1, boot: "")
        try Host.makeDirectory(root + "/cleanslate-Mount1/home/mounted")
        // In a mount namespace of its own (private propagation): the mount point is seen by the
        // sweep only, and goes with it.
        let script = #"mount -t tmpfs cleanslate-test "$1" && exec "$2" sweep --root "$3""#
        let app = try makeApp(.path("/usr/bin/unshare"), arguments: [
            "--mount", "/bin/sh", "-c", script, "sweep", root + "/cleanslate-Mount1/home/mounted", try buildFolder() + "/cleanslate", root,
        ])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(1), app.standardOutput + app.standardError)
        XCTAssertTrue(app.standardOutput.hasPrefix("could not remove \(root!)/cleanslate-Mount1 ("), app.standardOutput)
    }
}
