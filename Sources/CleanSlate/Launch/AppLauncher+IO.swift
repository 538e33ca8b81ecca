extension AppLauncher {
    /// Writes text to the app's input (UTF-8), waiting up to `timeout` for the app to read it.
    ///
    /// - Throws: `.timedOut` if the app stopped reading (the pipe or terminal stayed full),
    ///   `.ioFailed` if its input is closed, `.notRunning` before the first launch.
    public func typeText(_ text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            try write(Array(text.utf8), timeout: timeout)
        }
    }

    /// The awaited form of ``typeText(_:timeout:fileID:filePath:line:column:)``: the same write, suspending its task while the
    /// app's input is full instead of blocking its thread.
    public func typeText(_ text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await write(Array(text.utf8), timeout: timeout)
        }
    }

    /// Writes raw bytes to the app's input, waiting up to `timeout` for the app to read them; with
    /// ``Faults/typingDelay`` one byte at a time, pausing that long between bytes.
    public func write(_ bytes: [UInt8], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            let plan = try writePlan(bytes, timeout: timeout)
            for (index, piece) in plan.pieces.enumerated() {
                if index > 0, let delay = plan.delay { SystemCall.pause(for: delay) }
                try plan.process.writeInput(piece, deadline: plan.deadline, limit: plan.limit)
            }
        }
    }

    /// The awaited form of ``write(_:timeout:fileID:filePath:line:column:)``: the same write, suspending its task while the
    /// app's input is full (and between bytes under ``Faults/typingDelay``) instead of blocking its
    /// thread. Throws `CancellationError` when the task is cancelled.
    public func write(_ bytes: [UInt8], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            let plan = try writePlan(bytes, timeout: timeout)
            for (index, piece) in plan.pieces.enumerated() {
                if index > 0, let delay = plan.delay { try await Task.sleep(for: delay) }
                try await plan.process.writeInput(piece, deadline: plan.deadline, limit: plan.limit)
            }
        }
    }

    /// How a write goes: to which launch, in which pieces (one byte each under
    /// ``Faults/typingDelay``, as a slow typist or a slow link delivers them), with which pause
    /// between them, until when. Records the input in the session.
    private func writePlan(_ bytes: [UInt8], timeout: Duration?) throws
        -> (process: LaunchedProcess, pieces: [[UInt8]], delay: Duration?, deadline: MonotonicInstant, limit: WaitLimit) {
        let process = try currentProcess(for: "write to its input")
        process.monitor.withLock { bytes.withUnsafeBytes { process.recorder.record(.input, $0) } }
        let limit = waitLimit(timeout)
        let deadline = MonotonicInstant.now.advanced(by: limit.duration)
        guard let delay = faults.typingDelay, bytes.count > 1 else { return (process, [bytes], nil, deadline, limit) }
        return (process, bytes.map { [$0] }, delay, deadline, limit)
    }

    /// The current launch's session as an asciicast v2 recording (what `asciinema rec` writes; play
    /// it with `asciinema play FILE`, print it with `asciinema cat FILE`, turn it into a screen with
    /// `cleanslate render FILE`): the app's output as timed `o` events, what the test sent (typed
    /// text, keys, pastes) as `i` events, terminal resizes as `r` events. The header gives the
    /// terminal's size (80x24 for a launch over pipes, whose line feeds are recorded as CR LF).
    ///
    /// It is bounded: the first 1 MiB and the last 4 MiB of events are kept (counted as recorded:
    /// the file is larger by its JSON escapes, up to six characters for a control character), and
    /// an `m` (marker) event says how many events and bytes were cut between them. Empty before the
    /// first launch.
    public func sessionRecording() -> String {
        guard let process = currentProcessIfAny else { return "" }
        let command = [executable.displayName] + argumentsOfLaunch
        return process.monitor.withLock { AsciicastWriter.encode(process.recorder, command: command) }
    }

    /// Closes the app's standard input, so its next read sees end of file.
    public func closeInput(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            try currentProcess(for: "close its input").closeInput()
        }
    }

    /// What the app has written to `stream` in the current launch, as bytes: everything, or, when
    /// it wrote more than the ``outputLimit`` keeps, the start and the end with a line between them
    /// saying how many bytes were cut.
    public func outputBytes(_ stream: AppOutputStream = .standardOutput) -> [UInt8] {
        guard let process = currentProcessIfAny else { return [] }
        return process.monitor.withLock { process.output[stream]!.bytes }
    }

    /// How many bytes the app has written to `stream` in the current launch, including any the
    /// ``outputLimit`` did not keep.
    public func outputByteCount(_ stream: AppOutputStream = .standardOutput) -> Int {
        guard let process = currentProcessIfAny else { return 0 }
        return process.monitor.withLock { process.output[stream]!.total }
    }

    /// What the app has written to standard output in the current launch (see
    /// ``outputBytes(_:)``), decoded as UTF-8 (invalid bytes become U+FFFD).
    public var standardOutput: String { String(decoding: outputBytes(.standardOutput), as: UTF8.self) }

    /// What the app has written to standard error in the current launch (see
    /// ``outputBytes(_:)``), decoded as UTF-8 (invalid bytes become U+FFFD).
    public var standardError: String { String(decoding: outputBytes(.standardError), as: UTF8.self) }
}
