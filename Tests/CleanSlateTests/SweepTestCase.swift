@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// What the sweep tests share: a private root folder per test (so concurrent tests never sweep each
/// other's sandboxes), forged sandboxes and owner records, and independent views of the results.
class SweepTestCase: XCTestCase {
    var root: String!

    override func setUpWithError() throws { root = try Host.makeFolder() }
    override func tearDown() { if let root { Host.removeFolder(root) } }

    /// Far above any pid_max, so no process has it.
    static let pidThatDoesNotExist: Int32 = 2_000_000_000

    /// Runs the real `cleanslate ARGUMENTS` with extra `environment` and waits for it to exit.
    func cleanslate(_ arguments: [String], environment: [String: String] = [:]) throws -> (AppExitStatus, AppLauncher) {
        let app = try makeApp(.product("cleanslate"), arguments: arguments)
        app.launchEnvironment = environment
        try app.launch()
        return (try app.waitForExit(timeout: .seconds(60)), app)
    }

    /// A folder made by hand in the root folder, like a sandbox, with `record` as its owner record
    /// (a step the host refuses fails the test).
    func makeFakeSandbox(_ name: String, record: String?, file: StaticString = #filePath, line: UInt = #line) {
        do {
            try Host.makeDirectory(root + "/" + name, mode: 0o700)
            try Host.makeDirectory(root + "/" + name + "/home")
            if let record { try Host.symlink(record, at: root + "/" + name + "/.cleanslate-owner") }
        } catch {
            XCTFail("\(error)", file: file, line: line)
        }
    }

    /// The documented owner-record format (the target of the `.cleanslate-owner` symlink); without
    /// `pidNamespace`, as CleanSlate wrote it before records named the PID namespace.
    func record(pid: Int32, start: UInt64, kept: Int64? = nil, pidNamespace: UInt64? = nil) -> String {
        let boot = (Host.read("/proc/sys/kernel/random/boot_id") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        return "cleanslate-owner 1\npid \(pid)\nstart \(start)\nboot \(boot)\n"
            + (pidNamespace.map { "pidns \($0)\n" } ?? "") + (kept.map { "kept \($0)\n" } ?? "")
    }

    /// The inode of this process's PID namespace (`/proc/self/ns/pid` reads `pid:[INODE]`).
    func pidNamespaceOfThisProcess() throws -> UInt64 {
        let link = try XCTUnwrap(Host.readLink("/proc/self/ns/pid"))
        return try XCTUnwrap(UInt64(link.dropFirst("pid:[".count).dropLast()), link)
    }

    /// `unshare` with `options`, checked by running `true` in it: skipped with a message where the
    /// kernel or the system refuses such namespaces, but required under `CLEANSLATE_REQUIRE_EXTERNAL=1`.
    /// Needs root: as another user it would take a user namespace (`-r`), inside which `/` belongs to
    /// an unmapped user, and the sandbox root check rightly refuses every folder below it.
    func unshareCommand(_ options: [String]) throws -> [String] {
        guard getuid() == 0 else {
            throw XCTSkip("namespaces made with unshare need root here (in a user namespace / belongs to an unmapped user); run as root (CI does)")
        }
        let command = ["unshare"] + options
        let probe = try makeApp(.name("unshare"), arguments: Array(command.dropFirst()) + ["true"])
        let status: AppExitStatus
        do {
            try probe.launch()
            status = try probe.waitForExit(timeout: .seconds(30))
        } catch {
            status = .exited(127)
        }
        if status != .exited(0) {
            let missing = "'\(command.joined(separator: " ")) true' failed (\(status) \(probe.standardError)); "
                + "this test needs namespaces that unshare (util-linux) can make"
            if externalRequirementsEnforced { XCTFail(missing) }
            throw XCTSkip(missing)
        }
        return command
    }

    /// Runs `unshare` (as ``unshareCommand(_:)`` made it) with `script` for `sh -c`, given `arguments`
    /// as `$1`...; returns its exit status and its launcher.
    func runUnshared(_ unshare: [String], script: String, _ arguments: [String]) throws -> (AppExitStatus, AppLauncher) {
        let app = try makeApp(.name("unshare"), arguments: Array(unshare.dropFirst()) + ["sh", "-c", script, "sh"] + arguments)
        try app.launch()
        return (try app.waitForExit(timeout: .seconds(120)), app)
    }

    /// Field 22 of /proc/<pid>/stat.
    func startTime(of pid: Int32) -> UInt64? {
        guard let stat = Host.read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// Live processes whose HOME is inside `folder`, found independently of the code under test.
    func processes(withHomeIn folder: String) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
            guard processIsAlive(pid), let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self).hasPrefix("HOME=" + folder + "/") }
        }
    }

    func name(of sandbox: Sandbox) -> String { String(sandbox.root.split(separator: "/").last!) }

    /// The `cleanslate-XXXXXX` folders in the test's root folder, sorted.
    func sandboxNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix("cleanslate-") }.sorted()
    }
}
