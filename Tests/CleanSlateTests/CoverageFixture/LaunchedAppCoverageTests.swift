@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Code coverage of launched apps, end to end: a package depending on CleanSlate (by path) is built
/// and tested with `swift test --enable-code-coverage`; its tests launch its executable, whose
/// branches only a launch reaches, and the coverage report then counts those branches' lines.
///
/// Slow (it builds CleanSlate again, with coverage): the package and its build live in
/// `.build/coverage-fixture` of this clone, so a second run rebuilds only what changed.
final class LaunchedAppCoverageTests: XCTestCase {
    /// This clone's root folder (the package the fixture depends on).
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testLinesALaunchedAppRanAreCountedByTheCoverageReport() throws {
        let swift = try requireSwift()
        let strictAvailable = try strictIsolationIsAvailable()
        let fixture = Self.packageRoot + "/.build/coverage-fixture"
        let package = fixture + "/package", scratch = fixture + "/build", temporary = fixture + "/tmp"
        try writeFixture(CoverageFixturePackage.files(cleanSlateRoot: Self.packageRoot), at: package)
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let options = ["--package-path", package, "--scratch-path", scratch]

        let test = try runTool(swift, ["test", "--enable-code-coverage"] + options, temporary: temporary)
        XCTAssertEqual(test.status, .exited(0), test.output)
        XCTAssertTrue(test.output.contains("Executed 5 tests, with 0 failures"), test.output)
        XCTAssertEqual(test.output.contains("GreeterLaunchTests.testInStrictIsolation' skipped"), !strictAvailable, test.output)

        let codecov = try runTool(swift, ["test", "--show-codecov-path"] + options, temporary: temporary)
        let report = codecov.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let profile = (report as NSString).deletingLastPathComponent + "/default.profdata"
        let greeter = try runTool(swift, ["build", "--show-bin-path"] + options, temporary: temporary).output
            .trimmingCharacters(in: .whitespacesAndNewlines) + "/Greeter"
        let llvmCov = ((swift as NSString).resolvingSymlinksInPath as NSString).deletingLastPathComponent + "/llvm-cov"
        let shown = try runTool(llvmCov, ["show", "-instr-profile", profile, greeter, package + "/Sources/Greeter/Greeting.swift"],
                            temporary: temporary)
        XCTAssertEqual(shown.status, .exited(0), shown.output)
        let counts = Self.lineCounts(shown.output)

        XCTAssertEqual(counts["MARK-PIPE"], 1, "the pipe launch's profile is counted\n\(shown.output)")
        XCTAssertEqual(counts["MARK-RELAUNCH"], 1, "the relaunch's profile is counted")
        XCTAssertEqual(counts["MARK-TERMINAL"], 1, "the terminal launch's profile is counted")
        XCTAssertEqual(counts["MARK-SIGTERM"], 1, "an app that handles terminate()'s SIGTERM and exits writes its profile")
        XCTAssertEqual(counts["MARK-NEVER"], 0, "a branch no launch reached counts 0 (each marker's count is its own line's)")
        XCTAssertEqual(counts["MARK-SIGKILL"], 0, "SIGKILL ends the app before the runtime writes its profile (the line did run)")
        XCTAssertEqual(counts["MARK-STRICT"], strictAvailable ? 1 : 0, "the strict launch's profile is counted")
        // Every profile was moved out of the launches' private folders; none was left in the build folder's
        // own profile folder under a name SwiftPM does not merge.
        let profiles = try FileManager.default.contentsOfDirectory(atPath: (report as NSString).deletingLastPathComponent)
        XCTAssertFalse(profiles.contains { $0.hasSuffix(".partial") }, "\(profiles)")
        // SwiftPM's own report (what `swift test --show-codecov-path` names) counts them too.
        let json = try String(contentsOfFile: report, encoding: .utf8)
        XCTAssertTrue(json.contains("Sources/Greeter/Greeting.swift"), "SwiftPM's report covers the launched executable")
        XCTAssertGreaterThan(try Self.coveredLines(of: "Greeting.swift", inReport: Data(json.utf8)), 5, "SwiftPM's report counts its lines")
    }

    private func strictIsolationIsAvailable() throws -> Bool {
        do { try requireStrictIsolation(); return true } catch is XCTSkip { return false }
    }

    /// The execution count of each line of `llvm-cov show` output that holds a `MARK-` comment,
    /// by marker ("  12|      3|  code  // MARK-PIPE"; a line with no count is absent).
    static func lineCounts(_ shown: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in shown.split(separator: "\n") {
            guard let marker = line.firstMatch(of: /MARK-[A-Z]+/) else { continue }
            let fields = line.split(separator: "|", maxSplits: 2)
            guard fields.count == 3 else { continue }
            let count = fields[1].trimmingCharacters(in: .whitespaces)
            if count.isEmpty { continue }
            counts[String(marker.output)] = Self.number(count)
        }
        return counts
    }

    /// `3`, `1.2k`, `4M` as llvm-cov writes counts.
    private static func number(_ text: String) -> Int {
        let scale: Double = text.hasSuffix("k") ? 1_000 : text.hasSuffix("M") ? 1_000_000 : 1
        return Int((Double(text.trimmingCharacters(in: .letters)) ?? 0) * scale)
    }

    /// The covered line count SwiftPM's JSON report gives the file whose name ends with `name`.
    static func coveredLines(of name: String, inReport data: Data) throws -> Int {
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let exports = try XCTUnwrap(root["data"] as? [[String: Any]])
        for export in exports {
            for file in export["files"] as? [[String: Any]] ?? [] where (file["filename"] as? String)?.hasSuffix("/" + name) == true {
                let lines = (file["summary"] as? [String: Any])?["lines"] as? [String: Any]
                return lines?["covered"] as? Int ?? 0
            }
        }
        XCTFail("\(name) is not in the report")
        return 0
    }
}
