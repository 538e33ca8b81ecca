import CleanSlateScreen
import XCTest

/// The pictures of a screen draw with the colours the app set (OSC 4, 10, 11, 12), and with xterm's
/// defaults again after the resets (OSC 104, 110, 111, 112).
final class PaletteRenderingTests: XCTestCase {
    private func osc(_ body: String) -> String { "\u{1B}]" + body + "\u{1B}\\" }

    /// Red text, then default text, on a terminal whose app redefined colour 1, the default
    /// foreground and background and the cursor colour.
    private func redefined() -> TerminalEmulator {
        makeTerminal(osc("4;1;#123456") + osc("10;rgb:01/02/03") + osc("11;#abcdef") + osc("12;#fedcba")
            + csi("31m") + "red" + csi("0m") + " plain", rows: 2, columns: 12)
    }

    private func resetAll(_ terminal: TerminalEmulator) {
        terminal.feed(osc("104;1") + osc("110") + osc("111") + osc("112"))
    }

    func testTheSVGUsesTheColoursTheAppSetUntilTheyAreReset() throws {
        let terminal = redefined()
        var elements = try XMLElements.parse(terminal.snapshot().svg())
        XCTAssertEqual(elements.first { $0.name == "rect" }?.attributes["fill"], "#abcdef", "the background")
        XCTAssertEqual(elements.filter { $0.name == "text" }.map { [$0.text, $0.attributes["fill"]] }, [["red", "#123456"], [" plain", "#010203"]])
        XCTAssertEqual(elements.first { $0.attributes["class"] == "cursor" }?.attributes["fill"], "#fedcba")

        resetAll(terminal)
        elements = try XMLElements.parse(terminal.snapshot().svg())
        XCTAssertEqual(elements.first { $0.name == "rect" }?.attributes["fill"], "#000000")
        XCTAssertEqual(elements.filter { $0.name == "text" }.map { [$0.text, $0.attributes["fill"]] }, [["red", "#cd0000"], [" plain", "#e5e5e5"]])
        XCTAssertEqual(elements.first { $0.attributes["class"] == "cursor" }?.attributes["fill"], "#e5e5e5")
    }

    func testTheHTMLPageUsesTheColoursTheAppSetUntilTheyAreReset() throws {
        let terminal = redefined()
        var page = terminal.snapshot().html()
        XCTAssertTrue(page.contains("background: #abcdef; color: #010203;"), page)
        XCTAssertTrue(page.contains("outline: 1px solid #fedcba;"), page)
        var spans = try XMLElements.parse(page).filter { $0.name == "span" }
        XCTAssertEqual(spans.first?.text, "red")
        XCTAssertEqual(spans.first?.attributes["style"], "color: #123456")

        resetAll(terminal)
        page = terminal.snapshot().html()
        XCTAssertTrue(page.contains("background: #000000; color: #e5e5e5;"), page)
        spans = try XMLElements.parse(page).filter { $0.name == "span" }
        XCTAssertEqual(spans.first?.attributes["style"], "color: #cd0000")
    }

    func testTheComparisonPageDrawsBothScreensInTheActualScreensColours() throws {
        let actual = redefined().snapshot()
        let reference = try ScreenSnapshot(styledText: "screen 2x12 cursor 0,9\n|red plain\n~ 0-2 fg=red")
        let elements = try XMLElements.parse(ScreenComparison.html(reference: reference, actual: actual, title: "t"))
        let backgrounds = elements.filter { $0.name == "rect" && $0.attributes["width"] == "100%" }.map { $0.attributes["fill"] }
        XCTAssertEqual(backgrounds, ["#abcdef", "#abcdef"], "both pictures")
        XCTAssertEqual(elements.filter { $0.name == "text" && $0.text == "red" }.map { $0.attributes["fill"] }, ["#123456", "#123456"])
    }
}
