import CleanSlate
import CleanSlateTestSupport
@testable import CleanSlateTesting
import Foundation
import Testing

/// The order in which the trait ends a test case's apps, seen through the test case's scope itself
/// (the trait's own end runs after the test, where the test cannot look).
@Suite(.cleanSlate)
struct TraitTeardownOrderTests {
    /// Swift Testing integration: "When the test case ends, every app made through these helpers is
    /// terminated, most recent first". Each app notes its SIGTERM in a file outside the scope's
    /// sandbox, so the file's lines are the order of the terminations.
    @Test func appsAreTerminatedMostRecentFirst() async throws {
        let log = try sandboxForTest().path(.temporary, "terminations")
        let scope = TestScope(testName: "TeardownOrderTests/inner()", keep: .never, rootDirectory: nil, preparedTemplate: nil, isolation: nil)
        let location = CallerLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        let sandbox = try scope.sandbox(template: nil, keep: .never, rootDirectory: nil, location: location)
        for name in ["first", "second", "third"] {
            let app = AppLauncher(.name("sh"), sandbox: sandbox)
            app.launchArguments = ["-c", "trap 'echo \(name) >> \"$0\"; exit 0' TERM; echo ready; sleep 60 & wait", log]
            try await app.launch()
            try await app.waitForOutput("ready")
            try scope.register(app, location: location)
        }
        await scope.terminateApps()
        await scope.finishSandbox()
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "third\nsecond\nfirst\n")
        #expect(sandbox.isWiped)
    }
}
