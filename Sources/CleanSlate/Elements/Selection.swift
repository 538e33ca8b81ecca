import CleanSlateScreen

/// What ``ElementReference/select(timeout:fileID:filePath:line:column:)`` does, one step at a time, so that its blocking and
/// its awaited form share every decision: ``next(after:)`` takes the reply to the last request (a
/// wait's outcome, a screen, a key pressed) and says what to do next; the two forms only carry
/// the requests out, blocking or suspending.
struct Selection {
    typealias Reference = ElementReference<AppLauncher>
    typealias Found = (value: Bool, screen: ScreenSnapshot, tree: ScreenElementTree)

    /// What the caller does next.
    enum Request {
        /// Run this element wait and reply with its outcome.
        case wait(ElementWait<Found>)
        /// Wait for the screen to be quiet this long and reply with it.
        case settle(Duration)
        /// Press this key and reply `.pressed`.
        case press(Key)
        /// Read the screen and reply with it.
        case readScreen
        /// The row is selected.
        case done
    }

    /// The reply to the last request.
    enum Reply {
        case started
        case waited(AppLauncher.ScreenWaitOutcome<Found>)
        case screen(ScreenSnapshot)
        case pressed
    }

    private enum Stage {
        case start, rowOrList, listSettled, decide, focusSettled, pressed(Key, ElementLocator.Resolution), pressSettled
        case moved(Key, MonotonicInstant, targetVisible: Bool), screenRead
    }

    private let reference: Reference
    private let timeout: Duration?
    private let limit: WaitLimit
    private let overall: MonotonicInstant
    private var stage = Stage.start
    private var screen: ScreenSnapshot?
    private var tree = ScreenElementTree(roots: [])
    /// Each row seen, as a message names it: its label, and its identifier (a tag) after it.
    private var seen: [String] = []
    private var presses: [Key: Int] = [:]
    private var searchKey = Key.down
    private var start = MonotonicInstant.now

    init(of reference: Reference, timeout: Duration?) {
        self.reference = reference
        self.timeout = timeout
        limit = reference.source.waitLimit(timeout)
        overall = MonotonicInstant.now.advanced(by: limit.duration)
    }

    private var locator: ElementLocator { reference.locator }
    private var app: AppLauncher { reference.source }

    mutating func next(after reply: Reply) throws -> Request {
        switch (stage, reply) {
        case (.start, _):
            stage = .rowOrList
            start = MonotonicInstant.now
            // Until the row is on the screen, or its list (other elements of its kind where the
            // query looks) is and the screen has settled without it.
            return .wait(try app.waitForElements(until: app.deadline(after: timeout), onlyTexts: locator.findsOnlyTexts) { [locator] tree in
                let resolution = locator.resolve(in: tree)
                return resolution.matches.isEmpty && resolution.candidates.isEmpty ? nil : resolution.matches.isEmpty
            })
        case let (.rowOrList, .waited(outcome)):
            switch outcome {
            case let .held(found) where !found.value:
                // The first screen showing the row may be one the app is still drawing (dialog
                // writes its list a row at a time): its highlight, worked out from a window not
                // yet closed, can be on the wrong row, and a selection deciding there can end
                // before a key is pressed. Decide on a screen the app has finished drawing.
                stage = .listSettled
                return .settle(Reference.focusQuietPeriod)
            case .held:
                // Only other rows so far: the row may still be being drawn. Let the screen settle.
                stage = .listSettled
                return .settle(.milliseconds(100))
            case let .failed(code, process):
                throw app.screenWaitError(code, process, waitingFor: "\(locator) or its list (to select it)", since: start, limit: app.waitLimit(timeout)) { [locator] screen in
                    ElementQueryError(.notFound, locator: locator, resolution: locator.resolve(in: screen.elements), screen: screen).description
                }
            }
        case let (.listSettled, .screen(settled)), let (.pressSettled, .screen(settled)), let (.screenRead, .screen(settled)):
            (screen, tree) = (settled, settled.elements)
        case let (.focusSettled, .screen(settled)):
            if (try? ElementReference.resolveOne(locator, in: settled.elements, screen: settled, source: app))
                .map({ Reference.isCurrent($0) }) == true { return .done }
            (screen, tree) = (settled, settled.elements)
        case let (.pressed(key, resolution), .pressed):
            presses[key, default: 0] += 1
            return moveWait(after: key, from: resolution)
        case let (.moved(key, start, targetVisible), .waited(outcome)):
            if let request = try moved(outcome, key: key, since: start, targetVisible: targetVisible) { return request }
        default:
            preconditionFailure("select(): reply \(reply) does not answer stage \(stage)")
        }
        return try decide()
    }

