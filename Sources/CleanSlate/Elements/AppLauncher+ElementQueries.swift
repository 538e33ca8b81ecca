import CleanSlateScreen

/// A query on a launched app's screen (`app.buttons`), resolved against the screen each time it
/// is used.
public typealias AppElementQuery = ElementQuery<AppLauncher>
/// One element of a launched app's screen (`app.buttons["OK"]`), found on the screen each time it
/// is used; see `ElementReference.waitForExistence(timeout:)` and the actions (`click()`,
/// `select()`, `toggle()`, `press()`, `typeText(_:)`).
public typealias AppElement = ElementReference<AppLauncher>

extension AppLauncher: ScreenElementSource, ElementQueryScope {
    /// The elements recognised on the app's screen now, and that screen.
    ///
    /// - Throws: `.notRunning` if the app has not been launched on a terminal.
    public func elementsForQuery() throws -> (tree: ScreenElementTree, screen: ScreenSnapshot?) {
        let screen = try screen()
        return (screen.elements, screen)
    }

    /// A `CleanSlateError` (`.elementNotFound` or `.ambiguousElement`) with the query's message
    /// followed by the framed screen.
    public func failure(_ error: ElementQueryError, on screen: ScreenSnapshot?) -> any Error {
        CleanSlateError(error.reason == .notFound ? .elementNotFound : .ambiguousElement, Self.message(error.description, screen))
    }

    /// `message`, then the screen framed with row numbers and the cursor, as wait failures show it.
    static func message(_ message: String, _ screen: ScreenSnapshot?) -> String {
        guard let screen else { return message }
        return message + "\nscreen (\(screen.rows)x\(screen.columns)\(screen.isAlternateScreenActive ? ", alternate screen" : "")):\n" + screen.framed()
    }

    /// Every element of `kind` on the app's screen.
    public func descendants(matching kind: ScreenElementKind) -> AppElementQuery {
        ElementQuery(source: self, locator: ElementLocator(kind: kind))
    }
}

extension CleanSlateError.Code {
    /// An element query named nothing on the screen (reading an element's properties without
    /// waiting; waits time out with `.timedOut` instead).
    public static let elementNotFound = CleanSlateError.Code("elementNotFound")
    /// An element query that must name one element matched several (strict mode); the message
    /// lists them with their positions.
    public static let ambiguousElement = CleanSlateError.Code("ambiguousElement")
    /// An action on an element cannot be done the way asked: a click when the app has not turned
    /// on mouse reporting, typing into a text field that is not focused, a key hint whose key has
    /// no known encoding, a row that arrow keys cannot reach.
    public static let actionUnavailable = CleanSlateError.Code("actionUnavailable")
}
