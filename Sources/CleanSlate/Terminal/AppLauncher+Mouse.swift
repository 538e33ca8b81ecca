// The mouse steps take `column` for the screen position, so their call site is captured by
// file and line only (`fileID:filePath:line:`); a failure is located at column 1 of that line.
extension AppLauncher {
    /// Clicks at a zero-based screen position: a press and a release of `button` (a wheel button
    /// sends one press, as a wheel notch does), reported in the mouse mode the app turned on.
    ///
    /// - Throws: `.invalidArgument` if the app has not turned on mouse reporting (a real terminal
    ///   would select text instead, and the app would see nothing) or the position is off the screen.
    public func click(row: Int, column: Int, button: MouseButton = .left, modifiers: Key.Modifiers = [], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) throws {
        try StepCallSite(fileID, filePath, line, 1).run {
            try mouse(.press(button), row: row, column: column, modifiers: modifiers, timeout: timeout)
            try mouse(.release(button), row: row, column: column, modifiers: modifiers, timeout: timeout)
        }
    }

    /// The awaited form of ``click(row:column:button:modifiers:timeout:fileID:filePath:line:)``: the same click,
    /// suspending its task while the app's input is full instead of blocking its thread.
    public func click(row: Int, column: Int, button: MouseButton = .left, modifiers: Key.Modifiers = [], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) async throws {
        try await StepCallSite(fileID, filePath, line, 1).run {
            try await mouse(.press(button), row: row, column: column, modifiers: modifiers, timeout: timeout)
            try await mouse(.release(button), row: row, column: column, modifiers: modifiers, timeout: timeout)
        }
    }

    /// Sends one mouse event at a zero-based screen position, encoded as xterm does for the app's
    /// current tracking mode and encoding. An event that mode does not report (a release in X10
    /// mode, motion without a button in 1002 mode) sends nothing, as in a real terminal.
    ///
    /// - Throws: `.invalidArgument` if the app has not turned on mouse reporting or the position is
    ///   off the screen or cannot be encoded.
    public func mouse(_ action: MouseAction, row: Int, column: Int, modifiers: Key.Modifiers = [], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) throws {
        try StepCallSite(fileID, filePath, line, 1).run {
            guard let bytes = try mouseBytes(action, row: row, column: column, modifiers: modifiers) else { return }
            try write(bytes, timeout: timeout)
        }
    }

    /// The awaited form of ``mouse(_:row:column:modifiers:timeout:fileID:filePath:line:)``: the same event, suspending
    /// its task while the app's input is full instead of blocking its thread.
    public func mouse(_ action: MouseAction, row: Int, column: Int, modifiers: Key.Modifiers = [], timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line) async throws {
        try await StepCallSite(fileID, filePath, line, 1).run {
            guard let bytes = try mouseBytes(action, row: row, column: column, modifiers: modifiers) else { return }
            try await write(bytes, timeout: timeout)
        }
    }

    private func mouseBytes(_ action: MouseAction, row: Int, column: Int, modifiers: Key.Modifiers) throws -> [UInt8]? {
        let (process, terminal) = try terminalProcess(for: "send a mouse event")
        let (modes, rows, columns) = process.monitor.withLock {
            (terminal.emulator.modes, terminal.emulator.rows, terminal.emulator.columns)
        }
        guard modes.mouseTracking != .off else {
            throw CleanSlateError(.invalidArgument,
                "\(executable) has not turned on mouse reporting (CSI ? 1000 h or similar), so a mouse event would not reach it")
        }
        guard (0..<rows).contains(row), (0..<columns).contains(column) else {
            throw CleanSlateError(.invalidArgument, "row \(row), column \(column) is off the \(rows)x\(columns) screen")
        }
        return try MouseEncoder.encode(action, row: row, column: column, modifiers: modifiers,
                                       tracking: modes.mouseTracking, encoding: modes.mouseEncoding)
    }
}
