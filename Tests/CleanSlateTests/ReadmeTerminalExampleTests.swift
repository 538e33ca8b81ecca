import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import XCTest

// The example of the Terminal apps article (Sources/CleanSlate/CleanSlate.docc/TerminalApps.md), kept here so that it is compiled and run.
final class ReadmeTerminalExampleTests: XCTestCase {
    func testWizardExample() throws {
        let app = try makeApp(.product("SampleApp"))
        app.terminalSize = .standard                       // 24x80
        try app.launch()
        try app.waitForScreen(containing: "Name:")
        try app.typeText("Ada")
        try app.press(.enter)
        try app.waitForScreen(containing: "Choose a theme")
        try app.press(.down)                               // encoded per the app's cursor-key mode
        try app.waitForScreen("Dark to be highlighted") { screen in
            let dark = try XCTUnwrap(screen.find("Dark").first)
            return try screen.cell(row: dark.row, column: dark.column).attributes.contains(.inverse)
        }
        try app.resize(to: TerminalSize(rows: 30, columns: 100))   // the app gets SIGWINCH
        let screen = try app.waitForScreen(containing: "100x30")
        XCTAssertTrue(screen.isAlternateScreenActive)
    }
}
