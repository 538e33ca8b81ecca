import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Strict isolation per app and per test through the XCTest helpers. `sh -c 'echo $$'` tells the
/// level apart: in strict isolation the app is PID 2 of its own PID namespace; in standard it has
/// the host's pid, never 2 (the host's PID 2 is the kernel's kthreadd).
final class StrictIsolationXCTestIntegrationTests: XCTestCase {
    private func pid(of app: AppLauncher) throws -> String {
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        return app.standardOutput
    }

    func testMakeAppAndLaunchAppTakeAnIsolation() throws {
        try requireStrictIsolation()
        let made = try makeApp(.name("sh"), arguments: ["-c", "echo $$"], isolation: .strict)
        XCTAssertEqual(made.isolation, .strict)
        XCTAssertEqual(try pid(of: made), "2\n")
        let launched = try launchApp(.name("sh"), arguments: ["-c", "echo $$"], isolation: .strict(StrictOptions(network: .host)))
        XCTAssertEqual(try launched.waitForExit(timeout: .seconds(10)), .exited(0), launched.standardError)
        XCTAssertEqual(launched.standardOutput, "2\n")
    }

    func testAppsAreStandardUnlessAskedFor() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        XCTAssertEqual(app.isolation, .standard)
        XCTAssertNotEqual(try pid(of: app), "2\n")
    }

    func testSandboxForTestSetsTheIsolationOfTheAppsMadeAfterIt() throws {
        try requireStrictIsolation()
        let before = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        _ = try sandboxForTest(isolation: .strict)
        let after = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        let own = try makeApp(.name("sh"), arguments: ["-c", "echo $$"], isolation: .standard)
        _ = try sandboxForTest()  // nil leaves it as it is
        let later = try makeApp(.name("sh"), arguments: ["-c", "echo $$"])
        XCTAssertEqual([before.isolation, after.isolation, own.isolation, later.isolation], [.standard, .strict, .standard, .strict])
        XCTAssertEqual(try pid(of: after), "2\n")
        XCTAssertNotEqual(try pid(of: own), "2\n")
    }
}

/// A whole test class in strict isolation: its `setUp()` sets it for every test.
final class StrictIsolationForAWholeClassTests: XCTestCase {
    override func setUpWithError() throws {
        try requireStrictIsolation()
        _ = try sandboxForTest(isolation: .strict)
    }

    func testEveryAppOfTheClassRunsStrict() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo $$; hostname"])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "2\n\(StrictOptions.hostName)\n")
    }
}
