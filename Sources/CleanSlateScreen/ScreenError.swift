/// A query about a position that is not on the screen.
public struct ScreenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The row asked for (zero-based).
    public let row: Int
    /// The column asked for (zero-based), or nil for a whole-row query.
    public let column: Int?
    /// The screen's size when it was asked.
    public let rows: Int, columns: Int

    public var description: String {
        let position = column.map { "(row \(row), column \($0))" } ?? "row \(row)"
        return "\(position) is off the \(rows)x\(columns) screen: rows are 0...\(rows - 1) and columns 0...\(columns - 1)"
    }
}
