extension ElementQueryScope {
    /// Runs of words as the screen draws them, whatever (if anything) recognition made of them:
    /// the locator for what the element rules do not name (`app.texts["Groceries"]`,
    /// `app.windows["Settings"].texts["Dark"]` for the runs inside that window's frame).
    ///
    /// A run is words on one row separated by single blanks; two or more blanks, a line-drawing
    /// character, a `|` standing apart (an ASCII box's side), the end of the row and a change of shade (background, or foreground under
    /// inverse) end it. `texts["Apple"]` matches a whole run, as labels match
    /// (``ElementLabel/matches(_:_:)``): it finds `Apple` in `Apple  red` (two runs) but not in
    /// `Apple pie` (one run); ``ElementQuery/containing(_:)`` finds a run by whole words inside it.
    /// A text is highlighted (``ElementReference/isHighlighted``) when its shade differs from the
    /// ground around it. Texts are never recognised elements: they are not in
    /// ``ScreenSnapshot/elements``.
    public var texts: ElementQuery<Source> { descendants(matching: .text) }
}

extension ElementQuery {
    /// The elements whose label holds `phrase` as whole words, in order, white space compared as
    /// labels compare it: `texts.containing("Apple")` finds the run `Apple pie` and `Green Apple`,
    /// not `Applesauce`.
    public func containing(_ phrase: String) -> ElementQuery<Source> {
        ElementQuery(source: source, locator: locator.containing(phrase))
    }
}

extension ElementLocator {
    /// This locator, keeping only elements whose label holds `phrase`'s words as whole words, in
    /// order (see ``ElementQuery/containing(_:)``).
    public func containing(_ phrase: String) -> ElementLocator {
        let wanted = phrase.split(whereSeparator: \.isWhitespace)
        return filtered(Filter(description: "containing \(phrase.debugDescription)", label: phrase) { element in
            Self.words(wanted, areIn: element.label.split(whereSeparator: \.isWhitespace))
        })
    }

    /// Whether `wanted` occur one after another in `words` (an empty phrase is in every label).
    static func words(_ wanted: [Substring], areIn words: [Substring]) -> Bool {
        guard !wanted.isEmpty else { return true }
        guard wanted.count <= words.count else { return false }
        return (0...(words.count - wanted.count)).contains { start in
            words[start..<(start + wanted.count)].elementsEqual(wanted)
        }
    }

    /// Whether every step finds runs of words: such a locator is resolved on the screen's cells
    /// alone, without recognising its elements.
    public var findsOnlyTexts: Bool { steps.allSatisfy { $0.kind == .text } }
}
