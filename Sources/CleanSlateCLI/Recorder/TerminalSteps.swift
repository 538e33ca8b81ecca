import CleanSlate
import CleanSlateScreen

/// Turns a terminal session into test statements: the output is replayed through a
/// `TerminalEmulator` (``SessionActions``), and at each input the screen before it and after it say
/// what the person was looking at and acting on (see ``steps(from:)``). The session is read one
/// input at a time: the memory taken stays proportional to the session, a few screens in all.
enum TerminalSteps {
    /// The statements of the test's body (no launch, no end), and the last screen.
    ///
    /// - Arrow presses that end with a menu item highlighted become `menuItems["X"].select()`.
    /// - Typing (Backspace corrections collapsed into the final text) into a text field that has
    ///   the cursor becomes `textFields["Label"].typeText("...")`.
    /// - A click on a button becomes `buttons["OK"].click()`.
    /// - A key that a key hint on the screen names becomes `keyHints["Exit"].press()`.
    /// - Anything else is a wait for the most specific text that appeared since the previous input
    ///   (`waitForScreen(containing:)`), then `typeText`, `press` or `click(row:column:)`.
    static func steps(from session: RecordedSession) -> (lines: [String], last: ScreenSnapshot) {
        var writer = Writer(actions: SessionActions(session), first: TerminalEmulator(rows: session.rows, columns: session.columns).snapshot())
        writer.write()
        return (writer.lines, writer.actions.last)
    }

    /// Walks the actions, writing one statement per step.
    private struct Writer {
        var actions: SessionActions
        /// The screen at the previous step: new text is what differs from it.
        var previous: ScreenSnapshot
        /// The screen whose first changed line was last written as a comment.
        var commented: ScreenSnapshot
        var lines: [String] = []
        /// Whether the previous step typed text without a text field: a key after it (Enter, an
        /// arrow) needs no wait, the screen having changed only by the echo of what was typed.
        var typedPlainText = false
        /// Whether the step just written waits for its own effect (a menu item's `select()` for
        /// its row to be highlighted, a check box's `toggle()` for its mark, a text field's
        /// `typeText` for the text): the next wait looks only for what changed after that.
        var waitedForItsEffect = false

        init(actions: SessionActions, first: ScreenSnapshot) {
            self.actions = actions
            previous = first
            commented = first
        }

        mutating func write() {
            while let action = actions.peek() {
                commentIfNewScreen(action.before)
                let afterPlainTyping = typedPlainText
                typedPlainText = false
                switch action.input {
                case .text(" ") where highlightedRow(on: action.before)?.kind == .checkBox:
                    let box = highlightedRow(on: action.before)!
                    if let label = uniqueLabel(box, on: action.before) {
                        lines.append("try app.checkBoxes[\(SwiftLiteral.string(label))].toggle()")
                        actions.next()
                        waitedForItsEffect = true
                    } else {
                        typing(from: action)
                    }
                case .text, .key(.backspace, []):
                    typing(from: action)
                case .key(.up, []), .key(.down, []):
                    arrows(from: action, waits: !afterPlainTyping)
                case let .click(row, column):
                    click(row: row, column: column, on: action.before)
                    actions.next()
                case let .key(key, modifiers):
                    actions.next()
                    var times = 1
                    // The same key on the same screen: inputs of one event share it without comparing.
                    while let same = actions.peek(), same.input == action.input, same.event == action.event || same.before == action.before {
                        actions.next()
                        times += 1
                    }
                    keyPress(key, modifiers, times: times, on: action.before, waits: !afterPlainTyping)
                case .ignored:
                    actions.next()
                }
                // New text is what appeared since this input was sent; after a step that waits
                // for its own effect, since that redraw (waiting for it again says nothing).
                previous = waitedForItsEffect ? actions.lastTakenAfter : action.before
                waitedForItsEffect = false
            }
        }

        /// A run of typed characters and Backspaces, from `first` on: into the focused text
        /// field, or after a wait.
        private mutating func typing(from first: SessionAction) {
            var text: [Character] = []
            var erasedBefore = 0
            run: while let action = actions.peek() {
                switch action.input {
                case let .text(character): text.append(character)
                case .key(.backspace, []): if text.isEmpty { erasedBefore += 1 } else { text.removeLast() }
                default: break run
                }
                actions.next()
            }
            let screen = first.before
            let typed = String(text)
            if let field = focusedTextField(on: screen), let label = uniqueLabel(field, on: screen) {
                if erasedBefore > 0 {
                    lines.append("try app.textFields[\(SwiftLiteral.string(label))].select()")
                    lines += SwiftLiteral.press(.backspace, [], times: erasedBefore)
                }
                if !typed.isEmpty { lines.append("try app.textFields[\(SwiftLiteral.string(label))].typeText(\(SwiftLiteral.string(typed)))") }
                waitedForItsEffect = true
                return
            }
            waitForNewText(on: screen)
            typedPlainText = true
            if erasedBefore > 0 { lines += SwiftLiteral.press(.backspace, [], times: erasedBefore) }
            if !typed.isEmpty { lines.append("try app.typeText(\(SwiftLiteral.string(typed)))") }
        }

