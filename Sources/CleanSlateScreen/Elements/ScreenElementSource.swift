/// Something element queries are resolved against: a ``ScreenSnapshot``, a ``ScreenElementTree``,
/// or (in CleanSlate) a launched app, whose current screen is read each time a query is used.
public protocol ScreenElementSource: Sendable {
    /// The elements to resolve a query against now, and the screen they were recognised on when
    /// there is one (failure messages show elements as the screen draws them).
    func elementsForQuery() throws -> (tree: ScreenElementTree, screen: ScreenSnapshot?)

    /// The error to throw when a query cannot be resolved to one element: by default `error` itself.
    func failure(_ error: ElementQueryError, on screen: ScreenSnapshot?) -> any Error
}

extension ScreenElementSource {
    /// `error` itself.
    public func failure(_ error: ElementQueryError, on screen: ScreenSnapshot?) -> any Error { error }
}

extension ScreenSnapshot: ScreenElementSource {
    /// The elements recognised on this screen, and the screen.
    public func elementsForQuery() -> (tree: ScreenElementTree, screen: ScreenSnapshot?) { (elements, self) }
}

extension ScreenElementTree: ScreenElementSource {
    /// The tree itself (there is no screen: failures name elements by their labels).
    public func elementsForQuery() -> (tree: ScreenElementTree, screen: ScreenSnapshot?) { (self, nil) }
}

/// Where element queries start: a source, or one element whose descendants are searched.
/// Gives every scope XCUITest's vocabulary (`buttons`, `menuItems`, ...).
public protocol ElementQueryScope {
    /// The source queries are resolved against.
    associatedtype Source: ScreenElementSource

    /// The elements of `kind` inside this scope (anywhere on the screen for a source).
    func descendants(matching kind: ScreenElementKind) -> ElementQuery<Source>
}

extension ElementQueryScope {
    /// Boxes drawn with line-drawing characters, labelled by their titles.
    public var windows: ElementQuery<Source> { descendants(matching: .window) }
    /// Runs of words that are none of the other kinds.
    public var staticTexts: ElementQuery<Source> { descendants(matching: .staticText) }
    /// Push buttons (`< OK >`, `[ Cancel ]`, `<Yes>`), labelled without their brackets.
    public var buttons: ElementQuery<Source> { descendants(matching: .button) }
    /// Check boxes (`[X] Remember me`), labelled without their box.
    public var checkBoxes: ElementQuery<Source> { descendants(matching: .checkBox) }
    /// Radio buttons (`(*) Dark`), labelled without their mark.
    public var radioButtons: ElementQuery<Source> { descendants(matching: .radioButton) }
    /// Rows of lists and menus.
    public var menuItems: ElementQuery<Source> { descendants(matching: .menuItem) }
    /// Fields a person types into.
    public var textFields: ElementQuery<Source> { descendants(matching: .textField) }
    /// Bars that fill as work advances.
    public var progressIndicators: ElementQuery<Source> { descendants(matching: .progressIndicator) }
    /// Key legends (`^X Exit`, `10Quit`), labelled by their action.
    public var keyHints: ElementQuery<Source> { descendants(matching: .keyHint) }
}

extension ScreenSnapshot: ElementQueryScope {
    /// Every element of `kind` on this screen.
    public func descendants(matching kind: ScreenElementKind) -> ElementQuery<ScreenSnapshot> {
        ElementQuery(source: self, locator: ElementLocator(kind: kind))
    }
}

extension ScreenElementTree: ElementQueryScope {
    /// Every element of `kind` in this tree.
    public func descendants(matching kind: ScreenElementKind) -> ElementQuery<ScreenElementTree> {
        ElementQuery(source: self, locator: ElementLocator(kind: kind))
    }
}
