import Glibc

/// The size of the terminal in character cells.
struct TerminalSize: Equatable, Sendable {
    /// Width in columns.
    var columns: Int
    /// Height in rows.
    var rows: Int

    /// The size used when the terminal does not report one.
    static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The current size of the terminal on standard output, read with ioctl(TIOCGWINSZ).
    static func current() -> TerminalSize {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return fallback
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// The size as shown in the status line, such as `80x24`.
    var description: String { "\(columns)x\(rows)" }
}