        /// A run of Up and Down presses, from `first` on: a menu item selected by name when one
        /// ended highlighted.
        private mutating func arrows(from first: SessionAction, waits: Bool) {
            var downs = 0
            while let action = actions.peek(), case let .key(key, modifiers) = action.input, modifiers.isEmpty, key == .up || key == .down {
                downs += key == .down ? 1 : -1
                actions.next()
            }
            let before = first.before, after = actions.lastTakenAfter
            if let item = highlightedRow(on: after), let label = uniqueLabel(item, on: after),
               highlightedRow(on: before)?.label != item.label {
                // A check box moved to and then toggled with Space is one toggle().
                if item.kind == .checkBox, actions.peek()?.input == .text(" ") {
                    lines.append("try app.checkBoxes[\(SwiftLiteral.string(label))].toggle()")
                    actions.next()
                    waitedForItsEffect = true
                    return
                }
                lines.append("try app.\(item.kind == .checkBox ? "checkBoxes" : "menuItems")[\(SwiftLiteral.string(label))].select()")
                waitedForItsEffect = true
                return
            }
            if waits { waitForNewText(on: before) }
            if downs != 0 { lines += SwiftLiteral.press(downs > 0 ? .down : .up, [], times: abs(downs)) }
        }

        private mutating func click(row: Int, column: Int, on screen: ScreenSnapshot) {
            let position = ScreenPosition(row: row, column: column)
            if let button = screen.elements.allElements.last(where: { $0.kind == .button && $0.frame.contains(position) }),
               let label = uniqueLabel(button, on: screen) {
                lines.append("try app.buttons[\(SwiftLiteral.string(label))].click()")
                return
            }
            waitForNewText(on: screen)
            lines.append("try app.click(row: \(row), column: \(column))")
        }

        private mutating func keyPress(_ key: Key, _ modifiers: Key.Modifiers, times: Int, on screen: ScreenSnapshot, waits: Bool) {
            if times == 1, let hint = screen.elements.allElements.first(where: { element in
                element.kind == .keyHint && element.keyName.map { KeyNames.names($0, key, modifiers) } == true
            }), let label = uniqueLabel(hint, on: screen) {
                lines.append("try app.keyHints[\(SwiftLiteral.string(label))].press()")
                return
            }
            if waits { waitForNewText(on: screen) }
            lines += SwiftLiteral.press(key, modifiers, times: times)
        }

        /// A wait for the changed line nearest the cursor since the previous step; none when
        /// nothing changed (the previous step's own wait or action covers it).
        private mutating func waitForNewText(on screen: ScreenSnapshot) {
            let old = previous.lines, new = screen.lines
            var best: (distance: Int, text: String)?
            for (row, line) in new.enumerated() {
                let text = Self.insideBoxes(line)
                guard !text.isEmpty, row >= old.count || old[row] != line else { continue }
                let wanted = Self.longestWords(text, limit: 60)
                let distance = abs(row - screen.cursor.row)
                if best == nil || distance < best!.distance { best = (distance, wanted) }
            }
            if let best { lines.append("try app.waitForScreen(containing: \(SwiftLiteral.string(best.text)))") }
        }

        /// A comment with the first changed line when most of the screen's text changed.
        private mutating func commentIfNewScreen(_ screen: ScreenSnapshot) {
            let old = commented.lines, new = screen.lines
            let shown = new.indices.filter { !new[$0].trimmingSpaces.isEmpty }
            let changed = shown.filter { $0 >= old.count || old[$0] != new[$0] }
            guard !shown.isEmpty, changed.count * 2 > shown.count,
                  let first = changed.first(where: { !Self.insideBoxes(new[$0]).isEmpty }) else { return }
            if !lines.isEmpty { lines.append("") }
            lines.append("// " + Self.longestWords(Self.insideBoxes(new[first]), limit: 70))
            commented = screen
        }

        /// The longest run of `line` between line-drawing characters (a dialog's borders), trimmed;
        /// empty when no run holds a letter or digit.
        static func insideBoxes(_ line: String) -> String {
            let runs = line.split { character in character.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) } }
                .map { String($0).trimmingSpaces }
                .filter { $0.contains { $0.isLetter || $0.isNumber } }
            return runs.max { $0.count < $1.count } ?? ""
        }

        /// At most `limit` characters of `text`, cut at a space, so a wait quotes whole words.
        static func longestWords(_ text: String, limit: Int) -> String {
            guard text.count > limit else { return text }
            let cut = String(text.prefix(limit))
            return cut.lastIndex(of: " ").map { String(cut[..<$0]).trimmingSpaces } ?? cut
        }

        private func focusedTextField(on screen: ScreenSnapshot) -> ScreenElement? {
            screen.elements.allElements.first { $0.kind == .textField && $0.frame.contains(screen.cursor) }
        }

        /// The one highlighted row of a list: a menu item or a check box (dialog's checklist).
        private func highlightedRow(on screen: ScreenSnapshot) -> ScreenElement? {
            let highlighted = screen.elements.allElements.filter { ($0.kind == .menuItem || $0.kind == .checkBox) && $0.isHighlighted }
            return highlighted.count == 1 ? highlighted[0] : nil
        }

        /// The label that finds `element` alone among its kind on `screen`; nil when another one
        /// has the same label (or it has none), so the caller writes a plain step instead.
        private func uniqueLabel(_ element: ScreenElement, on screen: ScreenSnapshot) -> String? {
            let label = element.label.normalizedSpaces
            guard !label.isEmpty else { return nil }
            let same = screen.elements.allElements.filter { $0.kind == element.kind && $0.label.normalizedSpaces == label }
            return same.count == 1 ? label : nil
        }
    }
}

extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }

    /// Trimmed, with each run of white space inside as one space (how element labels compare).
    var normalizedSpaces: String {
        split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
