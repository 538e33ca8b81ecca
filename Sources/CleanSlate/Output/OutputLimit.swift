/// How much of an app's output an ``AppLauncher`` keeps in memory, per stream.
///
/// An app may write gigabytes; keeping all of it would let one test exhaust the machine. So the
/// launcher keeps the first ``headBytes`` and the last ``tailBytes`` of each stream and counts what
/// it drops between them. Text read back (``AppLauncher/standardOutput``) says where and how much
/// was cut. Waits for plain text (``AppLauncher/waitForOutput(_:in:timeout:fileID:filePath:line:column:)-wqek``) are unaffected:
/// they search every byte as it arrives, so a marker printed after a gigabyte is still found.
public struct OutputLimit: Sendable, Equatable, CustomStringConvertible {
    /// Bytes kept from the start of each stream.
    public var headBytes: Int
    /// Bytes kept from the end of each stream.
    public var tailBytes: Int

    /// Creates a limit; negative values count as zero.
    public init(headBytes: Int, tailBytes: Int) {
        self.headBytes = max(0, headBytes)
        self.tailBytes = max(0, tailBytes)
    }

    /// The default: the first 1 MiB and the last 8 MiB of each stream (at most about 25 MiB of
    /// memory per stream while the tail is compacted).
    public static let standard = OutputLimit(headBytes: 1 << 20, tailBytes: 8 << 20)

    /// Keep everything (for apps whose whole output a test must compare, and that write little).
    public static let unlimited = OutputLimit(headBytes: .max, tailBytes: 0)

    public var description: String {
        headBytes == .max ? "unlimited" : "first \(headBytes) and last \(tailBytes) bytes"
    }
}
