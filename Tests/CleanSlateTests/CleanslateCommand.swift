import CleanSlate
import CleanSlateXCTest
import XCTest

extension XCTestCase {
    /// Runs the real `cleanslate ARGUMENTS` over pipes in this test's sandbox, as a user would, with
    /// `input` on its standard input (then closed); returns its exit status and its launcher.
    func runCleanslate(_ arguments: [String], input: String? = nil) throws -> (AppExitStatus, AppLauncher) {
        let app = try makeApp(.product("cleanslate"), arguments: arguments)
        try app.launch()
        if let input { try app.typeText(input) }
        try app.closeInput()
        return (try app.waitForExit(timeout: .seconds(60)), app)
    }
}
