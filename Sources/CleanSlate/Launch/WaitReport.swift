import Glibc
import CleanSlateScreen

/// The message of a failed wait: what was awaited, how long, the app's state, and what the app
/// showed instead: for a terminal launch its screen framed with row numbers and the cursor, plus
/// the last bytes received; otherwise the tail of each output stream. Control characters are made
/// visible, so the reader sees what the app did.
struct WaitReport {
    var waitingFor: String
    var waited: Duration
    var state: AppState
    var output: [AppOutputStream: OutputBuffer]
    var screen: ScreenSnapshot?
    var headline: String?
    /// The wait's timeout and the scale it ran under.
    var limit: WaitLimit
    /// The launch's faults and their seed, if it had any.
    var faultNote: String?
    /// A line under the headline that explains it (what the screen had instead).
    var detail: String?
    /// The output streams whose reading failed, and the error.
    var readFailures: [AppOutputStream: Int32] = [:]

    /// The report for a wait on `process`, with its output (and screen) as they are now.
    init(
        _ process: LaunchedProcess, waitingFor: String, since start: MonotonicInstant, limit: WaitLimit, state: AppState,
        headline: String? = nil
    ) {
        (output, screen, readFailures) = process.monitor.withLock {
            (process.output, process.terminal?.emulator.snapshot(), process.outputReadFailures)
        }
        self.waitingFor = waitingFor
        self.waited = MonotonicInstant.now.duration(since: start)
        self.state = state
        self.headline = headline
        self.limit = limit
        self.faultNote = process.faultNote
    }

    var text: String {
        var lines = [headline ?? "timed out after \(Self.format(waited)) waiting for \(waitingFor)"]
        if let detail { lines.append(detail) }
        lines.append("app state: \(state); waited \(Self.format(waited)); \(limit.description)")
        if let faultNote { lines.append(faultNote) }
        for stream in AppOutputStream.allCases {
            guard let code = readFailures[stream] else { continue }
            lines.append("reading the app's \(stream.displayName) failed (errno \(code), \(SystemCall.describe(code))): what it wrote after that was not seen"
                + (code == EBADF ? "; its descriptor had been closed by another part of the test process (please report this as a CleanSlate bug)" : ""))
        }
        if let screen {
            lines.append("screen (\(screen.rows)x\(screen.columns)\(screen.isAlternateScreenActive ? ", alternate screen" : "")):")
            lines.append(screen.framed())
            let received = output[.standardOutput]!
            let tail = received.suffix(400)
            lines.append("last \(tail.count) of \(received.total) bytes received:")
            lines.append(Self.escape(tail))
            return lines.joined(separator: "\n")
        }
        let tailLength = 600
        for stream in AppOutputStream.allCases {
            let bytes = output[stream]!
            if bytes.total == 0 {
                lines.append("\(stream.displayName): (nothing)")
                continue
            }
            let tail = bytes.suffix(tailLength)
            let prefix = bytes.total > tail.count ? "last \(tail.count) of \(bytes.total) bytes" : "\(bytes.total) bytes"
            lines.append("\(stream.displayName) (\(prefix)):")
            lines.append(Self.escape(tail))
        }
        return lines.joined(separator: "\n")
    }

    /// Seconds with millisecond precision.
    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return "\(milliseconds / 1000).\(String(format3: Int(milliseconds % 1000))) s"
    }

    /// Text with escape sequences and other control characters shown as `\e`, `\r`, `\x07`; newlines
    /// are kept as line breaks (and marked) so the tail reads like the app's output.
    static func escape(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = "  | "
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n\n  | "
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{1B}": result += "\\e"
            case "\\": result += "\\\\"
            case let s where s.value < 0x20 || s.value == 0x7F || (0x80..<0xA0).contains(s.value):
                result += "\\x" + String(s.value, radix: 16, uppercase: true).leftPadded(to: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

private extension String {
    init(format3 value: Int) {
        self = String(value).leftPadded(to: 3)
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
