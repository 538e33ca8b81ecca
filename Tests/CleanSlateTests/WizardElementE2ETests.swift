import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// SampleApp's setup wizard driven by element queries alone: the name typed into the Name field,
/// the theme chosen by name, the progress indicator's value read while it fills, the legend's
/// `Enter: confirm` pressed. One test per size, because the wizard saves a profile in the test's
/// sandbox and greets instead on a second launch.
final class WizardElementE2ETests: XCTestCase {
    func testWizardAt80x24() throws { try runWizard(size: .standard) }

    func testWizardAt100x40() throws { try runWizard(size: TerminalSize(rows: 40, columns: 100)) }

    private func runWizard(size: TerminalSize) throws {
        let app = try launchApp(.product("SampleApp"), terminalSize: size)
        app.defaultTimeout = .seconds(5)
        let name = app.textFields["Name"]
        try name.typeText("Ada")
        try name.waitUntil("it shows Ada") { $0.value == .text("Ada") }
        try app.keyHints["confirm"].press()

        try app.menuItems["Solarized"].select()
        XCTAssertEqual(try app.menuItems["Light"].isHighlighted, false)
        try app.keyHints["confirm"].press()

        // The bar fills in tenths; catch it part way and check its value against its drawing.
        let bar = try app.progressIndicators["Setting up"].waitUntil("it is partly filled") { bar in
            guard case let .fraction(fraction)? = bar.value else { return false }
            return fraction > 0 && fraction < 1
        }
        guard case let .fraction(fraction)? = bar.value else { return XCTFail("no value: \(bar)") }
        XCTAssertEqual((fraction * 10).rounded(), fraction * 10, "the wizard's bar has ten steps")

        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let profile = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: app.sandbox.configHome + "/sampleapp/profile.json"))) as? [String: Any])
        XCTAssertEqual(profile["name"] as? String, "Ada")
        XCTAssertEqual(profile["theme"] as? String, "Solarized")
    }
}
