import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// The picture of the SampleApp wizard in the Artifacts article
/// (Sources/CleanSlateTesting/CleanSlateTesting.docc/sampleapp-wizard.svg) is what
/// CleanSlate draws for the wizard today: the file is `screen.svg()` of the screen below. Run with
/// `CLEANSLATE_WRITE_README_PICTURE=1` to write it again after a change to the wizard or the drawing.
final class ReadmePictureTests: XCTestCase {
    private static let picture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CleanSlateTesting/CleanSlateTesting.docc/sampleapp-wizard.svg").path

    func testTheReadmesWizardPictureIsWhatCleanSlateDraws() throws {
        let app = try launchApp(.product("SampleApp"), terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        try app.waitForScreen(containing: "Name:")
        try app.typeText("Ada")
        try app.press(.enter)
        try app.waitForScreen(containing: "Choose a theme")
        try app.press(.down)
        let screen = try app.waitForScreen("Dark to be highlighted") { screen in
            screen.find("Dark").contains { (try? screen.cell(row: $0.row, column: $0.column))?.attributes.contains(.inverse) == true }
        }
        if ProcessInfo.processInfo.environment["CLEANSLATE_WRITE_README_PICTURE"] == "1" {
            try screen.svg().write(toFile: Self.picture, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.picture, encoding: .utf8)
        XCTAssertEqual(committed, screen.svg(),
                       "Sources/CleanSlateTesting/CleanSlateTesting.docc/sampleapp-wizard.svg is out of date; run this test with CLEANSLATE_WRITE_README_PICTURE=1 and commit the file")
    }
}
