// Only CleanSlate (with CleanSlateTesting) and Testing are imported here, as in a dependent package that depends on the
// CleanSlate product alone: the screen types that waitForScreen returns must be nameable.
import CleanSlate
import CleanSlateTesting
import Testing

@Suite(.cleanSlate)
struct ScreenTypesFromCleanSlateTests {
    @Test func theScreenTypesAreReachableFromImportCleanSlate() throws {
        let app = try launchApp(.name("printf"), arguments: [#"\033[1mbold\033[0m plain"#], terminalSize: .standard)
        let screen: ScreenSnapshot = try app.waitForScreen(containing: "bold plain")
        let attributes: CellAttributes = try screen.cell(row: 0, column: 0).attributes
        #expect(attributes.contains(.bold))
        #expect(try !screen.cell(row: 0, column: 5).attributes.contains(.bold))
    }
}
