/// Where an ``AppLauncher``'s app is in its life.
public enum AppState: Equatable, Sendable, CustomStringConvertible {
    /// `launch()` has not been called yet (or the app was terminated and not relaunched).
    case notRunning
    /// The app is running with this process id.
    case running(pid: Int32)
    /// The app is stopped by `signal` (Ctrl-Z on its terminal, SIGSTOP); ``AppLauncher/resume()``
    /// continues it, as `fg` does in a shell.
    case stopped(pid: Int32, signal: Int32)
    /// The app has ended; `launch()` starts it again in the same sandbox.
    case exited(AppExitStatus)

    public var description: String {
        switch self {
        case .notRunning: return "not running"
        case let .running(pid): return "running (pid \(pid))"
        case let .stopped(pid, signal): return "stopped by signal \(signal) (pid \(pid))"
        case let .exited(status): return status.description
        }
    }
}
