extension AppLauncher {
    /// Waits until `stream` contains `text`, and returns how long that took.
    ///
    /// Event-driven: the wait wakes when output arrives, not on a timer. On timeout it throws
    /// `.timedOut` with the tail of what the app did print, its state and how long it waited; if the
    /// app exits without printing `text` it throws `.appExited` at once instead of waiting out the timeout.
    @discardableResult
    public func waitForOutput(_ text: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> Duration {
        try StepCallSite(fileID, filePath, line, column).run {
            try outputWait(for: text, in: stream, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForOutput(_:in:timeout:fileID:filePath:line:column:)``: the same wait, suspending its task
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForOutput(_ text: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> Duration {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await outputWait(for: text, in: stream, timeout: timeout).suspend()
        }
    }

    /// Waits until `stream`, decoded as UTF-8, matches the regular expression `pattern`.
    ///
    /// A match may span the whole output, so the whole output kept (see ``outputLimit``) is matched
    /// again whenever more arrives, and a match inside a part the limit cut is not seen; for apps
    /// that write many megabytes, wait for plain text with ``waitForOutput(_:in:timeout:fileID:filePath:line:column:)-wqek``, which
    /// searches every byte once, as it arrives.
    @discardableResult
    public func waitForOutput(matching pattern: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> Duration {
        try StepCallSite(fileID, filePath, line, column).run {
            try outputWait(matching: pattern, in: stream, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForOutput(matching:in:timeout:fileID:filePath:line:column:)``: the same wait, suspending its
    /// task instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForOutput(matching pattern: String, in stream: AppOutputStream = .standardOutput, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> Duration {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await outputWait(matching: pattern, in: stream, timeout: timeout).suspend()
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
    public func waitForExit(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> AppExitStatus {
        try StepCallSite(fileID, filePath, line, column).run {
            try exitWait(timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForExit(timeout:fileID:filePath:line:column:)``: the same wait, suspending its task instead of
    /// blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForExit(timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> AppExitStatus {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await exitWait(timeout: timeout).suspend()
        }
    }

    /// Waits until the app's ``state`` satisfies `condition` (for example, until Ctrl-Z has stopped
    /// it) and returns that state. Woken by the app's exit, stops and continues, never by a timer.
    ///
    /// - Parameters:
    ///   - description: what is awaited, for the timeout message ("stopped").
    ///   - timeout: how long to wait; nil uses ``defaultTimeout``.
    ///   - condition: true for the state awaited; called with the state now and after each change.
    ///   - fileID: the calling test's file, where a failure is reported (leave the default).
    ///   - filePath: the calling test's file path (leave the default).
    ///   - line: the calling test's line (leave the default).
    ///   - column: the calling test's column (leave the default).
    /// - Throws: `.timedOut` with the app's output or screen, `.notRunning` before the first launch.
    @discardableResult
    public func waitForState(_ description: String, timeout: Duration? = nil, until condition: (AppState) -> Bool, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> AppState {
        try StepCallSite(fileID, filePath, line, column).run {
            try withoutActuallyEscaping(condition) { try stateWait(description, timeout: timeout, until: $0).block() }
        }
    }

    /// The awaited form of ``waitForState(_:timeout:until:fileID:filePath:line:column:)``: the same wait, suspending its task
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForState(_ description: String, timeout: Duration? = nil, until condition: (AppState) -> Bool, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> AppState {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await withoutActuallyEscaping(condition) { try await stateWait(description, timeout: timeout, until: $0).suspend() }
        }
    }

    /// How long ``waitForExit(timeout:fileID:filePath:line:column:)-7ono8`` waits, after a terminal app exits, for the terminal to
    /// deliver the app's last output (normally microseconds; the limit only matters when a leftover
    /// process keeps the terminal open). Multiplied by ``timeoutScale``.
    public static let terminalDrainLimit: Duration = .milliseconds(500)

    private func outputWait(for text: String, in stream: AppOutputStream, timeout: Duration?) throws -> PreparedWait<OutputOutcome, Duration> {
        let process = try currentProcess(for: "wait for its output")
        // What is kept already is searched once; what arrives is searched by the I/O thread chunk
        // by chunk, so the work is linear in the output whatever its size and the output limit.
        let watch = process.monitor.withLock { process.startWatch(for: Array(text.utf8), in: stream) }
        var wait = outputWait(process, description: "\(stream.displayName) to contain \(text.debugDescription)", timeout: timeout) { _ in
            watch.found
        }
        wait.cleanup = { process.monitor.withLock { process.stopWatch(watch) } }
        return wait
    }

    private func outputWait(matching pattern: String, in stream: AppOutputStream, timeout: Duration?) throws -> PreparedWait<OutputOutcome, Duration> {
        let regex = try Self.regularExpression(pattern)
        let process = try currentProcess(for: "wait for its output")
        return outputWait(process, description: "\(stream.displayName) to match /\(pattern)/", timeout: timeout) { process in
            String(decoding: process.output[stream]!.bytes, as: UTF8.self).contains(regex)
        }
    }

    private func exitWait(timeout: Duration?) throws -> PreparedWait<AppExitStatus, AppExitStatus> {
        let process = try currentProcess(for: "wait for its exit")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: limit.duration)
        // After the exit, a terminal launch waits for the terminal's end of file, up to the drain limit.
        var drained: MonotonicInstant?
        let wait = LaunchWait<AppExitStatus>(process: process, deadline: deadline, wakes: .exit, pace: .allOutput) {
            guard let status = process.exitStatus else { return .pending }
            guard process.terminal != nil else { return .finished(status) }
            let until = drained ?? min(deadline, MonotonicInstant.now.advanced(by: limit.scale.apply(Self.terminalDrainLimit)))
            drained = until
            return process.ioFinished || MonotonicInstant.now >= until ? .finished(status) : .pendingUntil(until)
        }
        return PreparedWait(launcher: self, wait: wait) { [executable] status in
            guard let status else {
                throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: "\(executable) to exit", since: start, limit: limit, state: self.state).text)
            }
            if let refusal = process.monitor.withLock({ process.copyBackRefusal }) {
                throw refusal.error(executable: executable.description, status: status)
            }
            return status
        }
    }

    private func stateWait(_ description: String, timeout: Duration?, until condition: @escaping (AppState) -> Bool) throws -> PreparedWait<AppState, AppState> {
        let process = try currentProcess(for: "wait for its state")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let wait = LaunchWait<AppState>(process: process, deadline: start.advanced(by: limit.duration)) {
            let current = process.stateWhileLocked
            return condition(current) ? .finished(current) : .pending
        }
        return PreparedWait(launcher: self, wait: wait) { [executable] reached in
            if let reached { return reached }
            throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: "\(executable) to be \(description)", since: start, limit: limit, state: self.state).text)
        }
    }

    /// How an output wait ended before its deadline.
    enum OutputOutcome { case found, exited }

    /// A wait until `matches` (called with the monitor held) holds or the app exits, failing at the timeout.
    private func outputWait(
        _ process: LaunchedProcess, description: String, timeout: Duration?, _ matches: @escaping (LaunchedProcess) -> Bool
    ) -> PreparedWait<OutputOutcome, Duration> {
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let wait = LaunchWait<OutputOutcome>(process: process, deadline: start.advanced(by: limit.duration)) {
            if matches(process) { return .finished(.found) }
            return process.exitStatus != nil ? .finished(.exited) : .pending
        }
        return PreparedWait(launcher: self, wait: wait) { [executable] outcome in
            switch outcome {
            case .found?:
                return MonotonicInstant.now.duration(since: start)
            case .exited?:
                throw CleanSlateError(.appExited, WaitReport(
                    process, waitingFor: description, since: start, limit: limit, state: self.state,
                    headline: "\(executable) exited before \(description.replacingOccurrences(of: " to ", with: " came to "))").text)
            case nil:
                throw CleanSlateError(.timedOut, WaitReport(process, waitingFor: description, since: start, limit: limit, state: self.state).text)
            }
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
