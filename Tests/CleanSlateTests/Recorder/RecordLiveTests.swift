import CleanSlate
import CleanSlateXCTest
import Foundation
import Glibc
import XCTest

/// `cleanslate record -- COMMAND` live: a scripted person at a real pseudo-terminal (this test's
/// launch of `cleanslate`) goes through SampleApp's wizard with a corrected typo; and a recording
/// interrupted by SIGINT writes nothing.
final class RecordLiveTests: XCTestCase {
    /// This clone's root folder: `cleanslate record` runs there, so SampleApp is one of its products.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testAPersonAtATerminalGetsATestOfTheWizard() throws {
        let output = try sandboxForTest().temporaryDirectory + "/WizardTests.swift"
        // No --terminal: the person's terminal size (this launch's, 30x100) is the session's.
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--name", "WizardTests", "--output", output, "--", "SampleApp"],
                              terminalSize: TerminalSize(rows: 30, columns: 100))
        app.workingDirectory = Self.packageRoot
        app.defaultTimeout = .seconds(20)
        try app.launch()
        try goThroughTheWizard(app)
        XCTAssertEqual(try app.waitForExit(), .exited(0))

        let written = try String(contentsOfFile: output, encoding: .utf8)
        let body = written.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let launch = try XCTUnwrap(body.firstIndex { $0.hasPrefix("let app =") }, written)
        XCTAssertEqual(Array(body[launch...].filter { !$0.isEmpty && !$0.hasPrefix("//") }.prefix(6)), [
            #"let app = try await launchApp(.product("SampleApp"), terminalSize: try TerminalSize(rows: 30, columns: 100))"#,
            #"try await app.textFields["Name"].typeText("Ada")"#,
            #"try await app.keyHints["confirm"].press()"#,
            #"try await app.menuItems["Solarized"].select()"#,
            #"try await app.keyHints["confirm"].press()"#,
            "#expect(try await app.waitForExit() == .exited(0))",
        ], written)
        // The last screen down to its last row with content (not 30 rows), and the profile's content.
        XCTAssertTrue(written.contains("        await assertScreenSnapshot(of: app, matches: #\"\"\"\n        All set, Ada! Theme: Solarized\n        \"\"\"#)\n"),
                      "the last screen is asserted, awaited\n\(written)")
        let profile = ["#expect(try String(contentsOfFile: app.sandbox.configHome + \"/sampleapp/profile.json\", encoding: .utf8) == #\"\"\"",
                       "{", #"  "name" : "Ada","#, #"  "theme" : "Solarized""#, "}", "", "\"\"\"#)"]
        XCTAssertTrue(written.contains(profile.map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n")), "the file the app created is compared\n\(written)")
    }

    func testARecordingInterruptedBySIGINTWritesNothing() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--output", folder + "/Written.swift", "--",
                                                                  "sh", "-c", "echo ready; exec sleep 60"])
        try app.launch()
        try app.waitForOutput("ready")
        guard case let .running(pid) = app.state else { return XCTFail("record is not running: \(app.state)") }
        XCTAssertEqual(kill(pid, SIGINT), 0)
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(30)), .exited(130))
        XCTAssertTrue(app.standardError.contains("no test written"), app.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing half-written")
    }

    /// The steps of a written test, from the launch to the exit status, trimmed.
    private func steps(_ source: String) -> [String] {
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let launch = lines.firstIndex(where: { $0.hasPrefix("let app =") }),
              let end = lines.firstIndex(where: { $0.contains("waitForExit()") }) else { return [] }
        return Array(lines[launch...end])
    }

    func testATestWrittenFromARunsRecordingIsTheOneWrittenLive() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let size = try TerminalSize(rows: 30, columns: 100)
        let live = try makeApp(.product("cleanslate"), arguments: ["record", "--output", folder + "/Live.swift", "--", "SampleApp"],
                               terminalSize: size)
        live.workingDirectory = Self.packageRoot
        live.defaultTimeout = .seconds(20)
        try live.launch()
        try goThroughTheWizard(live)
        XCTAssertEqual(try live.waitForExit(), .exited(0))

        // Another session, the same person: recorded by `run --record` (with no command it runs
        // SampleApp), written with `--from`.
        let run = try makeApp(.product("cleanslate"), arguments: ["run", "--terminal", "30x100", "--record", folder + "/session.cast"],
                              terminalSize: size)
        run.defaultTimeout = .seconds(20)
        try run.launch()
        try goThroughTheWizard(run)
        XCTAssertEqual(try run.waitForExit(), .exited(0))
        let from = try makeApp(.product("cleanslate"), arguments: ["record", "--from", folder + "/session.cast", "--output", folder + "/From.swift"])
        from.workingDirectory = Self.packageRoot
        try from.launch()
        XCTAssertEqual(try from.waitForExit(), .exited(0), from.standardError)

        let liveSteps = steps(try String(contentsOfFile: folder + "/Live.swift", encoding: .utf8))
        XCTAssertEqual(liveSteps.filter { $0.contains("menuItems") }, [#"try await app.menuItems["Solarized"].select()"#])
        XCTAssertEqual(steps(try String(contentsOfFile: folder + "/From.swift", encoding: .utf8)), liveSteps)
    }

    /// The help: "--terminal ROWSxCOLS the pseudo-terminal's size": the size the app sees (here
    /// with standard input a pipe, where the session would otherwise run over pipes), and the size
    /// the written test launches at.
    func testTheTerminalOptionIsTheSizeTheAppSeesAndTheTestLaunchesAt() throws {
        let output = try sandboxForTest().temporaryDirectory + "/Sized.swift"
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--xctest", "--terminal", "7x33", "--output", output, "--", "sh", "-c", "stty size"])
        try app.launch()
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(written.contains("terminalSize: try TerminalSize(rows: 7, columns: 33)"), written)
        XCTAssertTrue(written.contains("7 33"), "stty's answer on the last screen: \(written)")
    }
}

