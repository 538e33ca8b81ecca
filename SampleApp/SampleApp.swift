import Glibc

/// The program as a whole: parses the launch, applies `--reset-data`, then greets, onboards or
/// runs a subcommand. Every failure ends here as one `sampleapp: …` line on standard error and
/// its exit status.
struct SampleApp {
    /// The arguments after the program name.
    let arguments: [RawArgument]
    /// Where SampleApp's files live, from the launch environment.
    let paths: AppPaths

    /// Runs SampleApp and returns the status to exit with.
    func run() -> ExitStatus {
        do {
            let options = try LaunchOptions.parse(arguments)
            if options.resetsData {
                try DataReset(paths: paths).run()
            }
            switch options.action {
            case .help:
                try Usage.write()
                return .success
            case .version:
                try Console.writeLine(Usage.versionLine)
                return .success
            case .command(let name, let commandArguments):
                return try Commands(paths: paths).run(name, commandArguments)
            case .greetOrOnboard:
                return try greetOrOnboard(style: options.onboardingStyle)
            }
        } catch {
            Console.reportError(error.message)
            return error.status
        }
    }

    /// Prints `Welcome back, NAME!` when a profile is saved; otherwise runs onboarding: the
    /// wizard when asked for, or by default when standard input and output are both terminals.
    private func greetOrOnboard(style: OnboardingStyle) throws(SampleAppError) -> ExitStatus {
        let hasTerminal = FileDescriptorIO.isTerminal(STDIN_FILENO) && FileDescriptorIO.isTerminal(STDOUT_FILENO)
        if style == .wizard && !hasTerminal {
            let stream = FileDescriptorIO.isTerminal(STDIN_FILENO) ? "standard output" : "standard input"
            throw .usage("--wizard needs a terminal, but \(stream) is not one (use --no-wizard for the line prompt)")
        }
        let store = ProfileStore(path: try paths.profileFile())
        if let profile = try store.load() {
            try Console.writeLine("Welcome back, \(profile.name)!")
            return .success
        }
        if style == .wizard || style == .automatic && hasTerminal {
            return try SetupWizard(store: store).run()
        }
        return try LineOnboarding(store: store).run()
    }
}
