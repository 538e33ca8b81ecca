import CleanSlateScreen

extension AppLauncher {
    /// Waits until `text` is visible somewhere on the screen; returns the screen at that moment.
    ///
    /// Woken by the app's output, never by polling. On timeout it throws `.timedOut` with the
    /// current screen framed with row numbers and the cursor, and the last bytes received, escaped.
    @discardableResult
    public func waitForScreen(containing text: String, timeout: Duration? = nil) throws -> ScreenSnapshot {
        try waitForScreen(description: "the screen to show \(text.debugDescription)", timeout: timeout) { $0.screenContains(text) }
    }

    /// Waits until the screen's text (rows joined by newlines) matches the regular expression `pattern`.
    @discardableResult
    public func waitForScreen(matching pattern: String, timeout: Duration? = nil) throws -> ScreenSnapshot {
        let regex = try Self.regularExpression(pattern)
        return try waitForScreen(description: "the screen to match /\(pattern)/", timeout: timeout) { $0.snapshot().text.contains(regex) }
    }

    /// Waits until `predicate` holds for the screen. `description` names the condition in the
    /// failure message ("waiting for DESCRIPTION").
    @discardableResult
    public func waitForScreen(
        _ description: String = "the screen condition", timeout: Duration? = nil,
        until predicate: (ScreenSnapshot) throws -> Bool
    ) throws -> ScreenSnapshot {
        try waitForScreen(description: description, timeout: timeout) { try predicate($0.snapshot()) }
    }

    /// The shared wait: `holds` is checked on the live emulator (with the monitor held) after
    /// every chunk of output.
    private func waitForScreen(
        description: String, timeout: Duration?, holds: (TerminalEmulator) throws -> Bool
    ) throws -> ScreenSnapshot {
        let (process, terminal) = try terminalProcess(for: "wait for its screen")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: limit.duration)
        enum Outcome { case matched(ScreenSnapshot), ended, timedOut }
        let outcome: Outcome = try whileWaiting {
            try process.monitor.withLock {
                var seen = process.beginPieceWait()
                defer { process.endPieceWait(seen: seen) }
                while true {
                    if try holds(terminal.emulator) { return .matched(terminal.emulator.snapshot()) }
                    if process.exitStatus != nil && process.ioFinished { return .ended }
                    if !process.waitForPiece(after: &seen, until: deadline) {
                        return try holds(terminal.emulator) ? .matched(terminal.emulator.snapshot()) : .timedOut
                    }
                }
            }
        }
        switch outcome {
        case let .matched(screen):
            return screen
        case .ended:
            throw screenWaitError(.appExited, process, waitingFor: description, since: start, limit: limit,
                                  headline: "\(executable) exited before \(description) held")
        case .timedOut:
            throw screenWaitError(.timedOut, process, waitingFor: description, since: start, limit: limit)
        }
    }

    /// Waits until the app has written nothing for `quietPeriod` (the screen has settled), and
    /// returns the screen. Useful after input whose effect has no distinctive text to wait for.
    @discardableResult
    public func waitForScreenToSettle(quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil) throws -> ScreenSnapshot {
        let (process, terminal) = try terminalProcess(for: "wait for its screen to settle")
        let limit = waitLimit(timeout)
        let start = MonotonicInstant.now
        let deadline = start.advanced(by: limit.duration)
        let settled: ScreenSnapshot? = whileWaiting {
            process.receivingAllOutput { process.monitor.withLock {
                while true {
                    // Quiet is counted from the call at the earliest: output from before the call
                    // (before the input the test just sent) says nothing about the app's reaction.
                    let quietUntil = max(terminal.lastOutput, start).advanced(by: quietPeriod)
                    if MonotonicInstant.now >= quietUntil { return terminal.emulator.snapshot() }
                    if MonotonicInstant.now >= deadline { return nil }
                    _ = process.monitor.wait(until: min(quietUntil, deadline))
                }
            } }
        }
        if let settled { return settled }
        throw screenWaitError(.timedOut, process,
                              waitingFor: "the screen to be quiet for \(WaitReport.format(quietPeriod))", since: start, limit: limit)
    }

    private func screenWaitError(
        _ code: CleanSlateError.Code, _ process: LaunchedProcess, waitingFor description: String, since start: MonotonicInstant,
        limit: WaitLimit, headline: String? = nil
    ) -> CleanSlateError {
        CleanSlateError(code, WaitReport(process, waitingFor: description, since: start, limit: limit, state: state, headline: headline).text)
    }
}
