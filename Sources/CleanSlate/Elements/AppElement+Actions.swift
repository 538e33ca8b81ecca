import CleanSlateScreen

/// Actions on an element of a launched app's screen. Each first waits for the element (up to
/// `timeout`, default the launcher's ``AppLauncher/defaultTimeout``) and resolves it strictly, so a
/// test never races the app's redraw and never acts on the wrong one of two look-alikes.
extension ElementReference where Source == AppLauncher {
    /// Clicks the left mouse button at the centre of the element's frame.
    ///
    /// - Throws: `.actionUnavailable` when the app has not turned on mouse reporting (a real
    ///   terminal would select text and the app would see nothing); the wait's errors.
    public func click(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            let (row, column) = try clickPosition(try waitForOne(to: "click it", timeout: timeout).block())
            try source.click(row: row, column: column, timeout: timeout)
        }
    }

    /// The awaited form of ``click(timeout:fileID:filePath:line:column:)``: the same action, suspending its task while it waits
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func click(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            let (row, column) = try clickPosition(try await waitForOne(to: "click it", timeout: timeout).suspend())
            try await source.click(row: row, column: column, timeout: timeout)
        }
    }

    private func clickPosition(_ found: Found) throws -> (row: Int, column: Int) {
        let (element, screen) = (found.element, found.screen)
        guard screen.modes.mouseTracking != .off else {
            throw CleanSlateError(.actionUnavailable, AppLauncher.message(
                "cannot click \(locator) at \(element.frame.row),\(element.frame.column): \(source.executable) has not turned on mouse reporting (CSI ? 1000 h or similar), so a click would not reach it; use its keys instead (select(), press(), toggle())",
                screen))
        }
        return (element.frame.center.row, element.frame.center.column)
    }

    /// Sends the key a key hint names: `^X` is Ctrl-X, `M-U` is Alt-U, `F10` and mc's `10` are
    /// F10, `q` is q (see the README for the full list).
    ///
    /// - Throws: `.actionUnavailable` when the element has no key or its key is not one CleanSlate
    ///   can send; the wait's errors.
    public func press(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            let (key, modifiers) = try hintedKey(try waitForOne(to: "press its key", timeout: timeout).block())
            try source.press(key, modifiers: modifiers, timeout: timeout)
        }
    }

    /// The awaited form of ``press(timeout:fileID:filePath:line:column:)``: the same action, suspending its task while it waits
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func press(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            let (key, modifiers) = try hintedKey(try await waitForOne(to: "press its key", timeout: timeout).suspend())
            try await source.press(key, modifiers: modifiers, timeout: timeout)
        }
    }

    private func hintedKey(_ found: Found) throws -> (Key, Key.Modifiers) {
        let (element, screen) = (found.element, found.screen)
        guard let name = element.keyName, let (key, modifiers) = KeyHintKeys.key(for: name) else {
            throw CleanSlateError(.actionUnavailable, AppLauncher.message(
                "cannot press \(locator): " + (element.keyName.map { "its key \($0.debugDescription) is not one CleanSlate knows how to send" }
                    ?? "it is a \(element.kind.displayName), not a key hint"), screen))
        }
        return (key, modifiers)
    }

    /// Types `text` into a text field, once it is the focused one (``ScreenElement/hasFocus``: the
    /// visible cursor is inside its frame) and the screen has been quiet for ``focusQuietPeriod``
    /// (an app's repaint moves the cursor through every field).
    ///
    /// - Throws: `.actionUnavailable` when the cursor settles elsewhere (move the focus first:
    ///   ``select(timeout:fileID:filePath:line:column:)``, Tab, or ``click(timeout:fileID:filePath:line:column:)`` where the app reports the mouse); the
    ///   wait's errors.
    public func typeText(_ text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            let (element, _, _) = try waitForOne(to: "type into it", timeout: timeout).block()
            try checkFocus(element, try source.waitForScreenToSettle(quietPeriod: Self.focusQuietPeriod, timeout: timeout))
            try source.typeText(text, timeout: timeout)
        }
    }

    /// The awaited form of ``typeText(_:timeout:fileID:filePath:line:column:)``: the same action, suspending its task while it
    /// waits instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func typeText(_ text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            let (element, _, _) = try await waitForOne(to: "type into it", timeout: timeout).suspend()
            try checkFocus(element, try await source.waitForScreenToSettle(quietPeriod: Self.focusQuietPeriod, timeout: timeout))
            try await source.typeText(text, timeout: timeout)
        }
    }

    private func checkFocus(_ element: ScreenElement, _ settled: ScreenSnapshot) throws {
        let field = (try? ElementReference.resolveOne(locator, in: settled.elements, screen: settled, source: source)) ?? element
        guard field.hasFocus else {
            let cursor = "\(settled.cursor.row),\(settled.cursor.column)" + (settled.isCursorVisible ? "" : " (hidden)")
            throw CleanSlateError(.actionUnavailable, AppLauncher.message(
                "cannot type into \(locator) at \(field.frame): it is not focused, the cursor is at \(cursor); move the focus to it first (select(), Tab, or click() where the app reports the mouse)",
                settled))
        }
    }

    /// Ticks or unticks a check box, or chooses a radio button: ``select(timeout:fileID:filePath:line:column:)`` it, then
    /// press Space (the key dialog, whiptail and newt use), then wait until it shows the change
    /// (a check box flipped, a radio button checked). A radio button already checked is left as is.
    ///
    /// - Throws: `.actionUnavailable` for an element that cannot be checked; `.timedOut` when the
    ///   change does not show; ``select(timeout:fileID:filePath:line:column:)``'s errors.
    public func toggle(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            guard let change = try toggleChange(try waitForOne(to: "toggle it", timeout: timeout).block()) else { return }
            try select(timeout: timeout)
            try source.press(.character(" "), timeout: timeout)
            try toggleWait(change, timeout: timeout).block()
        }
    }

    /// The awaited form of ``toggle(timeout:fileID:filePath:line:column:)``: the same action, suspending its task while it waits
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func toggle(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            guard let change = try toggleChange(try await waitForOne(to: "toggle it", timeout: timeout).suspend()) else { return }
            try await select(timeout: timeout)
            try await source.press(.character(" "), timeout: timeout)
            try await toggleWait(change, timeout: timeout).suspend()
        }
    }

    /// The state a toggle must bring the element to (nil: a radio button already checked, left as is).
    private func toggleChange(_ found: Found) throws -> (wanted: Bool, kind: ScreenElementKind)? {
        let (element, screen) = (found.element, found.screen)
        guard let wasChecked = element.isChecked else {
            throw CleanSlateError(.actionUnavailable, AppLauncher.message(
                "cannot toggle \(locator): it is a \(element.kind.displayName), which has no checked state", screen))
        }
        let isRadio = element.kind == .radioButton
        if isRadio && wasChecked { return nil }
        return (isRadio ? true : !wasChecked, element.kind)
    }

    /// Waits until the element shows the change a toggle made.
    private func toggleWait(_ change: (wanted: Bool, kind: ScreenElementKind), timeout: Duration?) throws -> PreparedWait<AppLauncher.ScreenWaitOutcome<Bool>, Void> {
        let start = MonotonicInstant.now
        return try source.waitForElementValue(until: source.deadline(after: timeout)) { tree in
            locator.resolve(in: tree).matches.first?.isChecked == change.wanted ? true : nil
        }.then { outcome in
            if case let .failed(code, process) = outcome {
                throw source.screenWaitError(code, process, waitingFor: "\(locator) to be \(change.wanted ? "checked" : "unchecked") after Space", since: start, limit: source.waitLimit(timeout)) { screen in
                    ElementListing.describe(locator.resolve(in: screen.elements).candidates, kind: change.kind, on: screen)
                }
            }
        }
    }
}
