import CleanSlate

/// Whether a key hint's key name (`^X`, `Enter`, `F10`, `M-U`, `q`) is the key a person pressed.
enum KeyNames {
    /// True when `name` names `key` with `modifiers`.
    static func names(_ name: String, _ key: Key, _ modifiers: Key.Modifiers) -> Bool {
        let spelled = name.trimmingSpaces
        return spellings(key, modifiers).contains { $0.lowercased() == spelled.lowercased() }
            || (spelled.count == 1 && modifiers.isEmpty && key == .character(Character(spelled)))
    }

    /// The ways hints spell `key` with `modifiers`.
    private static func spellings(_ key: Key, _ modifiers: Key.Modifiers) -> [String] {
        let bases: [String]
        switch key {
        case .enter: bases = ["Enter", "Return", "RET", "CR"]
        case .escape: bases = ["Esc", "Escape"]
        case .tab: bases = ["Tab"]
        case .backspace: bases = ["Backspace", "BS"]
        case .delete: bases = ["Del", "Delete"]
        case .home: bases = ["Home"]
        case .end: bases = ["End"]
        case .pageUp: bases = ["PgUp", "PageUp"]
        case .pageDown: bases = ["PgDn", "PageDown"]
        case .insert: bases = ["Ins", "Insert"]
        case .up: bases = ["Up"]
        case .down: bases = ["Down"]
        case .left: bases = ["Left"]
        case .right: bases = ["Right"]
        case let .function(number): bases = ["F\(number)"] + (modifiers.isEmpty ? ["\(number)"] : [])
        case .character(" "): bases = ["Space", "SPC"]
        case let .character(character): bases = [String(character)]
        }
        if modifiers == .control { return bases.flatMap { ["^\($0)", "C-\($0)", "Ctrl-\($0)", "Ctrl+\($0)"] } }
        if modifiers == .alt { return bases.flatMap { ["M-\($0)", "Alt-\($0)", "Alt+\($0)", "A-\($0)"] } }
        return modifiers.isEmpty ? bases : []
    }
}
