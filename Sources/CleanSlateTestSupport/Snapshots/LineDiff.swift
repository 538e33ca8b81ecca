/// A line diff for failure messages: `- ` lines of the reference, `+ ` lines of the actual text,
/// `  ` lines they share, and long runs of shared lines folded to a count.
package enum LineDiff {
    /// The diff of `reference` and `actual`, showing `context` shared lines around each change.
    ///
    /// The lines both texts start and end with are matched first; the rest is matched by longest
    /// common subsequence when it is at most ``maximumCells`` line pairs, else shown as removed and
    /// added, so a huge output cannot make a failure slow.
    package static func render(reference: String, actual: String, context: Int = 2) -> String {
        let old = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        return format(edits(old, new), context: context)
    }

    /// The largest number of line pairs compared one by one.
    package static let maximumCells = 1_000_000

    private enum Edit {
        case same(Substring), removed(Substring), added(Substring)
    }

    private static func edits(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        return old[..<prefix].map(Edit.same) + middleEdits(oldMiddle, newMiddle) + old[(old.count - suffix)...].map(Edit.same)
    }

    private static func middleEdits(_ old: [Substring], _ new: [Substring]) -> [Edit] {
        guard !old.isEmpty, !new.isEmpty, old.count * new.count <= maximumCells else {
            return old.map(Edit.removed) + new.map(Edit.added)
        }
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        let width = new.count + 1
        var common = [Int](repeating: 0, count: (old.count + 1) * width)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * width + j] = old[i] == new[j]
                    ? common[(i + 1) * width + j + 1] + 1 : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var result: [Edit] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || common[(i + 1) * width + j] >= common[i * width + j + 1] {
                result.append(.removed(old[i])); i += 1
            } else {
                result.append(.added(new[j])); j += 1
            }
        }
        return result
    }

    private static func format(_ edits: [Edit], context: Int) -> String {
        var near = [Bool](repeating: false, count: edits.count)
        for (index, edit) in edits.enumerated() {
            if case .same = edit { continue }
            for shown in max(0, index - context)...min(edits.count - 1, index + context) { near[shown] = true }
        }
        var lines: [String] = []
        var folded = 0
        for (index, edit) in edits.enumerated() {
            switch edit {
            case let .same(line):
                if near[index] {
                    if folded > 0 { lines.append("  … \(folded) unchanged line\(folded == 1 ? "" : "s")"); folded = 0 }
                    lines.append("  " + line)
                } else {
                    folded += 1
                }
            case let .removed(line):
                lines.append("- " + line)
            case let .added(line):
                lines.append("+ " + line)
            }
        }
        if folded > 0 { lines.append("  … \(folded) unchanged line\(folded == 1 ? "" : "s")") }
        return lines.joined(separator: "\n")
    }
}
