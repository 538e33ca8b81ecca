/// What makes a name acceptable, shared by the line prompt, the wizard and profile loading.
enum NameRules {
    /// The longest name accepted, in characters.
    static let maximumLength = 64

    /// Why `name` (already trimmed) cannot be used, or nil if it is fine. Control characters are
    /// refused because the name is printed back to the terminal.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "Name cannot be empty" }
        if name.count > maximumLength { return "Name is too long (at most \(maximumLength) characters)" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "Name cannot contain control characters"
        }
        return nil
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace }
        guard let first = text.firstIndex(where: { !isBlank($0) }),
              let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }
}
