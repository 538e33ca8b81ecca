/// Cells whose style differs between two styled renderings (``ScreenSnapshot/styledText(replacing:)``),
/// for failure messages that say which cells changed, not only which lines.
public struct StyleChange: Sendable, Equatable, CustomStringConvertible {
    /// The zero-based row.
    public let row: Int
    /// The zero-based display columns, consecutive cells with the same change together.
    public let columns: ClosedRange<Int>
    /// The style in the reference (`""` for the default style).
    public let reference: String
    /// The style now (`""` for the default style).
    public let actual: String

    /// `row 1, columns 0-5: fg=red bold -> plain`.
    public var description: String {
        let where_ = columns.count == 1 ? "column \(columns.lowerBound)" : "columns \(columns.lowerBound)-\(columns.upperBound)"
        return "row \(row), \(where_): \(Self.show(reference)) -> \(Self.show(actual))"
    }

    private static func show(_ style: String) -> String { style.isEmpty ? "plain" : style }

    /// The cells whose style differs between the styled renderings `reference` and `actual`, row
    /// by row, left to right. Lines that are not rows or style lines are ignored, and so is a column
    /// range beyond ``maximumColumn`` (a damaged reference cannot make this slow).
    public static func between(reference: String, actual: String) -> [StyleChange] {
        let old = styles(in: reference)
        let new = styles(in: actual)
        let cells = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted {
            ($0.row, $0.column) < ($1.row, $1.column)
        }
        var changes: [StyleChange] = []
        for cell in cells {
            let before = old[cell] ?? "", after = new[cell] ?? ""
            if let last = changes.last, last.row == cell.row, last.columns.upperBound == cell.column - 1,
               last.reference == before, last.actual == after {
                changes[changes.count - 1] = StyleChange(row: last.row, columns: last.columns.lowerBound...cell.column, reference: before, actual: after)
            } else {
                changes.append(StyleChange(row: cell.row, columns: cell.column...cell.column, reference: before, actual: after))
            }
        }
        return changes
    }

    /// The largest column a style line is read for.
    public static let maximumColumn = 4096

    private struct Cell: Hashable {
        let row: Int
        let column: Int
    }

    /// The style of every styled cell of a rendering.
    private static func styles(in rendering: String) -> [Cell: String] {
        var styles: [Cell: String] = [:]
        var row = -1
        for line in rendering.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                row += 1
                continue
            }
            guard row >= 0, line.hasPrefix("~ ") else { continue }
            let fields = line.dropFirst(2).split(separator: " ", maxSplits: 1)
            guard let range = fields.first, let columns = parseColumns(range) else { continue }
            let style = fields.count > 1 ? String(fields[1]) : ""
            for column in columns { styles[Cell(row: row, column: column)] = style }
        }
        return styles
    }

    private static func parseColumns(_ text: Substring) -> ClosedRange<Int>? {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count <= 2, let first = Int(bounds[0]), let last = Int(bounds[bounds.count - 1]),
              first >= 0, first <= last, last <= maximumColumn else { return nil }
        return first...last
    }
}
