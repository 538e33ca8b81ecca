/// How a launched app ended.
///
/// A non-zero exit is a result, not an error: tests assert on it.
public enum AppExitStatus: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The app called `exit` (or returned from `main`) with this code.
    case exited(Int32)
    /// The app was killed by this signal.
    case signaled(Int32, coreDumped: Bool)

    /// The exit code, or nil when the app was killed by a signal.
    public var exitCode: Int32? {
        if case let .exited(code) = self { return code }
        return nil
    }

    /// The signal that killed the app, or nil when it exited.
    public var signal: Int32? {
        if case let .signaled(signal, _) = self { return signal }
        return nil
    }

    /// True for `exited(0)`.
    public var isSuccess: Bool { self == .exited(0) }

    /// The status as a shell reports it: the code, or 128 + the signal number.
    public var shellStatus: Int32 {
        switch self {
        case let .exited(code): return code
        case let .signaled(signal, _): return 128 + signal
        }
    }

    public var description: String {
        switch self {
        case let .exited(code): return "exited(\(code))"
        case let .signaled(signal, core): return "killed by signal \(signal)\(core ? " (core dumped)" : "")"
        }
    }
}

/// The name ``AppExitStatus`` had before 0.1.0. It clashes with Swift Testing's `ExitStatus` (of exit
/// tests) in a file that imports both; kept so that code written against the pre-release compiles.
@available(*, deprecated, renamed: "AppExitStatus")
public typealias ExitStatus = AppExitStatus
