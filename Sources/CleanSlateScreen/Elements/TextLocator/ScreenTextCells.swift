/// The cells a ``ScreenElementTree`` was recognised from, carried with it so that a
/// ``ElementQueryScope/texts`` query can read the screen's runs of words when it is resolved.
///
/// Carrying them costs nothing (the arrays are shared, not copied), and they take no part in
/// comparing trees: two trees are equal when their elements are.
struct ScreenTextCells: Sendable, Hashable {
    /// The grid, or `nil` for a tree built from its roots alone (its texts query finds nothing).
    var grid: RecognitionGrid?

    /// Always equal: the cells are not part of what a tree is.
    static func == (_: ScreenTextCells, _: ScreenTextCells) -> Bool { true }

    /// Adds nothing, as ``==(_:_:)`` compares nothing.
    func hash(into hasher: inout Hasher) {}
}

extension ScreenElementTree {
    /// This tree, carrying `grid` for text queries.
    func carryingTexts(of grid: RecognitionGrid) -> ScreenElementTree {
        var tree = self
        tree.textCells.grid = grid
        return tree
    }

    /// A tree with no elements that carries `grid`: what a query made only of text steps is
    /// resolved against, so that it never waits for the screen to be recognised.
    static func textsOnly(of grid: RecognitionGrid) -> ScreenElementTree {
        ScreenElementTree(roots: []).carryingTexts(of: grid)
    }
}
