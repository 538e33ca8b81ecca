/// First-launch onboarding over plain standard input and output: the welcome text, the name
/// prompt, and the profile save. Used when the streams are pipes, or with `--no-wizard`.
struct LineOnboarding {
    /// How many times the name prompt is shown before giving up with a data error (exit 65).
    static let maximumAttempts = 3

    /// Where the profile is saved.
    let store: ProfileStore

    /// Greets, asks for the name until an acceptable one is given, saves the profile and
    /// prints `Nice to meet you, NAME.`.
    func run() throws(SampleAppError) -> ExitStatus {
        try Console.writeLine("Welcome to SampleApp!")
        try Console.writeLine("SampleApp keeps a small profile and your notes in your XDG folders.")
        try Console.writeLine("Let's get you set up.")
        let name = try askForName()
        try store.save(Profile(name: name, theme: nil))
        try Console.writeLine("Nice to meet you, \(name).")
        return .success
    }

    /// Shows `What's your name? ` and reads one line, up to `maximumAttempts` times. An
    /// unacceptable answer prints the reason (`Name cannot be empty.`) and asks again.
    private func askForName() throws(SampleAppError) -> String {
        for _ in 1...Self.maximumAttempts {
            try Console.write("What's your name? ")
            guard let line = try Console.readLine() else {
                throw SampleAppError(status: .noInput, message: "no name given (standard input closed)")
            }
            let name = NameRules.trimmed(line)
            guard let problem = NameRules.problem(with: name) else { return name }
            try Console.writeLine("\(problem).")
        }
        throw SampleAppError(status: .dataError, message: "no usable name after \(Self.maximumAttempts) attempts")
    }
}
