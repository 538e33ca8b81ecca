import CleanSlate
import CleanSlateScreen
import Foundation
import Testing

/// The folder of files a failed test leaves for a person to look at, one subfolder per app:
///
/// - `session.cast`: the session as an asciicast v2 recording (`AppLauncher/sessionRecording()`);
/// - for a terminal launch, the final screen as `screen.txt`, `screen.styled.txt`, `screen.html` and
///   `screen.svg`;
/// - `stdout.txt` and `stderr.txt`: the output, within the app's `AppLauncher/outputLimit`;
/// - `status.txt`: the app's state when the test ended and after teardown terminated it;
/// - `environment.txt`: the environment the app was given;
/// - `sandbox-files.txt`: a listing of the sandbox's files (the sandbox itself is kept or wiped per
///   the keep policy).
///
/// Every file is bounded. The folder is `CLEANSLATE_ARTIFACTS` if set, else `cleanslate-artifacts`
/// in the package's build folder (`.build`, which git ignores). `CLEANSLATE_ARTIFACTS_ALWAYS=1` writes
/// them for passing tests too.
package enum FailureArtifacts {
    /// Where artifact folders are made: ``directoryInTask`` when bound, else `CLEANSLATE_ARTIFACTS`,
    /// else ``defaultDirectory``.
    package static var directory: String {
        if let directoryInTask { return directoryInTask }
        if let chosen = HostEnvironment.value(of: "CLEANSLATE_ARTIFACTS"), !chosen.isEmpty { return chosen }
        return defaultDirectory
    }

    /// A folder that replaces the others for the task it is bound in and the tasks it creates: for
    /// the package's own tests, which share one process and so cannot set `CLEANSLATE_ARTIFACTS`.
    @TaskLocal package static var directoryInTask: String?

    /// `cleanslate-artifacts` in the `.build` folder that holds the running test executable; where the
    /// executable is not under a `.build` folder (a custom `--scratch-path`), next to the executable.
    package static var defaultDirectory: String {
        let executable = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0]).standardizedFileURL
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" { return folder.appendingPathComponent("cleanslate-artifacts").path }
            folder.deleteLastPathComponent()
        }
        return executable.deletingLastPathComponent().appendingPathComponent("cleanslate-artifacts").path
    }

    /// Whether artifacts are written for passing tests too (`CLEANSLATE_ARTIFACTS_ALWAYS=1`).
    package static var writesForPassingTests: Bool {
        HostEnvironment.value(of: "CLEANSLATE_ARTIFACTS_ALWAYS") == "1"
    }

    /// The most lines of the sandbox listing.
    package static let listingLimit = 10_000

    /// What `app` showed and was when the test ended, taken before teardown terminates it (an app
    /// that gets SIGHUP may clear its screen on the way out).
    package struct EndOfTest {
        let state: AppState
        let screen: ScreenSnapshot?

        package init(_ app: AppLauncher) {
            state = app.state
            screen = app.terminalSize == nil ? nil : try? app.screen()
        }
    }

    /// Writes the artifacts of `app` (already terminated; `end` is what it was before that) into
    /// a new folder for `testName`, prints its path on standard error, and under Swift Testing attaches
    /// the recording, the screen text and the SVG to the test. A folder that cannot be written is
    /// reported on standard error, never as a second failure.
    package static func write(_ app: AppLauncher, end: EndOfTest, testName: String, failed: Bool) {
        let recording = app.sessionRecording()
        let screen = end.screen
        var files: [(String, String)] = [("session.cast", recording)]
        if let screen {
            files += [("screen.txt", screen.plainText() + "\n"), ("screen.styled.txt", screen.styledText() + "\n"),
                      ("screen.html", screen.html()), ("screen.svg", screen.svg())]
        }
        files += [
            ("stdout.txt", app.standardOutput), ("stderr.txt", app.standardError),
            ("status.txt", "at the end of the test: \(end.state)\nafter teardown: \(app.state)\n"),
            ("environment.txt", (app.launchedEnvironment ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined()),
            ("sandbox-files.txt", listing(of: app.sandbox)),
        ]
        let folder: String
        do {
            folder = try makeFolder(testName: testName, app: app)
            for (name, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
            }
        } catch {
            TestFailure.log("CleanSlate: could not write the artifacts of \(testName): \(error)\n")
            return
        }
        let kinds = screen == nil ? "recording, output, environment, files" : "recording, screen, output, environment, files"
        TestFailure.log(
            "CleanSlate: \(failed ? "the test failed; " : "")artifacts of \(name(of: app)) in \(testName) (\(kinds)) are in \(folder)\n")
        // The folder is gone with a CI machine; what the app showed is in the log.
        if failed { TestFailure.log(logSummary(of: app, end: end)) }
        if TestFailure.currentFramework == .swiftTesting {
            Attachment.record(Array(recording.utf8), named: "\(name(of: app))-session.cast")
            if let screen {
                Attachment.record(Array((screen.plainText() + "\n").utf8), named: "\(name(of: app))-screen.txt")
                Attachment.record(Array(screen.svg().utf8), named: "\(name(of: app))-screen.svg")
            }
        }
    }

    /// The most lines of screen or output that ``logSummary(of:end:)`` prints, and the most
    /// characters of each.
    package static let logLineLimit = 40
    package static let logColumnLimit = 200

    /// What a failed test's app showed, for the test log: its state, then its final screen (blank
    /// rows at the bottom left out) or, over pipes, the last lines of its standard output and
    /// error. Every line starts with `| ` so it stands apart from the runner's own messages.
    package static func logSummary(of app: AppLauncher, end: EndOfTest) -> String {
        var text = "CleanSlate: \(name(of: app)) when the test ended: \(end.state)\n"
        func quoted(_ lines: [Substring]) -> String {
            lines.suffix(logLineLimit).map { "| " + $0.prefix(logColumnLimit) + "\n" }.joined()
        }
        if let screen = end.screen {
            var rows = screen.plainText().split(separator: "\n", omittingEmptySubsequences: false)
            while let last = rows.last, last.allSatisfy({ $0 == " " }) { rows.removeLast() }
            text += "its screen (\(screen.rows)x\(screen.columns), cursor at row \(screen.cursor.row), column \(screen.cursor.column)\(screen.isAlternateScreenActive ? ", alternate screen" : "")):\n"
            text += rows.isEmpty ? "(blank)\n" : quoted(rows)
        } else {
            for (label, output) in [("standard output", app.standardOutput), ("standard error", app.standardError)] where !output.isEmpty {
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(output.hasSuffix("\n") ? 1 : 0)
                text += "its \(label)\(lines.count > logLineLimit ? " (the last \(logLineLimit) lines)" : ""):\n" + quoted(Array(lines))
            }
        }
        return text
    }

    /// A new folder `DIRECTORY/TEST/APP-N` (N makes it unique: a test run again, several apps, the
    /// cases of a parameterized test).
    private static func makeFolder(testName: String, app: AppLauncher) throws -> String {
        try createUnique(in: testName, named: name(of: app), suffix: "") { folder in
            if mkdir(folder, 0o755) == 0 { return true }
            if errno == EEXIST { return false }
            throw CleanSlateError(.ioFailed, errno: errno, "cannot create the artifact folder \(folder)")
        }
    }

    /// Writes `contents` to a new file `DIRECTORY/TEST/NAME-N.EXTENSION` of the test `testName`
    /// (N makes it unique, as for the apps' folders: nothing is overwritten) and returns its path.
    package static func writeNewFile(_ contents: String, testName: String, named name: String, extension: String) throws -> String {
        try createUnique(in: testName, named: name, suffix: "." + `extension`) { path in
            do {
                try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                return true
            } catch CocoaError.fileWriteFileExists {
                return false
            } catch {
                throw CleanSlateError(.ioFailed, "cannot write \(path): \(reason(error))")
            }
        }
    }

    /// Creates the test's folder `DIRECTORY/TEST`, then calls `create` with `TEST/NAME-1SUFFIX`,
    /// `-2`... until it returns true (it returns false when the path is taken); returns that path.
    ///
    /// - Throws: `.ioFailed` naming the folder that could not be made and why.
    private static func createUnique(in testName: String, named name: String, suffix: String, _ create: (String) throws -> Bool) throws -> String {
        let testFolder = directory + "/" + safeName(testName)
        try makeFolders(testFolder)
        for number in 1... {
            let path = testFolder + "/" + safeName(name) + "-\(number)" + suffix
            if try create(path) { return path }
        }
        fatalError("unreachable")
    }

    /// Makes the folder `path` and those above it that are missing. Foundation's `createDirectory`
    /// says neither which folder failed nor why (on Linux only "error 512"), so this does it with
    /// `mkdir`, one folder at a time.
    ///
    /// - Throws: `.ioFailed` naming the folder that could not be made and the reason.
    static func makeFolders(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            let folder = prefix + component
            prefix = folder + "/"
            if mkdir(folder, 0o755) == 0 { continue }
            let failure = errno
            var status = stat()
            if failure == EEXIST && stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR { continue }
            if failure == EEXIST {
                throw CleanSlateError(.ioFailed, "cannot create the folder \(path): \(folder) exists and is not a folder")
            }
            throw CleanSlateError(.ioFailed, errno: failure, "cannot create the folder \(folder): \(String(cString: strerror(failure)))")
        }
    }

    /// Why a file operation failed, in words: a CleanSlateError's message, the system's reason
    /// (`Not a directory`) for a Foundation error that carries one, else the error's description.
    package static func reason(_ error: any Error) -> String {
        if let error = error as? CleanSlateError { return error.message }
        let foundationError = error as NSError
        if let underlying = foundationError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return foundationError.localizedDescription
    }

    /// The app's program name: `SampleApp` for `.product("SampleApp")`, `vim` for `.path("/usr/bin/vim")`.
    private static func name(of app: AppLauncher) -> String {
        let described = "\(app.executable)"
        let program = described.hasPrefix("product ") ? String(described.dropFirst("product ".count)) : described
        return program.split(separator: "/").last.map(String.init) ?? program
    }

    /// `name` with every character but letters, digits, `.`, `_` and `-` replaced by `_`.
    static func safeName(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar) ? Character(scalar) : "_"
        }.prefix(120))
    }

    /// Every path of every location of `sandbox` with its kind and size, at most ``listingLimit`` lines
    /// in all: the header, the entries and, when some did not fit, a last line saying how many.
    package static func listing(of sandbox: Sandbox) -> String {
        let snapshot: SandboxSnapshot
        do { snapshot = try sandbox.snapshot() } catch { return "could not list the sandbox \(sandbox.root): \(error)\n" }
        let total = Sandbox.Location.allCases.reduce(0) { $0 + snapshot.paths(in: $1).count }
        let listed = 1 + total <= listingLimit ? total : listingLimit - 2
        var lines = ["sandbox \(sandbox.root)"]
        for location in Sandbox.Location.allCases {
            for path in snapshot.paths(in: location) where lines.count <= listed {
                guard let entry = snapshot.entry(path, in: location) else { continue }
                let detail = entry.kind == .file ? "\(entry.size) bytes" : "\(entry.kind)"
                lines.append("$\(location.environmentVariable)/\(path)  \(detail)")
            }
        }
        if total > lines.count - 1 { lines.append("... and \(total - lines.count + 1) more, not listed") }
        return lines.joined(separator: "\n") + "\n"
    }
}
