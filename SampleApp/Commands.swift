/// Runs the subcommands: routes `notes` and `cache` to their own types and handles the
/// one-line ones (`whoami`, `args`, `env`) here.
struct Commands {
    /// Where SampleApp's files live.
    let paths: AppPaths

    /// The subcommands there are.
    static let names = ["notes", "cache", "whoami", "args", "env"]

    /// Runs subcommand `name` with `arguments`. An unknown name is a usage error (exit 64).
    /// `--help` or `-h` right after any subcommand but `args` (which prints its arguments
    /// whatever they are) prints the usage.
    func run(_ name: String, _ arguments: [RawArgument]) throws(SampleAppError) -> ExitStatus {
        guard Self.names.contains(name) else { throw .usage("unknown command '\(name)'") }
        if name != "args", let first = arguments.first?.text, first == "--help" || first == "-h" {
            try Usage.write()
            return .success
        }
        switch name {
        case "notes": return try NotesCommand(paths: paths).run(arguments)
        case "cache": return try CacheCommand(paths: paths).run(arguments)
        case "whoami": return try whoami(arguments)
        case "args": return try printArguments(arguments)
        case "env": return try printEnvironment(arguments)
        default: throw .usage("unknown command '\(name)'")
        }
    }

    /// `whoami`: prints the saved name, or fails with status 1 before onboarding.
    private func whoami(_ arguments: [RawArgument]) throws(SampleAppError) -> ExitStatus {
        try Self.expectNoArguments(arguments, for: "whoami")
        guard let profile = try ProfileStore(path: paths.profileFile()).load() else {
            Console.reportError("not onboarded yet")
            return .failure
        }
        try Console.writeLine(profile.name)
        return .success
    }

    /// `args`: prints each argument on its own line as an escaped string literal.
    private func printArguments(_ arguments: [RawArgument]) throws(SampleAppError) -> ExitStatus {
        for argument in arguments {
            try Console.writeLine(ArgumentEscaping.jsonLiteral(argument.bytes))
        }
        return .success
    }

    /// `env NAME...`: prints `NAME=value` or `NAME is unset` for each name, in order.
    private func printEnvironment(_ arguments: [RawArgument]) throws(SampleAppError) -> ExitStatus {
        guard !arguments.isEmpty else { throw .usage("env needs at least one variable name") }
        for argument in arguments {
            let name = argument.text
            if let value = paths.environment[name] {
                try Console.writeLine("\(name)=\(value)")
            } else {
                try Console.writeLine("\(name) is unset")
            }
        }
        return .success
    }

    /// Fails with a usage error if a subcommand that takes no arguments was given some.
    static func expectNoArguments(_ arguments: [RawArgument], for command: String) throws(SampleAppError) {
        if let extra = arguments.first {
            throw .usage("'\(command)' takes no arguments, but got '\(extra.text)'")
        }
    }
}
