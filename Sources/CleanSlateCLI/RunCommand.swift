import CleanSlate
import CleanSlateScreen
import Foundation
import Glibc

/// `cleanslate run`: a program in a fresh sandbox, its output streamed, its exit status mirrored.
enum RunCommand {
    struct Options {
        var keep = false
        var terminalSize: TerminalSize?
        var environment: [String: String] = [:]
        var passedThrough: Set<String> = []
        var inheritsEnvironment = false
        var rootDirectory: String?
        var isolation = Isolation.standard
        /// `--network`: "loopback" or "host" (strict isolation only).
        var network: String?
        /// `--allow-port`: host loopback ports forwarded into a strict launch.
        var allowedPorts: [UInt16] = []
        /// `--max-processes`: the process limit of a strict launch.
        var maximumProcessCount: Int?
        /// Where to write the session as an asciicast recording.
        var recordingPath: String?
        /// `CLEANSLATE_KEEP`: `never` (also when unset or empty), `failed` or `always`.
        var keepPolicy = "never"
        /// `--faults`: output in pieces, slow typing, a full or read-only sandbox.
        var faults = Faults.none
        var command: [String] = []
        /// The executable to run instead of the one `command` names (`cleanslate record` finds
        /// the package's own products).
        var executable: Executable?
        /// Told how the run ended (`cleanslate record` writes its test from it).
        var observer: RunObserver?
    }

