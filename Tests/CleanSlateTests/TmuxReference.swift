import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// What tmux shows for some bytes: its pane's lines (trailing blanks dropped, as
/// `ScreenSnapshot.lines`) and its cursor.
struct TmuxScreen {
    static let path = "/usr/bin/tmux"
    let lines: [String]
    let cursor: ScreenPosition

    /// The VT100's DEC Special Graphics set (`ESC ( 0`), from its manual: what `` ` `` to `~` show.
    private static let specialGraphics: [Character: Character] = [
        "`": "◆", "a": "▒", "b": "␉", "c": "␌", "d": "␍", "e": "␊", "f": "°", "g": "±", "h": "␤", "i": "␋",
        "j": "┘", "k": "┐", "l": "┌", "m": "└", "n": "┼", "o": "⎺", "p": "⎻", "q": "─", "r": "⎼", "s": "⎽",
        "t": "├", "u": "┤", "v": "┴", "w": "┬", "x": "│", "y": "≤", "z": "≥", "{": "π", "|": "≠", "}": "£", "~": "·",
    ]

    /// A line of `capture-pane -p -e` as the characters shown: tmux writes cells drawn in the
    /// special graphics set between SO and SI as their ASCII letters, and styles as CSI sequences
    /// (dropped here), then the trailing blanks dropped.
    static func shownText(ofCapturedLine line: Substring) -> String {
        var shown = "", inGraphics = false, characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\u{0E}": inGraphics = true
            case "\u{0F}": inGraphics = false
            case "\u{1B}":
                guard characters.next() == "[" else { continue }
                while let parameter = characters.next(), !("@"..."~").contains(parameter) {}
            default: shown.append(inGraphics ? specialGraphics[character] ?? character : character)
            }
        }
        return String(shown.reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// Feeds the bytes to a pane of a private tmux server, then prints the pane and its cursor. The
/// server runs in the foreground (`-D`), so it stays in the launch's process tree and ends with it.
/// The pane asks for the cursor position after the bytes (`CSI 6n`) and signals only once tmux has
/// answered, so every byte before the question has been interpreted when the pane is printed.
private let tmuxScript = #"""
rows=$1 columns=$2 input=$HOME/bytes socket=$HOME/tmux.socket
printf 'set -g status off\n' > "$HOME/tmux.conf"
feed='stty raw -echo; cat "$0"; printf "\033[6n"; until [ "$(dd bs=1 count=1 2>/dev/null)" = R ]; do :; done; tmux -S "$1" wait-for -S fed; exec sleep 600'
tmux -D -S "$socket" -f "$HOME/tmux.conf" &
# -N: do not start a server; the loop ends when the one above accepts (polled every 10 ms).
until tmux -N -S "$socket" new-session -d -x "$columns" -y "$rows" -- sh -c "$feed" "$input" "$socket" 2>/dev/null; do
  sleep 0.01
done
tmux -S "$socket" wait-for fed
tmux -S "$socket" display-message -p '#{cursor_y} #{cursor_x}'
tmux -S "$socket" capture-pane -p -e
tmux -S "$socket" kill-server
wait
"""#

extension XCTestCase {
    /// What tmux shows after `bytes` on a pane of `size`; skips (fails under `.ci/run`) without tmux.
    func tmuxScreen(after bytes: [UInt8], size: TerminalSize) throws -> TmuxScreen {
        try requireProgram(TmuxScreen.path)
        let tmux = try makeApp(.name("sh"), arguments: ["-c", tmuxScript, "tmux", "\(size.rows)", "\(size.columns)"])
        try Data(bytes).write(to: URL(fileURLWithPath: tmux.sandbox.home + "/bytes"))
        try tmux.launch()
        try tmux.closeInput()
        XCTAssertEqual(try tmux.waitForExit(timeout: .seconds(30)), .exited(0), tmux.standardError)
        var lines = tmux.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cursor = lines.isEmpty ? [] : lines.removeFirst().split(separator: " ").compactMap { Int($0) }
        guard cursor.count == 2, lines.last == "" else {
            throw UnreadableTmuxOutput(output: tmux.standardOutput)
        }
        lines.removeLast()
        return TmuxScreen(
            lines: lines.map { TmuxScreen.shownText(ofCapturedLine: $0[...]) },
            cursor: ScreenPosition(row: cursor[0], column: cursor[1]))
    }
}

/// tmux printed something other than a cursor position followed by the pane's lines.
struct UnreadableTmuxOutput: Error, CustomStringConvertible {
    let output: String
    var description: String { "tmux printed no cursor position and pane: \(output)" }
}
