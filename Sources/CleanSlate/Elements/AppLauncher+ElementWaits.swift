import CleanSlateScreen

/// An element wait of a launcher, ready to run on either face (``PreparedWait``).
typealias ElementWait<Value> = PreparedWait<AppLauncher.ScreenWaitOutcome<Value>, AppLauncher.ScreenWaitOutcome<Value>>

extension AppLauncher {
    /// Waits until `check` gives a value for the screen's elements, woken by the app's
    /// output as screen waits are (never polling), and returns it with the screen and elements
    /// it held on. While `check` gives nothing and an interruption monitor's element is on the
    /// screen, that monitor's handler runs (once per appearance) and the wait goes on until the
    /// same deadline.
    ///
    /// `absent`, when given, names locators whose label words are looked for on the live screen
    /// first (no recognition): while a word of each is missing, none of them can match, and the
    /// screen is not recognised unless a monitor needs it. `onlyTexts` (every locator checked is
    /// ``ElementLocator/findsOnlyTexts``) gives `check` the screen's cells without recognising it.
    func waitForElements<Value>(
        until deadline: MonotonicInstant, absent: [ElementLocator] = [], onlyTexts: Bool = false, check: @escaping (ScreenElementTree) -> Value?
    ) throws -> ElementWait<(value: Value, screen: ScreenSnapshot, tree: ScreenElementTree)> {
        try watchElements(until: deadline, absent: absent, whileAbsent: nil, onlyTexts: onlyTexts, needsWholeTree: true) { tree, emulator in
            check(tree).map { ($0, emulator.snapshot(), tree) }
        }
    }

    /// ``waitForElements(until:absent:check:)`` for a wait that needs only `check`'s value: no
    /// snapshot of the screen is taken. While the words of every `absent` locator's labels are
    /// missing, `absentValue` is the outcome (nil: keep waiting).
    func waitForElementValue<Value>(
        until deadline: MonotonicInstant, absent: [ElementLocator] = [], absentValue: Value? = nil, onlyTexts: Bool = false,
        check: @escaping (ScreenElementTree) -> Value?
    ) throws -> ElementWait<Value> {
        try watchElements(until: deadline, absent: absent, whileAbsent: absentValue, onlyTexts: onlyTexts) { tree, _ in check(tree) }
    }

    /// The shared element wait: the screen's elements are recognised from the live grid (the
    /// monitor held) after every chunk of output, unless `absent`'s label words show they cannot
    /// match (then `whileAbsent`, when given, is the outcome). With `onlyTexts` the screen is never
    /// recognised: `check` gets a tree with no elements that carries the live cells.
    ///
    /// When every `absent` locator names static texts by label
    /// (``ElementLocator/namesStaticTextsByLabel``) and the screen holds plain text only, `check`
    /// first gets the static texts of the rows showing their first labels' words
    /// (``TerminalEmulator/plainStaticTexts(onRows:)``), on which those locators find what they
    /// find on the whole tree: the screen is recognised only when `needsWholeTree` and `check`
    /// found its value there.
    private func watchElements<Outcome>(
        until deadline: MonotonicInstant, absent: [ElementLocator], whileAbsent: Outcome?, onlyTexts: Bool, needsWholeTree: Bool = false,
        check: @escaping (ScreenElementTree, TerminalEmulator) -> Outcome?
    ) throws -> ElementWait<Outcome> {
        // Each locator's labels as words, split once for the whole wait.
        let absentWords = absent.map(Self.labelWords)
        let readsPlainRows = !onlyTexts && !absent.isEmpty && absent.allSatisfy(\.namesStaticTextsByLabel)
        return try screenWaitHandlingInterruptions(until: deadline) { emulator, recognized in
            if readsPlainRows {
                // Static texts by label: each locator's first label looked for row by row; one may
                // match when that label is on some row and its other labels on the screen.
                let rows = absentWords.map { emulator.rowsShowingWords($0.first ?? []) }
                guard zip(absentWords, rows).contains(where: { labels, labelRows in
                    !labelRows.isEmpty && labels.dropFirst().allSatisfy(emulator.screenContainsWords)
                }) else { return whileAbsent }
                // On a plain screen what they match is on those rows.
                if let texts = emulator.plainStaticTexts(onRows: rows.flatMap { $0 }) {
                    guard let outcome = check(texts, emulator) else { return nil }
                    if !needsWholeTree { return outcome }
                }
            } else if !absentWords.isEmpty && !absentWords.contains(where: { $0.allSatisfy(emulator.screenContainsWords) }) {
                // While the label words are missing nothing can match: no recognition (the
                // monitors, if any, look for their own words first).
                return whileAbsent
            }
            if onlyTexts { return check(emulator.textsOnly, emulator) }
            let tree = emulator.elements
            recognized = tree
            return check(tree, emulator)
        }
    }

