import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// A fixture of ``StrictFixtures`` (Swift Testing) and ``StrictXCTestFixtures`` (XCTest), by its
/// Swift Testing name.
enum StrictFixture: String {
    case failsWithItsAppRunning, passesWithItsAppRunning, leavesADaemon, failsInNano

    /// The filter that runs it under `framework` in a child test run.
    func filter(_ framework: ChildFramework) -> String {
        switch framework {
        case .swiftTesting: return "StrictFixtures/\(rawValue)"
        case .xcTest: return "CleanSlateTestingTests.StrictXCTestFixtures/test\(rawValue.prefix(1).uppercased())\(rawValue.dropFirst())"
        }
    }
}

/// Whether a Debian program a test drives can run: true when it is installed, and under `.ci/run`
/// (`CLEANSLATE_REQUIRE_EXTERNAL=1`), where a missing one must fail the test rather than skip it.
enum ExternalProgram {
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CLEANSLATE_REQUIRE_EXTERNAL"] == "1" }

    static func isUsable(_ path: String) -> Bool {
        isRequired || FileManager.default.isExecutableFile(atPath: path)
    }
}

/// Keep-on-failure and failure artifacts in strict isolation, under both frameworks, seen from
/// outside child test runs: what a test keeps or leaves is on the host, named by host paths and
/// pids, and what the artifacts show is what the app saw inside. Serialized: one child bundle at a
/// time.
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

    /// A daemon left by a strict app fails the test as in standard, named by the pid the app saw
    /// (its PID namespace's, which the report says) and its command line; it is gone afterwards.
    @Test(arguments: frameworks)
    func aDaemonLeftByAStrictAppFailsTheTestNamedByItsLabelledNamespacePid(_ framework: ChildFramework) throws {
        let (outcome, marker) = try run(.leavesADaemon, framework, keep: "never")
        let log = "\(outcome.output)\n\(outcome.errors)"
        #expect(outcome.status == .exited(1), "\(log)")
        let said = try #require(outcome.value(of: "FIXTURE-APP-SAID"), "\(log)")
        let daemon = try #require(said.firstMatch(of: /^daemon=(\d+) exited\(0\)$/)?.1, "\(said)")
        let report = outcome.lines(containing: "CleanSlate: a process started by sh outlived it and was still running at teardown (killed now): "
            + "pid \(daemon) in the app's PID namespace: ")
        #expect(report.count == 1, "\(log)")
        #expect(MarkedProcesses.pids(withEnvironment: marker) == [], "the daemon outlived its test")
    }

    /// The same through the API: a strict launch's escaped process is marked as counted in the
    /// app's PID namespace, a standard one's is not, also when a relaunch ends the strict one.
    @Test func escapedProcessesSayWhichPidNamespaceTheirPidCountsIn() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", StrictFixtureBody.daemonScript], isolation: .strict)
        try app.launch()
        #expect(try app.waitForExit(timeout: .seconds(20)) == .exited(0))
        let strictDaemon = app.standardOutput.trimmingCharacters(in: .newlines).dropFirst("daemon=".count)
        app.isolation = .standard
        try app.launch()  // ends the strict launch, whose daemon is recorded
        #expect(try app.waitForExit(timeout: .seconds(20)) == .exited(0))
        let standardDaemon = app.standardOutput.trimmingCharacters(in: .newlines).dropFirst("daemon=".count)
        let escaped = app.terminate()
        // The program sleep really is, as /proc/PID/exe names it (the same file inside and outside).
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/sleep" }
        let sleep = try #require(path.first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        #expect(escaped.map(\.description) == [
            "pid \(strictDaemon) in the app's PID namespace: sleep 1000 (executable \(sleep))", "pid \(standardDaemon): sleep 1000 (executable \(sleep))"])
        #expect(escaped.map(\.isInAppPIDNamespace) == [true, false])
    }

    /// nano on a terminal in strict isolation opens `/home/cleanslate/notes.txt`, saves it, and the
    /// test fails: the artifacts show the app's view (its screen, its environment), list the file
    /// on the host, and the recording replays what nano wrote.
    @Test(.enabled(if: ExternalProgram.isUsable("/usr/bin/nano"), "nano is missing: apt-get install -y nano"), arguments: frameworks)
    func aFailedStrictTerminalTestsArtifactsShowWhatTheAppSawInside(_ framework: ChildFramework) throws {
        let scratch = try sandboxForTest().temporaryDirectory
        let (outcome, _) = try run(.failsInNano, framework, keep: "never", environment: ["CLEANSLATE_ARTIFACTS": scratch + "/chosen"])
        let log = "\(outcome.output)\n\(outcome.errors)"
        #expect(outcome.status == .exited(1), "\(log)")
        let line = try #require(outcome.lines(containing: ") are in ").first, "\(log)")
        let folder = String(line[line.range(of: ") are in ")!.upperBound...])
        func read(_ name: String) throws -> String { try String(contentsOfFile: folder + "/" + name, encoding: .utf8) }

        let listing = try read("sandbox-files.txt")
        let hostRoot = try #require(listing.split(separator: "\n").first?.split(separator: " ").last.map(String.init), "\(listing)")
        #expect(listing.contains("\n$HOME/notes.txt  12 bytes\n"), "\(listing)")
        let screen = try read("screen.txt")
        #expect(screen.contains("\(StrictOptions.homePath)/notes.txt") && screen.contains("Wrote 1 line"), "\(screen)")
        #expect(outcome.lines(containing: "| ").contains { $0.hasPrefix("| ") && $0.contains("\(StrictOptions.homePath)/notes.txt") }, "\(log)")
        let environment = try read("environment.txt")
        for entry in ["HOME=\(StrictOptions.homePath)", "XDG_CONFIG_HOME=\(StrictOptions.sandboxPath)/xdg/config", "TMPDIR=\(StrictOptions.sandboxPath)/tmp"] {
            #expect(environment.split(separator: "\n").contains { $0 == entry }, "the app's view: \(entry)\n\(environment)")
        }
        #expect(!environment.contains(hostRoot) && !screen.contains(hostRoot), "the host's path of the sandbox is not what the app saw: \(hostRoot)")

        guard ExternalProgram.isUsable("/usr/bin/asciinema") else {
            // The console does not show a cancelled test case's comment: say it on standard output too.
            let reason = "session.cast was not replayed: asciinema is missing (apt-get install -y asciinema)"
            print("StrictChildRunTests (\(framework)): \(reason)")
            try Test.cancel(Comment(rawValue: reason))
        }
        // `asciinema cat` reads its terminal, so it runs on one; in raw mode, what it writes arrives unchanged.
        let cat = try launchApp(.path("/usr/bin/asciinema"), arguments: ["cat", folder + "/session.cast"], terminalSize: .standard)
        #expect(try cat.waitForExit(timeout: .seconds(30)) == .exited(0), "\(cat.standardOutput)")
        #expect(cat.outputBytes() == Array(try read("stdout.txt").utf8), "asciinema cat plays what nano wrote")
    }
}
