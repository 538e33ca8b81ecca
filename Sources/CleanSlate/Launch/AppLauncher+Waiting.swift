extension AppLauncher {
    /// Waits until `stream` contains `text`, and returns how long that took.
    ///
    /// Event-driven: the wait wakes when output arrives, not on a timer. On timeout it throws
    /// `.timedOut` with the tail of what the app did print, its state and how long it waited; if the
    /// app exits without printing `text` it throws `.appExited` at once instead of waiting out the timeout.
    @discardableResult
    public func waitForOutput(_ text: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil) throws -> Duration {
        let needle = Array(text.utf8)
        var searchedUpTo = 0
        return try waitForOutput(description: "\(stream.displayName) to contain \(text.debugDescription)", stream: stream, timeout: timeout) { bytes in
            let found = ByteSearch.contains(needle, in: bytes, from: max(0, searchedUpTo - needle.count + 1))
            searchedUpTo = bytes.count
            return found
        }
    }

    /// Waits until `stream`, decoded as UTF-8, matches the regular expression `pattern`.
    ///
    /// A match may span the whole output, so the whole output is matched again whenever more
    /// arrives; for apps that write many megabytes, wait for plain text with ``waitForOutput(_:in:timeout:)``,
    /// which only searches what is new.
    @discardableResult
    public func waitForOutput(matching pattern: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil) throws -> Duration {
        let regex = try Self.regularExpression(pattern)
        return try waitForOutput(description: "\(stream.displayName) to match /\(pattern)/", stream: stream, timeout: timeout) { bytes in
            String(decoding: bytes, as: UTF8.self).contains(regex)
        }
    }

    /// Waits until the app exits and returns how it ended.
    ///
    /// All the output the app wrote before exiting is readable when this returns. Over pipes that
    /// holds the moment the exit is seen. A terminal hands over written bytes asynchronously, so for
    /// a terminal launch this also waits for the terminal's end of file: at most
    /// ``terminalDrainLimit`` more, for the case where a leftover child keeps the terminal open.
    @discardableResult
    public func waitForExit(timeout: Duration? = nil) throws -> ExitStatus {
        let process = try currentProcess(for: "wait for its exit")
        let limit = timeout ?? defaultTimeout
        let start = MonotonicInstant.now
        let status = whileWaiting { process.waitForExit(until: start.advanced(by: limit)) }
        guard let status else {
            throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: "\(executable) to exit", since: start, state: state).text)
        }
        if process.terminal != nil {
            let drained = min(start.advanced(by: limit), MonotonicInstant.now.advanced(by: Self.terminalDrainLimit))
            process.monitor.withLock {
                while !process.ioFinished { if !process.monitor.wait(until: drained) { break } }
            }
        }
        return status
    }

    /// Waits until the app's ``state`` satisfies `condition` (for example, until Ctrl-Z has stopped
    /// it) and returns that state. Woken by the app's exit, stops and continues, never by a timer.
    ///
    /// - Parameter description: what is awaited, for the timeout message ("stopped").
    /// - Throws: `.timedOut` with the app's output or screen, `.notRunning` before the first launch.
    @discardableResult
    public func waitForState(_ description: String, timeout: Duration? = nil, until condition: (AppState) -> Bool) throws -> AppState {
        let process = try currentProcess(for: "wait for its state")
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: timeout ?? defaultTimeout)
        let reached: AppState? = whileWaiting {
            process.monitor.withLock {
                while true {
                    let current = process.stateWhileLocked
                    if condition(current) { return current }
                    if !process.monitor.wait(until: deadline) { return condition(process.stateWhileLocked) ? process.stateWhileLocked : nil }
                }
            }
        }
        if let reached { return reached }
        throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: "\(executable) to be \(description)", since: start, state: state).text)
    }

    /// How long ``waitForExit(timeout:)`` waits, after a terminal app exits, for the terminal to
    /// deliver the app's last output (normally microseconds; the limit only matters when a leftover
    /// process keeps the terminal open).
    public static let terminalDrainLimit: Duration = .milliseconds(500)

    private func waitForOutput(description: String, stream: AppOutputStream, timeout: Duration?, _ matches: ([UInt8]) -> Bool) throws -> Duration {
        let process = try currentProcess(for: "wait for its output")
        let limit = timeout ?? defaultTimeout
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: limit)
        enum Outcome { case found, exited, timedOut }
        let outcome: Outcome = whileWaiting {
            process.monitor.withLock {
                while true {
                    if matches(process.output[stream] ?? []) { return .found }
                    if process.exitStatus != nil { return .exited }
                    if !process.monitor.wait(until: deadline) {
                        return matches(process.output[stream] ?? []) ? .found : .timedOut
                    }
                }
            }
        }
        let waited = MonotonicInstant.now.duration(since: start)
        switch outcome {
        case .found:
            return waited
        case .exited:
            throw CleanSlateError(.appExited, WaitReport(
                process, waitingFor: description, since: start, state: state,
                headline: "\(executable) exited before \(description.replacingOccurrences(of: " to ", with: " came to "))").text)
        case .timedOut:
            throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: description, since: start, state: state).text)
        }
    }

    /// `pattern` compiled, or `.invalidArgument` naming it.
    static func regularExpression(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        do { return try Regex(pattern) } catch {
            throw CleanSlateError(.invalidArgument, "the regular expression \(pattern.debugDescription) is invalid: \(error)")
        }
    }
}

extension AppOutputStream {
    /// The stream's name in messages.
    var displayName: String {
        switch self {
        case .standardOutput: return "standard output"
        case .standardError: return "standard error"
        }
    }
}

/// Byte-level substring search.
enum ByteSearch {
    /// Whether `needle` occurs in `haystack` at or after `start`.
    static func contains(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        let first = needle[0]
        var index = max(0, start)
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count && haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}
