import CleanSlateScreen

extension ElementReference where Source == AppLauncher {
    /// How long ``select(timeout:)`` waits for a list to react to an arrow key while the row it
    /// looks for is not on the screen, before it takes the silence as the end of the list and
    /// turns back. (While the row is visible, a key that changes nothing fails after the wait's
    /// full timeout instead.)
    public static var endOfListWait: Duration { .seconds(1) }

    /// How long the screen must be quiet with the cursor in a text field before ``select(timeout:)``
    /// and ``typeText(_:timeout:)`` count it as focused (an app's repaint moves the cursor through
    /// every field on its way).
    public static var focusQuietPeriod: Duration { .milliseconds(50) }

    /// Makes a menu item or list row the highlighted one, as a person does with the arrow keys:
    /// Down or Up toward it (Right or Left toward a button on the same row as the highlighted one;
    /// for a text field, the current one is the one with the cursor), waiting for the app's redraw
    /// after each press (never sleeping).
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
    public func select(timeout: Duration? = nil) throws {
        let app = source
        let limit = app.waitLimit(timeout)
        let overall = MonotonicInstant.now.advanced(by: limit.duration)
        var (screen, tree) = try waitForRowOrList(timeout: timeout)
        // Each row seen, as a message names it: its label, and its identifier (a tag) after it.
        var seen: [String] = []
        var presses: [Key: Int] = [:]
        var searchKey = Key.down
        while true {
            let resolution = locator.resolve(in: tree)
            for row in resolution.candidates {
                let name = row.label.debugDescription + (row.identifier.map { " (\($0.debugDescription))" } ?? "")
                if !seen.contains(name) { seen.append(name) }
            }
            guard resolution.matches.count <= 1 else {
                throw app.failure(ElementQueryError(.ambiguous, locator: locator, resolution: resolution, screen: screen), on: screen)
            }
            let key: Key
            if let target = resolution.matches.first {
                if Self.isCurrent(target) {
                    // The cursor passes through every field while an app repaints them: a text
                    // field counts as focused once the screen is quiet with the cursor in it.
                    guard target.kind == .textField else { return }
                    let settled = try app.waitForScreenToSettle(quietPeriod: Self.focusQuietPeriod, timeout: timeout)
                    if (try? ElementReference.resolveOne(locator, in: settled.elements, screen: settled, source: app))
                        .map({ Self.isCurrent($0) }) == true { return }
                    (screen, tree) = (settled, settled.elements)
                    continue
                }
                let rows = tree.siblings(of: target)
                guard let current = rows.first(where: { Self.isCurrent($0) }) else {
                    throw cannotSelect("none of its \(target.kind.pluralDisplayName) is highlighted", rows, screen)
                }
                key = Self.key(from: current.frame, to: target.frame)
            } else {
                key = searchKey
            }
            let total = presses.values.reduce(0, +)
            guard MonotonicInstant.now < overall else {
                throw CleanSlateError(.timedOut, AppLauncher.message(
                    "cannot select \(locator): its \(limit) ran out after \(Self.describe(presses)) (the list kept changing); rows seen: "
                        + seen.joined(separator: ", ") + "; " + ElementListing.describe(resolution.candidates, kind: locator.kind, on: screen), screen))
            }
            guard total < 2 * seen.count + 2 else {
                throw cannotSelect("gave up after \(Self.describe(presses)), twice the \(seen.count) rows seen plus two", resolution.candidates, screen)
            }
            try app.press(key, timeout: timeout)
            presses[key, default: 0] += 1
            let targetVisible = !resolution.matches.isEmpty
            if targetVisible && locator.kind == .textField {
                // Focus shows only as the cursor, which a repaint moves through every field.
                screen = try app.waitForScreenToSettle(quietPeriod: Self.focusQuietPeriod, timeout: timeout)
                tree = screen.elements
                continue
            }
            let highlightedBefore = Self.highlightedRows(resolution.candidates)
            // The end of a list is a quiet second, not a timeout: it is not scaled.
            let pressLimit = targetVisible ? app.waitLimit(timeout).duration : Self.endOfListWait
            let start = MonotonicInstant.now
            let outcome = try app.waitForElements(until: min(start.advanced(by: pressLimit), overall)) { tree in
                let candidates = locator.resolve(in: tree).candidates
                guard targetVisible else { return candidates != resolution.candidates ? true : nil }
                // Moved: as many rows as before are highlighted, and not the same rows. A screen
                // half way through the app's repaint does not count: none highlighted (the old row
                // cleared first), one more (the new row drawn first), or the old row still
                // highlighted but looking different while it is redrawn. Taken for a move, such a
                // screen had select() press once more and go one row too far.
                let highlighted = Self.highlightedRows(candidates)
                return highlighted.count == highlightedBefore.count && highlighted != highlightedBefore ? true : nil
            }
            switch outcome {
            case let .held(found):
                (screen, tree) = (found.screen, found.tree)
            case let .failed(.timedOut, process) where targetVisible:
                throw app.screenWaitError(.timedOut, process, waitingFor: "the highlight to move toward \(locator) after \(key)", since: start, limit: app.waitLimit(timeout)) { screen in
                    ElementListing.describe(locator.resolve(in: screen.elements).candidates, kind: locator.kind, on: screen)
                }
            case .failed(.timedOut, _) where MonotonicInstant.now >= overall:
                continue  // the check above ends the selection
            case .failed(.timedOut, _) where searchKey == .down:
                searchKey = .up
                screen = try app.screen()
                tree = screen.elements
            case .failed(.timedOut, _):
                throw cannotSelect("it is not in the list: \(Self.describe(presses)) reached both ends; rows seen: \(seen.joined(separator: ", ")); on the screen now", resolution.candidates, screen)
            case let .failed(code, process):
                throw app.screenWaitError(code, process, waitingFor: "the list to react to \(key) while selecting \(locator)", since: start, limit: app.waitLimit(timeout))
            }
        }
    }

