@testable import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// `AppLauncher.sessionRecording()`: an asciicast v2 recording that Debian's asciinema replays
/// byte for byte and that `cleanslate render` turns back into the app's screen.
final class SessionRecordingTests: XCTestCase {
    /// The recording's lines parsed as JSON: the header, then the events as (seconds, code, data).
    private func parse(_ recording: String) throws -> (header: [String: Any], events: [(Double, String, String)]) {
        var lines = recording.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "the recording ends with a line feed")
        lines.removeLast()
        let header = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let events = try lines.dropFirst().map { line -> (Double, String, String) in
            let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], String(line))
            return (try XCTUnwrap((array[0] as? NSNumber)?.doubleValue), try XCTUnwrap(array[1] as? String), try XCTUnwrap(array[2] as? String))
        }
        return (header, events)
    }

    /// Runs `cleanslate ARGUMENTS` over pipes and returns its exit status and standard output.
    private func cleanslate(_ arguments: [String]) throws -> (AppExitStatus, String, String) {
        let (status, app) = try runCleanslate(arguments)
        return (status, app.standardOutput, app.standardError)
    }

    /// The SampleApp wizard driven to its end with a resize on the way; returns the launcher, the
    /// screen just before the first key was sent, and the recording.
    private func recordedWizard() throws -> (AppLauncher, ScreenSnapshot, String) {
        let app = try launchApp(.product("SampleApp"), terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        let beforeTyping = try app.waitForScreen(containing: "Name:")
        try app.typeText("Ada")
        try app.waitForScreen(containing: "Name: Ada")
        try app.resize(to: TerminalSize(rows: 30, columns: 100))
        try app.waitForScreen("the status line to show 100x30") { try $0.text(row: 29).hasSuffix("100x30") }
        try app.press(.enter)
        try app.waitForScreen(containing: "Choose a theme")
        try app.press(.down)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        return (app, beforeTyping, app.sessionRecording())
    }

    func testTerminalRecordingHasTheSizeTimedOutputInputAndResizes() throws {
        let (_, _, recording) = try recordedWizard()
        let (header, events) = try parse(recording)
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 80)
        XCTAssertEqual(header["height"] as? Int, 24)
        XCTAssertEqual(events.filter { $0.1 == "i" }.map(\.2), ["Ada", "\r", "\u{1B}[B", "\r"], "what the test sent, key by key")
        XCTAssertEqual(events.filter { $0.1 == "r" }.map(\.2), ["100x30"])
        XCTAssertTrue(events.contains { $0.1 == "o" && $0.2.contains("SampleApp setup") })
        XCTAssertEqual(events.map(\.0), events.map(\.0).sorted(), "times never go back")
        XCTAssertFalse(events.contains { $0.1 == "m" }, "nothing was cut")
    }

    func testAsciinemaCatReproducesTheOutputByteForByte() throws {
        try requireProgram("/usr/bin/asciinema", hint: "install it: apt-get install -y asciinema")
        let (app, _, recording) = try recordedWizard()
        let file = app.sandbox.temporaryDirectory + "/wizard.cast"
        try recording.write(toFile: file, atomically: false, encoding: .utf8)
        // `asciinema cat` reads its terminal (/dev/tty), so it runs on one; it switches it to raw
        // mode, so what it writes arrives unchanged.
        let cat = try launchApp(.path("/usr/bin/asciinema"), arguments: ["cat", file], terminalSize: .standard)
        XCTAssertEqual(try cat.waitForExit(timeout: .seconds(30)), .exited(0), cat.standardOutput)
        XCTAssertEqual(cat.outputBytes(), app.outputBytes(), "asciinema cat must print exactly what the app wrote")
    }

    func testCleanslateRenderReproducesTheFinalScreenAndTheScreenAtAMoment() throws {
        let (app, beforeTyping, recording) = try recordedWizard()
        let file = app.sandbox.temporaryDirectory + "/wizard.cast"
        try recording.write(toFile: file, atomically: false, encoding: .utf8)
        let final = try app.screen()
        XCTAssertEqual(final.rows, 30, "the resize is part of the final screen")

        for (format, expected) in [("styled", final.styledText()), ("text", final.lines.joined(separator: "\n")),
                                   ("svg", final.svg()), ("html", final.html())] {
            let (status, output, error) = try cleanslate(["render", "--format", format, file])
            XCTAssertEqual(status, .exited(0), error)
            XCTAssertEqual(output, expected + "\n", "render --format \(format)")
        }

        let firstInput = try XCTUnwrap(try parse(recording).events.first { $0.1 == "i" }?.0)
        let (status, output, error) = try cleanslate(["render", "--format", "styled", "--at", String(firstInput), file])
        XCTAssertEqual(status, .exited(0), error)
        XCTAssertEqual(output, beforeTyping.styledText() + "\n", "the screen at the first key is the one the test saw before typing")
    }

    func testRenderNamesTheBadLineOfAMalformedRecordingAndTheSizeGivenWins() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let header = #"{"version": 2, "width": 10, "height": 2}"# + "\n"
        let cases = [("bad-event", header + #"[0.1, "o", "ok"]"# + "\n" + "[0.2, \"o\"]\n", "line 3: an asciicast event must be"),
                     ("bad-resize", header + #"[0.1, "r", "wide"]"# + "\n", "line 2: a resize event's data must be \"COLSxROWS\""),
                     ("bad-header", #"{"version": 2, "width": 0, "height": 2}"# + "\n", "line 1: the asciicast header needs")]
        for (name, text, message) in cases {
            try text.write(toFile: folder + "/" + name + ".cast", atomically: false, encoding: .utf8)
            let (status, _, error) = try cleanslate(["render", folder + "/" + name + ".cast"])
            XCTAssertEqual(status, .exited(65), name)
            XCTAssertTrue(error.contains("cannot render the recording \(folder)/\(name).cast: \(message)"), error)
        }
        try (header + #"[0.1, "o", "abcdefghijkl"]"# + "\n").write(toFile: folder + "/ok.cast", atomically: false, encoding: .utf8)
        let (status, output, error) = try cleanslate(["render", "--rows", "1", "--cols", "4", folder + "/ok.cast"])
        XCTAssertEqual(status, .exited(0), error)
        XCTAssertEqual(output, "ijkl\n", "--rows and --cols replace the header's size")
        let (rawStatus, _, rawError) = try cleanslate(["render", "--rows", "1", "--cols", "4", "--at", "1", "-"])
        XCTAssertEqual(rawStatus, .exited(64))
        XCTAssertTrue(rawError.contains("--at needs an asciicast recording"), rawError)
    }

    func testPipeRecordingShowsBothStreamsAsATerminalWouldAndTheInput() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo one; read line; echo \"got $line\" >&2"])
        try app.waitForOutput("one\n")
        try app.typeText("x\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let (header, events) = try parse(app.sessionRecording())
        XCTAssertEqual(header["width"] as? Int, 80)
        XCTAssertEqual(header["height"] as? Int, 24)
        XCTAssertEqual(events.map(\.1), ["o", "i", "o"])
        XCTAssertEqual(events.map(\.2), ["one\r\n", "x\n", "got x\r\n"])
    }

    func testACharacterSplitAcrossReadsStaysWhole() throws {
        let recorder = SessionRecorder(size: (24, 80))
        let bytes = Array("é€😀".utf8)
        for index in bytes.indices { bytes[index...index].withUnsafeBytes { recorder.record(.output, $0) } }
        let events = try parse(AsciicastWriter.encode(recorder, command: ["test"])).events
        XCTAssertEqual(events.map(\.2).joined(), "é€😀")
        XCTAssertEqual(events.map(\.2), ["é", "€", "😀"], "each event holds whole characters")
    }

    func testDroppedEventsDoNotStayInMemory() throws {
        // Few large events, as a fast writer's 1 MiB reads are: each drop must free its event.
        let recorder = SessionRecorder(size: nil, limit: OutputLimit(headBytes: 0, tailBytes: 1000))
        let chunk = [UInt8](repeating: 0x41, count: 400)
        for _ in 0..<500 { chunk.withUnsafeBytes { recorder.record(.output, $0) } }
        let kept = recorder.events.kept.count
        XCTAssertEqual(kept, 2)
        XCTAssertLessThanOrEqual(recorder.storedEventCount, 2 * kept + 1)
        XCTAssertEqual(recorder.cutEvents, 498)
    }

    func testARunawayAppsRecordingKeepsTheStartAndTheEndAndSaysWhatWasCut() throws {
        // About 12 MB of output, far over the recording's 1 MiB head and 4 MiB tail.
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo FIRST; yes 0123456789abcdef | head -c 12000000; echo; echo LAST"])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0))
        let recording = app.sessionRecording()
        let limit = SessionRecorder.standardLimit
        // The budget counts the bytes recorded; the file is larger by the JSON escapes (here the
        // CR LF of each short line, written as four characters).
        XCTAssertLessThan(recording.utf8.count, (limit.headBytes + limit.tailBytes) * 3 / 2, "bounded")
        let events = try parse(recording).events
        XCTAssertTrue(events.first?.2.hasPrefix("FIRST\r\n") == true)
        XCTAssertTrue(events.last?.2.hasSuffix("LAST\r\n") == true)
        let markers = events.filter { $0.1 == "m" }
        XCTAssertEqual(markers.count, 1)
        XCTAssertTrue(markers.first?.2.contains("bytes) cut here") == true, "\(markers)")
    }
}
