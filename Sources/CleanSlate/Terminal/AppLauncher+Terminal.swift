import CleanSlateScreen

extension AppLauncher {
    /// What a person would see on the app's terminal right now.
    ///
    /// - Throws: `.notRunning` if the app has not been launched on a terminal (see ``terminalSize``).
    public func screen() throws -> ScreenSnapshot {
        let (process, terminal) = try terminalProcess(for: "read its screen")
        return process.monitor.withLock { terminal.emulator.snapshot() }
    }

    /// The largest `times` that ``press(_:modifiers:times:timeout:fileID:filePath:line:column:)-6ay1l`` accepts.
    public static let maximumPressCount = 10_000

    /// Presses a key, encoded as xterm encodes it in the app's current modes (for example arrows
    /// differ in application cursor mode), `times` times.
    ///
    /// - Throws: `.invalidArgument` unless `times` is between 0 and ``maximumPressCount``.
    public func press(_ key: Key, modifiers: Key.Modifiers = [], times: Int = 1, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            try write(pressBytes(key, modifiers: modifiers, times: times), timeout: timeout)
        }
    }

    /// The awaited form of ``press(_:modifiers:times:timeout:fileID:filePath:line:column:)``: the same keys, suspending its task
    /// while the app's input is full instead of blocking its thread.
    public func press(_ key: Key, modifiers: Key.Modifiers = [], times: Int = 1, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await write(pressBytes(key, modifiers: modifiers, times: times), timeout: timeout)
        }
    }

    private func pressBytes(_ key: Key, modifiers: Key.Modifiers, times: Int) throws -> [UInt8] {
        guard (0...Self.maximumPressCount).contains(times) else {
            throw CleanSlateError(.invalidArgument,
                "cannot press \(key) \(times) times: times must be between 0 and \(Self.maximumPressCount) (AppLauncher.maximumPressCount); press in several calls for more")
        }
        let (process, terminal) = try terminalProcess(for: "press \(key)")
        let applicationCursorKeys = process.monitor.withLock { terminal.emulator.modes.applicationCursorKeys }
        let bytes = try KeyEncoder.encode(key, modifiers: modifiers, applicationCursorKeys: applicationCursorKeys)
        return Array([[UInt8]](repeating: bytes, count: times).joined())
    }

    /// Pastes text as xterm does: each line feed is sent as a carriage return (the Enter key), and
    /// the text is wrapped in `CSI 200 ~` ... `CSI 201 ~` when the app turned on bracketed paste, so
    /// it can tell pasted text from typed text.
    public func paste(_ text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            try write(pasteBytes(text), timeout: timeout)
        }
    }

    /// The awaited form of ``paste(_:timeout:fileID:filePath:line:column:)``: the same paste, suspending its task while the
    /// app's input is full instead of blocking its thread.
    public func paste(_ text: String, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await write(pasteBytes(text), timeout: timeout)
        }
    }

    private func pasteBytes(_ text: String) throws -> [UInt8] {
        let (process, terminal) = try terminalProcess(for: "paste")
        let bracketed = process.monitor.withLock { terminal.emulator.modes.bracketedPaste }
        let body = Array(text.utf8).map { $0 == 0x0A ? 0x0D : $0 }
        return bracketed ? Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8) : body
    }

    /// Resizes the terminal; the app receives SIGWINCH and the screen reflows as xterm's does.
    public func resize(to size: TerminalSize, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws {
        try StepCallSite(fileID, filePath, line, column).run {
            let (process, _) = try terminalProcess(for: "resize")
            try process.resizeTerminal(to: size)
            terminalSize = size
        }
    }

    func terminalProcess(for action: String) throws -> (LaunchedProcess, TerminalSession) {
        let process = try currentProcess(for: action)
        guard let terminal = process.terminal else {
            throw CleanSlateError(.notRunning, "cannot \(action): \(executable) runs over pipes; set terminalSize before launch() to run it on a terminal")
        }
        return (process, terminal)
    }
}
