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
        let name = app.textFields["Name"]
        XCTAssertTrue(try name.waitForExistence())
        try app.typeText("Adx")
        try name.waitUntil("it shows Adx") { $0.value == .text("Adx") }
        try app.press(.backspace)
        try name.waitUntil("it shows Ad") { $0.value == .text("Ad") }
        try app.typeText("a")
        try name.waitUntil("it shows Ada") { $0.value == .text("Ada") }
        try app.press(.enter)
        try app.menuItems["Light"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.down)
        try app.menuItems["Dark"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.down)
        try app.menuItems["Solarized"].waitUntil("it is highlighted") { $0.isHighlighted }
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))

        let written = try String(contentsOfFile: output, encoding: .utf8)
        let body = written.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let launch = try XCTUnwrap(body.firstIndex { $0.hasPrefix("let app =") }, written)
        XCTAssertEqual(Array(body[launch...].filter { !$0.isEmpty && !$0.hasPrefix("//") }.prefix(6)), [
            #"let app = try launchApp(.product("SampleApp"), terminalSize: try TerminalSize(rows: 30, columns: 100))"#,
            #"try app.textFields["Name"].typeText("Ada")"#,
            #"try app.keyHints["confirm"].press()"#,
            #"try app.menuItems["Solarized"].select()"#,
            #"try app.keyHints["confirm"].press()"#,
            "#expect(try app.waitForExit() == .exited(0))",
        ], written)
        XCTAssertTrue(written.contains("All set, Ada! Theme: Solarized"), "the last screen is asserted\n\(written)")
        XCTAssertTrue(written.contains(#"#expect(FileManager.default.fileExists(atPath: app.sandbox.configHome + "/sampleapp/profile.json"))"#),
                      "the file the app created is asserted\n\(written)")
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
}
