import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Synchronization
import Testing

/// The public snapshot assertions on real apps: the settle wait, placeholders, the styled format
/// and its failure message. Failures are caught as known issues, whose text the tests then check.
@Suite(.cleanSlate)
struct SnapshotAssertionTests {
    /// The comments of the issues `body` records (as known issues, so the test itself passes). The
    /// pages of screen mismatches go to ``artifacts()``.
    private func issues(_ body: () -> Void) throws -> [String] {
        let comments = Mutex<[String]>([])
        try FailureArtifacts.$directoryInTask.withValue(artifacts()) {
            withKnownIssue(isIntermittent: true) {
                body()
            } matching: { issue in
                comments.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
                return true
            }
        }
        return comments.withLock { $0 }
    }

    /// The awaited form of ``issues(_:)``, for the awaited assertions.
    private func awaitedIssues(_ body: () async -> Void) async throws -> [String] {
        let comments = Mutex<[String]>([])
        try await FailureArtifacts.$directoryInTask.withValue(artifacts()) {
            await withKnownIssue(isIntermittent: true) {
                await body()
            } matching: { issue in
                comments.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
                return true
            }
        }
        return comments.withLock { $0 }
    }

    /// Where this test's artifacts go: a folder in its sandbox.
    private func artifacts() throws -> String { try sandboxForTest().temporaryDirectory + "/artifacts" }

    /// A shell on a terminal that prints `script`'s output and then waits for input.
    private func terminalApp(_ script: String) throws -> AppLauncher {
        try launchApp(.name("sh"), arguments: ["-c", script + "; read line"], terminalSize: TerminalSize(rows: 4, columns: 60))
    }

