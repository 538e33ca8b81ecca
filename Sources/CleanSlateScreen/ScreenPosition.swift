/// A zero-based position on the screen.
public struct ScreenPosition: Sendable, Hashable, CustomStringConvertible {
    /// The row, counted from 0 at the top.
    public var row: Int
    /// The column, counted from 0 at the left.
    public var column: Int

    /// Creates a position from a zero-based row and column.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The position as `(row, column)`.
    public var description: String { "(\(row), \(column))" }
}
