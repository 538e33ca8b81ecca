import CleanSlateScreen

/// The key a key hint names, as TUIs print it in their legends.
enum KeyHintKeys {
    /// The key and modifiers for `name`: `^X` is Ctrl-X, `M-U` (or `Alt-U`) is Alt-U, `C-x` and
    /// `Ctrl-X` are Ctrl-X, `F10` is F10, a bare number 1 to 12 (mc's bar: `10Quit`) is that
    /// function key, `Esc`, `Enter`, `Tab`, `Space`, `Del`, `Home`, `End`, `PgUp`, `PgDn` are
    /// those keys, and any other single character is that character. Letters with Ctrl or Alt are
    /// sent lower case, as the keyboard sends them without Shift. Nil for anything else.
    static func key(for name: String) -> (Key, Key.Modifiers)? {
        let trimmed = ElementLabel.normalized(name)
        for (prefix, modifier) in [("^", Key.Modifiers.control), ("C-", .control), ("Ctrl-", .control), ("Ctrl+", .control),
                                   ("M-", .alt), ("Alt-", .alt), ("Alt+", .alt)] where trimmed.hasPrefix(prefix) && trimmed.count > prefix.count {
            guard let (key, modifiers) = key(for: String(trimmed.dropFirst(prefix.count))) else { return nil }
            if case let .character(character) = key { return (.character(Character(character.lowercased())), modifiers.union(modifier)) }
            return (key, modifiers.union(modifier))
        }
        if let number = Int(trimmed.hasPrefix("F") ? String(trimmed.dropFirst()) : trimmed), (1...12).contains(number),
           trimmed.hasPrefix("F") || trimmed.allSatisfy(\.isNumber) {
            return (.function(number), [])
        }
        switch trimmed.lowercased() {
        case "esc", "escape": return (.escape, [])
        case "enter", "return", "ret": return (.enter, [])
        case "tab": return (.tab, [])
        case "space", "spc": return (.character(" "), [])
        case "del", "delete": return (.delete, [])
        case "ins", "insert": return (.insert, [])
        case "home": return (.home, [])
        case "end": return (.end, [])
        case "pgup", "pageup": return (.pageUp, [])
        case "pgdn", "pagedown": return (.pageDown, [])
        case "bksp", "backspace": return (.backspace, [])
        default: break
        }
        guard trimmed.count == 1, let character = trimmed.first, !character.isWhitespace else { return nil }
        return (.character(character), [])
    }
}
