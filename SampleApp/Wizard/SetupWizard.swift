import Glibc

/// How the wizard ended.
enum WizardOutcome: Equatable, Sendable {
    /// The profile was saved.
    case completed(Profile)
    /// The user confirmed `Quit setup? (y/n)` with `y`.
    case cancelled
    /// Standard input ended or hung up before setup finished.
    case inputClosed
    /// SIGTERM, SIGHUP or SIGINT asked the process to stop.
    case stopRequested(signal: Int32)
}

/// The full-screen onboarding wizard: name, theme, progress, then the profile is saved.
///
/// The loop is driven by poll(2) on standard input and the signal self-pipe; the progress
/// bar's clock is poll's timeout, measured against a monotonic clock.
struct SetupWizard {
    /// The time between two progress ticks; ten ticks fill the bar in about a second.
    static let progressTickInterval = Duration.milliseconds(100)

    /// Where the profile is saved.
    let store: ProfileStore

    /// Runs the wizard, then prints the result on the normal screen: `All set, NAME! Theme:
    /// THEME` (exit 0) or `Setup cancelled.` (exit 130). A stop signal ends the process by that
    /// signal once the terminal is restored.
    func run() throws(SampleAppError) -> ExitStatus {
        switch try runOnAlternateScreen() {
        case .completed(let profile):
            try Console.writeLine("All set, \(profile.name)! Theme: \(profile.theme?.rawValue ?? "")")
            return .success
        case .cancelled:
            try Console.writeLine("Setup cancelled.")
            return .cancelled
        case .inputClosed:
            throw SampleAppError(status: .noInput, message: "no name given (standard input closed during setup)")
        case .stopRequested(let signalNumber):
            SignalPipe.terminateAsIfUnhandled(by: signalNumber)
        }
    }

    /// The wizard proper. The terminal is restored (by `defer`) before this returns or throws.
    private func runOnAlternateScreen() throws(SampleAppError) -> WizardOutcome {
        let session = try TerminalSession()
        defer { session.restore() }
        var input = TerminalInput(signals: session.signals)
        var state = WizardState(size: TerminalSize.current())
        let clock = ContinuousClock()
        var nextTick: ContinuousClock.Instant?
        session.write(WizardScreen(state: state).frame())

        while true {
            let timeout = nextTick.map { Self.milliseconds(until: $0, on: clock) } ?? -1
            var transitions: [WizardTransition] = []
            switch input.next(timeoutMilliseconds: timeout) {
            case .keys(let keys):
                let wasConfirming = state.isConfirmingQuit
                transitions = keys.map { state.handle($0) }
                if wasConfirming && !state.isConfirmingQuit && state.step == .progress {
                    nextTick = clock.now + Self.progressTickInterval  // resume the paused bar
                }
            case .resized:
                state.size = TerminalSize.current()
            case .stopRequested(let signalNumber):
                return .stopRequested(signal: signalNumber)
            case .inputClosed:
                return .inputClosed
            case .timeout:
                if let due = nextTick, clock.now >= due {
                    nextTick = due + Self.progressTickInterval
                    transitions = [state.tick()]
                }
            }
            if transitions.contains(.cancel) { return .cancelled }
            if transitions.contains(.startProgress) { nextTick = clock.now + Self.progressTickInterval }
            if transitions.contains(.finish) {
                let profile = Profile(name: state.name, theme: state.selectedTheme)
                try store.save(profile)
                return .completed(profile)
            }
            if state.isConfirmingQuit && state.step == .progress { nextTick = nil }
            session.write(WizardScreen(state: state).frame())
        }
    }

    /// Milliseconds from now until `instant`, rounded up, for poll's timeout (0 if past).
    private static func milliseconds(until instant: ContinuousClock.Instant, on clock: ContinuousClock) -> Int32 {
        let remaining = clock.now.duration(to: instant)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(min(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000, 60_000))
    }
}