    /// The values `CLEANSLATE_KEEP` takes, as the test integrations take them (any letter case).
    static let keepPolicies = ["never", "failed", "always"]

    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        do { options = try parse(arguments) } catch let error as UsageError {
            CLIOutput.error(error.message)
            return 64
        } catch {
            CLIOutput.error("\(error)")
            return 64
        }
        do {
            return try run(options)
        } catch {
            return exitCode(reporting: error)
        }
    }

    /// Says what went wrong on standard error and returns the exit code for it: 73 for a recording
    /// that cannot be written, 127 for an executable not found, 126 for one that cannot run, 64 for
    /// an invalid argument, 70 for anything else.
    static func exitCode(reporting error: Error) -> Int32 {
        do { throw error } catch let error as RecordingFileError {
            CLIOutput.error(error.message)
            return 73
        } catch let error as CleanSlateError {
            // A step's error names the line that called it: here a line of this tool, not the user's.
            CLIOutput.error(error.located(at: nil).description)
            switch error.code {
            case .executableNotFound: return 127
            case .notExecutable: return 126
            case .invalidArgument: return 64
            default: return 70
            }
        } catch {
            CLIOutput.error("\(error)")
            return 70
        }
    }

    static func parse(_ arguments: [String], keepVariable: String? = ProcessInfo.processInfo.environment["CLEANSLATE_KEEP"]) throws -> Options {
        var options = Options()
        if let raw = keepVariable, !raw.isEmpty {
            guard keepPolicies.contains(raw.lowercased()) else {
                throw UsageError(message: "CLEANSLATE_KEEP=\(raw) is not valid: use never, failed or always")
            }
            options.keepPolicy = raw.lowercased()
        }
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--keep": options.keep = true
            case "--terminal": options.terminalSize = try TerminalSize(parsing: reader.value(for: "--terminal"))
            case "--env":
                let variable = try reader.variable(for: "--env")
                options.environment[variable.name] = variable.value
            case "--pass-env": options.passedThrough.insert(try reader.value(for: "--pass-env"))
            case "--inherit-env": options.inheritsEnvironment = true
            case "--root": options.rootDirectory = try reader.value(for: "--root")
            case "--record": options.recordingPath = try reader.value(for: "--record")
            case "--faults": options.faults = try FaultsOption.parse(reader.value(for: "--faults"), into: options.faults)
            case "--isolation":
                switch try reader.value(for: "--isolation") {
                case "standard": options.isolation = .standard
                case "strict": options.isolation = .strict(StrictOptions())
                case "strict-or-standard": options.isolation = .strict(StrictOptions(fallsBackToStandard: true))
                case let other:
                    throw UsageError(message: "--isolation takes standard, strict or strict-or-standard, got '\(other)'")
                }
            case "--network":
                let network = try reader.value(for: "--network")
                guard ["loopback", "host"].contains(network) else {
                    throw UsageError(message: "--network takes loopback or host, got '\(network)'")
                }
                options.network = network
            case "--allow-port":
                let text = try reader.value(for: "--allow-port")
                guard let port = UInt16(text), port > 0 else {
                    throw UsageError(message: "--allow-port takes a TCP port 1-65535, got '\(text)'")
                }
                options.allowedPorts.append(port)
            case "--max-processes":
                let text = try reader.value(for: "--max-processes")
                guard let count = Int(text), (1...StrictOptions.maximumProcessCountLimit).contains(count) else {
                    throw UsageError(message: "--max-processes takes a count 1-\(StrictOptions.maximumProcessCountLimit), got '\(text)'")
                }
                options.maximumProcessCount = count
            case "--":
                options.command = reader.rest
                return try withNetwork(options)
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)' for run; see 'cleanslate --help' (put '--' before the command's own options)")
            default:
                options.command = [argument] + reader.rest
                return try withNetwork(options)
            }
        }
        return try withNetwork(options)
    }

    /// `options` with `--network`, `--allow-port` and `--max-processes` applied to its strict isolation.
    private static func withNetwork(_ options: Options) throws -> Options {
        guard options.network != nil || !options.allowedPorts.isEmpty || options.maximumProcessCount != nil else { return options }
        guard case var .strict(strict) = options.isolation else {
            throw UsageError(message: "--network, --allow-port and --max-processes need --isolation strict (or strict-or-standard)")
        }
        if let count = options.maximumProcessCount { strict.maximumProcessCount = count }
        switch (options.network, options.allowedPorts.isEmpty) {
        case ("host", false):
            throw UsageError(message: "--allow-port cannot be combined with --network host (the host network has every port)")
        case ("host", true): strict.network = .host
        case (_, false): strict.network = .hostPorts(options.allowedPorts)
        default: strict.network = .loopback
        }
        var result = options
        result.isolation = .strict(strict)
        return result
    }

    static func run(_ options: Options) throws -> Int32 {
        // Before anything runs: a recording that cannot be written is known now, not after the session.
        let recording = try options.recordingPath.map(RecordingFile.create)
        let interruption = TerminationSignals.watch()
        let sandbox = try Sandbox(rootDirectory: options.rootDirectory)
        var keep = options.keep
        var finished = false
        defer { if !finished { _ = finish(sandbox, keep: keep) } }
        let before: SandboxSnapshot?
        var beforeFailure: Error?
        do { before = try sandbox.snapshot() } catch { before = nil; beforeFailure = error }

        let executable: Executable
        if let chosen = options.executable {
            executable = chosen
        } else if let command = options.command.first {
            executable = command.contains("/") ? .path(command) : .name(command)
        } else {
            executable = .product("SampleApp")
        }
        let app = AppLauncher(executable, sandbox: sandbox)
        app.launchArguments = Array(options.command.dropFirst())
        app.launchEnvironment = options.environment
        app.environmentPolicy = EnvironmentPolicy(passedThrough: options.passedThrough, inheritsHostEnvironment: options.inheritsEnvironment)
        app.terminalSize = options.terminalSize
        app.isolation = options.isolation
        app.defaultTimeout = .seconds(86_400)
        app.faults = options.faults

        let rawMode = options.terminalSize != nil && isatty(0) == 1 ? RawTerminalMode(fd: 0) : nil
        defer { rawMode?.restore() }
        // Live output, copied by the launch's I/O thread as it arrives, so a slow reader of our output
        // holds the app back instead of losing bytes: pipes go to our own stdout/stderr; a terminal
        // app's bytes only when our stdout is a terminal that can show them (otherwise the final
        // screen says it all).
        let reader = OutputReader()
        if options.terminalSize == nil || isatty(1) == 1 {
            app.outputHandler = { stream, bytes in
                if reader.isGone { return }
                if !CLIOutput.write(bytes, to: stream == .standardOutput ? 1 : 2) && stream == .standardOutput { reader.wentAway() }
            }
        }
        try app.launch()
        interruption.stop(app)
        InputForwarder.start(to: app, closesInputAtEnd: options.terminalSize == nil)

        var progress = OutputProgress.start
        // Until the app exits: what a leftover child still writes after that is not waited for.
        while !progress.hasExited {
            progress = try app.waitForOutputProgress(beyond: progress)
            if reader.isGone {
                // As in a shell pipeline whose reader exits (`cleanslate run yes | head`): stop the
                // app instead of running it to the end for nobody, then clean up as usual.
                app.terminate()
                CLIOutput.error("the reader of the output went away; stopped \(executable)")
                break
            }
        }
        let status = try app.waitForExit()
        options.observer?.status = status
        let screen = options.terminalSize != nil ? try app.screen() : nil
        let escaped = app.terminate()
        rawMode?.restore()
        // `cleanslate record` reads the session from its observer: no file between the two.
        if let observer = options.observer { observer.recording = app.sessionRecording() }
        if let recording, !recording.write(app.sessionRecording()) {
            CLIOutput.error("warning: could not write the recording to \(recording.path)")
        }

        if let screen {
            CLIOutput.line("--- final screen (\(screen.rows)x\(screen.columns)) ---")
            for line in screen.lines { CLIOutput.line(line) }
            CLIOutput.line("--- cursor: row \(screen.cursor.row), column \(screen.cursor.column) ---")
        }
        CLIOutput.error("\(executable) \(status)")
        if let seed = app.faultSeed {
            CLIOutput.error("faults: output delivered in random pieces, seed \(seed); replay them with \(Faults.seedEnvironmentVariable)=\(seed)")
        }
        for process in escaped {
            // Escaped: the command line is the process's own choice, and must not forge lines of the report.
            CLIOutput.error("warning: \(EscapedText.escaped(process.description)) was still running after \(executable) ended; it was killed")
        }
        // The report is a courtesy: when it cannot be made, say why, and still mirror the app's status.
        do {
            guard let before else { throw beforeFailure! }
            let after = try sandbox.snapshot()
            let changes = after.changes(since: before)
            // What `cleanslate record` checks of each created file is read now: the sandbox is wiped below.
            options.observer?.createdFiles = CreatedFiles.list(changes, after: after, in: sandbox)
            reportChanges(changes, sandbox: sandbox)
        } catch {
            CLIOutput.error("warning: could not report the files the app changed: \(error)")
        }
        switch options.keepPolicy {
        case "always": keep = true
        case "failed" where status != .exited(0) || !escaped.isEmpty: keep = true
        default: break
        }
        finished = true
        let wiped = finish(sandbox, keep: keep)
        options.observer?.interruption = interruption.signal
        let code = exitCode(status: status, escaped: !escaped.isEmpty, readerGone: reader.isGone, signal: interruption.signal)
        return code == 0 && !wiped ? wipeFailedExitCode : code
    }

    /// The exit code of a run that would have exited 0 but whose sandbox could not be wiped entirely
    /// (a mount point or an immutable file left in it): 74, as sysexits' EX_IOERR.
    static let wipeFailedExitCode: Int32 = 74

    /// The front end's exit code: 128 + the signal when a signal interrupted the run (SIGPIPE when
    /// the reader of the output went away); else the app's, as a shell reports it; but
    /// ``escapedExitCode`` when the app succeeded and yet left processes running.
    static func exitCode(status: AppExitStatus, escaped: Bool, readerGone: Bool, signal: Int32?) -> Int32 {
        if let signal { return 128 + signal }
        if readerGone { return 128 + SIGPIPE }
        if escaped && status == .exited(0) { return escapedExitCode }
        return status.shellStatus
    }

    /// The exit code of a run whose app exited 0 but left processes running (daemons, background
    /// jobs): the run was not clean, though the app itself succeeded.
    static let escapedExitCode: Int32 = 125

    private static func reportChanges(_ changes: SandboxChanges, sandbox: Sandbox) {
        if changes.isEmpty {
            CLIOutput.error("files created: none")
            return
        }
        for location in Sandbox.Location.allCases {
            let created = changes.created(in: location)
            let modified = changes.modified(in: location)
            if created.isEmpty && modified.isEmpty { continue }
            var line = "in \(location.environmentVariable):"
            if !created.isEmpty { line += " created " + listed(created) }
            if !modified.isEmpty { line += (created.isEmpty ? "" : ";") + " modified " + listed(modified) }
            CLIOutput.error(line)
        }
    }

    /// The most names listed per line of the report; the rest are counted.
    static let listedNamesLimit = 20

    /// `names` joined with commas, the first ``listedNamesLimit`` of them and `and N more`; each
    /// name escaped (``EscapedText``), so a name the app chose with a line feed in it cannot add a
    /// line of its own to the report.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(listedNamesLimit).map { EscapedText.escaped($0) }.joined(separator: ", ")
        return names.count > listedNamesLimit ? shown + " and \(names.count - listedNamesLimit) more" : shown
    }

    /// Keeps or wipes the sandbox; false when the wipe could not remove everything (said on
    /// standard error; the sandbox keeps its owner record, so a later sweep retries).
    private static func finish(_ sandbox: Sandbox, keep: Bool) -> Bool {
        if keep {
            // Marked, so that sweeps leave it alone for the retention period (CLEANSLATE_KEEP_DAYS).
            do { try sandbox.markKept() } catch { CLIOutput.error("could not mark the sandbox as kept: \(error)") }
            CLIOutput.error("kept the sandbox at \(sandbox.root)")
            return true
        }
        do {
            try sandbox.wipe()
            return true
        } catch {
            CLIOutput.error("could not wipe the sandbox: \(error)")
            return false
        }
    }
}

/// How a run ended, for `cleanslate record`: the app's status, the session's asciicast recording,
/// the files it created (with what a test checks of each), and the signal that interrupted the run
/// (nil when none did).
final class RunObserver {
    var status: AppExitStatus?
    var recording: String?
    var createdFiles: [TestSource.CreatedFile] = []
    var interruption: Int32?
}

/// Whether the reader of the front end's standard output has gone away (a write failed with EPIPE).
final class OutputReader: @unchecked Sendable {
    private let lock = NSLock()
    private var gone = false

    var isGone: Bool { lock.withLock { gone } }

    func wentAway() { lock.withLock { gone = true } }
}
