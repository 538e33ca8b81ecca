/// How a query's label is compared with an element's label.
///
/// Labels compare case-sensitively and exactly, except for white space: spaces at either end
/// are ignored and a run of white space inside counts as one space, because terminal layouts pad
/// labels to line them up (dialog draws `< No  >` beside `< Yes >`). `buttons["No"]` therefore
/// finds `< No  >`, and `staticTexts["Hello,  world"]` finds `Hello, world`; `buttons["ok"]` does
/// not find `OK`. Use ``ElementQuery/matching(_:)-swift.method`` for anything looser.
public enum ElementLabel {
    /// Whether an element labelled `label` is what a query for `wanted` names.
    public static func matches(_ label: String, _ wanted: String) -> Bool {
        if let same = asciiWordsMatch(label, wanted) { return same }
        return normalized(label) == normalized(wanted)
    }

    /// ``matches(_:_:)`` for two ASCII strings, compared byte by byte without building the
    /// normalized strings (waits compare a label with every element of its kind on each wake);
    /// `nil` when either string holds anything else (white space: ``isASCIISpace(_:)``).
    static func asciiWordsMatch(_ label: String, _ wanted: String) -> Bool? {
        var label = label
        var wanted = wanted
        return label.withUTF8 { first in
            wanted.withUTF8 { second -> Bool? in
                guard first.allSatisfy({ $0 < 0x80 }), second.allSatisfy({ $0 < 0x80 }) else { return nil }
                let isSpace = isASCIISpace
                var i = 0
                var j = 0
                while i < first.count && isSpace(first[i]) { i += 1 }
                while j < second.count && isSpace(second[j]) { j += 1 }
                while i < first.count && j < second.count {
                    let a = first[i], b = second[j]
                    if isSpace(a) && isSpace(b) {
                        while i < first.count && isSpace(first[i]) { i += 1 }
                        while j < second.count && isSpace(second[j]) { j += 1 }
                        // A run of white space at the end of one only is trimmed, not a word gap.
                        continue
                    }
                    guard a == b else { return false }
                    i += 1
                    j += 1
                }
                while i < first.count && isSpace(first[i]) { i += 1 }
                while j < second.count && isSpace(second[j]) { j += 1 }
                return i == first.count && j == second.count
            }
        }
    }

    /// `text` with white space at the ends removed and inner runs of it made one space.
    public static func normalized(_ text: String) -> String {
        words(of: text).joined(separator: " ")
    }

    /// The words of `text`: its runs of characters between white space (`Character.isWhitespace`).
    /// An ASCII text is split on its bytes (an element wait splits its labels once per wait, and
    /// reading characters costs more than the wait's check of a screen).
    public static func words(of text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.split(whereSeparator: isASCIISpace).map { String(decoding: $0, as: UTF8.self) }
        }
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether an ASCII byte is white space as `Character.isWhitespace` knows it: tab, line feed,
    /// vertical tab, form feed, carriage return (also as `\r\n`) and space.
    static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

extension ScreenElementKind {
    /// The kind as messages name one element of it: `button`, `check box`, `menu item`.
    public var displayName: String {
        switch self {
        case .window: return "window"
        case .staticText: return "static text"
        case .button: return "button"
        case .checkBox: return "check box"
        case .radioButton: return "radio button"
        case .menuItem: return "menu item"
        case .textField: return "text field"
        case .progressIndicator: return "progress indicator"
        case .keyHint: return "key hint"
        case .text: return "text"
        }
    }

    /// The kind as messages name several elements of it: `buttons`, `check boxes`.
    public var pluralDisplayName: String {
        self == .checkBox ? "check boxes" : displayName + "s"
    }
}
