@testable import CleanSlate
import XCTest

/// The key a key hint's legend names, as `press()` sends it.
final class KeyHintKeyTests: XCTestCase {
    private func key(_ name: String) -> String {
        guard let (key, modifiers) = KeyHintKeys.key(for: name) else { return "none" }
        return "\(key) \(modifiers.rawValue)"
    }

    func testCaretAndCtrlPrefixesAreControlWithTheLetterInLowerCase() {
        XCTAssertEqual(key("^X"), #"character("x") 4"#)
        XCTAssertEqual(key("^O"), #"character("o") 4"#)
        XCTAssertEqual(key("C-x"), #"character("x") 4"#)
        XCTAssertEqual(key("Ctrl-Q"), #"character("q") 4"#)
    }

    func testMetaAndAltPrefixesAreAlt() {
        XCTAssertEqual(key("M-U"), #"character("u") 2"#)
        XCTAssertEqual(key("Alt-x"), #"character("x") 2"#)
        XCTAssertEqual(key("M-F1"), "function(1) 2")
    }

    func testFunctionKeysWithAnFOrAsMcsBareNumbers() {
        XCTAssertEqual(key("F10"), "function(10) 0")
        XCTAssertEqual(key("F1"), "function(1) 0")
        XCTAssertEqual(key("10"), "function(10) 0", "mc's bar prints 10Quit")
        XCTAssertEqual(key("1"), "function(1) 0")
        XCTAssertEqual(key("F13"), "none", "xterm's keyboard has F1 to F12")
        XCTAssertEqual(key("13"), "none")
    }

    func testNamedKeysAndSingleCharacters() {
        XCTAssertEqual(key("q"), #"character("q") 0"#)
        XCTAssertEqual(key("Q"), #"character("Q") 0"#, "a bare letter is sent as printed")
        XCTAssertEqual(key("Esc"), "escape 0")
        XCTAssertEqual(key("Enter"), "enter 0")
        XCTAssertEqual(key("Space"), #"character(" ") 0"#)
        XCTAssertEqual(key("PgDn"), "pageDown 0")
        XCTAssertEqual(key("Tab"), "tab 0")
        XCTAssertEqual(key("Shift"), "none", "a word that names no key")
        XCTAssertEqual(key(""), "none")
    }
}
