import Glibc

/// How an app is stopped, expressed as data: the steps run in order until the app has exited, and
/// whatever is left of its process group is then killed with SIGKILL and reaped.
public struct TerminationPolicy: Sendable, Equatable {
    /// One step of a termination.
    public enum Step: Sendable, Equatable {
        /// Send this signal to the app's whole process group.
        case signal(Int32)
        /// Wait up to this long for the app to exit.
        case wait(Duration)
    }

    /// The steps, in order.
    public var steps: [Step]

    /// Creates a policy from steps.
    public init(steps: [Step]) { self.steps = steps }

    /// SIGTERM to the process group, then up to `gracePeriod` for it to exit, then SIGKILL.
    public static func graceful(gracePeriod: Duration = .seconds(2)) -> TerminationPolicy {
        TerminationPolicy(steps: [.signal(SIGTERM), .wait(gracePeriod)])
    }

    /// SIGKILL at once.
    public static let immediate = TerminationPolicy(steps: [])
}