    @Test func sandboxPathsBecomePlaceholdersInCapturedOutput() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo $HOME/x $XDG_CONFIG_HOME $XDG_DATA_HOME $XDG_CACHE_HOME; "
            + "echo $XDG_STATE_HOME $XDG_RUNTIME_DIR $TMPDIR ${HOME%/home}/xdg; echo \"$HOME\" >&2"])
        #expect(try app.waitForExit() == .exited(0))
        #expect(app.outputWithPlaceholders() == """
            $HOME/x $XDG_CONFIG_HOME $XDG_DATA_HOME $XDG_CACHE_HOME
            $XDG_STATE_HOME $XDG_RUNTIME_DIR $TMPDIR $SANDBOX/xdg

            """)
        assertOutputSnapshot(of: app, stream: .standardError, matches: "$HOME")
        #expect(!app.standardOutput.contains("$HOME"), "the raw output is left as it was")
    }

    @Test func anOutputSnapshotIsRecordedWithPlaceholdersAndThenMatches() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo saved to $XDG_CONFIG_HOME/app.toml"])
        _ = try app.waitForExit()
        let folder = try sandboxForTest().path(.temporary, "refs")
        // `missing` said explicitly: the default records nothing when CI is set (as under .ci/run).
        let recorded = try issues { assertOutputSnapshot(of: app, named: "saved", record: .missing, snapshotDirectory: folder) }
        #expect(recorded.count == 1 && recorded[0].contains("standard output snapshot \"saved\": recorded the missing reference"), "\(recorded)")
        #expect(try String(contentsOfFile: folder + "/saved.txt", encoding: .utf8) == "saved to $XDG_CONFIG_HOME/app.toml\n")
        #expect(try issues { assertOutputSnapshot(of: app, named: "saved", snapshotDirectory: folder) } == [])
    }

    @Test func aScreenSnapshotWaitsForTheScreenToSettle() throws {
        // The second line comes 200 ms after the first: a snapshot taken without waiting misses it. The quiet
        // period leaves the shell 800 ms to start `sleep`, so a loaded machine does not end the wait early.
        let app = try terminalApp("printf 'first\\r\\n'; sleep 0.2; printf 'second in %s\\r\\n' \"$HOME\"")
        try app.waitForScreen(containing: "first")
        assertScreenSnapshot(of: app, matches: "first\nsecond in $HOME", quietPeriod: .seconds(1))
    }

    @Test func theStyledFormatShowsColoursAndTheCursorAndAMismatchNamesTheCells() throws {
        let app = try terminalApp("printf '\\033[1;31mError\\033[0m: no name in %s' \"$XDG_CONFIG_HOME\"")
        try app.waitForScreen(containing: "Error")
        assertScreenSnapshot(of: app, format: .styled, matches: """
            screen 4x60 cursor 0,34
            |Error: no name in $XDG_CONFIG_HOME
            ~ 0-4 fg=red bold
            """)
        let folder = try sandboxForTest().path(.temporary, "refs")
        try sandboxForTest().write("screen 4x60 cursor 0,34\n|Error: no name in $XDG_CONFIG_HOME\n~ 0-4 fg=green bold\n", to: "refs/error.txt", in: .temporary)
        let failures = try issues { assertScreenSnapshot(of: app, named: "error", format: .styled, snapshotDirectory: folder) }
        #expect(failures.count == 1, "\(failures)")
        let message = try #require(failures.first)
        #expect(message.contains("screen snapshot \"error\" does not match the reference \(folder)/error.txt (- expected, + actual):"), "\(message)")
        #expect(message.contains("- ~ 0-4 fg=green bold\n+ ~ 0-4 fg=red bold"), "\(message)")
        #expect(message.contains("cells whose style changed:\n  row 0, columns 0-4: fg=green bold -> fg=red bold"), "\(message)")
        #expect(message.contains("To record it: CLEANSLATE_RECORD=failed swift test --filter 'CleanSlateTestingTests.SnapshotAssertionTests/"
            + "theStyledFormatShowsColoursAndTheCursorAndAMismatchNamesTheCells'"), "\(message)")
    }

    @Test func anInlineTextSnapshotMayStopAtItsLastRowWithContent() throws {
        // A background colour down to the bottom: the rows below the title are blank but styled.
        let app = try terminalApp(#"printf '\033[44m\033[2J\033[HTitle'"#)
        try app.waitForScreen(containing: "Title")
        assertScreenSnapshot(of: app, matches: "Title")
    }

    @Test func aRowLeftOutOfAnInlineTextSnapshotMustBeBlank() throws {
        let app = try terminalApp(#"printf '\033[44m\033[2J\033[HTitle\033[4;1Hfooter'"#)
        try app.waitForScreen(containing: "footer")
        let failures = try issues { assertScreenSnapshot(of: app, matches: "Title") }
        #expect(failures.count == 1 && failures[0].contains("+ footer"), "\(failures)")
        assertScreenSnapshot(of: app, matches: "Title\n\n\nfooter")
    }

    @Test func anInlineMismatchShowsTheDiffAndTheTextToPaste() throws {
        let app = try terminalApp("printf 'Name: Ada'")
        try app.waitForScreen(containing: "Ada")
        let failures = try issues { assertScreenSnapshot(of: app, matches: "Name: Bob") }
        #expect(failures == ["the screen does not match the expected text (- expected, + actual):\n- Name: Bob\n+ Name: Ada\n"
            + "Both screens side by side, the differing cells shaded: \(try artifacts())/"
            + "CleanSlateTestingTests.SnapshotAssertionTests_anInlineMismatchShowsTheDiffAndTheTextToPaste__/snapshot-inline-1.html\n"
            + "To accept what is shown now, replace the expected text with:\n\"\"\"\nName: Ada\n\"\"\""])
    }

    /// The awaited assertions report a mismatch in the words of the blocking ones (but for the
    /// number of the side-by-side page, one per mismatch): with a reference file and inline.
    @Test func theAwaitedFormsReportAMismatchAsTheBlockingFormsDo() async throws {
        let app = try terminalApp("printf 'Name: Ada'")
        try await app.waitForScreen(containing: "Ada")
        let folder = try sandboxForTest().path(.temporary, "refs")
        try sandboxForTest().write("Name: Bob\n", to: "refs/name.txt", in: .temporary)
        let blocking = try issues {
            assertScreenSnapshot(of: app, named: "name", record: .never, snapshotDirectory: folder)
            assertScreenSnapshot(of: app, matches: "Name: Bob")
        }
        let awaited = try await awaitedIssues {
            await assertScreenSnapshot(of: app, named: "name", record: .never, snapshotDirectory: folder)
            await assertScreenSnapshot(of: app, matches: "Name: Bob")
        }
        #expect(blocking.count == 2 && blocking[0].contains("- Name: Bob\n+ Name: Ada"), "\(blocking)")
        let pageNumber = /-\d+\.html/
        #expect(awaited.map { $0.replacing(pageNumber, with: "-N.html") } == blocking.map { $0.replacing(pageNumber, with: "-N.html") })
    }

    /// A screen that never settles fails both forms with the same report, located at the
    /// assertion's line (the times, the pid and the byte count it gives aside).
    @Test func theAwaitedFormsReportAScreenThatNeverSettlesAsTheBlockingFormsDo() async throws {
        let app = try terminalApp("while :; do printf '\\rbusy'; done")
        try await app.waitForScreen(containing: "busy")
        let blocking = try issues { assertScreenSnapshot(of: app, matches: "busy", quietPeriod: .milliseconds(300), timeout: .milliseconds(600)) }
        let blockingLine = #line - 1
        let awaited = try await awaitedIssues { await assertScreenSnapshot(of: app, matches: "busy", quietPeriod: .milliseconds(300), timeout: .milliseconds(600)) }
        let awaitedLine = #line - 1
        let place = "CleanSlate timedOut at CleanSlateTestingTests/SnapshotAssertionTests.swift:"
        #expect(blocking.count == 1 && blocking[0].contains(place + "\(blockingLine):"), "\(blocking)")
        let timesPidAndCounts = /\d+\.\d{3} s|pid \d+|of \d+ bytes/
        #expect(awaited.map { $0.replacing(place + "\(awaitedLine):", with: place + "L:").replacing(timesPidAndCounts, with: "T") }
            == blocking.map { $0.replacing(place + "\(blockingLine):", with: place + "L:").replacing(timesPidAndCounts, with: "T") })
    }

    @Test func aScreenThatNeverSettlesFailsWithTheWaitError() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "while :; do printf x; done"], terminalSize: TerminalSize(rows: 4, columns: 20))
        let failures = try issues { assertScreenSnapshot(of: app, named: "busy", snapshotDirectory: "/nonexistent", quietPeriod: .milliseconds(300), timeout: .milliseconds(600)) }
        #expect(failures.count == 1 && failures[0].hasPrefix("screen snapshot \"busy\": waiting for the screen to settle failed: CleanSlate timedOut"), "\(failures)")
    }

    @Test func anAppOverPipesHasNoScreenToSnapshot() throws {
        let app = try launchApp(.name("cat"))
        let failures = try issues { assertScreenSnapshot(of: app, matches: "") }
        #expect(failures.count == 1 && failures[0].contains("runs over pipes; set terminalSize before launch() to run it on a terminal"), "\(failures)")
    }
}
