extension AppLauncher {
    /// Waits until `stream` contains `text`, and returns how long that took.
    ///
    /// Event-driven: the wait wakes when output arrives, not on a timer. On timeout it throws
    /// `.timedOut` with the tail of what the app did print, its state and how long it waited; if the
    /// app exits without printing `text` it throws `.appExited` at once instead of waiting out the timeout.
    @discardableResult
    public func waitForOutput(_ text: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil) throws -> Duration {
        let process = try currentProcess(for: "wait for its output")
        // What is kept already is searched once; what arrives is searched by the I/O thread chunk
        // by chunk, so the work is linear in the output whatever its size and the output limit.
        let watch = process.monitor.withLock { process.startWatch(for: Array(text.utf8), in: stream) }
        defer { process.monitor.withLock { process.stopWatch(watch) } }
        return try waitForOutput(process, description: "\(stream.displayName) to contain \(text.debugDescription)", timeout: timeout) { _ in
            watch.found
        }
    }

    /// Waits until `stream`, decoded as UTF-8, matches the regular expression `pattern`.
    ///
    /// A match may span the whole output, so the whole output kept (see ``outputLimit``) is matched
    /// again whenever more arrives, and a match inside a part the limit cut is not seen; for apps
    /// that write many megabytes, wait for plain text with ``waitForOutput(_:in:timeout:)``, which
    /// searches every byte once, as it arrives.
    @discardableResult
    public func waitForOutput(matching pattern: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil) throws -> Duration {
        let regex = try Self.regularExpression(pattern)
        let process = try currentProcess(for: "wait for its output")
        return try waitForOutput(process, description: "\(stream.displayName) to match /\(pattern)/", timeout: timeout) { process in
            String(decoding: process.output[stream]!.bytes, as: UTF8.self).contains(regex)
        }
    }

    /// Waits until the app exits and returns how it ended.
    ///
    /// All the output the app wrote before exiting is readable when this returns. Over pipes that
    /// holds the moment the exit is seen. A terminal hands over written bytes asynchronously, so for
    /// a terminal launch this also waits for the terminal's end of file: at most
    /// ``terminalDrainLimit`` more, for the case where a leftover child keeps the terminal open.
    ///
    /// With ``Faults/sandboxSizeLimit`` it throws `.sandboxNotCopiedBack` when the app's sandbox
    /// could not be copied back (``sandboxCopyBackError``; ``state`` still says how the app ended).
    @discardableResult
    public func waitForExit(timeout: Duration? = nil) throws -> AppExitStatus {
        let process = try currentProcess(for: "wait for its exit")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let status = whileWaiting { process.receivingAllOutput { process.waitForExit(until: start.advanced(by: limit.duration)) } }
        guard let status else {
            throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: "\(executable) to exit", since: start, limit: limit, state: state).text)
        }
        if process.terminal != nil {
            let drained = min(start.advanced(by: limit.duration), MonotonicInstant.now.advanced(by: limit.scale.apply(Self.terminalDrainLimit)))
            process.monitor.withLock {
                while !process.ioFinished { if !process.park(until: drained, forExit: true) { break } }
            }
        }
        if let refusal = process.monitor.withLock({ process.copyBackRefusal }) {
            throw refusal.error(executable: executable.description, status: status)
        }
        return status
    }

    /// Waits until the app's ``state`` satisfies `condition` (for example, until Ctrl-Z has stopped
    /// it) and returns that state. Woken by the app's exit, stops and continues, never by a timer.
    ///
    /// - Parameters:
    ///   - description: what is awaited, for the timeout message ("stopped").
    ///   - timeout: how long to wait; nil uses ``defaultTimeout``.
    ///   - condition: true for the state awaited; called with the state now and after each change.
    /// - Throws: `.timedOut` with the app's output or screen, `.notRunning` before the first launch.
    @discardableResult
    public func waitForState(_ description: String, timeout: Duration? = nil, until condition: (AppState) -> Bool) throws -> AppState {
        let process = try currentProcess(for: "wait for its state")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: limit.duration)
        let reached: AppState? = whileWaiting {
            process.monitor.withLock {
                while true {
                    let current = process.stateWhileLocked
                    if condition(current) { return current }
                    if !process.park(until: deadline) { return condition(process.stateWhileLocked) ? process.stateWhileLocked : nil }
                }
            }
        }
        if let reached { return reached }
        throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: "\(executable) to be \(description)", since: start, limit: limit, state: state).text)
    }

    /// How long ``waitForExit(timeout:)`` waits, after a terminal app exits, for the terminal to
    /// deliver the app's last output (normally microseconds; the limit only matters when a leftover
    /// process keeps the terminal open). Multiplied by ``timeoutScale``.
    public static let terminalDrainLimit: Duration = .milliseconds(500)

    /// Waits until `matches` (called with the monitor held) holds, the app exits, or the timeout.
    private func waitForOutput(
        _ process: LaunchedProcess, description: String, timeout: Duration?, _ matches: (LaunchedProcess) -> Bool
    ) throws -> Duration {
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: limit.duration)
        enum Outcome { case found, exited, timedOut }
        let outcome: Outcome = whileWaiting {
            process.monitor.withLock {
                var seen = process.beginPieceWait()
                defer { process.endPieceWait(seen: seen) }
                while true {
                    if matches(process) { return .found }
                    if process.exitStatus != nil { return .exited }
                    if !process.waitForPiece(after: &seen, until: deadline) {
                        return matches(process) ? .found : .timedOut
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
                process, waitingFor: description, since: start, limit: limit, state: state,
                headline: "\(executable) exited before \(description.replacingOccurrences(of: " to ", with: " came to "))").text)
        case .timedOut:
            throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: description, since: start, limit: limit, state: state).text)
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
