import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// A fixture of ``StrictFixtures`` (Swift Testing) and ``StrictXCTestFixtures`` (XCTest), by its
/// Swift Testing name.
enum StrictFixture: String {
    case failsWithItsAppRunning, passesWithItsAppRunning

    /// The filter that runs it under `framework` in a child test run.
    func filter(_ framework: ChildFramework) -> String {
        switch framework {
        case .swiftTesting: return "StrictFixtures/\(rawValue)"
        case .xcTest: return "CleanSlateTestingTests.StrictXCTestFixtures/test\(rawValue.prefix(1).uppercased())\(rawValue.dropFirst())"
        }
    }
}

/// Keep-on-failure in strict isolation, under both frameworks, seen from outside child test runs:
/// what a test keeps or leaves is on the host, named by host paths and pids. Serialized: one child
/// bundle at a time.
@Suite(.cleanSlate, .serialized, .enabled(if: StrictIsolationSupport.available, StrictIsolationSupport.reason))
struct StrictChildRunTests {
    static let frameworks: [ChildFramework] = [.xcTest, .swiftTesting]

    /// The files the fixture's app writes, by path in the sandbox, with their contents.
    static let filesTheAppWrote = ["home/notes.txt": "home\n", "xdg/config/strictapp/state.txt": "config\n"]

    /// Runs `fixture` under `framework` with a new marker for its app's processes; returns the
    /// outcome and the marker.
    private func run(
        _ fixture: StrictFixture, _ framework: ChildFramework, keep: String? = nil, environment: [String: String] = [:]
    ) throws -> (ChildTestRun, String) {
        let marker = UUID().uuidString
        let outcome = try runChildTests(fixture.filter(framework), framework: framework, keep: keep,
                                        environment: environment.merging(["CLEANSLATE_STRICT_FIXTURE_MARKER": marker]) { $1 })
        return (outcome, marker)
    }

    /// Checks that the fixture's app ran strict (HOME and its pid as seen inside) and that its
    /// processes were found on the host by their marker while it ran; returns the sandbox's path.
    private func expectStrictAppRan(_ outcome: ChildTestRun) throws -> String {
        let log = "\(outcome.output)\n\(outcome.errors)"
        #expect(outcome.value(of: "FIXTURE-APP-SAID") == "ready HOME=\(StrictOptions.homePath) pid=2", "\(log)")
        #expect(outcome.value(of: "FIXTURE-PIDS")?.isEmpty == false, "the marker finds the app's processes while they run: \(log)")
        return try #require(outcome.value(of: "FIXTURE-SANDBOX"), "\(log)")
    }

    /// The paths printed on kept-sandbox lines.
    private func keptPaths(_ outcome: ChildTestRun) -> [String] {
        outcome.lines(containing: "CleanSlate: kept the sandbox of ").compactMap { line in
            guard let at = line.range(of: " at "), let end = line.range(of: " (keep policy: ") else { return nil }
            return String(line[at.upperBound..<end.lowerBound])
        }
    }

    /// Every entry below `root` that is not a folder (the owner record left out), with its
    /// contents for a regular file.
    private func entries(below root: String) throws -> [String: String] {
        var found: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        while let path = enumerator.nextObject() as? String {
            let type = try FileManager.default.attributesOfItem(atPath: root + "/" + path)[.type] as? FileAttributeType
            if type == .typeDirectory || path == ".cleanslate-owner" { continue }
            found[path] = type == .typeRegular ? try String(contentsOfFile: root + "/" + path, encoding: .utf8) : "\(type.map { "\($0)" } ?? "?")"
        }
        return found
    }

    @Test(arguments: frameworks)
    func aFailedStrictTestKeepsItsSandboxOnTheHostWithExactlyTheAppsFilesAndNoProcess(_ framework: ChildFramework) throws {
        let (outcome, marker) = try run(.failsWithItsAppRunning, framework)
        #expect(outcome.status == .exited(1))
        let root = try expectStrictAppRan(outcome)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(keptPaths(outcome) == [root], "\(outcome.errors)")
        #expect(outcome.lines(containing: " at \(root) (keep policy: failed); delete it when done").count == 1)
        #expect(!root.hasPrefix(StrictOptions.homePath) && !root.hasPrefix(StrictOptions.sandboxPath), "the host's path, not the app's: \(root)")
        #expect(try entries(below: root) == Self.filesTheAppWrote)
        #expect(MarkedProcesses.pids(withEnvironment: marker) == [], "a process of the fixture's app outlived its test")
    }

    @Test(arguments: frameworks)
    func keepNeverWipesAFailedStrictTestsSandboxAndLeavesNoProcess(_ framework: ChildFramework) throws {
        let (outcome, marker) = try run(.failsWithItsAppRunning, framework, keep: "never")
        #expect(outcome.status == .exited(1))
        let root = try expectStrictAppRan(outcome)
        #expect(!FileManager.default.fileExists(atPath: root))
        #expect(keptPaths(outcome) == [])
        #expect(MarkedProcesses.pids(withEnvironment: marker) == [], "a process of the fixture's app outlived its test")
    }

    @Test(arguments: frameworks)
    func aPassingStrictTestLeavesNothingAndKeepAlwaysKeepsItsFiles(_ framework: ChildFramework) throws {
        let (passed, marker) = try run(.passesWithItsAppRunning, framework)
        #expect(passed.status == .exited(0), "\(passed.output)\n\(passed.errors)")
        let wiped = try expectStrictAppRan(passed)
        #expect(!FileManager.default.fileExists(atPath: wiped))
        #expect(keptPaths(passed) == [])
        #expect(MarkedProcesses.pids(withEnvironment: marker) == [], "a process of the fixture's app outlived its test")

        let (kept, keptMarker) = try run(.passesWithItsAppRunning, framework, keep: "always")
        #expect(kept.status == .exited(0), "\(kept.output)\n\(kept.errors)")
        let root = try expectStrictAppRan(kept)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(keptPaths(kept) == [root], "\(kept.errors)")
        #expect(try entries(below: root) == Self.filesTheAppWrote)
        #expect(MarkedProcesses.pids(withEnvironment: keptMarker) == [], "a process of the fixture's app outlived its test")
    }
}
