/// Why a query could not be resolved to one element.
///
/// Its description says what was asked for and what the screen showed instead, with positions
/// (`row,column` of the top-left cell, zero-based), for example
/// `no button "Save"; buttons on the screen: "< Yes >" at 12,20 (highlighted), "< No  >" at 12,31`.
public struct ElementQueryError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// Nothing on the screen matches the query.
        case notFound
        /// More than one element matches a query that must name one (strict mode); pick one with
        /// `firstMatch`, `element(boundBy:)` or a narrower scope.
        case ambiguous
    }

    /// What went wrong.
    public let reason: Reason
    /// The query, as messages name it (`button "OK" in window "Settings"`).
    public let query: String
    /// The elements that matched (two or more when ``reason`` is `.ambiguous`, none otherwise).
    public let matches: [ScreenElement]
    /// The elements of the query's kind where it looked, for the message.
    public let candidates: [ScreenElement]
    /// The message.
    public let description: String

    /// The error for `resolution` of `locator`, its elements described as drawn on `screen` when given.
    public init(_ reason: Reason, locator: ElementLocator, resolution: ElementLocator.Resolution, screen: ScreenSnapshot?) {
        self.reason = reason
        self.query = locator.description
        self.matches = resolution.matches
        self.candidates = resolution.candidates
        switch reason {
        case .notFound:
            description = ConsoleText.safe("no \(locator.description); " + ElementListing.describe(resolution.candidates, kind: locator.kind, on: screen))
        case .ambiguous:
            description = ConsoleText.safe("\(locator.description) matches \(resolution.matches.count) elements: "
                + ElementListing.list(resolution.matches, on: screen)
                + "; name one with firstMatch or element(boundBy:), or narrow the scope (windows[\"...\"].\(locator.kind.queryName)[...])")
        }
    }
}

/// Elements written out for failure messages, as the screen draws them.
public enum ElementListing {
    /// `buttons on the screen: "< Yes >" at 12,20 (highlighted), "< No >" at 12,31`, or
    /// `no buttons on the screen`.
    public static func describe(_ elements: [ScreenElement], kind: ScreenElementKind, on screen: ScreenSnapshot?) -> String {
        elements.isEmpty ? "no \(kind.pluralDisplayName) on the screen"
            : "\(kind.pluralDisplayName) on the screen: " + list(elements, on: screen)
    }

    /// Each element as its text on `screen` (its label when it spans rows or there is no screen),
    /// its top-left cell, and its state.
    public static func list(_ elements: [ScreenElement], on screen: ScreenSnapshot?) -> String {
        elements.map { element in
            var text = "\(drawnText(of: element, on: screen).debugDescription) at \(element.frame.row),\(element.frame.column)"
            var states: [String] = []
            if element.isHighlighted { states.append("highlighted") }
            if let checked = element.isChecked { states.append(checked ? "checked" : "unchecked") }
            switch element.value {
            case let .text(value)?: states.append("value \(value.debugDescription)")
            case let .fraction(value)?: states.append("value \(value)")
            case nil: break
            }
            if let key = element.keyName { states.append("key \(key)") }
            if !states.isEmpty { text += " (" + states.joined(separator: ", ") + ")" }
            return text
        }.joined(separator: ", ")
    }

    /// What the screen shows in a one-row element's frame (`< Yes >`), or its label.
    static func drawnText(of element: ScreenElement, on screen: ScreenSnapshot?) -> String {
        guard let screen, element.frame.height == 1 else { return element.label }
        let frame = element.frame
        let cells = (frame.column..<(frame.column + frame.width)).compactMap { try? screen.cell(row: frame.row, column: $0) }
        var drawn = cells.filter { $0.width != 0 }.map { $0.character.isEmpty ? " " : $0.character }.joined()
        while drawn.last == " " { drawn.removeLast() }
        return drawn.isEmpty ? element.label : drawn
    }
}

extension ScreenElementKind {
    /// The query property that finds this kind: `buttons`, `checkBoxes`.
    public var queryName: String {
        switch self {
        case .window: return "windows"
        case .staticText: return "staticTexts"
        case .button: return "buttons"
        case .checkBox: return "checkBoxes"
        case .radioButton: return "radioButtons"
        case .menuItem: return "menuItems"
        case .textField: return "textFields"
        case .progressIndicator: return "progressIndicators"
        case .keyHint: return "keyHints"
        case .text: return "texts"
        }
    }
}
