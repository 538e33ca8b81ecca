import Foundation
import Glibc

/// Writing to the front end's own standard output and error.
enum CLIOutput {
    /// Writes raw bytes to a descriptor, all of them; returns false if the descriptor cannot take
    /// them (its reader went away: EPIPE, since SIGPIPE is ignored in this process).
    @discardableResult
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { write($0, to: fd) }
    }

    /// Writes raw bytes to a descriptor, all of them; false if the descriptor cannot take them.
    @discardableResult
    static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 { if errno == EINTR { continue } else { return false } }
            offset += n
        }
        return true
    }

    /// A line on standard error prefixed `cleanslate: `.
    static func error(_ message: String) {
        write(Array("cleanslate: \(message)\n".utf8), to: 2)
    }

    /// A line on standard output.
    static func line(_ text: String) {
        write(Array((text + "\n").utf8), to: 1)
    }
}

/// A usage error: its message names the bad option and what to do.
struct UsageError: Error {
    let message: String
}

/// Reads options from an argument list, one at a time.
struct ArgumentReader {
    private var remaining: ArraySlice<String>

    init(_ arguments: [String]) { remaining = arguments[...] }

    /// The next argument, consumed.
    mutating func next() -> String? { remaining.popFirst() }

    /// Everything not yet consumed.
    var rest: [String] { Array(remaining) }

    /// The value of `option`, which must follow it.
    mutating func value(for option: String) throws -> String {
        guard let value = remaining.popFirst() else { throw UsageError(message: "\(option) needs a value; see 'cleanslate --help'") }
        return value
    }

    /// The `NAME=VALUE` that must follow `option` (`--env`), split at its first `=`.
    mutating func variable(for option: String) throws -> (name: String, value: String) {
        let pair = try value(for: option)
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw UsageError(message: "\(option) takes NAME=VALUE, got '\(pair)'")
        }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}