/// What a live `cleanslate record` session's test checks of the files the app created (see
/// `CreatedFiles` in the tool): a short text file's content (the sandbox's paths as placeholders),
/// a long or binary file's size, an empty folder's existence.
final class RecordCreatedFileTests: XCTestCase {
    func testEachCreatedFileIsCheckedAsAPersonWouldKeepIt() throws {
        let output = try sandboxForTest().temporaryDirectory + "/Files.swift"
        let script = #"""
            printf '{"name":"Ada"}\n' > "$XDG_CONFIG_HOME/profile.json"
            printf 'one\ntwo\n' > "$XDG_CONFIG_HOME/list.txt"
            printf 'cache=%s/x\n' "$XDG_CACHE_HOME" > "$XDG_STATE_HOME/where.conf"
            head -c 3000 /dev/zero | tr '\0' a > "$XDG_DATA_HOME/long.txt"
            printf 'bin\001ary' > "$XDG_DATA_HOME/blob"
            mkdir "$XDG_CACHE_HOME/empty"
            """#
        // Over pipes (no terminal): the session is the script alone.
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--xctest", "--output", output, "--", "sh", "-c", script])
        try app.launch()
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        let checks = written.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }.drop { !$0.hasPrefix("XCTAssertEqual(try app.waitForExit()") }.dropFirst()
        XCTAssertEqual(Array(checks.prefix(11)), [
            "XCTAssertEqual(try String(contentsOfFile: app.sandbox.configHome + \"/list.txt\", encoding: .utf8), #\"\"\"",
            "one",
            "two",
            "",
            "\"\"\"#)",
            #"XCTAssertEqual(try String(contentsOfFile: app.sandbox.configHome + "/profile.json", encoding: .utf8), "{\"name\":\"Ada\"}\n")"#,
            #"XCTAssertEqual(FileManager.default.contents(atPath: app.sandbox.dataHome + "/blob")?.count, 7)"#,
            #"XCTAssertEqual(FileManager.default.contents(atPath: app.sandbox.dataHome + "/long.txt")?.count, 3000)"#,
            #"XCTAssertTrue(FileManager.default.fileExists(atPath: app.sandbox.cacheHome + "/empty/"))"#,
            #"XCTAssertEqual(app.sandbox.replacingPathsWithPlaceholders(in: try String(contentsOfFile: app.sandbox.stateHome + "/where.conf", encoding: .utf8)), "cache=$XDG_CACHE_HOME/x\n")"#,
            "}",
        ], written)
    }

    /// Recording a Test: "a text file of at most 2 KiB ...: its whole content compared"; "a longer
    /// or binary file: its size in bytes". Pinned at the boundary, 2,048 and 2,049 bytes.
    func testATextFileOfTwoKibibytesIsComparedWholeAndOneByteMoreBySize() throws {
        let output = try sandboxForTest().temporaryDirectory + "/Boundary.swift"
        let script = #"""
            head -c 2048 /dev/zero | tr '\0' a > "$XDG_DATA_HOME/at-limit.txt"
            head -c 2049 /dev/zero | tr '\0' b > "$XDG_DATA_HOME/past-limit.txt"
            """#
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--xctest", "--output", output, "--", "sh", "-c", script])
        try app.launch()
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        XCTAssertTrue(written.contains(#"XCTAssertEqual(try String(contentsOfFile: app.sandbox.dataHome + "/at-limit.txt", encoding: .utf8), ""#
            + String(repeating: "a", count: 2048) + #"")"#), written)
        XCTAssertTrue(written.contains(#"XCTAssertEqual(FileManager.default.contents(atPath: app.sandbox.dataHome + "/past-limit.txt")?.count, 2049)"#), written)
    }

    /// A FIFO or a symlink the app made is checked for its existence: reading a FIFO in the written
    /// test would wait for a writer for ever, and a link's size is its target's.
    func testAFIFOOrALinkTheAppMadeIsCheckedForItsExistenceNotRead() throws {
        let output = try sandboxForTest().temporaryDirectory + "/Special.swift"
        let script = #"mkfifo "$XDG_DATA_HOME/pipe"; ln -s /etc/hostname "$XDG_DATA_HOME/link""#
        let app = try makeApp(.product("cleanslate"), arguments: ["record", "--xctest", "--output", output, "--", "sh", "-c", script])
        try app.launch()
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        let checks = written.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.contains("dataHome") }
        XCTAssertEqual(checks, [
            #"XCTAssertTrue(FileManager.default.fileExists(atPath: app.sandbox.dataHome + "/link"))"#,
            #"XCTAssertTrue(FileManager.default.fileExists(atPath: app.sandbox.dataHome + "/pipe"))"#,
        ], written)
    }
}
