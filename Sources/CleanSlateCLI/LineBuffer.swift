import Foundation

/// Bytes that arrive in chunks, handed out a line at a time in time linear in their size.
///
/// Each byte is searched for a newline once, however many chunks a line spans (a recording's output
/// event can be many megabytes on one line), and taking a line copies nothing that stays behind:
/// the consumed front is dropped only once it is the larger part of the buffer.
struct LineBuffer {
    private var bytes: [UInt8] = []
    /// Where the next line starts.
    private var start = 0
    /// Where the search for the next newline goes on: no newline in `start..<searched`.
    private var searched = 0

    /// Whether no bytes are waiting.
    var isEmpty: Bool { start == bytes.count }

    /// Adds bytes at the end.
    mutating func append(_ chunk: Data) {
        if start > 0 && start >= bytes.count - start {
            bytes.removeSubrange(0..<start)
            searched -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next whole line without its newline, or nil until its newline has arrived.
    mutating func nextLine() -> Data? {
        guard let newline = bytes[searched...].firstIndex(of: 0x0A) else {
            searched = bytes.count
            return nil
        }
        let line = Data(bytes[start..<newline])
        start = newline + 1
        searched = start
        return line
    }

    /// The bytes after the last newline, and empties the buffer.
    mutating func takeRest() -> Data {
        defer { self = LineBuffer() }
        return Data(bytes[start...])
    }
}
