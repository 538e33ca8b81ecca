import CleanSlate
import CleanSlateScreen

/// Swift source spellings of values in a written test.
enum SwiftLiteral {
    /// `text` as a Swift string literal (quotes, backslashes and control characters escaped).
    static func string(_ text: String) -> String { EscapedText.quoted(text) }

    /// `key` as the API names it: `.down`, `.function(10)`, `.character("x")`.
    static func key(_ key: Key) -> String {
        switch key {
        case .enter: return ".enter"
        case .tab: return ".tab"
        case .backspace: return ".backspace"
        case .escape: return ".escape"
        case .up: return ".up"
        case .down: return ".down"
        case .right: return ".right"
        case .left: return ".left"
        case .home: return ".home"
        case .end: return ".end"
        case .pageUp: return ".pageUp"
        case .pageDown: return ".pageDown"
        case .insert: return ".insert"
        case .delete: return ".delete"
        case let .function(number): return ".function(\(number))"
        case let .character(character): return ".character(\(string(String(character))))"
        }
    }

    /// `modifiers` as an option set literal: `.control`, `[.control, .alt]`.
    static func modifiers(_ modifiers: Key.Modifiers) -> String {
        let names = [(Key.Modifiers.shift, ".shift"), (.alt, ".alt"), (.control, ".control")]
            .filter { modifiers.contains($0.0) }.map(\.1)
        return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
    }

    /// `app.press(...)` for `key` with `modifiers`, `times` times: one call, or several of at most
    /// `AppLauncher.maximumPressCount` presses each (the most one call accepts).
    static func press(_ key: Key, _ modifiers: Key.Modifiers, times: Int = 1) -> [String] {
        var call = "try app.press(\(self.key(key))"
        if !modifiers.isEmpty { call += ", modifiers: \(self.modifiers(modifiers))" }
        let most = AppLauncher.maximumPressCount
        var calls = [String](repeating: call + ", times: \(most))", count: (times - 1) / most)
        let rest = times - calls.count * most
        calls.append(rest > 1 ? call + ", times: \(rest))" : call + ")")
        return calls
    }
}
