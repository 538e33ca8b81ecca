import CleanSlateScreen

extension AppLauncher {
    /// Waits until `text` is visible somewhere on the screen; returns the screen at that moment.
    ///
    /// Woken by the app's output, never by polling. On timeout it throws `.timedOut` with the
    /// current screen framed with row numbers and the cursor, and the last bytes received, escaped.
    @discardableResult
    public func waitForScreen(containing text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> ScreenSnapshot {
        try StepCallSite(fileID, filePath, line, column).run {
            try screenWait(containing: text, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForScreen(containing:timeout:fileID:filePath:line:column:)``: the same wait, suspending its
    /// task instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForScreen(containing text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> ScreenSnapshot {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await screenWait(containing: text, timeout: timeout).suspend()
        }
    }

    /// Waits until the screen's text (rows joined by newlines) matches the regular expression `pattern`.
    @discardableResult
    public func waitForScreen(matching pattern: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> ScreenSnapshot {
        try StepCallSite(fileID, filePath, line, column).run {
            try screenWait(matching: pattern, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForScreen(matching:timeout:fileID:filePath:line:column:)``: the same wait, suspending its task
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForScreen(matching pattern: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> ScreenSnapshot {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await screenWait(matching: pattern, timeout: timeout).suspend()
        }
    }

    /// Waits until `predicate` holds for the screen. `description` names the condition in the
    /// failure message ("waiting for DESCRIPTION").
    @discardableResult
    public func waitForScreen(
        _ description: String = "the screen condition", timeout: Duration? = nil,
        until predicate: (ScreenSnapshot) throws -> Bool,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> ScreenSnapshot {
        try StepCallSite(fileID, filePath, line, column).run {
            try withoutActuallyEscaping(predicate) { predicate in
                try screenWait(description: description, timeout: timeout) { try predicate($0.snapshot()) }.block()
            }
        }
    }

    /// The awaited form of ``waitForScreen(_:timeout:until:fileID:filePath:line:column:)``: the same wait, suspending its task
    /// instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    @discardableResult
    public func waitForScreen(
        _ description: String = "the screen condition", timeout: Duration? = nil,
        until predicate: (ScreenSnapshot) throws -> Bool,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> ScreenSnapshot {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await withoutActuallyEscaping(predicate) { predicate in
                try await screenWait(description: description, timeout: timeout) { try predicate($0.snapshot()) }.suspend()
            }
        }
    }

    /// Waits until the app has written nothing for `quietPeriod` (the screen has settled), and
    /// returns the screen. Useful after input whose effect has no distinctive text to wait for.
    @discardableResult
    public func waitForScreenToSettle(quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> ScreenSnapshot {
        try StepCallSite(fileID, filePath, line, column).run {
            try settleWait(quietPeriod: quietPeriod, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForScreenToSettle(quietPeriod:timeout:fileID:filePath:line:column:)``: the same wait,
    /// suspending its task instead of blocking its thread. Throws `CancellationError` when the task
    /// is cancelled.
    @discardableResult
    public func waitForScreenToSettle(quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> ScreenSnapshot {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await settleWait(quietPeriod: quietPeriod, timeout: timeout).suspend()
        }
    }

    private func screenWait(containing text: String, timeout: Duration?) throws -> PreparedWait<ScreenWaitOutcome<ScreenSnapshot>, ScreenSnapshot> {
        try screenWait(description: "the screen to show \(text.debugDescription)", timeout: timeout) { $0.screenContains(text) }
    }

    private func screenWait(matching pattern: String, timeout: Duration?) throws -> PreparedWait<ScreenWaitOutcome<ScreenSnapshot>, ScreenSnapshot> {
        let regex = try Self.regularExpression(pattern)
        return try screenWait(description: "the screen to match /\(pattern)/", timeout: timeout) { $0.snapshot().text.contains(regex) }
    }

    /// The shared wait: `holds` is checked on the live emulator (with the monitor held) after
    /// every chunk of output. While it does not hold and an interruption monitor's element is on
    /// the screen, that monitor's handler runs (once per appearance) and the wait goes on until
    /// the same deadline.
    private func screenWait(
        description: String, timeout: Duration?, holds: @escaping (TerminalEmulator) throws -> Bool
    ) throws -> PreparedWait<ScreenWaitOutcome<ScreenSnapshot>, ScreenSnapshot> {
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        return try screenWaitHandlingInterruptions(until: start.advanced(by: limit.duration)) { emulator, _ in
            try holds(emulator) ? emulator.snapshot() : nil
        }.then { outcome in
            switch outcome {
            case let .held(screen): return screen
            case let .failed(code, process): throw self.screenWaitError(code, process, waitingFor: description, since: start, limit: limit)
            }
        }
    }

    /// How a wait on the screen ended.
    enum ScreenWaitOutcome<Value> {
        /// `check` gave a value.
        case held(Value)
        /// The app ended (`.appExited`) or the deadline passed (`.timedOut`) first.
        case failed(CleanSlateError.Code, LaunchedProcess)
    }

    private func settleWait(quietPeriod: Duration, timeout: Duration?) throws -> PreparedWait<ScreenSnapshot, ScreenSnapshot> {
        let (process, terminal) = try terminalProcess(for: "wait for its screen to settle")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let wait = LaunchWait<ScreenSnapshot>(process: process, deadline: start.advanced(by: limit.duration), pace: .allOutput) {
            // Quiet is counted from the call at the earliest: output from before the call
            // (before the input the test just sent) says nothing about the app's reaction.
            let quietUntil = max(terminal.lastOutput, start).advanced(by: quietPeriod)
            return MonotonicInstant.now >= quietUntil ? .finished(terminal.emulator.snapshot()) : .pendingUntil(quietUntil)
        }
        return PreparedWait(launcher: self, wait: wait) { settled in
            if let settled { return settled }
            throw self.screenWaitError(.timedOut, process,
                                       waitingFor: "the screen to be quiet for \(WaitReport.format(quietPeriod))", since: start, limit: limit)
        }
    }

    /// The error of a failed screen wait: `.appExited` or `.timedOut`, then the framed screen.
    /// `limit` is the wait's timeout and scale; `detail`, given the screen the report shows, adds a
    /// line under the headline (what was there instead of an awaited element).
    func screenWaitError(
        _ code: CleanSlateError.Code, _ process: LaunchedProcess, waitingFor description: String, since start: MonotonicInstant,
        limit: WaitLimit, headline: String? = nil, detail: ((ScreenSnapshot) -> String)? = nil
    ) -> CleanSlateError {
        var report = WaitReport(process, waitingFor: description, since: start, limit: limit, state: state,
                                headline: headline ?? (code == .appExited ? "\(executable) exited before \(description) held" : nil))
        if let detail, let screen = report.screen { report.detail = detail(screen) }
        return CleanSlateError(code, report.text)
    }
}
