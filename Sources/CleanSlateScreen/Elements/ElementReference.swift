/// One element, named by a query and found on its source's screen each time it is used:
/// `screen.buttons["OK"]`, `app.windows["Settings"].radioButtons["Dark"]`.
///
/// The counterpart of XCUITest's `XCUIElement`. ``exists`` asks without failing; reading any other
/// property resolves the query strictly: it throws ``ElementQueryError`` (or, on a launched app,
/// a `CleanSlateError` showing the screen) when nothing matches or when several elements do.
public struct ElementReference<Source: ScreenElementSource>: Sendable {
    /// What the element is looked for in.
    public let source: Source
    /// Which element it is.
    public let locator: ElementLocator

    /// Creates a reference to the element `locator` names in `source`.
    public init(source: Source, locator: ElementLocator) {
        self.source = source
        self.locator = locator
    }

    /// Whether at least one element matches now. (Reading its other properties also requires
    /// that no more than one does.)
    public var exists: Bool {
        guard let tree = try? source.elementsForQuery().tree else { return false }
        return !locator.resolve(in: tree).matches.isEmpty
    }

    /// The element as it is now.
    ///
    /// - Throws: when no element or more than one matches.
    public func resolve() throws -> ScreenElement {
        let (tree, screen) = try source.elementsForQuery()
        return try Self.resolveOne(locator, in: tree, screen: screen, source: source)
    }

    /// The one element `locator` names in `tree` (recognised on `screen`), or `source`'s error for none or several.
    public static func resolveOne(_ locator: ElementLocator, in tree: ScreenElementTree, screen: ScreenSnapshot?, source: Source) throws -> ScreenElement {
        let resolution = locator.resolve(in: tree)
        switch resolution.matches.count {
        case 1: return resolution.matches[0]
        case 0: throw source.failure(ElementQueryError(.notFound, locator: locator, resolution: resolution, screen: screen), on: screen)
        default: throw source.failure(ElementQueryError(.ambiguous, locator: locator, resolution: resolution, screen: screen), on: screen)
        }
    }

    /// The first of the elements this reference's query finds, in reading order: choosing
    /// explicitly where several may match (`buttons["OK"].firstMatch`).
    public var firstMatch: ElementReference<Source> { ElementReference(source: source, locator: locator.first) }

    /// The words a person reads as its name.
    public var label: String { get throws { try resolve().label } }
    /// Where it is on the screen.
    public var frame: ScreenRectangle { get throws { try resolve().frame } }
    /// Whether it is drawn as the current one among its siblings (the highlighted row, the focused button).
    public var isHighlighted: Bool { get throws { try resolve().isHighlighted } }
    /// The same as ``isHighlighted``, named as XCUITest names it.
    public var isSelected: Bool { get throws { try resolve().isHighlighted } }
    /// For a check box or radio button, whether it is ticked; `nil` for other kinds.
    public var isChecked: Bool? { get throws { try resolve().isChecked } }
    /// A text field's text or a progress indicator's fraction; `nil` for other kinds.
    public var value: ScreenElementValue? { get throws { try resolve().value } }
    /// For a key hint, its key as the app prints it (`^X`, `F10`).
    public var keyName: String? { get throws { try resolve().keyName } }
    /// For a list's row, the text in its other columns (dialog's item text beside its tag).
    public var detail: String? { get throws { try resolve().detail } }
    /// How its label is drawn.
    public var style: ScreenElementStyle { get throws { try resolve().style } }
}

extension ElementReference: ElementQueryScope {
    /// The elements of `kind` inside this element (a window's buttons).
    public func descendants(matching kind: ScreenElementKind) -> ElementQuery<Source> {
        ElementQuery(source: source, locator: locator.descendants(matching: kind))
    }
}
