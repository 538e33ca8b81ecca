import CleanSlate
import CleanSlateXCTest
import XCTest

extension XCTestCase {
    /// A shell on a terminal that prints `ready`, then each of `screens` (printf formats) after a
    /// line is typed: screens drawn one at a time, when the test says, for the element and text waits.
    func launchScreens(_ screens: [String]) throws -> AppLauncher {
        let script = "stty -echo; echo ready; " + screens.map { "read line; printf '\($0)'; " }.joined() + "read line"
        let app = try launchApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        try app.waitForScreen(containing: "ready")
        return app
    }
}
