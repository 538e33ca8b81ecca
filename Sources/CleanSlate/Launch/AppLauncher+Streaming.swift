/// How far an app's output has got: byte counts per stream, and whether it has finished.
public struct OutputProgress: Sendable, Equatable {
    /// Bytes written to standard output (or to the terminal) so far.
    public var standardOutput: Int
    /// Bytes written to standard error so far.
    public var standardError: Int
    /// True once the app has exited and its output has been read to the end.
    public var isFinished: Bool
    /// True once the app has exited (its output may still be open, held by a process it left behind).
    public var hasExited: Bool

    /// The start: nothing read yet.
    public static let start = OutputProgress(standardOutput: 0, standardError: 0, isFinished: false)

    /// Creates a progress value.
    public init(standardOutput: Int, standardError: Int, isFinished: Bool, hasExited: Bool = false) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.isFinished = isFinished
        self.hasExited = hasExited || isFinished
    }

    /// The byte count of `stream`.
    public subscript(stream: AppOutputStream) -> Int {
        stream == .standardOutput ? standardOutput : standardError
    }
}

extension AppLauncher {
    /// Blocks until the app's output has moved beyond `known` (or the app has exited or finished), and
    /// returns the new progress; with ``outputBytes(_:from:)`` this streams output as it arrives
    /// (the `cleanslate run` front end uses it). Returns `known` unchanged on timeout.
    public func waitForOutputProgress(beyond known: OutputProgress, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) throws -> OutputProgress {
        try StepCallSite(fileID, filePath, line, column).run {
            try progressWait(beyond: known, timeout: timeout).block()
        }
    }

    /// The awaited form of ``waitForOutputProgress(beyond:timeout:fileID:filePath:line:column:)``: the same wait, suspending its
    /// task instead of blocking its thread. Throws `CancellationError` when the task is cancelled.
    public func waitForOutputProgress(beyond known: OutputProgress, timeout: Duration? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) async throws -> OutputProgress {
        try await StepCallSite(fileID, filePath, line, column).run {
            try await progressWait(beyond: known, timeout: timeout).suspend()
        }
    }

    /// The wait of both forms of ``waitForOutputProgress(beyond:timeout:fileID:filePath:line:column:)``: it counts bytes, so it
    /// takes output delivered in pieces as a whole (``LaunchWait/Pace/allOutput``).
    private func progressWait(beyond known: OutputProgress, timeout: Duration?) throws -> PreparedWait<OutputProgress, OutputProgress> {
        let process = try currentProcess(for: "stream its output")
        let deadline = MonotonicInstant.now.advanced(by: waitLimit(timeout).duration)
        let wait = LaunchWait<OutputProgress>(process: process, deadline: deadline, pace: .allOutput) {
            let current = OutputProgress(
                standardOutput: process.output[.standardOutput]!.total,
                standardError: process.output[.standardError]!.total,
                isFinished: process.exitStatus != nil && process.ioFinished,
                hasExited: process.exitStatus != nil)
            return current != known ? .finished(current) : .pending
        }
        return PreparedWait(launcher: self, wait: wait) { $0 ?? known }
    }

    /// The bytes the app wrote to `stream` from byte `offset` on, in the current launch. Offsets
    /// count every byte written; bytes that the ``outputLimit`` dropped are skipped (read often, or
    /// set an ``outputHandler``, to see every byte).
    public func outputBytes(_ stream: AppOutputStream, from offset: Int) -> [UInt8] {
        guard let process = currentProcessIfAny else { return [] }
        return process.monitor.withLock { process.output[stream]!.bytes(from: offset) }
    }
}
