/// The elements of one kind that a query names, resolved against its source each time it is used:
/// `screen.buttons`, `app.windows["Settings"].checkBoxes`, `app.menuItems.matching(/^Da/)`.
///
/// The counterpart of XCUITest's `XCUIElementQuery`. Subscripting by label, ``firstMatch`` and
/// ``element(boundBy:)`` give an ``ElementReference``, which names one element.
public struct ElementQuery<Source: ScreenElementSource>: Sendable {
    /// What the query is resolved against.
    public let source: Source
    /// Which elements it names.
    public let locator: ElementLocator

    /// Creates a query for the elements `locator` names in `source`.
    public init(source: Source, locator: ElementLocator) {
        self.source = source
        self.locator = locator
    }

    /// The one element labelled `label` (see ``ElementLabel`` for how labels compare). Using it
    /// throws if there is none or more than one (strict mode).
    public subscript(_ label: String) -> ElementReference<Source> {
        ElementReference(source: source, locator: locator.labelled(label))
    }

    /// The elements whose label contains a match of `regex` (anchor it with `^` and `$` to match
    /// the whole label).
    public func matching<Output>(_ regex: Regex<Output>) -> ElementQuery<Source> {
        nonisolated(unsafe) let regex = regex
        return ElementQuery(source: source, locator: locator.filtered("matching a regular expression") { element in
            element.label.contains(regex)
        })
    }

    /// The elements whose label contains a match of the regular expression `pattern`.
    ///
    /// - Throws: ``ElementQueryPatternError`` if `pattern` is not a valid regular expression.
    public func matching(pattern: String) throws -> ElementQuery<Source> {
        let regex: Regex<AnyRegexOutput>
        do { regex = try Regex(pattern) } catch { throw ElementQueryPatternError(pattern: pattern, reason: "\(error)") }
        nonisolated(unsafe) let sendableRegex = regex
        return ElementQuery(source: source, locator: locator.filtered("matching /\(pattern)/") { element in
            element.label.contains(sendableRegex)
        })
    }

    /// The elements for which `predicate` holds; `description` names the condition in failure
    /// messages.
    public func matching(
        _ description: String = "matching a predicate", _ predicate: @escaping @Sendable (ScreenElement) -> Bool
    ) -> ElementQuery<Source> {
        ElementQuery(source: source, locator: locator.filtered(description, predicate))
    }

    /// The first element the query finds, in reading order: choosing explicitly where several
    /// may match.
    public var firstMatch: ElementReference<Source> { ElementReference(source: source, locator: locator.first) }

    /// The element at `index` (zero-based, in reading order) of those the query finds.
    public func element(boundBy index: Int) -> ElementReference<Source> {
        ElementReference(source: source, locator: locator.bound(by: index))
    }

    /// The one element the query finds; using it throws if there are none or several.
    public var element: ElementReference<Source> { ElementReference(source: source, locator: locator) }

    /// Every element the query finds now, in reading order.
    public var allElements: [ScreenElement] {
        get throws { locator.resolve(in: try source.elementsForQuery().tree).matches }
    }

    /// How many elements the query finds now.
    public var count: Int {
        get throws { try allElements.count }
    }
}

extension ElementQuery: ElementQueryScope {
    /// The elements of `kind` inside any of the elements this query finds.
    public func descendants(matching kind: ScreenElementKind) -> ElementQuery<Source> {
        ElementQuery(source: source, locator: locator.descendants(matching: kind))
    }
}

/// A regular expression given to ``ElementQuery/matching(pattern:)`` that does not compile.
public struct ElementQueryPatternError: Error, Sendable, CustomStringConvertible {
    /// The pattern.
    public let pattern: String
    /// Why it does not compile.
    public let reason: String
    /// The message.
    public var description: String { "the regular expression \(pattern.debugDescription) is invalid: \(reason)" }
}
