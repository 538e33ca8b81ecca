import Foundation
/// Draws a `WizardState` as one complete frame of escape sequences and text. Every frame
/// clears the screen and draws everything, so a resize is handled by drawing again.
///
/// Layout: a title bar on the first row, the current screen's lines in a column centred
/// horizontally and vertically, the quit question two rows above the bottom, and a status line
/// on the last row with the step, the keys and the terminal size (such as `80x24`).
struct WizardScreen {
    /// The widest the centred column gets.
    static let maximumContentWidth = 46

    /// The state to draw.
    let state: WizardState

    private var columns: Int { state.size.columns }
    private var rows: Int { state.size.rows }
    private var contentWidth: Int { min(columns, Self.maximumContentWidth) }
    private var contentColumn: Int { (columns - contentWidth) / 2 + 1 }

    /// The complete frame, ending with the cursor in the name field (shown) on screen 1 and
    /// hidden elsewhere.
    func frame() -> String {
        var output = ANSI.hideCursor + ANSI.resetAttributes + ANSI.moveTo(row: 1, column: 1) + ANSI.clearScreen
        output += titleBar()
        let (lines, firstBodyRow) = layOutBody()
        for (offset, line) in lines.enumerated() {
            output += text(line.text, row: firstBodyRow + offset, column: contentColumn, style: line.style)
        }
        if state.isConfirmingQuit {
            output += text("Quit setup? (y/n)", row: max(1, rows - 2), column: contentColumn, style: ANSI.questionStyle)
        }
        output += statusLine()
        if state.step == .name && !state.isConfirmingQuit,
           let nameOffset = lines.firstIndex(where: \.isNameField) {
            let cursorColumn = contentColumn + Self.nameLabel.count + DisplayWidth.of(visibleName())
            if firstBodyRow + nameOffset < rows && cursorColumn <= columns {
                output += ANSI.moveTo(row: firstBodyRow + nameOffset, column: cursorColumn) + ANSI.showCursor
            }
        }
        return output
    }

    /// One line of the centred column, with an optional style.
    private struct Line {
        var text: String
        var style: String? = nil
        /// Kept when the terminal is too short for every line (the field, menu or bar itself).
        var isEssential = false
        /// The line with the name field, where the cursor goes.
        var isNameField = false
    }

    private static let nameLabel = "Name: "

    /// The body lines to draw and the row of the first one: every line, centred vertically
    /// between the title bar and the rows kept free for the quit question and status line, or
    /// only the essential lines, from row 2, when the terminal is too short for all of them.
    private func layOutBody() -> (lines: [Line], firstRow: Int) {
        let all = bodyLines()
        let freeRows = rows - 5
        if all.count <= freeRows {
            return (all, max(3, (rows - all.count) / 2 + 1))
        }
        return (all.filter(\.isEssential), 2)
    }

    /// The lines of the current screen.
    private func bodyLines() -> [Line] {
        switch state.step {
        case .name:
            return [
                Line(text: "Welcome! Let's set up SampleApp."),
                Line(text: ""),
                Line(text: Self.nameLabel + visibleName(), isEssential: true, isNameField: true),
                Line(text: state.nameError ?? "", style: ANSI.errorStyle, isEssential: true),
                Line(text: ""),
                Line(text: "Type your name, then press Enter.", style: ANSI.hintStyle),
            ]
        case .theme:
            let environment = ProcessInfo.processInfo.environment
            let labels = Theme.allCases.map { $0.menuLabel(environment: environment) }
            let itemWidth = (labels.map(\.count).max() ?? 0) + 4
            let items = labels.enumerated().map { index, label in
                index == state.selectedThemeIndex
                    ? Line(text: padded("> " + label, to: itemWidth), style: ANSI.inverseStyle, isEssential: true)
                    : Line(text: "  " + label, isEssential: true)
            }
            return [Line(text: "Hello, \(state.name)!"), Line(text: ""), Line(text: "Choose a theme", isEssential: true), Line(text: "")]
                + items
                + [Line(text: ""), Line(text: "Up/Down to move, Enter to choose.", style: ANSI.hintStyle)]
        case .progress:
            let filled = state.progressTicks
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: WizardState.progressTickCount - filled)
            return [
                Line(text: "Setting up [\(bar)] \(state.progressPercent)%", isEssential: true),
                Line(text: ""),
                Line(text: "Theme: \(state.selectedTheme.rawValue)", style: ANSI.hintStyle),
            ]
        }
    }

    /// The end of the typed name that fits in the field, so the cursor stays visible.
    private func visibleName() -> String {
        let room = max(1, contentWidth - Self.nameLabel.count - 1)
        return DisplayWidth.suffix(of: state.name, fitting: room)
    }

    /// Row 1: `SampleApp setup` centred, bold white on blue across the full width.
    private func titleBar() -> String {
        let title = "SampleApp setup"
        let leftPadding = max(0, (columns - title.count) / 2)
        let bar = padded(String(repeating: " ", count: leftPadding) + title, to: columns)
        return text(bar, row: 1, column: 1, style: ANSI.titleBarStyle)
    }

    /// The last row: step and keys on the left, the terminal size on the right. It stops one
    /// column short of the edge so that no terminal scrolls when the bottom-right cell is written.
    private func statusLine() -> String {
        guard rows >= 3 else { return "" }
        let stepNumber = switch state.step { case .name: 1; case .theme: 2; case .progress: 3 }
        let sizeText = state.size.description
        let usable = max(0, columns - 1)
        let help = " Step \(stepNumber) of 3   Enter: confirm   Ctrl-C: quit"
        let helpRoom = max(0, usable - sizeText.count - 1)
        let line = padded(String(help.prefix(helpRoom)), to: max(0, usable - sizeText.count)) + sizeText
        return text(line, row: rows, column: 1, style: nil)
    }

    /// `string` drawn at `row`, `column` in `style`, cut at the right edge; nothing if the row
    /// is off the screen.
    private func text(_ string: String, row: Int, column: Int, style: String?) -> String {
        guard row >= 1, row <= rows, column <= columns, !string.isEmpty else { return "" }
        let visible = String(string.prefix(columns - column + 1))
        return ANSI.moveTo(row: row, column: column) + (style ?? "") + visible + (style == nil ? "" : ANSI.resetAttributes)
    }

    /// `string` with spaces added to reach `width` characters.
    private func padded(_ string: String, to width: Int) -> String {
        string + String(repeating: " ", count: max(0, width - string.count))
    }
}
