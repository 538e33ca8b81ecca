import CleanSlateScreen

/// How recognition did on one annotated screen: which named elements it found under the person's
/// name, and which of its own (static text aside) match nothing the person named.
public struct RecognitionScore: Sendable, Equatable {
    /// How many elements the person named.
    public var expectedCount: Int
    /// How many recognised elements are not static text.
    public var recognisedCount: Int
    /// The named elements recognition found, each paired with one recognised element of its own.
    public var foundCount: Int
    /// The named elements it did not find, in annotation order.
    public var missed: [AnnotatedElement]
    /// The recognised elements (static text aside) that match no named element, in reading order.
    public var falseElements: [ScreenElement]

    /// Compares `tree` with what a person named on the same screen.
    ///
    /// A named element is found by a recognised element of the same kind whose label matches its
    /// name as a query's does (``ElementLabel/matches(_:_:)``: ends trimmed, inner white space runs
    /// as one) or whose identifier does. Each recognised element is paired at most once, and label
    /// matches are paired before identifier matches, so a tag cannot take a row another row's text
    /// names. Static text is neither annotated nor counted.
    public init(expected: [AnnotatedElement], recognised tree: ScreenElementTree) {
        let candidates = tree.allElements.filter { $0.kind != .staticText }
        var used = [Bool](repeating: false, count: candidates.count)
        var found = [Bool](repeating: false, count: expected.count)
        let byLabel: (ScreenElement, String) -> Bool = { ElementLabel.matches($0.label, $1) }
        let byIdentifier: (ScreenElement, String) -> Bool = { element, name in
            element.identifier.map { ElementLabel.matches($0, name) } ?? false
        }
        for sameName in [byLabel, byIdentifier] {
            for (index, wanted) in expected.enumerated() where !found[index] {
                let match = candidates.indices.first { candidate in
                    !used[candidate] && candidates[candidate].kind == wanted.kind && sameName(candidates[candidate], wanted.label)
                }
                if let match {
                    used[match] = true
                    found[index] = true
                }
            }
        }
        expectedCount = expected.count
        recognisedCount = candidates.count
        foundCount = found.filter { $0 }.count
        missed = expected.indices.filter { !found[$0] }.map { expected[$0] }
        falseElements = candidates.indices.filter { !used[$0] }.map { candidates[$0] }
    }

    /// Adds up several screens' counts (the lists are joined in order).
    public static func total(_ scores: [RecognitionScore]) -> RecognitionScore {
        var sum = RecognitionScore(expected: [], recognised: ScreenElementTree(roots: []))
        for score in scores {
            sum.expectedCount += score.expectedCount
            sum.recognisedCount += score.recognisedCount
            sum.foundCount += score.foundCount
            sum.missed += score.missed
            sum.falseElements += score.falseElements
        }
        return sum
    }

    /// Found / named, from 0 to 1; `nil` when the person named nothing.
    public var recall: Double? { expectedCount == 0 ? nil : Double(foundCount) / Double(expectedCount) }

    /// Recognised elements that match a named one / all recognised (static text aside), from 0
    /// to 1; `nil` when recognition gave none. Pairing is one to one, so this is found / recognised.
    public var precision: Double? { recognisedCount == 0 ? nil : Double(foundCount) / Double(recognisedCount) }
}
