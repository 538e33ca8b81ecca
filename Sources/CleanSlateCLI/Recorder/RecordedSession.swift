import Foundation
import CleanSlate

/// An asciicast v2 recording read whole for `cleanslate record`: its size, whether it was a launch
/// over pipes (the header's `TERM` is `dumb`, as ``AppLauncher/sessionRecording()`` writes it), its
/// title (the program's name), its command (the whole argument vector, when the header's `command`
/// gives it) and its events in order.
struct RecordedSession {
    /// One `[SECONDS, CODE, DATA]` line: `o` output, `i` input, `r` resize, `m` marker.
    struct Event {
        let time: Double
        let code: String
        let data: String
    }

    let rows: Int
    let columns: Int
    let isPipe: Bool
    let title: String?
    /// The header's `command` split into words as a shell splits it; nil when it has none (or an
    /// unclosed quote).
    let command: [String]?
    let events: [Event]

    /// Parses `data`; throws ``AsciicastPlayback/Malformed`` naming the line when it is not an
    /// asciicast v2 recording.
    static func parse(_ data: Data) throws -> RecordedSession {
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let first = lines.first, AsciicastPlayback.isHeader(Data(first)) else {
            throw AsciicastPlayback.Malformed(description: "line 1: not an asciicast v2 header (a JSON object with \"version\": 2)")
        }
        let size = try AsciicastPlayback.size(fromHeader: Data(first))
        let header = (try? JSONSerialization.jsonObject(with: Data(first)) as? [String: Any]) ?? [:]
        let term = (header["env"] as? [String: Any])?["TERM"] as? String
        var events: [Event] = []
        for (index, line) in lines.enumerated().dropFirst() {
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            guard let event = try? JSONSerialization.jsonObject(with: Data(line)) as? [Any], event.count == 3,
                  let time = (event[0] as? NSNumber)?.doubleValue, let code = event[1] as? String, let text = event[2] as? String else {
                throw AsciicastPlayback.Malformed(description: "line \(index + 1): an asciicast event must be [SECONDS, \"CODE\", \"DATA\"]")
            }
            events.append(Event(time: time, code: code, data: text))
        }
        return RecordedSession(rows: size.rows, columns: size.columns, isPipe: term == "dumb",
                               title: header["title"] as? String,
                               command: (header["command"] as? String).flatMap(ShellWords.words).flatMap { $0.isEmpty ? nil : $0 },
                               events: events)
    }
}
