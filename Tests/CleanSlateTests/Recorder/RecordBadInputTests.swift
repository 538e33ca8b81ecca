import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// `cleanslate record` given bad input: a clear message, the documented exit code (64 usage, 65 not
/// a recording, 66 unreadable, 73 cannot create, 127 no such command), and no test file at all.
final class RecordBadInputTests: XCTestCase {
    func testNoCommandAndNoRecordingIsAUsageError() throws {
        let (status, app) = try runCleanslate(["record"])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(app.standardError.contains("record needs a COMMAND to run"), app.standardError)
    }

    /// Recording a Test: exit code 64 for "a `--name` that is not a type name": one the written
    /// `struct NAME` or `final class NAME: XCTestCase` would not compile with, a keyword included.
    func testANameThatIsNoSwiftTypeNameIsAUsageErrorAndNothingRuns() throws {
        let folder = try sandboxForTest().temporaryDirectory
        for name in ["3Tests", "My Tests", "Tests-1", "class", "struct", "Self", "Any", "_", "some"] {
            let (status, app) = try runCleanslate(["record", "--name", name, "--output", folder + "/Written.swift", "--", "sh", "-c", "echo ran > \"$1\"", "sh", folder + "/ran"])
            XCTAssertEqual(status, .exited(64), "\(name): \(app.standardError)")
            XCTAssertTrue(app.standardError.contains("--name takes a Swift type name"), "\(name): \(app.standardError)")
            XCTAssertTrue(app.standardError.contains("got '\(name)'"), "\(name): \(app.standardError)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "no app ran and no test was written")
    }

    func testACommandThatDoesNotExistWritesNoTest() throws {
        let folder = try sandboxForTest().temporaryDirectory
        let (status, app) = try runCleanslate(["record", "--output", folder + "/Written.swift", "--", "no-such-command-cleanslate"])
        XCTAssertEqual(status, .exited(127), app.standardError)
        XCTAssertTrue(app.standardError.contains("no-such-command-cleanslate"), app.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [], "nothing half-written")
    }

    /// A command that exists but cannot be run (no execute permission) is 126, as in a shell.
    func testACommandThatCannotBeRunIsCannotExecuteAndWritesNoTest() throws {
        let folder = try sandboxForTest().temporaryDirectory
        try Host.write("echo never\n", to: folder + "/not-executable", mode: 0o644)
        let (status, app) = try runCleanslate(["record", "--output", folder + "/Written.swift", "--", folder + "/not-executable"])
        XCTAssertEqual(status, .exited(126), app.standardError)
        XCTAssertTrue(app.standardError.contains("not-executable"), app.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["not-executable"], "nothing half-written")
    }

    func testARecordingThatIsNotAsciicastV2IsBadData() throws {
        let folder = try sandboxForTest().temporaryDirectory
        try "{\"version\": 1, \"width\": 80, \"height\": 24}\n".write(toFile: folder + "/old.cast", atomically: true, encoding: .utf8)
        let (status, app) = try runCleanslate(["record", "--from", folder + "/old.cast", "--output", folder + "/Written.swift"])
        XCTAssertEqual(status, .exited(65))
        XCTAssertTrue(app.standardError.contains("old.cast: it is not an asciicast v2 recording"), app.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["old.cast"], "nothing half-written")
    }

    func testABrokenEventLineIsBadDataNamingTheLine() throws {
        let folder = try sandboxForTest().temporaryDirectory
        try "{\"version\": 2, \"width\": 80, \"height\": 24, \"title\": \"demo\"}\n[0.1, \"o\", \"hi\"]\nnot json\n"
            .write(toFile: folder + "/cut.cast", atomically: true, encoding: .utf8)
        let (status, app) = try runCleanslate(["record", "--from", folder + "/cut.cast"])
        XCTAssertEqual(status, .exited(65))
        XCTAssertTrue(app.standardError.contains("line 3"), app.standardError)
        XCTAssertEqual(app.standardOutput, "")
    }

    func testAMissingRecordingIsNoInput() throws {
        let (status, app) = try runCleanslate(["record", "--from", "/nonexistent/session.cast"])
        XCTAssertEqual(status, .exited(66))
        XCTAssertTrue(app.standardError.contains("cannot read the recording /nonexistent/session.cast"), app.standardError)
    }

    func testAnOutputThatCannotBeWrittenIsCantCreateAndLeavesNothing() throws {
        let folder = try sandboxForTest().temporaryDirectory
        try "{\"version\": 2, \"width\": 80, \"height\": 24, \"title\": \"demo\"}\n[0.1, \"o\", \"hi\"]\n".write(toFile: folder + "/s.cast", atomically: true, encoding: .utf8)
        let (status, app) = try runCleanslate(["record", "--from", folder + "/s.cast", "--output", folder + "/missing/Written.swift"])
        XCTAssertEqual(status, .exited(73))
        XCTAssertTrue(app.standardError.contains("cannot create the test \(folder)/missing/Written.swift"), app.standardError)
        // A directory named as the output is refused too, and left as it was.
        try FileManager.default.createDirectory(atPath: folder + "/Dir.swift", withIntermediateDirectories: false)
        let (second, secondApp) = try runCleanslate(["record", "--from", folder + "/s.cast", "--output", folder + "/Dir.swift"])
        XCTAssertEqual(second, .exited(73))
        XCTAssertTrue(secondApp.standardError.contains("it is a directory"), secondApp.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["Dir.swift", "s.cast"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/Dir.swift"), [])
    }

    func testAnExistingOutputIsReplacedWhole() throws {
        let folder = try sandboxForTest().temporaryDirectory
        try "{\"version\": 2, \"width\": 80, \"height\": 24, \"title\": \"demo\"}\n[0.1, \"o\", \"hi\"]\n".write(toFile: folder + "/s.cast", atomically: true, encoding: .utf8)
        try String(repeating: "old line\n", count: 1000).write(toFile: folder + "/Written.swift", atomically: true, encoding: .utf8)
        let (status, app) = try runCleanslate(["record", "--from", folder + "/s.cast", "--output", folder + "/Written.swift"])
        XCTAssertEqual(status, .exited(0), app.standardError)
        let text = try String(contentsOfFile: folder + "/Written.swift", encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("import CleanSlate\n") && !text.contains("old line"), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["Written.swift", "s.cast"], "no temporary file left")
    }
}
