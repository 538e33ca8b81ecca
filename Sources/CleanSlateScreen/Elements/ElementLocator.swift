/// Which elements a query names: a chain of steps, each finding elements of one kind inside what
/// the step before it found (the whole screen for the first step), keeping those that pass its
/// filters, and optionally keeping only one of them by position.
///
/// A locator is a description; it finds nothing until it is resolved against a
/// ``ScreenElementTree``. ``ElementQuery`` and ``ElementReference`` build locators for you
/// (`windows["Settings"].buttons["OK"]`).
public struct ElementLocator: Sendable, CustomStringConvertible {
    /// One test an element must pass.
    struct Filter: Sendable {
        /// How the filter reads in messages: `"OK"`, `matching /Da.*/`.
        let description: String
        /// The label the filter asks for, when it is a label filter.
        var label: String?
        let accepts: @Sendable (ScreenElement) -> Bool
    }

    /// Which of the elements that passed the filters a step keeps.
    enum Pick: Sendable {
        case index(Int)
        case first
    }

    struct Step: Sendable {
        var kind: ScreenElementKind
        /// Whether the step chooses among the previous step's elements themselves (a second pick,
        /// `element(boundBy: 2).firstMatch`) instead of among their descendants.
        var amongPrevious = false
        var filters: [Filter] = []
        var pick: Pick?
    }

    var steps: [Step]

    /// A locator for every element of `kind` on the screen.
    public init(kind: ScreenElementKind) { steps = [Step(kind: kind)] }

    private init(steps: [Step]) { self.steps = steps }

    /// The kind of element the locator ends with.
    public var kind: ScreenElementKind { steps[steps.count - 1].kind }

    /// Elements of `kind` inside (at any depth) the elements this locator finds.
    public func descendants(matching kind: ScreenElementKind) -> ElementLocator {
        ElementLocator(steps: steps + [Step(kind: kind)])
    }

    /// This locator, keeping only elements labelled `label` or whose ``ScreenElement/identifier``
    /// is `label`, as XCUITest matches an identifier or a label (see ``ElementLabel/matches(_:_:)``).
    public func labelled(_ label: String) -> ElementLocator {
        filtered(Filter(description: label.debugDescription, label: label) { element in
            ElementLabel.matches(element.label, label) || element.identifier.map { ElementLabel.matches($0, label) } == true
        })
    }

    /// This locator, keeping only elements for which `accepts` holds; `description` names the
    /// condition in failure messages (`"matching highlighted rows"`).
    public func filtered(_ description: String, _ accepts: @escaping @Sendable (ScreenElement) -> Bool) -> ElementLocator {
        filtered(Filter(description: description, accepts: accepts))
    }

    func filtered(_ filter: Filter) -> ElementLocator {
        var result = self
        if result.steps[result.steps.count - 1].pick != nil {
            // Filtering what a pick kept: a new step among the picked elements.
            result.steps.append(Step(kind: kind, amongPrevious: true))
        }
        result.steps[result.steps.count - 1].filters.append(filter)
        return result
    }

    /// This locator, keeping only the element at `index` (zero-based, in reading order) of those
    /// it finds.
    public func bound(by index: Int) -> ElementLocator { picking(.index(index)) }

    /// This locator, keeping only the first element (in reading order) of those it finds.
    public var first: ElementLocator { picking(.first) }

    private func picking(_ pick: Pick) -> ElementLocator {
        var result = self
        if result.steps[result.steps.count - 1].pick != nil {
            result.steps.append(Step(kind: kind, amongPrevious: true))
        }
        result.steps[result.steps.count - 1].pick = pick
        return result
    }

    /// Every label the locator asks for (`windows["Settings"].buttons["OK"]`: `Settings` and
    /// `OK`). A label is text the screen shows (its words, separated by blanks), so while one is
    /// nowhere on the screen the locator cannot match: waits test that on the live screen
    /// (``TerminalEmulator/screenContainsWords(_:)``), which is much cheaper than recognising its
    /// elements.
    public var labels: [String] { steps.flatMap { $0.filters.compactMap(\.label) } }

