import CleanSlateScreen

/// The size of the pseudo-terminal an app is launched on.
public struct TerminalSize: Sendable, Equatable, CustomStringConvertible {
    /// Number of rows (lines).
    public let rows: Int
    /// Number of columns.
    public let columns: Int

    /// The classic 24 rows by 80 columns.
    public static let standard = TerminalSize(validRows: 24, columns: 80)

    /// The largest size accepted in either direction (the emulator's limit).
    public static let maximumDimension = TerminalEmulator.maximumDimension

    /// Creates a size.
    ///
    /// - Throws: `.invalidArgument` unless both are between 1 and ``maximumDimension``.
    public init(rows: Int, columns: Int) throws {
        guard (1...Self.maximumDimension).contains(rows), (1...Self.maximumDimension).contains(columns) else {
            throw CleanSlateError(.invalidArgument,
                "terminal size \(rows)x\(columns) is invalid: rows and columns must be between 1 and \(Self.maximumDimension)")
        }
        self.rows = rows
        self.columns = columns
    }

    private init(validRows rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// Parses `ROWSxCOLS`, e.g. `24x80`.
    public init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]) else {
            throw CleanSlateError(.invalidArgument, "terminal size \(text.debugDescription) is not ROWSxCOLS, e.g. 24x80")
        }
        try self.init(rows: rows, columns: columns)
    }

    public var description: String { "\(rows)x\(columns)" }
}
