import CleanSlateScreen

extension ElementReference where Source == AppLauncher {
    /// How long ``select(timeout:fileID:filePath:line:column:)`` waits for a list to react to an arrow key while the row it
    /// looks for is not on the screen, before it takes the silence as the end of the list and
    /// turns back. (While the row is visible, a key that changes nothing fails after the wait's
    /// full timeout instead.)
    public static var endOfListWait: Duration { .seconds(1) }

    /// How long the screen must be quiet before ``select(timeout:fileID:filePath:line:column:)`` decides on its first
    /// look at the row (the first screen showing it may be one the app is still drawing), and with
    /// the cursor in a text field before ``select(timeout:fileID:filePath:line:column:)`` and
    /// ``typeText(_:timeout:fileID:filePath:line:column:)`` count it as focused (an app's repaint moves the cursor through
    /// every field on its way).
    public static var focusQuietPeriod: Duration { .milliseconds(50) }

    /// Makes a menu item or list row the highlighted one, as a person does with the arrow keys:
    /// Down or Up toward it (Right or Left toward a button on the same row as the highlighted one;
    /// for a text field, the current one is the one with the cursor), waiting for the app's redraw
    /// after each press (never sleeping). It decides on a screen that has been quiet for
    /// ``focusQuietPeriod``, not the first one showing the row: an app may still be drawing it
    /// there (dialog writes its list a row at a time), or move the highlight at once to a row it
    /// remembers. (A screen never quiet that long, a clock ticking faster, makes it time out.)
    /// A row scrolled out of sight is looked for by pressing Down until the list stops changing
    /// (``endOfListWait``), then Up. Presses are bounded by twice the number of rows seen plus two.
    /// Already highlighted: nothing is pressed. The whole selection, every press and redraw
    /// included, ends within `timeout`: a list that keeps growing or relabelling itself, and so
    /// raises the bound with every press, cannot keep it pressing keys.
    ///
    /// - Throws: `.actionUnavailable` listing the rows it saw when it cannot get there (no row of
    ///   its list is highlighted, the bound is reached, or both ends are reached); `.timedOut`
    ///   when neither the row nor its list appears, or when the timeout runs out while it presses
    ///   keys; `.ambiguousElement` if several rows match.
    public func select(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            var selection = Selection(of: self, timeout: timeout)
            var reply = Selection.Reply.started
            while true {
                switch try selection.next(after: reply) {
                case .done: return
                case let .wait(wait): reply = .waited(try wait.block())
                case let .settle(quietPeriod): reply = .screen(try source.waitForScreenToSettle(quietPeriod: quietPeriod, timeout: timeout))
                case let .press(key): try source.press(key, timeout: timeout); reply = .pressed
                case .readScreen: reply = .screen(try source.screen())
                }
            }
        }
    }

    /// The awaited form of ``select(timeout:fileID:filePath:line:column:)``: the same presses and waits, suspending its task
    /// while it waits instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func select(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            var selection = Selection(of: self, timeout: timeout)
            var reply = Selection.Reply.started
            while true {
                switch try selection.next(after: reply) {
                case .done: return
                case let .wait(wait): reply = .waited(try await wait.suspend())
                case let .settle(quietPeriod): reply = .screen(try await source.waitForScreenToSettle(quietPeriod: quietPeriod, timeout: timeout))
                case let .press(key): try await source.press(key, timeout: timeout); reply = .pressed
                case .readScreen: reply = .screen(try source.screen())
                }
            }
        }
    }

    /// Where the highlighted ones of `rows` are, and what they say: what tells that the highlight
    /// moved, whatever else about a row changes while the app redraws it.
    /// For texts, see ``highlightedTextRows(_:toward:)``.
    static func highlightedRows(_ rows: [ScreenElement], toward target: ScreenElement?) -> [String] {
        if let target, target.kind == .text { return highlightedTextRows(rows, toward: target) }
        return rows.filter(\.isHighlighted).map { "\($0.frame.row),\($0.frame.column) \($0.label)" }
    }

    /// Whether `element` is the current one of its list: highlighted, or for a text field, the
    /// focused one (``ScreenElement/hasFocus``: the cursor is in it).
    static func isCurrent(_ element: ScreenElement) -> Bool {
        element.kind == .textField ? element.hasFocus : element.isHighlighted
    }

    /// The arrow toward `target` from `current`: Left or Right along a row (a row of buttons),
    /// otherwise Down or Up.
    static func key(from current: ScreenRectangle, to target: ScreenRectangle) -> Key {
        if current.row == target.row { return current.column < target.column ? .right : .left }
        return current.row < target.row ? .down : .up
    }

    func cannotSelect(_ reason: String, _ rows: [ScreenElement], _ screen: ScreenSnapshot) -> CleanSlateError {
        CleanSlateError(.actionUnavailable, AppLauncher.message(
            "cannot select \(locator): \(reason); " + ElementListing.describe(rows, kind: locator.kind, on: screen), screen))
    }

    static func describe(_ presses: [Key: Int]) -> String {
        let parts = presses.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.key) \($0.value) time\($0.value == 1 ? "" : "s")" }
        return parts.isEmpty ? "no key presses" : "pressing " + parts.joined(separator: " and ")
    }
}
