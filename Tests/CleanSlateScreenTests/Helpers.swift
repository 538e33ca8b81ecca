import CleanSlateScreen
import XCTest

/// A terminal of the given size after `input` was fed.
func makeTerminal(_ input: String = "", rows: Int = 5, columns: Int = 10, scrollbackLimit: Int = 1000) -> TerminalEmulator {
    let terminal = TerminalEmulator(rows: rows, columns: columns, scrollbackLimit: scrollbackLimit)
    terminal.feed(input)
    return terminal
}

/// The screen text after `input` on a fresh terminal.
func screenLines(_ input: String, rows: Int = 5, columns: Int = 10) -> [String] {
    makeTerminal(input, rows: rows, columns: columns).snapshot().lines
}

/// The replies as text.
func replyText(_ terminal: TerminalEmulator) -> String {
    String(decoding: terminal.takeReplies(), as: UTF8.self)
}

/// `ESC` followed by `rest`: keeps the escape sequences in tests readable.
func esc(_ rest: String) -> String { "\u{1B}" + rest }

/// `CSI` followed by `rest`.
func csi(_ rest: String) -> String { "\u{1B}[" + rest }

func XCTAssertCursor(_ terminal: TerminalEmulator, _ row: Int, _ column: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(terminal.cursor, ScreenPosition(row: row, column: column), file: file, line: line)
}

