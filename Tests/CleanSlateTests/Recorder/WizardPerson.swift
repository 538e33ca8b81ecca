import CleanSlate
import XCTest

extension XCTestCase {
    /// The person the recorder's tests script through SampleApp's wizard: "Adx", Backspace, "a",
    /// Enter; Down twice to Solarized; Enter; each key once the screen shows the previous one's effect.
    func goThroughTheWizard(_ app: AppLauncher) throws {
        let name = app.textFields["Name"]
        XCTAssertTrue(try name.waitForExistence())
        try app.typeText("Adx")
        try name.waitUntil("it shows Adx") { $0.value == .text("Adx") }
        try app.press(.backspace)
        try name.waitUntil("it shows Ad") { $0.value == .text("Ad") }
        try app.typeText("a")
        try name.waitUntil("it shows Ada") { $0.value == .text("Ada") }
        try app.press(.enter)
        try app.menuItems["Light"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.down)
        try app.menuItems["Dark"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.down)
        try app.menuItems["Solarized"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.enter)
    }
}