    /// Waits until the row is on the screen, or its list (other elements of its kind where the
    /// query looks) is and the screen has settled without it.
    private func waitForRowOrList(timeout: Duration?) throws -> (ScreenSnapshot, ScreenElementTree) {
        let start = MonotonicInstant.now
        let outcome = try source.waitForElements(until: source.deadline(after: timeout)) { tree in
            let resolution = locator.resolve(in: tree)
            return resolution.matches.isEmpty && resolution.candidates.isEmpty ? nil : resolution.matches.isEmpty
        }
        switch outcome {
        case let .held(found) where !found.value:
            return (found.screen, found.tree)
        case .held:
            // Only other rows so far: the row may still be being drawn. Let the screen settle.
            let screen = try source.waitForScreenToSettle(timeout: timeout)
            return (screen, screen.elements)
        case let .failed(code, process):
            throw source.screenWaitError(code, process, waitingFor: "\(locator) or its list (to select it)", since: start, limit: source.waitLimit(timeout)) { screen in
                ElementQueryError(.notFound, locator: locator, resolution: locator.resolve(in: screen.elements), screen: screen).description
            }
        }
    }

    /// Where the highlighted ones of `rows` are, and what they say: what tells that the highlight
    /// moved, whatever else about a row changes while the app redraws it.
    static func highlightedRows(_ rows: [ScreenElement]) -> [String] {
        rows.filter(\.isHighlighted).map { "\($0.frame.row),\($0.frame.column) \($0.label)" }
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

    private func cannotSelect(_ reason: String, _ rows: [ScreenElement], _ screen: ScreenSnapshot) -> CleanSlateError {
        CleanSlateError(.actionUnavailable, AppLauncher.message(
            "cannot select \(locator): \(reason); " + ElementListing.describe(rows, kind: locator.kind, on: screen), screen))
    }

    private static func describe(_ presses: [Key: Int]) -> String {
        let parts = presses.sorted { "\($0.key)" < "\($1.key)" }.map { "\($0.key) \($0.value) time\($0.value == 1 ? "" : "s")" }
        return parts.isEmpty ? "no key presses" : "pressing " + parts.joined(separator: " and ")
    }
}
