import CleanSlate
import Foundation
import Glibc

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP end `cleanslate run` the way a finished run ends: the app
/// and everything it started are stopped, the sandbox is wiped (or kept, per the keep policy), and
/// the exit code is 128 + the signal, as a shell reports a command killed by it.
///
/// The signals are blocked in every thread (they inherit the main thread's mask, so `block()` must
/// run before any other thread starts) and taken by one thread with `sigwait`, which then stops the
/// app. Apps do not inherit the mask: every launch starts with an empty signal mask. `render` and
/// `sweep` take them the same way and end at once (``exitOnSignal()``).
final class TerminationSignals: @unchecked Sendable {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var received: Int32?
    private var app: AppLauncher?

    /// Blocks the handled signals in the calling thread and those it starts later.
    static func block() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts the thread that waits for the signals.
    static func watch() -> TerminationSignals {
        let signals = TerminationSignals()
        let thread = Thread { signals.receive(waitForSignal()) }
        thread.start()
        return signals
    }

    /// The app to stop when a signal arrives (stopped at once if one already has).
    func stop(_ app: AppLauncher) {
        let pending = lock.withLock { () -> Bool in
            self.app = app
            return received != nil
        }
        if pending { app.terminate() }
    }

    /// The signal that interrupted the run, if one did.
    var signal: Int32? { lock.withLock { received } }

    private func receive(_ signal: Int32) {
        let app = lock.withLock { () -> AppLauncher? in
            received = signal
            return self.app
        }
        CLIOutput.error("got \(Self.name(of: signal)); stopping the app")
        app?.terminate()
    }
}

extension TerminationSignals {
    /// For the commands that start no app (`render`, `sweep`): a thread that waits for the handled
    /// signals and ends the process at once with 128 + the signal, as a shell reports a command
    /// killed by it. Nothing they leave half done is unsafe: a render prints nothing until its end,
    /// and an interrupted sweep leaves the owner record of a sandbox it was wiping, so the next sweep
    /// finishes the job.
    static func exitOnSignal() {
        let thread = Thread {
            let signal = waitForSignal()
            CLIOutput.error("got \(name(of: signal)); stopped")
            _exit(128 + signal)
        }
        thread.start()
    }

    /// Waits (in the calling thread, which must have them blocked) for one of the handled signals.
    static func waitForSignal() -> Int32 {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        var signal: Int32 = 0
        while sigwait(&set, &signal) != 0 {}
        return signal
    }

    /// The name of a handled signal.
    static func name(of signal: Int32) -> String {
        signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "SIGHUP"
    }
}
