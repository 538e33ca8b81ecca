import CleanSlateScreen
import Foundation

/// Replaying an asciicast v2 recording (what `cleanslate run --record` and a failing test's artifact
/// folder hold, and what `asciinema rec` writes) into the screen emulator, one line at a time.
enum AsciicastPlayback {
    /// A recording that cannot be read: says which line and what is wrong with it.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether `firstLine` is an asciicast header (a JSON object with `"version": 2`).
    static func isHeader(_ firstLine: Data) -> Bool {
        guard firstLine.first == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: firstLine) as? [String: Any] else { return false }
        return (object["version"] as? Int) == 2
    }

    /// The terminal size the header gives.
    static func size(fromHeader line: Data) throws -> (rows: Int, columns: Int) {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let width = object["width"] as? Int, let height = object["height"] as? Int,
              (1...1000).contains(width), (1...1000).contains(height) else {
            throw Malformed(description: "line 1: the asciicast header needs whole-number \"width\" and \"height\" from 1 to 1000")
        }
        return (height, width)
    }

    /// Applies one event line (`[SECONDS, CODE, DATA]`) to `emulator`: output (`o`) is fed, a resize
    /// (`r`, `"COLSxROWS"`) resizes it, other events (input, markers) change nothing. Returns false,
    /// applying nothing, for an event later than `end`: the caller stops there.
    static func apply(_ line: Data, number: Int, to emulator: TerminalEmulator, until end: Double?) throws -> Bool {
        if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { return true }
        guard let event = try? JSONSerialization.jsonObject(with: line) as? [Any], event.count == 3,
              let time = (event[0] as? NSNumber)?.doubleValue, let code = event[1] as? String, let data = event[2] as? String else {
            throw Malformed(description: "line \(number): an asciicast event must be [SECONDS, \"CODE\", \"DATA\"]")
        }
        if let end, time > end { return false }
        switch code {
        case "o":
            var bytes = Array(data.utf8)
            bytes.withUnsafeMutableBytes { emulator.feed(UnsafeRawBufferPointer($0)) }
        case "r":
            let parts = data.split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
                throw Malformed(description: "line \(number): a resize event's data must be \"COLSxROWS\", got \(data.debugDescription)")
            }
            emulator.resize(rows: parts[1], columns: parts[0])
        default:
            break
        }
        return true
    }
}
