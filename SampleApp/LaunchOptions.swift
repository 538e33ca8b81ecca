import Glibc

/// One command-line argument, kept both as its exact bytes (for `args`) and as text.
struct RawArgument: Sendable, Equatable {
    /// The argument exactly as the kernel passed it.
    let bytes: [UInt8]

    /// The argument as text; bytes that are not valid UTF-8 become U+FFFD.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The process's arguments after the program name, read from argv without any decoding.
    static func processArguments() -> [RawArgument] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return RawArgument(bytes: []) }
            let length = strlen(pointer)
            return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                RawArgument(bytes: Array(UnsafeBufferPointer(start: bytes, count: length)))
            }
        }
    }
}

/// How first-launch onboarding talks to the user.
enum OnboardingStyle: Sendable, Equatable {
    /// The wizard when standard input and output are both terminals, otherwise the line prompt.
    case automatic
    /// Always the line prompt (`--no-wizard`).
    case line
    /// Always the wizard (`--wizard`); standard input and output must be terminals.
    case wizard
}

/// What the launch asks SampleApp to do after the launch flags.
enum LaunchAction: Sendable, Equatable {
    /// No subcommand: greet a known user, or onboard a new one.
    case greetOrOnboard
    /// `--help`, `-h` or `help`.
    case help
    /// `--version`.
    case version
    /// A subcommand and the arguments after it.
    case command(name: String, arguments: [RawArgument])
}

/// The parsed command line: launch flags, which may come in any order before the subcommand,
/// then the subcommand and its own arguments (which are not parsed as launch flags).
struct LaunchOptions: Sendable, Equatable {
    /// `--reset-data`: wipe SampleApp's own folders before doing anything else.
    var resetsData = false
    /// `--wizard` / `--no-wizard`.
    var onboardingStyle = OnboardingStyle.automatic
    /// What to do.
    var action = LaunchAction.greetOrOnboard

    /// Parses `arguments` (without the program name). Unknown flags, and `--wizard` together
    /// with `--no-wizard`, are usage errors (exit 64).
    static func parse(_ arguments: [RawArgument]) throws(SampleAppError) -> LaunchOptions {
        var options = LaunchOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index].text
            index += 1
            switch argument {
            case "--reset-data": options.resetsData = true
            case "--wizard", "--no-wizard":
                let style: OnboardingStyle = argument == "--wizard" ? .wizard : .line
                if options.onboardingStyle != .automatic && options.onboardingStyle != style {
                    throw .usage("--wizard and --no-wizard cannot be used together")
                }
                options.onboardingStyle = style
            case "--help", "-h", "help":
                options.action = .help
                return options
            case "--version":
                options.action = .version
                return options
            case "--":
                if index < arguments.count {
                    options.action = .command(name: arguments[index].text, arguments: Array(arguments[(index + 1)...]))
                }
                return options
            default:
                if argument.hasPrefix("-") {
                    throw .usage("unknown option '\(argument)'")
                }
                options.action = .command(name: argument, arguments: Array(arguments[index...]))
                return options
            }
        }
        return options
    }
}
