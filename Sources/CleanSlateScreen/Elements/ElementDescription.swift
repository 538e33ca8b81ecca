extension ScreenElement: CustomDebugStringConvertible {
    /// One line for the element and, indented under it, one for each of its children, as
    /// XCUIElement's `debugDescription` prints a hierarchy:
    /// `button "OK" 12,20 1x8 highlighted`, `checkBox "Cloud sync" identifier "Sync" 8,22 1x20 checked`,
    /// `keyHint "Exit" 23,0 1x7 key ^X`, `textField "Name" 5,9 1x20 focused value "Ada"`.
    public var debugDescription: String {
        var lines: [String] = []
        describe(depth: 0, into: &lines)
        return lines.joined(separator: "\n")
    }

    /// Appends this element's line and its children's, indented two blanks per level.
    func describe(depth: Int, into lines: inout [String]) {
        var line = String(repeating: "  ", count: depth) + "\(kind.rawValue) \(EscapedText.quoted(label))"
        if let identifier { line += " identifier \(EscapedText.quoted(identifier))" }
        line += " \(frame)"
        if isHighlighted { line += " highlighted" }
        if hasFocus { line += " focused" }
        if let isChecked { line += isChecked ? " checked" : " unchecked" }
        switch value {
        case .text(let text): line += " value \(EscapedText.quoted(text))"
        case .fraction(let fraction): line += " value \(Self.percent(fraction))"
        case nil: break
        }
        if let keyName { line += " key \(keyName)" }
        if let detail { line += " detail \(EscapedText.quoted(detail))" }
        lines.append(line)
        for child in children { child.describe(depth: depth + 1, into: &lines) }
    }

    /// A fraction as a percentage with at most one decimal: `42%`, `12.5%`.
    static func percent(_ fraction: Double) -> String {
        let tenths = (fraction * 1000).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10))%" : "\(tenths / 10)%"
    }
}

extension ScreenElementTree: CustomDebugStringConvertible {
    /// Every element, one per line, children indented under their window (see
    /// ``ScreenElement/debugDescription``); `(no elements)` for an empty screen.
    public var debugDescription: String {
        var lines: [String] = []
        for root in roots { root.describe(depth: 0, into: &lines) }
        return lines.isEmpty ? "(no elements)" : lines.joined(separator: "\n")
    }
}
