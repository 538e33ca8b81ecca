import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Whether strict isolation can run here: false only where the kernel refuses user namespaces and
/// `.ci/run` does not require it (`CLEANSLATE_REQUIRE_EXTERNAL=1`), where the tests then run and fail.
enum StrictIsolationSupport {
    static let available: Bool = {
        if ProcessInfo.processInfo.environment["CLEANSLATE_REQUIRE_EXTERNAL"] == "1" { return true }
        guard let sandbox = try? Sandbox() else { return true }
        defer { try? sandbox.wipe() }
        let probe = AppLauncher(.path("/bin/true"), sandbox: sandbox)
        probe.isolation = .strict
        defer { probe.terminate() }
        do {
            try probe.launch()
            _ = try probe.waitForExit(timeout: .seconds(10))
            return true
        } catch let error as CleanSlateError where error.code == .isolationUnavailable && error.message.contains("the kernel refused") {
            return false
        } catch {
            return true
        }
    }()

    static let reason: Comment = "strict isolation is unavailable: this kernel refuses user namespaces (see the article Isolation levels)"
}

/// The PID an app of the running test case sees for itself: 2 in strict isolation (PID 2 of its own
/// PID namespace), the host's pid (never 2, the kernel's kthreadd) in standard.
private func ownPID(_ app: AppLauncher) throws -> String {
    if app.state == .notRunning { try app.launch() }
    #expect(try app.waitForExit(timeout: .seconds(10)) == .exited(0), "\(app.standardError)")
    return app.standardOutput
}

@Suite(.cleanSlate(isolation: .strict), .enabled(if: StrictIsolationSupport.available, StrictIsolationSupport.reason))
struct StrictIsolationTraitTests {
    @Test func everyAppOfTheSuiteRunsStrict() throws {
        #expect(try ownPID(try launchApp(.name("sh"), arguments: ["-c", "echo $$"])) == "2\n")
        let relaunch = try AppLauncher(.name("sh"))
        relaunch.launchArguments = ["-c", "echo $$; hostname"]
        #expect(relaunch.isolation == .strict)
        #expect(try ownPID(relaunch) == "2\n\(StrictOptions.hostName)\n")
    }

    @Test func anAppCanAskForStandard() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "echo $$"], isolation: .standard)
        #expect(app.isolation == .standard)
        #expect(try ownPID(app) != "2\n")
    }
}

@Suite(.enabled(if: StrictIsolationSupport.available, StrictIsolationSupport.reason))
struct StrictIsolationPerTestTraitTests {
    @Test(.cleanSlate(isolation: .strict(StrictOptions(network: .host))))
    func oneTestRunsStrict() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        #expect(app.isolation == .strict(StrictOptions(network: .host)))
        #expect(try ownPID(app) == "2\n")
    }

    @Test(.cleanSlate) func theDefaultIsStandardAndSandboxForTestChangesIt() throws {
        let before = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        _ = try sandboxForTest(isolation: .strict)
        let after = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        #expect(before.isolation == .standard)
        #expect(try ownPID(before) != "2\n")
        #expect(try ownPID(after) == "2\n")
    }
}