    /// The top of the loop: done, a settle to see the focus, or the key to press next.
    private mutating func decide() throws -> Request {
        let screen = self.screen!
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
            if Reference.isCurrent(target) {
                // The cursor passes through every field while an app repaints them: a text
                // field counts as focused once the screen is quiet with the cursor in it.
                guard target.kind == .textField else { return .done }
                stage = .focusSettled
                return .settle(Reference.focusQuietPeriod)
            }
            let rows = target.kind == .text ? resolution.candidates : tree.siblings(of: target)
            guard let current = Reference.currentRow(among: rows, toward: target) else {
                throw reference.cannotSelect("none of its \(target.kind.pluralDisplayName) is highlighted", rows, screen)
            }
            key = Reference.key(from: current.frame, to: target.frame)
        } else {
            key = searchKey
        }
        let total = presses.values.reduce(0, +)
        guard MonotonicInstant.now < overall else {
            throw CleanSlateError(.timedOut, AppLauncher.message(
                "cannot select \(locator): its \(limit) ran out after \(Reference.describe(presses)) (the list kept changing); rows seen: "
                    + seen.joined(separator: ", ") + "; " + ElementListing.describe(resolution.candidates, kind: locator.kind, on: screen), screen))
        }
        guard total < 2 * seen.count + 2 else {
            throw reference.cannotSelect("gave up after \(Reference.describe(presses)), twice the \(seen.count) rows seen plus two", resolution.candidates, screen)
        }
        stage = .pressed(key, resolution)
        return .press(key)
    }

    /// After a press: a settle (a text field's focus shows only as the cursor, which a repaint moves
    /// through every field), or the wait for the list to react.
    private mutating func moveWait(after key: Key, from resolution: ElementLocator.Resolution) -> Request {
        let targetVisible = !resolution.matches.isEmpty
        if targetVisible && locator.kind == .textField {
            stage = .pressSettled
            return .settle(Reference.focusQuietPeriod)
        }
        let highlightedBefore = Reference.highlightedRows(resolution.candidates, toward: resolution.matches.first)
        // The end of a list is a quiet second, not a timeout: it is not scaled.
        let pressLimit = targetVisible ? app.waitLimit(timeout).duration : Reference.endOfListWait
        let start = MonotonicInstant.now
        stage = .moved(key, start, targetVisible: targetVisible)
        do {
            return .wait(try app.waitForElements(until: min(start.advanced(by: pressLimit), overall), onlyTexts: locator.findsOnlyTexts) { [locator] tree in
                let candidates = locator.resolve(in: tree).candidates
                guard targetVisible else { return candidates != resolution.candidates ? true : nil }
                // Moved: as many rows as before are highlighted, and not the same rows. A screen
                // half way through the app's repaint does not count: none highlighted (the old row
                // cleared first), one more (the new row drawn first), or the old row still
                // highlighted but looking different while it is redrawn. Taken for a move, such a
                // screen had select() press once more and go one row too far.
                let highlighted = Reference.highlightedRows(candidates, toward: resolution.matches.first)
                return highlighted.count == highlightedBefore.count && highlighted != highlightedBefore ? true : nil
            })
        } catch {
            // Not a terminal launch any more cannot happen between a press and its wait; read the
            // screen, which reports it.
            stage = .screenRead
            return .readScreen
        }
    }

    /// After the wait for the list to react: nil to decide again, or what to do first.
    private mutating func moved(
        _ outcome: AppLauncher.ScreenWaitOutcome<Found>, key: Key, since start: MonotonicInstant, targetVisible: Bool
    ) throws -> Request? {
        switch outcome {
        case let .held(found):
            (screen, tree) = (found.screen, found.tree)
        case let .failed(.timedOut, process) where targetVisible:
            throw app.screenWaitError(.timedOut, process, waitingFor: "the highlight to move toward \(locator) after \(key)", since: start, limit: app.waitLimit(timeout)) { [locator] screen in
                ElementListing.describe(locator.resolve(in: screen.elements).candidates, kind: locator.kind, on: screen)
            }
        case .failed(.timedOut, _) where MonotonicInstant.now >= overall:
            break  // the check in decide() ends the selection
        case .failed(.timedOut, _) where searchKey == .down:
            searchKey = .up
            stage = .screenRead
            return .readScreen
        case .failed(.timedOut, _):
            let candidates = locator.resolve(in: tree).candidates
            throw reference.cannotSelect("it is not in the list: \(Reference.describe(presses)) reached both ends; rows seen: \(seen.joined(separator: ", ")); on the screen now", candidates, screen!)
        case let .failed(code, process):
            throw app.screenWaitError(code, process, waitingFor: "the list to react to \(key) while selecting \(locator)", since: start, limit: app.waitLimit(timeout))
        }
        return nil
    }
}
