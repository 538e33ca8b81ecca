import CleanSlateScreen
import Foundation

/// `cleanslate render --elements --json`: the elements recognised on a screen as one JSON object,
/// for tools and for people checking recognition. Stable: fields are only ever added, never renamed
/// or given another meaning; `version` changes if that ever has to happen.
///
/// ```
/// {"version": 1, "rows": 24, "columns": 80, "elements": [ELEMENT, ...]}
/// ELEMENT: {"kind": "menuItem", "label": "Apple", "frame": {"row": 3, "column": 10, "height": 1, "width": 7},
///           "states": ["highlighted"], "children": [ELEMENT, ...]}
/// ```
/// `kind` is one of `window`, `staticText`, `button`, `checkBox`, `radioButton`, `menuItem`,
/// `textField`, `progressIndicator`, `keyHint` (never `text`: texts are found by queries, not
/// recognised). `frame` is in zero-based cells. `states` lists
/// those that hold, in this order: `highlighted`, `checked` or `unchecked` (for check boxes and
/// radio buttons), `focused`. Present only when the element has one: `value` (a text field's
/// text as a string, a progress indicator's fraction from 0 to 1 as a number), `key` (a key
/// hint's key as drawn, `^X`), `identifier` (a list row's tag, which a query also matches),
/// `detail` (text drawn beside the label, such as a table row's other columns). Keys are written in sorted order, so the same screen gives the same bytes.
enum ElementListingJSON {
    /// The listing's format version.
    static let version = 1

    /// The listing of `screen`'s elements, one line of JSON.
    static func text(of screen: ScreenSnapshot) -> String {
        // Held in a local: with `screen.elements.roots.map` inside the literal, a debug build by
        // Swift 6.3.1 freed the temporary tree before `map` had read its roots (valgrind: a read
        // of freed memory; `render --elements --json` crashed in 15 of 30 runs).
        let roots = screen.elements.roots
        let object: [String: Any] = [
            "version": version, "rows": screen.rows, "columns": screen.columns,
            "elements": roots.map(object(of:)),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func object(of element: ScreenElement) -> [String: Any] {
        var states: [String] = []
        if element.isHighlighted { states.append("highlighted") }
        if let checked = element.isChecked { states.append(checked ? "checked" : "unchecked") }
        if element.hasFocus { states.append("focused") }
        var result: [String: Any] = [
            "kind": element.kind.rawValue,
            "label": element.label,
            "frame": ["row": element.frame.row, "column": element.frame.column, "height": element.frame.height, "width": element.frame.width],
            "states": states,
            "children": element.children.map(object(of:)),
        ]
        switch element.value {
        case let .text(text)?: result["value"] = text
        case let .fraction(fraction)?: result["value"] = fraction
        case nil: break
        }
        if let key = element.keyName { result["key"] = key }
        if let identifier = element.identifier { result["identifier"] = identifier }
        if let detail = element.detail { result["detail"] = detail }
        return result
    }
}
