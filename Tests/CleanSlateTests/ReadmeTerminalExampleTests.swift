import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import XCTest

// The terminal example of README.md (its first lines) and of the Terminal apps article
// (Sources/CleanSlate/CleanSlate.docc/TerminalApps.md), kept here so that it is compiled and run.
final class ReadmeTerminalExampleTests: XCTestCase {
    func testWizardExample() throws {
        let app = try makeApp(.product("SampleApp"))
        app.terminalSize = .standard                       // 24x80
        try app.launch()
        try app.textFields["Name"].typeText("Ada")         // waits for the field and checks it has the cursor
        try app.keyHints["confirm"].press()                // the legend "Enter: confirm" sends Enter
        try app.menuItems["Dark"].select()                 // arrow keys until Dark is the highlighted row
        XCTAssertTrue(try app.menuItems["Dark"].isSelected)
        try app.resize(to: TerminalSize(rows: 30, columns: 100))   // the app gets SIGWINCH
        let screen = try app.waitForScreen(containing: "100x30")   // lines, cells, colours, cursor, title, ...
        XCTAssertTrue(screen.isAlternateScreenActive)
        XCTAssertTrue(screen.contains("Hello, Ada!"), "the name reached the app:\n\(screen.text)")
    }
}