    /// Whether each label `locator` asks for is on the screen as its words separated by blanks:
    /// if one is not, the locator cannot match.
    static func mayShow(_ locator: ElementLocator, on emulator: TerminalEmulator) -> Bool {
        labelWords(locator).allSatisfy { emulator.screenContainsWords($0) }
    }

    /// The words of each label `locator` asks for.
    static func labelWords(_ locator: ElementLocator) -> [[String]] {
        locator.labels.map(ElementLabel.words)
    }

    /// The deadline of a wait given `timeout` (the launcher's default when nil), scaled by
    /// `CLEANSLATE_TIMEOUT_SCALE`.
    func deadline(after timeout: Duration?) -> MonotonicInstant {
        MonotonicInstant.now.advanced(by: waitLimit(timeout).duration)
    }

    /// Waits until one of `elements` exists and returns its index in `elements` (the lowest
    /// index when several appear on the same screen), as pexpect's `expect([...])` returns which
    /// pattern matched:
    ///
    /// ```swift
    /// switch try app.waitForAny([app.buttons["OK"], app.staticTexts["Error"]]) {
    /// case 0: try app.buttons["OK"].click()
    /// default: XCTFail("the app reported an error")
    /// }
    /// ```
    ///
    /// - Throws: `.timedOut` (or `.appExited`) naming every element awaited and what the screen
    ///   had of their kinds; `.invalidArgument` for an empty list.
    public func waitForAny(_ elements: [AppElement], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> Int {
        try StepCallSite(fileID, filePath, line, column).run {
            try anyWait(elements, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForAny(_:timeout:fileID:filePath:line:column:)``: the same wait, suspending its task instead of
    /// blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func waitForAny(_ elements: [AppElement], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> Int {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await anyWait(elements, timeout: timeout).suspend()
        }
    }

    private func anyWait(_ elements: [AppElement], timeout: Duration?) throws -> PreparedWait<ScreenWaitOutcome<Int>, Int> {
        guard !elements.isEmpty else {
            throw CleanSlateError(.invalidArgument, "waitForAny needs at least one element to wait for")
        }
        let start = MonotonicInstant.now
        let onlyTexts = elements.allSatisfy(\.locator.findsOnlyTexts)
        return try waitForElementValue(until: deadline(after: timeout), absent: elements.map(\.locator), onlyTexts: onlyTexts) { tree in
            elements.firstIndex { !$0.locator.resolve(in: tree).matches.isEmpty }
        }.then { outcome in
            switch outcome {
            case let .held(index): return index
            case let .failed(code, process):
                let names = elements.map(\.locator.description).joined(separator: " or ")
                throw self.screenWaitError(code, process, waitingFor: names, since: start, limit: self.waitLimit(timeout)) { screen in
                    let tree = screen.elements
                    return elements.map { element in
                        ElementQueryError(.notFound, locator: element.locator, resolution: element.locator.resolve(in: tree), screen: screen).description
                    }.joined(separator: "\n")
                }
            }
        }
    }
}

extension ElementReference where Source == AppLauncher {
    /// Waits until the element is on the screen (at least one element matches); returns `false`
    /// if `timeout` (default: the launcher's ``AppLauncher/defaultTimeout``) passes or the app
    /// exits first. Woken by the app's output, never by polling.
    ///
    /// - Throws: only when the screen cannot be read (the app was not launched on a terminal) or
    ///   an interruption handler throws.
    public func waitForExistence(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> Bool {
        try StepCallSite(fileID, filePath, line, column).run {
            try existenceWait(timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForExistence(timeout:fileID:filePath:line:column:)``: the same wait, suspending its task
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func waitForExistence(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> Bool {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await existenceWait(timeout: timeout).suspend()
        }
    }

    /// Waits until no element matches; returns `false` if `timeout` passes first. (When the app
    /// exits, its last screen is what counts.)
    public func waitForNonExistence(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> Bool {
        try StepCallSite(fileID, filePath, line, column).run {
            try nonExistenceWait(timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForNonExistence(timeout:fileID:filePath:line:column:)``: the same wait, suspending its task
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func waitForNonExistence(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> Bool {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await nonExistenceWait(timeout: timeout).suspend()
        }
    }

    /// Waits until the element is on the screen and `predicate` holds for it (its text typed, its
    /// box ticked); returns it then. `description` names the condition in the failure message.
    ///
    /// ```swift
    /// try app.textFields.element.waitUntil("its text is Ada") { $0.value == .text("Ada") }
    /// ```
    ///
    /// - Throws: `.timedOut` (or `.appExited`) showing the elements of its kind that were there.
    @discardableResult
    public func waitUntil(_ description: String, timeout: Duration? = nil, _ predicate: (ScreenElement) -> Bool, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> ScreenElement {
        try StepCallSite(fileID, filePath, line, column).run {
            try withoutActuallyEscaping(predicate) { try untilWait(description, timeout: timeout, $0).block() }
        }
    }

    /// The awaited form of ``waitUntil(_:timeout:_:fileID:filePath:line:column:)``: the same wait, suspending its task instead
    /// of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitUntil(_ description: String, timeout: Duration? = nil, _ predicate: (ScreenElement) -> Bool, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> ScreenElement {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await withoutActuallyEscaping(predicate) { try await untilWait(description, timeout: timeout, $0).suspend() }
        }
    }

    private func existenceWait(timeout: Duration?) throws -> PreparedWait<AppLauncher.ScreenWaitOutcome<Bool>, Bool> {
        try source.waitForElementValue(until: source.deadline(after: timeout), absent: [locator], onlyTexts: locator.findsOnlyTexts) { tree in
            locator.resolve(in: tree).matches.isEmpty ? nil : true
        }.then { outcome in
            if case .held = outcome { return true }
            return false
        }
    }

    private func nonExistenceWait(timeout: Duration?) throws -> PreparedWait<AppLauncher.ScreenWaitOutcome<Bool>, Bool> {
        try source.waitForElementValue(until: source.deadline(after: timeout), absent: [locator], absentValue: true, onlyTexts: locator.findsOnlyTexts) { tree in
            locator.resolve(in: tree).matches.isEmpty ? true : nil
        }.then { outcome in
            if case .held = outcome { return true }
            return (try? locator.resolve(in: source.elementsForQuery().tree).matches.isEmpty) ?? false
        }
    }

    private func untilWait(
        _ description: String, timeout: Duration?, _ predicate: @escaping (ScreenElement) -> Bool
    ) throws -> PreparedWait<AppLauncher.ScreenWaitOutcome<ScreenElement>, ScreenElement> {
        let start = MonotonicInstant.now
        return try source.waitForElementValue(until: source.deadline(after: timeout), onlyTexts: locator.findsOnlyTexts) { tree in
            let matches = locator.resolve(in: tree).matches
            return matches.count == 1 && predicate(matches[0]) ? matches[0] : nil
        }.then { outcome in
            switch outcome {
            case let .held(element): return element
            case let .failed(code, process):
                throw source.screenWaitError(code, process, waitingFor: "\(locator) until \(description)", since: start, limit: source.waitLimit(timeout)) { screen in
                    ElementListing.describe(locator.resolve(in: screen.elements).candidates, kind: locator.kind, on: screen)
                }
            }
        }
    }

    /// What an action found: the element, and the screen and element tree it was found on.
    typealias Found = (element: ScreenElement, screen: ScreenSnapshot, tree: ScreenElementTree)

    /// Waits for the element to be on the screen and resolves it strictly, for `action`.
    ///
    /// - Throws: `.timedOut` or `.appExited` showing the elements of its kind that were there
    ///   instead and the framed screen; `.ambiguousElement` if several match.
    func waitForOne(to action: String, timeout: Duration?) throws -> PreparedWait<AppLauncher.ScreenWaitOutcome<(value: ElementLocator.Resolution, screen: ScreenSnapshot, tree: ScreenElementTree)>, Found> {
        try waitForOne(to: action, until: source.deadline(after: timeout), limit: source.waitLimit(timeout))
    }

    func waitForOne(to action: String, until deadline: MonotonicInstant, limit: WaitLimit) throws -> PreparedWait<AppLauncher.ScreenWaitOutcome<(value: ElementLocator.Resolution, screen: ScreenSnapshot, tree: ScreenElementTree)>, Found> {
        let start = MonotonicInstant.now
        return try source.waitForElements(until: deadline, absent: [locator], onlyTexts: locator.findsOnlyTexts) { tree in
            let resolution = locator.resolve(in: tree)
            return resolution.matches.isEmpty ? nil : resolution
        }.then { outcome in
            switch outcome {
            case let .held(found):
                guard found.value.matches.count == 1 else {
                    throw source.failure(ElementQueryError(.ambiguous, locator: locator, resolution: found.value, screen: found.screen), on: found.screen)
                }
                return (found.value.matches[0], found.screen, found.tree)
            case let .failed(code, process):
                throw source.screenWaitError(code, process, waitingFor: "\(locator) (to \(action))", since: start, limit: limit) { screen in
                    ElementQueryError(.notFound, locator: locator, resolution: locator.resolve(in: screen.elements), screen: screen).description
                }
            }
        }
    }
}
