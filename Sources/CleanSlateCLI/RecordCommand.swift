import CleanSlate
import CleanSlateScreen
import Foundation
import Glibc

/// `cleanslate record`: a session (run live, or read from an asciicast recording) written down as
/// a test that repeats it, waiting for what the person saw before each input.
enum RecordCommand {
    struct Options {
        /// `--from`: the recording to write the test from (no app is run).
        var recordingPath: String?
        var terminalSize: TerminalSize?
        var framework = TestSource.Framework.swiftTesting
        var outputPath: String?
        var name = "RecordedSessionTests"
        var environment: [String: String] = [:]
        /// `--exit-status`: how the recorded app ended, for `--from` (a recording does not say).
        var exitStatus = AppExitStatus.exited(0)
        var command: [String] = []
    }

    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try parse(arguments) } catch let error as UsageError {
            CLIOutput.error(error.message)
            return 64
        } catch {
            CLIOutput.error("\(error)")
            return 64
        }
        if options.recordingPath == nil { return live(options) }
        TerminationSignals.exitOnSignal()
        return fromRecording(options)
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--from": options.recordingPath = try reader.value(for: "--from")
            case "--terminal": options.terminalSize = try TerminalSize(parsing: reader.value(for: "--terminal"))
            case "--swift-testing": options.framework = .swiftTesting
            case "--xctest": options.framework = .xctest
            case "--output", "-o": options.outputPath = try reader.value(for: "--output")
            case "--name":
                let name = try reader.value(for: "--name")
                guard TestSource.isValidName(name) else {
                    throw UsageError(message: "--name takes a Swift type name (letters, digits and _, not starting with a digit, not a keyword such as class), got '\(name)'")
                }
                options.name = name
            case "--env":
                let variable = try reader.variable(for: "--env")
                options.environment[variable.name] = variable.value
            case "--exit-status":
                let text = try reader.value(for: "--exit-status")
                guard let code = Int32(text), (0...255).contains(code) else {
                    throw UsageError(message: "--exit-status takes the app's exit code 0-255, got '\(text)'")
                }
                options.exitStatus = .exited(code)
            case "--":
                options.command = reader.rest
                return try checked(options)
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)' for record; see 'cleanslate --help' (put '--' before the command's own options)")
            default:
                options.command = [argument] + reader.rest
                return try checked(options)
            }
        }
        return try checked(options)
    }

    private static func checked(_ options: Options) throws -> Options {
        if options.recordingPath == nil && options.command.isEmpty {
            throw UsageError(message: "record needs a COMMAND to run (cleanslate record -- COMMAND ARGS...) or a recording (--from FILE)")
        }
        if options.recordingPath != nil && options.terminalSize != nil {
            throw UsageError(message: "--terminal sets the size of a live session; a recording's header gives its own")
        }
        return options
    }

    /// `--from`: the writer alone. 66 when the file cannot be read, 65 when it is not an asciicast
    /// v2 recording, 73 when the test cannot be written.
    static func fromRecording(_ options: Options) -> Int32 {
        let path = options.recordingPath!
        guard let data = FileManager.default.contents(atPath: path) else {
            CLIOutput.error("cannot read the recording \(path): no such file, or it is not readable")
            return 66
        }
        let session: RecordedSession
        do { session = try RecordedSession.parse(data) } catch {
            CLIOutput.error("cannot write a test from \(path): it is not an asciicast v2 recording (\(error)); record one with 'cleanslate record' or 'cleanslate run --record'")
            return 65
        }
        var command = options.command
        if command.isEmpty, let recorded = session.command {
            command = recorded
        } else if command.isEmpty, let title = session.title, !title.isEmpty {
            command = [title]
            CLIOutput.error("warning: the recording \(path) names its program (\(title)) but not its arguments, so the test launches "
                + "\(title) without any; if it had some, give the whole command after --: cleanslate record --from \(path) -- COMMAND ARGS...")
        }
        guard let program = command.first, !program.isEmpty else {
            CLIOutput.error("the recording \(path) does not name its command; give it after --: cleanslate record --from \(path) -- COMMAND ARGS...")
            return 64
        }
        var source = TestSource(executable: executableLiteral(for: program))
        source.arguments = Array(command.dropFirst())
        source.status = options.exitStatus
        return write(session, into: &source, options: options, file: nil)
    }

    /// Runs the command live (as `cleanslate run --record`), then writes the test from its session.
    static func live(_ options: Options) -> Int32 {
        let file: TestFile?
        do { file = try options.outputPath.map(TestFile.prepare) } catch {
            return RunCommand.exitCode(reporting: error)
        }
        var run = RunCommand.Options()
        run.command = options.command
        run.executable = executable(for: options.command[0])
        run.environment = options.environment
        run.terminalSize = options.terminalSize ?? (isatty(0) == 1 ? terminalSize(of: 0) : nil)
        // The session's recording comes back in memory (the observer's), never through a file.
        let observer = RunObserver()
        run.observer = observer
        let code: Int32
        do { code = try RunCommand.run(run) } catch {
            file?.discard()
            return RunCommand.exitCode(reporting: error)
        }
        guard observer.interruption == nil, let status = observer.status,
              let recording = observer.recording, let session = try? RecordedSession.parse(Data(recording.utf8)) else {
            file?.discard()
            CLIOutput.error("the session was interrupted; no test written")
            return code
        }
        var source = TestSource(executable: executableLiteral(for: options.command[0]))
        source.arguments = Array(options.command.dropFirst())
        source.status = status
        source.createdFiles = observer.createdFiles
        return write(session, into: &source, options: options, file: file)
    }

    /// Fills `source` from `session`, then writes it to the output file (or standard output).
    private static func write(_ session: RecordedSession, into source: inout TestSource, options: Options, file: TestFile?) -> Int32 {
        source.framework = options.framework
        source.name = options.name
        source.environment = options.environment
        if session.isPipe {
            source.steps = PipeSteps.steps(from: session)
        } else {
            let (steps, last) = TerminalSteps.steps(from: session)
            source.size = (session.rows, session.columns)
            source.steps = steps
            let text = last.plainText()
            // A blank last screen (an app that clears it on exit) says nothing worth asserting.
            if !text.contains("\"\"\"#") && !text.allSatisfy(\.isWhitespace) { source.lastScreen = text }
        }
        guard let path = options.outputPath else {
            CLIOutput.write(Array(source.text.utf8), to: 1)
            return 0
        }
        do {
            try (file ?? TestFile.prepare(path)).commit(source.text)
        } catch {
            return RunCommand.exitCode(reporting: error)
        }
        CLIOutput.error("wrote \(path)")
        return 0
    }

    /// How the test launches `command`: `.product` for an executable in this folder's `.build`,
    /// `.path` for a path, `.name` for a program found on PATH.
    static func executable(for command: String) -> Executable {
        if command.contains("/") { return .path(command) }
        if isPackageProduct(command) { return .product(command) }
        return .name(command)
    }

    /// ``executable(for:)`` as Swift source.
    static func executableLiteral(for command: String) -> String {
        if command.contains("/") { return ".path(\(SwiftLiteral.string(command)))" }
        if isPackageProduct(command) { return ".product(\(SwiftLiteral.string(command)))" }
        return ".name(\(SwiftLiteral.string(command)))"
    }

    private static func isPackageProduct(_ name: String) -> Bool {
        ["debug", "release"].contains { FileManager.default.isExecutableFile(atPath: ".build/\($0)/\(name)") }
    }

    /// The size of the terminal on `descriptor`, or nil.
    private static func terminalSize(of descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return try? TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }
}
