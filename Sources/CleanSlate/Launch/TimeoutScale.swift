/// How much longer every timeout CleanSlate applies is, on a machine slower than the one the tests
/// were written on: the value of `CLEANSLATE_TIMEOUT_SCALE` (`3` triples them).
///
/// The scale multiplies the timeouts of waits (given or ``AppLauncher/defaultTimeout``), of writes
/// to the app's input, the waits of a ``TerminationPolicy`` (the grace period) and
/// ``AppLauncher/terminalDrainLimit``. Each ``AppLauncher`` reads the variable from the test
/// process's environment when it is created, and refuses a bad value at its first ``AppLauncher/launch()-3ynqr``.
public struct TimeoutScale: Sendable, Equatable, CustomStringConvertible {
    /// The environment variable the scale is read from.
    public static let environmentVariable = "CLEANSLATE_TIMEOUT_SCALE"
    /// The largest scale accepted (a larger one is almost certainly a typo).
    public static let maximum: Double = 1000
    /// No scaling: the scale when the variable is unset.
    public static let unscaled = TimeoutScale(checkedFactor: 1)

    /// What timeouts are multiplied by.
    public let factor: Double

    private init(checkedFactor: Double) { factor = checkedFactor }

    /// The scale a value of ``environmentVariable`` asks for; nil (unset) is ``unscaled``.
    ///
    /// - Throws: `.invalidArgument` naming the variable unless `value` is a decimal number greater
    ///   than 0 and at most ``maximum`` (`3`, `1.5`, `0.5`): empty text, words, signs, `inf` and
    ///   `nan` are refused.
    public init(parsing value: String?) throws(CleanSlateError) {
        guard let value else { self = .unscaled; return }
        let parts = value.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDecimal = !value.isEmpty && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }
        guard isDecimal, let factor = Double(value), factor > 0, factor <= Self.maximum else {
            throw CleanSlateError(
                .invalidArgument,
                "\(Self.environmentVariable)=\(value.debugDescription) is not a timeout scale: set it to a number greater "
                    + "than 0 and at most 1000 (3 makes every timeout three times as long, 0.5 halves them), or unset it")
        }
        self.factor = factor
    }

    /// The longest timeout a scale makes: 10^15 s (about 31 million years). A product beyond it
    /// (`Duration.seconds(.max)` times 1000) is taken as this, which waits as long for any test and
    /// cannot overflow where deadlines are computed.
    public static let longestScaledTimeout = Duration.seconds(1_000_000_000_000_000)

    /// `duration` multiplied by the scale, at most ``longestScaledTimeout`` (unless unscaled).
    public func apply(_ duration: Duration) -> Duration {
        if factor == 1 { return duration }
        let (seconds, attoseconds) = duration.components
        let scaled = (Double(seconds) + Double(attoseconds) / 1e18) * factor
        let longest = Double(Self.longestScaledTimeout.components.seconds)
        return scaled >= longest ? Self.longestScaledTimeout : duration * factor
    }

    /// `policy` with each of its waits multiplied by the scale.
    public func apply(_ policy: TerminationPolicy) -> TerminationPolicy {
        TerminationPolicy(steps: policy.steps.map { step in
            if case let .wait(duration) = step { return .wait(apply(duration)) }
            return step
        })
    }

    /// `3` or `0.5`: the factor as it would be written.
    public var description: String {
        factor == factor.rounded() ? String(Int(factor)) : String(factor)
    }
}

/// The time a wait may take: the timeout asked for (or the default) and the scale it runs under.
struct WaitLimit {
    /// The timeout given to the wait, or the launcher's default.
    var requested: Duration
    /// The scale in force.
    var scale: TimeoutScale

    /// How long the wait actually waits.
    var duration: Duration { scale.apply(requested) }

    /// The limit in a failed wait's message: "timeout 0.500 s (0.100 s × CLEANSLATE_TIMEOUT_SCALE=5)".
    var description: String {
        let total = "timeout \(WaitReport.format(duration))"
        if scale == .unscaled { return total + " (\(TimeoutScale.environmentVariable) unset or 1)" }
        return total + " (\(WaitReport.format(requested)) × \(TimeoutScale.environmentVariable)=\(scale))"
    }
}
