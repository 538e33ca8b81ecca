import Foundation

/// An asciicast v2 recording written by hand for the writer's tests: a header, then events half a
/// second apart (the times must not reach the written test).
struct SyntheticCast {
    var rows = 12
    var columns = 40
    var pipe = false
    var title = "demo"
    var events: [(code: String, data: String)] = []

    mutating func output(_ text: String) { events.append(("o", text)) }
    mutating func input(_ text: String) { events.append(("i", text)) }

    /// The recording's text.
    var text: String {
        let header: [String: Any] = ["version": 2, "width": columns, "height": rows, "title": title,
                                     "env": ["TERM": pipe ? "dumb" : "xterm-256color"]]
        var lines = [String(decoding: try! JSONSerialization.data(withJSONObject: header, options: .sortedKeys), as: UTF8.self)]
        for (index, event) in events.enumerated() {
            let line: [Any] = [Double(index + 1) * 0.5, event.code, event.data]
            lines.append(String(decoding: try! JSONSerialization.data(withJSONObject: line), as: UTF8.self))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A menu of themes at rows 4-6 with `highlighted` drawn in inverse video, as SampleApp's wizard
    /// draws it.
    static func themeMenu(highlighted: Int) -> String {
        var screen = "\u{1B}[H\u{1B}[2J\u{1B}[2;3HChoose a theme"
        for (index, theme) in ["Light", "Dark", "Solarized"].enumerated() {
            let padded = theme.padding(toLength: 11, withPad: " ", startingAt: 0)
            screen += "\u{1B}[\(4 + index);3H" + (index == highlighted ? "\u{1B}[7m> \(padded)\u{1B}[0m" : "  \(padded)")
        }
        return screen
    }
}
