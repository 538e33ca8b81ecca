/// The escape sequences the wizard writes (ECMA-48 / xterm), by what they do.
enum ANSI {
    /// Switches to the alternate screen, saving the normal one.
    static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Returns to the normal screen as it was.
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Hides the cursor.
    static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor.
    static let showCursor = "\u{1B}[?25h"
    /// Clears the whole screen (the cursor does not move).
    static let clearScreen = "\u{1B}[2J"
    /// Turns off every text attribute.
    static let resetAttributes = "\u{1B}[0m"
    /// Bold white on blue: the title bar.
    static let titleBarStyle = "\u{1B}[1;37;44m"
    /// Inverse video: the selected menu item.
    static let inverseStyle = "\u{1B}[7m"
    /// Red: inline errors.
    static let errorStyle = "\u{1B}[31m"
    /// Bold yellow: the quit confirmation.
    static let questionStyle = "\u{1B}[1;33m"
    /// Dim: hints.
    static let hintStyle = "\u{1B}[2m"

    /// Moves the cursor to a 1-based `row` and `column`.
    static func moveTo(row: Int, column: Int) -> String {
        "\u{1B}[\(row);\(column)H"
    }
}
