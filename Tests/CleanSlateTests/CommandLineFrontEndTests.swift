import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The real `cleanslate` executable, run as a user would run it.
final class CommandLineFrontEndTests: XCTestCase {
    /// Runs `cleanslate ARGUMENTS` with sandboxes created under this test's TMPDIR, so what the
    /// front end leaves behind is visible.
    private func cleanslate(_ arguments: [String], input: String? = nil) throws -> (AppExitStatus, AppLauncher) {
        try runCleanslate(arguments, input: input)
    }

    private func leftovers(_ app: AppLauncher) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: app.sandbox.temporaryDirectory)
    }

    func testRunWithoutCommandRunsSampleAppReportsFilesAndWipes() throws {
        let sandbox = try sandboxForTest()
        let (status, app) = try cleanslate(["run", "--root", sandbox.temporaryDirectory], input: "Ada\n")
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertTrue(app.standardOutput.contains("Welcome to SampleApp!"), app.standardOutput)
        XCTAssertTrue(app.standardOutput.hasSuffix("Nice to meet you, Ada.\n"), app.standardOutput)
        XCTAssertTrue(app.standardError.contains("in XDG_CONFIG_HOME: created sampleapp/, sampleapp/profile.json"), app.standardError)
        XCTAssertEqual(try leftovers(app), [], "the front end must wipe its sandbox")
    }

    func testExitStatusIsMirroredAndOutputStreamsAreKeptApart() throws {
        let sandbox = try sandboxForTest()
        let (status, app) = try cleanslate(["run", "--root", sandbox.temporaryDirectory, "--", "sh", "-c", "echo out; echo err >&2; exit 7"])
        XCTAssertEqual(status, .exited(7))
        XCTAssertEqual(app.standardOutput, "out\n")
        XCTAssertTrue(app.standardError.hasPrefix("err\n"), app.standardError)
        XCTAssertTrue(app.standardError.contains("sh exited(7)"), app.standardError)

        let (killed, _) = try cleanslate(["run", "--root", sandbox.temporaryDirectory, "sh", "-c", "kill -KILL $$"])
        XCTAssertEqual(killed, .exited(128 + SIGKILL))
    }

    func testKeepPrintsAndKeepsTheSandbox() throws {
        let sandbox = try sandboxForTest()
        let (status, app) = try cleanslate(["run", "--keep", "--root", sandbox.temporaryDirectory, "sh", "-c", "echo kept > \"$HOME/note\""])
        XCTAssertEqual(status, .exited(0))
        let line = try XCTUnwrap(app.standardError.split(separator: "\n").first { $0.contains("kept the sandbox at ") })
        let root = String(line[line.range(of: "kept the sandbox at ")!.upperBound...])
        XCTAssertTrue(root.hasPrefix(sandbox.temporaryDirectory + "/cleanslate-"), root)
        XCTAssertEqual(try String(contentsOfFile: root + "/home/note", encoding: .utf8), "kept\n")
    }

    func testKeepPolicyFromTheEnvironmentKeepsOnlyFailedRuns() throws {
        let sandbox = try sandboxForTest()
        let failing = try makeApp(.product("cleanslate"), arguments: ["run", "--root", sandbox.temporaryDirectory, "sh", "-c", "exit 3"])
        failing.launchEnvironment = ["CLEANSLATE_KEEP": "failed"]
        try failing.launch()
        XCTAssertEqual(try failing.waitForExit(), .exited(3))
        XCTAssertTrue(failing.standardError.contains("kept the sandbox at "), failing.standardError)
        XCTAssertEqual(try leftovers(failing).count, 1)

        let passing = try makeApp(.product("cleanslate"), arguments: ["run", "--root", sandbox.temporaryDirectory, "true"])
        passing.launchEnvironment = ["CLEANSLATE_KEEP": "failed"]
        try passing.launch()
        XCTAssertEqual(try passing.waitForExit(), .exited(0))
        XCTAssertEqual(try leftovers(passing).count, 1, "a passing run is wiped; only the failed run's sandbox remains")
    }

    func testEnvironmentOptionsReachTheApp() throws {
        let sandbox = try sandboxForTest()
        let (status, app) = try cleanslate(["run", "--root", sandbox.temporaryDirectory, "--env", "GREETING=hi there", "sh", "-c", "echo \"$GREETING|$HOME\""])
        XCTAssertEqual(status, .exited(0))
        XCTAssertTrue(app.standardOutput.hasPrefix("hi there|" + sandbox.temporaryDirectory + "/cleanslate-"), app.standardOutput)
    }

    func testTerminalRunPrintsTheFinalScreen() throws {
        let sandbox = try sandboxForTest()
        let (status, app) = try cleanslate(["run", "--root", sandbox.temporaryDirectory, "--terminal", "5x30", "--",
                                            "sh", "-c", "printf 'line one\\n\\033[3;5Hat 3,5'; stty size"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, """
            --- final screen (5x30) ---
            line one

                at 3,55 30


            --- cursor: row 3, column 0 ---

            """)
    }

    func testBadUsageAndMissingCommandsGiveShellLikeExitCodes() throws {
        let (usage, app) = try cleanslate(["run", "--bogus"])
        XCTAssertEqual(usage, .exited(64))
        XCTAssertTrue(app.standardError.contains("unknown option '--bogus'"), app.standardError)
        let (size, sizeApp) = try cleanslate(["run", "--terminal", "0x80", "true"])
        XCTAssertEqual(size, .exited(64))
        XCTAssertTrue(sizeApp.standardError.contains("0x80"), sizeApp.standardError)
        let sandbox = try sandboxForTest()
        let (missing, missingApp) = try cleanslate(["run", "--root", sandbox.temporaryDirectory, "no-such-command-xyz"])
        XCTAssertEqual(missing, .exited(127))
        XCTAssertTrue(missingApp.standardError.contains("no-such-command-xyz was not found on PATH"), missingApp.standardError)
        XCTAssertEqual(try leftovers(missingApp), [], "a failed launch must still wipe the sandbox")
    }

    func testRenderPrintsTheScreenOfACapturedByteStream() throws {
        let sandbox = try sandboxForTest()
        let capture = sandbox.temporaryDirectory + "/capture.bin"
        // Clear, then text at row 2 col 3, then a wide character, then overwrite the start of row 1.
        try Data("\u{1B}[2J\u{1B}[2;3Hhello 世界\u{1B}[1;1HAB".utf8).write(to: URL(fileURLWithPath: capture))
        let (status, app) = try cleanslate(["render", "--rows", "3", "--cols", "12", "--cursor", capture])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "AB\n  hello 世界\n\ncursor: row 0, column 2\n")

        let (missing, missingApp) = try cleanslate(["render", "--rows", "3", "--cols", "12", "/nonexistent/capture"])
        XCTAssertEqual(missing, .exited(66))
        XCTAssertTrue(missingApp.standardError.contains("/nonexistent/capture"))
        let (usage, _) = try cleanslate(["render", capture])
        XCTAssertEqual(usage, .exited(64))
    }

    func testRenderStreamsItsInputSoMemoryDoesNotGrowWithItsSize() throws {
        // 64 MB of output with colour, fed through a pipe. The peak resident size of the render
        // process (VmHWM, read while it is still running, after all but the last pipe-full was read)
        // must stay far below the input's size: it is about 21 MB streaming, and was over 84 MB
        // (the input plus the process) when render read everything first.
        let app = try makeApp(.name("sh"), arguments: ["-c", #"echo "pid=$$"; exec "$0" render --rows 24 --cols 80 -"#, try buildFolder() + "/cleanslate"])
        try app.launch()
        try app.waitForOutput(matching: #"pid=[0-9]+\n"#)
        let pid = try XCTUnwrap(app.standardOutput.split(separator: "\n").first.flatMap { Int32($0.dropFirst(4)) })
        let line = Array("\u{1B}[1;32mok\u{1B}[0m streaming line of text 0123456789 abcdefghijklmnopqrstuvwxyz\r\n".utf8)
        let chunk = Array([[UInt8]](repeating: line, count: (1 << 20) / line.count).joined())
        let megabytes = 64
        for _ in 0..<(megabytes * (1 << 20) / chunk.count) { try app.write(chunk, timeout: .seconds(60)) }
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peak = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let peakKilobytes = try XCTUnwrap(Int(peak.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3)))
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        XCTAssertTrue(app.standardOutput.hasSuffix("ok streaming line of text 0123456789 abcdefghijklmnopqrstuvwxyz\n\n"), app.standardOutput)
        XCTAssertLessThan(peakKilobytes, 48 * 1024, "render's peak RSS after reading \(megabytes) MB")
    }

    func testRenderElementsPrintsTheTreeOfACaptureAndOfARecording() throws {
        let sandbox = try sandboxForTest()
        // A window titled Ask with a question and two buttons, Yes drawn inverse (the current one).
        let screen = "\u{1B}[1;1H┌─ Ask ─────────────┐\u{1B}[2;1H│ Delete it?        │"
            + "\u{1B}[3;1H│ \u{1B}[7m< Yes >\u{1B}[0m  < No >   │\u{1B}[4;1H└───────────────────┘"
        let expected = """
            window "Ask" 0,0 4x21
              staticText "Delete it?" 1,2 1x10
              button "Yes" 2,2 1x7 highlighted
              button "No" 2,11 1x6

            """
        let capture = sandbox.temporaryDirectory + "/capture.bin"
        try Data(screen.utf8).write(to: URL(fileURLWithPath: capture))
        let (status, app) = try cleanslate(["render", "--rows", "5", "--cols", "30", "--elements", capture])
        XCTAssertEqual(status, .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, expected)

        let recording = sandbox.temporaryDirectory + "/session.cast"
        let event = String(decoding: try JSONSerialization.data(withJSONObject: [0.5, "o", screen]), as: UTF8.self)
        try Data("{\"version\": 2, \"width\": 30, \"height\": 5}\n\(event)\n".utf8).write(to: URL(fileURLWithPath: recording))
        let (castStatus, castApp) = try cleanslate(["render", "--elements", recording])
        XCTAssertEqual(castStatus, .exited(0), castApp.standardError)
        XCTAssertEqual(castApp.standardOutput, expected)
        // Before the event, the screen is empty.
        let (earlyStatus, earlyApp) = try cleanslate(["render", "--elements", "--at", "0.1", recording])
        XCTAssertEqual(earlyStatus, .exited(0), earlyApp.standardError)
        XCTAssertEqual(earlyApp.standardOutput, "(no elements)\n")

        let (usage, usageApp) = try cleanslate(["render", "--elements", "--format", "html", recording])
        XCTAssertEqual(usage, .exited(64))
        XCTAssertTrue(usageApp.standardError.contains("--elements"), usageApp.standardError)
    }

    /// `render --elements --json`: the documented listing (issue 25), every field as the
    /// CommandLineTool article gives it, keys sorted.
    func testRenderElementsAsJSONIsTheDocumentedListing() throws {
        let sandbox = try sandboxForTest()
        let screen = "\u{1B}[1;1H┌─ Ask ─────────────┐\u{1B}[2;1H│ Delete it?        │"
            + "\u{1B}[3;1H│ \u{1B}[7m< Yes >\u{1B}[0m  < No >   │\u{1B}[4;1H└───────────────────┘"
        let capture = sandbox.temporaryDirectory + "/capture.bin"
        try Data(screen.utf8).write(to: URL(fileURLWithPath: capture))
        let (status, app) = try cleanslate(["render", "--rows", "5", "--cols", "30", "--elements", "--json", capture])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let element = { (kind: String, label: String, row: Int, column: Int, width: Int, states: String) in
            #"{"children":[],"frame":{"column":\#(column),"height":1,"row":\#(row),"width":\#(width)},"kind":"\#(kind)","label":"\#(label)","states":[\#(states)]}"#
        }
        let expected = #"{"columns":30,"elements":[{"children":["#
            + element("staticText", "Delete it?", 1, 2, 10, "") + "," + element("button", "Yes", 2, 2, 7, #""highlighted""#) + ","
            + element("button", "No", 2, 11, 6, "")
            + #"],"frame":{"column":0,"height":4,"row":0,"width":21},"kind":"window","label":"Ask","states":[]}],"rows":5,"version":1}"#
        XCTAssertEqual(app.standardOutput, expected + "\n")

        // States, values and keys, read back as JSON.
        let other = sandbox.temporaryDirectory + "/other.bin"
        try Data("\u{1B}[1;1H[X] Remember me\u{1B}[3;1H\u{1B}[7m^X\u{1B}[0m Exit".utf8).write(to: URL(fileURLWithPath: other))
        let (otherStatus, otherApp) = try cleanslate(["render", "--rows", "4", "--cols", "30", "--elements", "--json", other])
        XCTAssertEqual(otherStatus, .exited(0), otherApp.standardError)
        let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(otherApp.standardOutput.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(listing["elements"] as? [[String: Any]])
        let box = try XCTUnwrap(elements.first { $0["kind"] as? String == "checkBox" }, otherApp.standardOutput)
        XCTAssertEqual(box["label"] as? String, "Remember me")
        XCTAssertEqual(box["states"] as? [String], ["checked"])
        let hint = try XCTUnwrap(elements.first { $0["kind"] as? String == "keyHint" }, otherApp.standardOutput)
        XCTAssertEqual(hint["label"] as? String, "Exit")
        XCTAssertEqual(hint["key"] as? String, "^X")

        // A tagged list row: named by its text, its tag the identifier.
        let fruit = sandbox.temporaryDirectory + "/fruit.bin"
        try Data(("\u{1B}[1;1H┌─ Fruit ──────────┐\u{1B}[2;1H│ \u{1B}[7ma  Apple       \u{1B}[0m  │"
            + "\u{1B}[3;1H│ b  Banana         │\u{1B}[4;1H└──────────────────┘").utf8).write(to: URL(fileURLWithPath: fruit))
        let (fruitStatus, fruitApp) = try cleanslate(["render", "--rows", "5", "--cols", "30", "--elements", "--json", fruit])
        XCTAssertEqual(fruitStatus, .exited(0), fruitApp.standardError)
        let fruitListing = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(fruitApp.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap((fruitListing["elements"] as? [[String: Any]])?.first?["children"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["label"] as? String }, ["Apple", "Banana"], fruitApp.standardOutput)
        XCTAssertEqual(rows.map { $0["identifier"] as? String }, ["a", "b"], fruitApp.standardOutput)

        let (usage, usageApp) = try cleanslate(["render", "--json", capture])
        XCTAssertEqual(usage, .exited(64))
        XCTAssertTrue(usageApp.standardError.contains("--json is the format of --elements"), usageApp.standardError)
    }

    func testRenderReadsStandardInput() throws {
        let (status, app) = try cleanslate(["render", "--rows", "2", "--cols", "5", "-"], input: "abcdefg")
        XCTAssertEqual(status, .exited(0))
        XCTAssertEqual(app.standardOutput, "abcde\nfg\n")
    }
}

/// `cleanslate run --terminal` run on a terminal itself (CleanSlate driving CleanSlate), so its
/// standard input is a terminal and keystrokes must pass through raw.
final class CommandLineFrontEndOnATerminalTests: XCTestCase {
    func testKeystrokesPassThroughToTheAppAndTheTerminalIsRestored() throws {
        let sandbox = try sandboxForTest()
        let folder = try buildFolder()
        // A shell on the terminal records the terminal settings, runs the front end, and compares.
        let script = """
            before=$(stty -g)
            "$0" run --root "$1" --terminal 6x40 -- sh -c 'printf "name? "; read name; echo "got $name"; exit 5'
            status=$?
            [ "$(stty -g)" = "$before" ] && echo "terminal restored, status $status"
            """
        let app = try launchApp(.name("sh"), arguments: ["-c", script, folder + "/cleanslate", sandbox.temporaryDirectory], terminalSize: .standard)
        try app.waitForScreen(containing: "name? ")
        try app.typeText("Zoe")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.waitForScreen(containing: "terminal restored, status 5")
        XCTAssertTrue(screen.contains("--- final screen (6x40) ---"), screen.text)
        XCTAssertTrue(screen.contains("got Zoe"), screen.text)
        XCTAssertTrue(screen.contains("sh exited(5)"), screen.text)
    }
}

/// A process whose standard descriptors are closed gets new descriptors in 0...2; the launcher must
/// still wire the app's pipes correctly (the front end is such a process when run with `<&-`).
final class ClosedStandardDescriptorTests: XCTestCase {
    func testLaunchingFromAProcessWithClosedStandardInputAndOutputWorks() throws {
        let sandbox = try sandboxForTest()
        let folder = try buildFolder()
        // The front end runs with stdin and stdout closed; its app's output is written to a file
        // by the app itself, and the front end's report goes to stderr.
        let script = #""$0" run --root "$1" -- sh -c 'echo in-app > "$0"; read x; echo "read status $?" >> "$0"' "$2" <&- >&-"#
        let result = sandbox.temporaryDirectory + "/result.txt"
        let app = try launchApp(.name("sh"), arguments: ["-c", script, folder + "/cleanslate", sandbox.temporaryDirectory, result])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        XCTAssertEqual(try String(contentsOfFile: result, encoding: .utf8), "in-app\nread status 1\n")
        XCTAssertTrue(app.standardError.contains("sh exited(0)"), app.standardError)
    }
}

/// `cleanslate run ... | head`: when the reader of the front end's output goes away, the front end
/// must still stop the app and wipe its sandbox (not die of SIGPIPE half way).
final class FrontEndPipeClosedTests: XCTestCase {
    func testAReaderThatGoesAwayDoesNotLeaveTheSandboxBehind() throws {
        let sandbox = try sandboxForTest()
        let folder = try buildFolder()
        let script = #""$0" run --root "$1" -- sh -c 'i=0; while [ $i -lt 20000 ]; do echo "line $i"; i=$((i+1)); done' | head -c 20"#
        let app = try launchApp(.name("sh"), arguments: ["-c", script, folder + "/cleanslate", sandbox.temporaryDirectory])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        XCTAssertTrue(app.standardOutput.hasPrefix("line 0\nline 1\nline 2"), app.standardOutput)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sandbox.temporaryDirectory), [],
                       "the front end left its sandbox behind: \(app.standardError)")
    }

    func testAnEndlessAppIsStoppedWhenTheReaderGoesAway() throws {
        let sandbox = try sandboxForTest()
        let folder = try buildFolder()
        // bash reports each command's status of the pipeline; `yes` never ends on its own.
        let script = #""$0" run --root "$1" -- yes | head -c 8; s="${PIPESTATUS[*]}"; echo; echo "statuses $s""#
        let app = try launchApp(.name("bash"), arguments: ["-c", script, folder + "/cleanslate", sandbox.temporaryDirectory])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "y\ny\ny\ny\n\nstatuses \(128 + SIGPIPE) 0\n")
        XCTAssertTrue(app.standardError.contains("the reader of the output went away; stopped yes"), app.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: sandbox.temporaryDirectory), [])
    }
}
