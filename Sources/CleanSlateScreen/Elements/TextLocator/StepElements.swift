/// What one step of an ``ElementLocator`` found while it is resolved: elements of the tree (by
/// their place in a ``FlatElementTree``, which gives their descendants), or runs of words read
/// from the screen's cells (``ScreenElementKind/text``), which are in no tree.
enum StepElements {
    /// Elements of the tree, by index.
    case tree([Int])
    /// Runs of words.
    case texts([ScreenElement])

    /// The elements themselves.
    func elements(in flat: FlatElementTree) -> [ScreenElement] {
        switch self {
        case let .tree(indices): return indices.map { flat.elements[$0] }
        case let .texts(texts): return texts
        }
    }

    /// Where they are: what a text step after them reads inside.
    func frames(in flat: FlatElementTree) -> [ScreenRectangle] { elements(in: flat).map(\.frame) }

    /// Only those at `positions` (in ``elements(in:)``'s order).
    func keeping(_ positions: [Int]) -> StepElements {
        switch self {
        case let .tree(indices): return .tree(positions.map { indices[$0] })
        case let .texts(texts): return .texts(positions.map { texts[$0] })
        }
    }
}

extension ScreenTextRuns {
    /// The runs of words of the screen `tree` was recognised from, inside each of `scopes` (the
    /// whole screen when `nil`), once each, in reading order; none for a tree that carries no cells.
    static func runs(of tree: ScreenElementTree, inside scopes: [ScreenRectangle]?) -> [ScreenElement] {
        guard let grid = tree.textCells.grid else { return [] }
        let reader = ScreenTextRuns(grid: grid)
        let regions = scopes ?? [ScreenRectangle(row: 0, column: 0, height: grid.rows, width: grid.columns)]
        var seen = Set<ScreenRectangle>()
        var runs: [ScreenElement] = []
        for region in regions {
            for run in reader.runs(in: region) where seen.insert(run.frame).inserted { runs.append(run) }
        }
        return runs.sorted { ($0.frame.row, $0.frame.column) < ($1.frame.row, $1.frame.column) }
    }
}
