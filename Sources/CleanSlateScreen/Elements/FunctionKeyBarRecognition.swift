/// A function-key bar: the screen's last row holding a row of labels, each on a patch of a
/// shade of its own and all patches of one width (hexcurse's `  Help  ` `  Save  ` ... `  Quit  `
/// in inverse). A person reads it as the function keys' legends in order, the first patch F1:
/// the bar mc, hexcurse and the Norton-Commander-like programs draw, whose keys are shown by
/// position (mc also writes the numbers; those bars are read by their numbers, see
/// ``findStyledKeyHints()``).
extension RecognitionWork {
    /// The fewest patches that make a function-key bar.
    static let fewestFunctionKeyPatches = 4

    /// The patches of a function-key bar on `row`, in order, or `nil` when the row is none: the
    /// screen's last row, outside every window, each run of a shade other than the screen's ground
    /// holds a label starting with two letters, all such runs are of one width, and nothing but
    /// blanks stands between them.
    func functionKeyBarPatches(row: Int) -> [Range<Int>]? {
        guard row == grid.rows - 1 else { return nil }
        let ground = ground(of: -1)
        var patches: [Range<Int>] = []
        for run in grid.shadeRuns(row: row, 0..<grid.columns) {
            if grid.shade(row, run.lowerBound) != ground {
                let first = firstLetter(row: row, run)
                guard owners[grid.index(row, run.lowerBound)] == -1, first + 1 < run.upperBound,
                      Self.isLetter(grid.scalar(row, first)), Self.isLetter(grid.scalar(row, first + 1)),
                      patches.first.map({ $0.count == run.count }) ?? true else { return nil }
                patches.append(run)
            } else if run.contains(where: { !grid.isBlank(row, $0) }) {
                // Text between the patches: the patches are keys with their actions beside them
                // (alpine's inverse `O` before `OTHER CMDS`), not labels.
                return nil
            }
        }
        return patches.count >= Self.fewestFunctionKeyPatches ? patches : nil
    }

    /// The legends of a function-key bar on the screen's last row (``functionKeyBarPatches(row:)``),
    /// keyed F1, F2, ... in order, where no earlier rule took the row's cells.
    mutating func findFunctionKeyBar() {
        let row = grid.rows - 1
        guard row >= 0, let patches = functionKeyBarPatches(row: row),
              patches.allSatisfy({ patch in spans(row: row).contains { $0.columns.contains(patch.lowerBound) && $0.columns.upperBound >= patch.upperBound } })
        else { return }
        for (index, patch) in patches.enumerated() {
            let label = firstLetter(row: row, patch)..<textEnd(row: row, patch)
            addOnRow(.keyHint, label: grid.text(row: row, label), row: row, columns: patch, owner: -1, keyName: "F\(index + 1)", lookColumns: label)
        }
    }
}
