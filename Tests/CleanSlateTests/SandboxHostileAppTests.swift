import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest

/// An app that swaps its HOME or an XDG folder for a symlink, or races inspection and the wipe with
/// `RENAME_EXCHANGE`, cannot make CleanSlate list, read or remove anything outside the sandbox.
///
/// The folders "outside" are a canary next to the sandbox in a private root folder (on the same file
/// system, so the app can exchange folders with it). Only inspection is ever raced against a
/// symlink to `/` itself: a wipe is raced against a symlink to the canary, so that a regression
/// costs the canary, not the machine.
final class SandboxHostileAppTests: XCTestCase {
    private var root: String!
    private var canary: String { root + "/canary" }
    /// The canary's files and their contents, as the test made them.
    private let canaryFiles = ["CANARY-MARKER": "marker", "data": "precious", "sub/deeper": "also precious"]

    override func setUpWithError() throws {
        root = try Host.makeFolder()
        try Host.makeDirectory(canary)
        try Host.makeDirectory(canary + "/sub")
        for (path, text) in canaryFiles { try Host.write(text, to: canary + "/" + path) }
        try Host.makeDirectory(root + "/swap")
        for index in 0..<5 { try Host.write("swap", to: root + "/swap/swap-file-\(index)") }
    }

    override func tearDown() {
        if let root { Host.removeFolder(root) }
    }

    func testInspectionNeverListsOrReadsWhatASymlinkToSlashLeadsTo() throws {
        let sandbox = try Sandbox(rootDirectory: root)
        try sandbox.write("mine", to: "own.txt")
        let app = try HostileApp.launch("swap-locations", in: sandbox, outside: root, extra: ["/"])
        defer { removeDecoys(of: sandbox, app: app) }
        var listings = 0
        // Until enough listings got through the race (each attempt meets HOME as a folder or a symlink).
        for attempt in 0..<5_000 where listings < 20 || attempt < 100 {
            for location in [Sandbox.Location.home, .config] {
                if let listed = try? sandbox.files(in: location) {
                    listings += 1
                    XCTAssertFalse(listed.contains { $0.hasPrefix("etc") || $0.hasPrefix("proc") }, "listed /: \(listed.prefix(5))")
                }
                XCTAssertThrowsError(try sandbox.contents(of: "etc/hostname", in: location))
            }
            if let snapshot = try? sandbox.snapshot() {
                XCTAssertFalse(snapshot.paths(in: .home).contains("etc/"), "a snapshot walked /")
            }
        }
        XCTAssertGreaterThan(listings, 0, "the race never let a listing through; the test proves nothing")
    }

    func testSymlinkSwapsDuringTheWipeNeverReachTheRealFolder() throws {
        for _ in 0..<5 {
            let sandbox = try Sandbox(rootDirectory: root)
            let app = try HostileApp.launch("swap-locations", in: sandbox, outside: root, extra: [canary])
            defer { app.terminate() }
            for _ in 0..<50 {
                XCTAssertFalse((try? sandbox.files(in: .home))?.contains("CANARY-MARKER") ?? false, "listed the canary")
            }
            wipeWhileRacing(sandbox)
            app.terminate()
            try sandbox.wipe()
            assertCanaryUntouched()
        }
    }

    func testRenameExchangeRacesDuringInspectionAndWipeNeverTouchTheCanary() throws {
        for _ in 0..<5 {
            let sandbox = try Sandbox(rootDirectory: root)
            let app = try HostileApp.launch("exchange-folders", in: sandbox, outside: root)
            defer { app.terminate() }
            var snapshots = 0
            for _ in 0..<50 {
                if let snapshot = try? sandbox.snapshot() {
                    snapshots += 1
                    XCTAssertFalse(snapshot.paths(in: .home).contains { $0.hasSuffix("CANARY-MARKER") }, "a snapshot walked into the canary")
                }
            }
            XCTAssertGreaterThan(snapshots, 0, "no snapshot completed during the race; the test proves nothing")
            wipeWhileRacing(sandbox)
            app.terminate()
            try sandbox.wipe()
            assertCanaryUntouched()
            // What the app moved in or out is its own business: besides the canary, at most the swap
            // folder (whichever of the two exchanged folders is there now) remains; no sandbox does.
            let left = Set(try FileManager.default.contentsOfDirectory(atPath: root))
            XCTAssertTrue(left.contains("canary") && left.isSubset(of: ["canary", "swap"]), "\(left)")
        }
    }

    func testTheFrontEndReportsAHomeReplacedByASymlinkWithoutFollowingIt() throws {
        let (status, app) = try cleanslate(["run", "--root", root, "--", "sh", "-c", "rmdir \"$HOME\" && ln -s \"$1\" \"$HOME\"", "sh", canary])
        XCTAssertEqual(status, .exited(0), "the app's exit status, not a report failure: \(app.standardError)")
        XCTAssertFalse(app.standardError.contains("CANARY-MARKER"), app.standardError)
        XCTAssertFalse(app.standardError.contains("in HOME: created"), app.standardError)
        XCTAssertTrue(app.standardError.contains("is not a directory (symlinks are not followed"), app.standardError)
        assertCanaryUntouched()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), ["canary", "swap"], "the sandbox was wiped")
    }

    // MARK: - Helpers

    private func cleanslate(_ arguments: [String]) throws -> (AppExitStatus, AppLauncher) {
        let app = try makeApp(.product("cleanslate"), arguments: arguments)
        try app.launch()
        return (try app.waitForExit(timeout: .seconds(60)), app)
    }

    /// Calls `wipe()` while the app keeps racing it, until one succeeds or 20 have been tried (a wipe
    /// may fail while the app creates files; only the canary matters here).
    private func wipeWhileRacing(_ sandbox: Sandbox) {
        for _ in 0..<20 where (try? sandbox.wipe()) == nil {}
    }

    private func assertCanaryUntouched(file: StaticString = #filePath, line: UInt = #line) {
        for (path, text) in canaryFiles {
            XCTAssertEqual(Host.read(canary + "/" + path), text, "canary file \(path)", file: file, line: line)
        }
        XCTAssertEqual((try? FileManager.default.subpathsOfDirectory(atPath: canary))?.sorted(),
                       ["CANARY-MARKER", "data", "sub", "sub/deeper"], file: file, line: line)
    }

    /// Stops the app, then removes the symlinks to `/` by hand before anything wipes the sandbox.
    private func removeDecoys(of sandbox: Sandbox, app: AppLauncher) {
        app.terminate()
        for path in [sandbox.home, sandbox.root + "/decoy", sandbox.configHome, sandbox.root + "/xdg/decoy"] where Host.isSymlink(path) {
            unlink(path)
        }
        try? sandbox.wipe()
    }
}
