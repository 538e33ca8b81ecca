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
        normalized(label) == normalized(wanted)
    }

    /// `text` with white space at the ends removed and inner runs of it made one space.
    public static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
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
        }
    }

    /// The kind as messages name several elements of it: `buttons`, `check boxes`.
    public var pluralDisplayName: String {
        self == .checkBox ? "check boxes" : displayName + "s"
    }
}
