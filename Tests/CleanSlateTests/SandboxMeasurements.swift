import Glibc
import XCTest

@testable import CleanSlate

/// Cost measurements, run by hand and reported in prose; they assert nothing about time.
///
/// Skipped unless `CLEANSLATE_MEASURE=1`. Run in release mode:
/// `CLEANSLATE_MEASURE=1 swift test -c release -Xswiftc -enable-testing --scratch-path .build-sandbox --filter SandboxMeasurements`
final class SandboxMeasurements: XCTestCase {
    private let folders = ["/dev/shm", "/tmp"]

    override func setUpWithError() throws {
        guard FileSystemCall.environmentValue("CLEANSLATE_MEASURE") == "1" else {
            throw XCTSkip("measurements run only with CLEANSLATE_MEASURE=1")
        }
    }

    func testCreateAndWipe() throws {
        for folder in folders {
            report("create + wipe, empty sandbox", folder, try measure(500) {
                let sandbox = try Sandbox(rootDirectory: folder)
                try sandbox.wipe()
            })
        }
    }

    func testTemplateClone() throws {
        for folder in folders {
            let template = try SandboxTemplate(rootDirectory: folder, prepare: seedTwentyFiles)
            defer { try? template.wipe() }
            var statistics = TreeCopier.Statistics()
            report("template clone (20 files, 4 KiB each) + wipe", folder, try measure(300) {
                let sandbox = try Sandbox(rootDirectory: folder)
                statistics = try template.sandbox.cloneContents(into: sandbox)
                try sandbox.wipe()
            })
            print("    copy methods per clone: \(statistics)")
            var clones: [Sandbox] = []
            report("template.makeSandbox() alone (create + clone)", folder, try measure(300) {
                clones.append(try template.makeSandbox(rootDirectory: folder))
            })
            report("wipe of such a clone", folder, try clones.map { clone in
                let start = ContinuousClock.now
                try clone.wipe()
                return milliseconds(ContinuousClock.now - start)
            }.sorted())
            report("seeding the same 20 files with write() + wipe", folder, try measure(300) {
                let sandbox = try Sandbox(rootDirectory: folder)
                try seedTwentyFiles(sandbox)
                try sandbox.wipe()
            })
        }
    }

    func testLargeWipes() throws {
        for folder in folders {
            report("wipe of a 5,000-level tree", folder, try measure(5, prepare: { sandbox in
                var current = open(sandbox.home, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                for _ in 0..<5_000 {
                    mkdirat(current, "d", 0o755)
                    let next = openat(current, "d", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    close(current)
                    current = next
                }
                close(current)
            }, folder: folder))
            report("wipe of a folder with 20,000 files", folder, try measure(5, prepare: { sandbox in
                let directory = open(sandbox.home, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                for index in 0..<20_000 { close(openat(directory, "f\(index)", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)) }
                close(directory)
            }, folder: folder))
        }
    }

    /// What sweeping costs when there is nothing to sweep: the sweep alone, and a whole create + wipe
    /// (which includes one), in a private folder holding N sandboxes whose owners are alive: this
    /// process (as in one test run), or another process (as in parallel test runs).
    func testSweepWithNothingToSweep() throws {
        for folder in folders {
            var template = Array("\(folder)/cleanslate-measure-XXXXXX".utf8CString)
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { continue }
            let root = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            defer { Host.removeFolder(root) }
            let other = try XCTUnwrap(ProcessTable.identity(of: 1))
            var live: [Sandbox] = []
            defer { live.forEach { try? $0.wipe() } }
            for (siblings, owner) in [(0, "this process"), (10, "this process"), (100, "this process"), (200, "another process")] {
                if owner == "another process" {
                    for index in 0..<100 {
                        let path = root + "/cleanslate-pid1\(String(format: "%02d", index))"
                        try Host.makeDirectory(path, mode: 0o700)
                        try Host.symlink(OwnerRecord(pid: 1, startTime: other.startTime, bootID: ProcessTable.bootID, pidNamespace: ProcessTable.pidNamespace, keptAt: nil).text,
                                     at: path + "/.cleanslate-owner")
                    }
                }
                while live.count < min(siblings, 100) { live.append(try Sandbox(rootDirectory: root)) }
                let owners = owner == "this process" ? "" : " (100 of them owned by pid 1)"
                report("sweep alone, \(siblings) live siblings\(owners)", folder, try measure(300) {
                    XCTAssertEqual(SandboxSweeper(folder: root, retentionSeconds: 604_800, dryRun: false).sweep(), [])
                })
                report("create + wipe, \(siblings) live siblings\(owners)", folder, try measure(300) {
                    try Sandbox(rootDirectory: root).wipe()
                })
            }
        }
    }

    private func seedTwentyFiles(_ sandbox: Sandbox) throws {
        let block = [UInt8](repeating: 0x61, count: 4096)
        for index in 0..<20 {
            let location: Sandbox.Location = index < 10 ? .config : .data
            try sandbox.write(block, to: "app/dir\(index % 3)/file\(index)", in: location)
        }
    }

    /// Runs `body` `count` times; returns the sorted durations in milliseconds.
    private func measure(_ count: Int, _ body: () throws -> Void) throws -> [Double] {
        try (0..<count).map { _ in
            let start = ContinuousClock.now
            try body()
            return milliseconds(ContinuousClock.now - start)
        }.sorted()
    }

    /// Times only the wipe of a sandbox that `prepare` filled.
    private func measure(_ count: Int, prepare: (Sandbox) throws -> Void, folder: String) throws -> [Double] {
        try (0..<count).map { _ in
            let sandbox = try Sandbox(rootDirectory: folder)
            try prepare(sandbox)
            let start = ContinuousClock.now
            try sandbox.wipe()
            return milliseconds(ContinuousClock.now - start)
        }.sorted()
    }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private func report(_ what: String, _ folder: String, _ sorted: [Double]) {
        func format(_ value: Double) -> String { String(Double(Int(value * 1000)) / 1000) }
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        print("MEASURE \(what) on \(folder): median \(format(median)) ms, p90 \(format(p90)) ms, n=\(sorted.count)")
    }
}
