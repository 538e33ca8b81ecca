import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Tests that are meant to fail or to leave state behind run only inside a child copy of the test
/// bundle started by ``runChildTests(_:framework:keep:)``, which sets CLEANSLATE_FIXTURE=1.
enum Fixture {
    static var isActive: Bool { ProcessInfo.processInfo.environment["CLEANSLATE_FIXTURE"] == "1" }
}

/// What a child test run printed and how it ended.
struct ChildTestRun {
    let status: AppExitStatus
    let output: String
    let errors: String

    /// The value the fixture printed as `NAME=value` on a line of its own.
    func value(of name: String) -> String? {
        output.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// The lines of standard output and standard error that contain `text`.
    func lines(containing text: String) -> [Substring] {
        (output + "\n" + errors).split(separator: "\n").filter { $0.contains(text) }
    }
}

/// The framework a child run of the test bundle runs.
enum ChildFramework {
    case xcTest
    case swiftTesting
}

/// Runs the tests matching `filter` in a child copy of this test bundle (launched with CleanSlate
/// itself, in the running test's sandbox). Swift Testing runs when the bundle is given
/// `--testing-library swift-testing` (as `swift test` does), with `--filter`; XCTest takes the
/// `Module.Class/testMethod` name as its argument. `environment` is added to the child's; failure
/// artifacts go to the running test's sandbox unless it sets `CLEANSLATE_ARTIFACTS`.
func runChildTests(
    _ filter: String, framework: ChildFramework, keep: String? = nil, environment extra: [String: String] = [:],
    arguments extraArguments: [String] = []
) throws -> ChildTestRun {
    let app = try childTestApp(filter, framework: framework, keep: keep, environment: extra, arguments: extraArguments)
    try app.launch()
    let status = try app.waitForExit(timeout: childRunLimit)
    return ChildTestRun(status: status, output: app.standardOutput, errors: app.standardError)
}

/// The awaited form of ``runChildTests(_:framework:keep:environment:arguments:)``: the test that runs
/// the child is suspended, not holding a thread, while the child runs (a child run can take a minute).
func runChildTests(
    _ filter: String, framework: ChildFramework, keep: String? = nil, environment extra: [String: String] = [:],
    arguments extraArguments: [String] = []
) async throws -> ChildTestRun {
    let app = try childTestApp(filter, framework: framework, keep: keep, environment: extra, arguments: extraArguments)
    try await app.launch()
    let status = try await app.waitForExit(timeout: childRunLimit)
    return ChildTestRun(status: status, output: app.standardOutput, errors: app.standardError)
}

/// How long a child run may take.
private let childRunLimit: Duration = .seconds(120)

/// The child copy of the test bundle that runs the tests matching `filter`, not yet launched.
private func childTestApp(
    _ filter: String, framework: ChildFramework, keep: String?, environment extra: [String: String], arguments extraArguments: [String]
) throws -> AppLauncher {
    let bundle = try #require(Bundle.main.executablePath ?? CommandLine.arguments.first)
    let arguments: [String]
    switch framework {
    case .swiftTesting: arguments = ["--testing-library", "swift-testing", "--filter", filter]
    case .xcTest: arguments = [filter]
    }
    var environment = ["CLEANSLATE_FIXTURE": "1", "CLEANSLATE_ARTIFACTS": try sandboxForTest().temporaryDirectory + "/artifacts"]
    if let keep { environment["CLEANSLATE_KEEP"] = keep }
    environment.merge(extra) { _, new in new }
    return try makeApp(.path(bundle), arguments: arguments + extraArguments, environment: environment)
}
