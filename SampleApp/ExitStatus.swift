/// The statuses SampleApp exits with. Failures use the BSD `sysexits.h` codes where one fits,
/// so a test can tell a usage mistake from missing input or a broken file without reading stderr.
enum ExitStatus: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// A plain "no": for example `whoami` before onboarding.
    case failure = 1
    /// EX_USAGE: an unknown subcommand or flag, or missing arguments.
    case usage = 64
    /// EX_DATAERR: a saved file is corrupted, or the input given was unusable.
    case dataError = 65
    /// EX_NOINPUT: standard input closed before the answer was given.
    case noInput = 66
    /// EX_CANTCREAT: a folder or file could not be created.
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed.
    case ioError = 74
    /// EX_CONFIG: the environment does not say where files belong (no XDG variable and no HOME).
    case configuration = 78
    /// The user cancelled the setup wizard (128 + SIGINT, as a shell reports Ctrl-C).
    case cancelled = 130
}

/// A failure that ends the program: a message for standard error (printed after the
/// `sampleapp: ` prefix) and the status to exit with.
struct SampleAppError: Error, Sendable {
    /// The status the process exits with.
    let status: ExitStatus
    /// What went wrong, in one line, without the `sampleapp: ` prefix.
    let message: String

    /// A usage mistake; the message points the user at `--help`.
    static func usage(_ problem: String) -> SampleAppError {
        SampleAppError(status: .usage, message: "\(problem); see 'sampleapp --help'")
    }
}
