/// Writes a ``SessionRecorder``'s events as an asciicast v2 recording (the format of asciinema:
/// a JSON header line, then one JSON array per event), so `asciinema play` and `asciinema cat`
/// replay it and `cleanslate render` turns it back into a screen.
///
/// - Output is `o` events, input the test sent is `i` events, terminal resizes are `r` events
///   (`"COLSxROWS"`). Bytes are decoded as UTF-8 with a character split across two reads kept
///   whole; invalid bytes become U+FFFD.
/// - A launch over pipes has no terminal: the header says 80x24, standard output and error are
///   both `o` events, and each line feed is written as CR LF, as a terminal would show it.
/// - Where events were dropped to keep the recording within its budget, an `m` (marker) event says
///   how many events and bytes were cut.
enum AsciicastWriter {
    /// The size a launch over pipes is recorded with.
    static let pipeSize = (rows: 24, columns: 80)

    /// The recording of `recorder`'s session of `command` (the argument vector, the program's name
    /// first): the header's `title` is the program's name, its `command` the whole command as a
    /// shell would read it (``ShellWords``), so a test written from the recording can launch the
    /// program with its arguments.
    static func encode(_ recorder: SessionRecorder, command: [String]) -> String {
        let size = recorder.size ?? pipeSize
        var text = "{\"version\": 2, \"width\": \(size.columns), \"height\": \(size.rows), \"timestamp\": \(recorder.startedAt), "
            + "\"title\": \(jsonString(command.first ?? "")), \"command\": \(jsonString(ShellWords.line(command))), \"env\": {\"TERM\": \"\(recorder.size == nil ? "dumb" : "xterm-256color")\"}}\n"
        let (events, cutAfter) = recorder.events
        var pending: [SessionRecorder.Kind: [UInt8]] = [:]
        var previousOutputByte: UInt8 = 0
        for (index, event) in events.enumerated() {
            if index == cutAfter {
                pending = [:]
                text += line(event.offset, "m", "CleanSlate: \(recorder.cutEvents) events (\(recorder.cutBytes) bytes) cut here to keep the recording within the \(recorder.limit)")
            }
            switch event.kind {
            case .resize:
                text += line(event.offset, "r", String(decoding: event.bytes, as: UTF8.self))
            case .output, .input:
                var bytes = (pending[event.kind] ?? []) + event.bytes
                if event.kind == .output && recorder.size == nil {
                    bytes = crlf(bytes, after: previousOutputByte)
                    previousOutputByte = event.bytes.last ?? previousOutputByte
                }
                let complete = completeUTF8Prefix(bytes)
                pending[event.kind] = Array(bytes[complete...])
                if complete > 0 {
                    text += line(event.offset, event.kind == .output ? "o" : "i", String(decoding: bytes[..<complete], as: UTF8.self))
                }
            }
        }
        return text
    }

    /// Line feeds not preceded by a carriage return become CR LF.
    private static func crlf(_ bytes: [UInt8], after previous: UInt8) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var before = previous
        for byte in bytes {
            if byte == 0x0A && before != 0x0D { result.append(0x0D) }
            result.append(byte)
            before = byte
        }
        return result
    }

    /// How many of `bytes` form whole UTF-8 sequences: a sequence cut short at the end (its lead
    /// byte announces more bytes than follow) is left for the next event.
    static func completeUTF8Prefix(_ bytes: [UInt8]) -> Int {
        var index = bytes.count - 1
        var continuations = 0
        while index >= 0 && continuations < 3 && bytes[index] & 0xC0 == 0x80 {
            index -= 1
            continuations += 1
        }
        guard index >= 0 else { return bytes.count }
        let lead = bytes[index]
        let length = lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xC0 && lead < 0xE0 ? 2 : 1
        return length > continuations + 1 ? index : bytes.count
    }

    private static func line(_ offset: Int64, _ code: String, _ data: String) -> String {
        let micros = offset / 1000
        let fraction = String(micros % 1_000_000)
        return "[\(micros / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction), \"\(code)\", \(jsonString(data))]\n"
    }

    /// `value` as a JSON string literal (control characters escaped, the rest as UTF-8).
    static func jsonString(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