    /// How the query reads in messages: `button "OK" in window "Settings"`.
    public var description: String {
        var parts: [String] = []
        for step in steps {
            let text = Self.describe(step)
            if step.amongPrevious, let previous = parts.popLast() {
                parts.append("\(text) of \(previous)")
            } else {
                parts.append(text)
            }
        }
        return parts.reversed().joined(separator: " in ")
    }

    private static func describe(_ step: Step) -> String {
        let name = step.kind.displayName
        var text: String
        switch step.pick {
        case let .index(index)?: text = "\(name) #\(index)"
        case .first?: text = "first \(name)"
        case nil: text = step.amongPrevious ? "those" : name
        }
        if !step.filters.isEmpty { text += " " + step.filters.map(\.description).joined(separator: " ") }
        return text
    }

    /// What resolving the locator found: the matches, and the elements of the last step's kind
    /// where the last step looked before its filters and pick (what a failure lists as "there instead").
    public struct Resolution: Sendable {
        /// The elements the locator names, in reading order.
        public var matches: [ScreenElement]
        /// Every element of the locator's kind in the place the last step looked.
        public var candidates: [ScreenElement]
    }

    /// Resolves the locator against `tree`. A text step (``ElementQueryScope/texts``) reads the
    /// runs of words in the cells the tree was recognised from, inside the frames of what the
    /// step before it found (the whole screen for a first step).
    public func resolve(in tree: ScreenElementTree) -> Resolution {
        let flat = FlatElementTree(tree)
        var current: StepElements?
        var candidates = StepElements.tree([])
        for step in steps {
            if step.amongPrevious {
                candidates = current ?? .tree([])
            } else if step.kind == .text {
                candidates = .texts(ScreenTextRuns.runs(of: tree, inside: current.map { $0.frames(in: flat) }))
            } else if case let .tree(scopes)? = current {
                var inside = Set<Int>()
                for scope in scopes { inside.formUnion(flat.descendants(of: scope)) }
                candidates = .tree(inside.sorted().filter { flat.elements[$0].kind == step.kind })
            } else if current != nil {
                candidates = .tree([])  // a text holds no elements
            } else {
                candidates = .tree(flat.elements.indices.filter { flat.elements[$0].kind == step.kind })
            }
            let elements = candidates.elements(in: flat)
            let passing = elements.indices.filter { index in step.filters.allSatisfy { $0.accepts(elements[index]) } }
            switch step.pick {
            case let .index(position)?: current = candidates.keeping(passing.indices.contains(position) ? [passing[position]] : [])
            case .first?: current = candidates.keeping(Array(passing.prefix(1)))
            case nil: current = candidates.keeping(passing)
            }
        }
        return Resolution(matches: current?.elements(in: flat) ?? [], candidates: candidates.elements(in: flat))
    }
}

/// A tree's elements depth first, with the range of each one's descendants.
struct FlatElementTree {
    var elements: [ScreenElement] = []
    /// For element `i`, its descendants are `i + 1 ..< descendantsEnd[i]`.
    var descendantsEnd: [Int] = []

    init(_ tree: ScreenElementTree) {
        func visit(_ element: ScreenElement) {
            let index = elements.count
            elements.append(element)
            descendantsEnd.append(0)
            element.children.forEach(visit)
            descendantsEnd[index] = elements.count
        }
        tree.roots.forEach(visit)
    }

    func descendants(of index: Int) -> Range<Int> { (index + 1)..<descendantsEnd[index] }

    /// The index of the element that directly contains element `index`, if any: the last element
    /// before it (depth first, ancestors come first) whose descendants include it.
    func parent(of index: Int) -> Int? {
        (0..<index).last { descendants(of: $0).contains(index) }
    }
}
