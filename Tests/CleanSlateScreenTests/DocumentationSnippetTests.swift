import CleanSlateScreen
import XCTest

/// The snippet of the CleanSlateScreen documentation's root page (CleanSlateScreen.docc), kept here
/// so that it is compiled and run, with what its comments promise checked.
final class DocumentationSnippetTests: XCTestCase {
    func testTheRootPagesSnippet() {
        let terminal = TerminalEmulator(rows: 6, columns: 10)
        terminal.feed("top\r\n\r\nthird")
        let screen = terminal.snapshot()
        XCTAssertEqual(screen.plainText(), "top\n\nthird")                            // top, a blank row, third
        XCTAssertEqual(screen.styledText(), "screen 6x10 cursor 2,5\n|top\n|\n|third")  // the styled format
        let picture = screen.svg()                                                   // a self-contained SVG image
        XCTAssertTrue(picture.hasPrefix("<svg") && picture.contains("third"), picture)
    }
}
