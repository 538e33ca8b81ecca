/// A wait of a launcher, ready to run on either face: the primitive (``LaunchWait``) and what its
/// outcome becomes, the result or the failure report. Every public wait builds one and runs it
/// with ``block()`` (its blocking form) or ``suspend()`` (its async form, same name and arguments),
/// so both forms report the same outcome in the same words.
struct PreparedWait<Outcome, Result> {
    let launcher: AppLauncher
    let wait: LaunchWait<Outcome>
    /// Runs once the wait is over, whatever its end (a search the wait started is stopped).
    var cleanup: () -> Void = {}
    /// The outcome (nil: the deadline passed) made into the result, or the error.
    let finish: (Outcome?) throws -> Result

    /// Runs the wait on the calling thread.
    func block() throws -> Result {
        defer { cleanup() }
        return try finish(launcher.whileWaiting { try wait.block() })
    }

    /// Runs the wait in the calling task, holding no thread while it waits.
    func suspend() async throws -> Result {
        defer { cleanup() }
        return try finish(await launcher.whileWaiting { try await wait.suspend() })
    }

    /// This wait with `next` applied to its result.
    func then<Next>(_ next: @escaping (Result) throws -> Next) -> PreparedWait<Outcome, Next> {
        PreparedWait<Outcome, Next>(launcher: launcher, wait: wait, cleanup: cleanup) { [finish] in try next(finish($0)) }
    }
}
