import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// The Debian packages the real-program tests drive; CI installs them.
let realProgramInstallHint = "install it: apt-get install -y dialog whiptail nano vim less tmux mc htop hnb gtypist ptpython fzy"

/// Whether tests must fail, not skip, when a program or data they need is missing: `.ci/run` sets
/// `CLEANSLATE_REQUIRE_EXTERNAL=1` (CI installs everything); a user's fresh clone skips instead.
let externalRequirementsEnforced = ProcessInfo.processInfo.environment["CLEANSLATE_REQUIRE_EXTERNAL"] == "1"

/// Thrown for a missing program when requirements are enforced: it fails the test with the install hint.
struct MissingProgram: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is not installed; \(realProgramInstallHint)" }
}

extension XCTestCase {
    /// Skips the test (fails it under `.ci/run`) when `path` is not an installed, executable program.
    func requireProgram(_ path: String, hint: String = realProgramInstallHint) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            if externalRequirementsEnforced { throw MissingProgram(path: path) }
            throw XCTSkip("\(path) is not installed; \(hint) (.ci/run installs it)")
        }
    }

    /// Launches an installed program on a terminal of `size`, after checking that it is installed.
    func launchOnTerminal(_ path: String, _ arguments: [String] = [], size: TerminalSize = .standard) throws -> AppLauncher {
        try requireProgram(path)
        return try launchOnTerminal(.path(path), arguments, size: size)
    }

    /// Launches `executable` on a terminal of `size` (used directly for `sh -c` wrappers).
    func launchOnTerminal(_ executable: Executable, _ arguments: [String], size: TerminalSize = .standard) throws -> AppLauncher {
        let app = try launchApp(executable, arguments: arguments, terminalSize: size)
        app.defaultTimeout = .seconds(5)
        return app
    }

    /// The contents of a file in the app's sandbox home.
    func homeFile(_ name: String, of app: AppLauncher) throws -> String {
        try String(contentsOfFile: app.sandbox.home + "/" + name, encoding: .utf8)
    }
}

/// `tput` and `stty`, the standard tools that ask the terminal what it is, run on the harness's
/// pseudo-terminal: the size they see, a sane cooked line discipline, and terminfo's
/// `xterm-256color` sequences interpreted by the screen as xterm would.
final class RealProgramTerminalInfoTests: XCTestCase {
    private func shell(_ script: String, size: TerminalSize = .standard) throws -> AppLauncher {
        try requireProgram("/usr/bin/tput")
        try requireProgram("/usr/bin/stty")
        return try launchOnTerminal(.name("sh"), ["-c", script], size: size)
    }

    func testTputAndSttySeeTheTerminalSizeAndTwoHundredFiftySixColours() throws {
        let app = try shell("tput cols; tput lines; tput colors; stty size", size: try TerminalSize(rows: 30, columns: 100))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(Array(try app.screen().lines.prefix(4)), ["100", "30", "256", "30 100"])
    }

    func testTputSeesTheNewSizeAfterAResize() throws {
        let app = try shell("echo READY; read answer; tput cols; tput lines")
        try app.waitForScreen(containing: "READY")
        try app.resize(to: TerminalSize(rows: 20, columns: 60))
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let lines = try app.screen().lines
        XCTAssertTrue(lines.contains("60") && lines.contains("20"), lines.joined(separator: "\n"))
    }

    func testTheLineDisciplineStartsCookedWithEchoAndSignalKeys() throws {
        let app = try shell("stty -a")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.screen()
        let flags = Set(screen.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        for flag in ["icanon", "echo", "isig", "icrnl", "opost", "onlcr"] {
            XCTAssertTrue(flags.contains(flag), "\(flag) should be on:\n\(screen.text)")
            XCTAssertFalse(flags.contains("-" + flag), "\(flag) should not be off:\n\(screen.text)")
        }
        XCTAssertTrue(screen.text.contains("rows 24; columns 80"), screen.text)
        XCTAssertTrue(screen.text.contains("intr = ^C"), screen.text)
    }

    func testTerminfoAttributeAndCursorSequencesShowOnTheScreen() throws {
        let app = try shell("tput bold; printf B; tput sgr0; tput setaf 1; printf R; tput sgr0; tput setab 4; printf U; tput sgr0; tput rev; printf V; tput sgr0; tput smul; printf L; tput sgr0; tput cup 5 10; printf X; tput cup 7 0; echo done")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.waitForScreen(containing: "done")
        XCTAssertEqual(try screen.text(row: 0), "BRUVL")
        XCTAssertTrue(try screen.cell(row: 0, column: 0).attributes.contains(.bold))
        XCTAssertEqual(try screen.cell(row: 0, column: 1).foreground, .indexed(1))
        XCTAssertFalse(try screen.cell(row: 0, column: 1).attributes.contains(.bold), "sgr0 must have reset bold")
        XCTAssertEqual(try screen.cell(row: 0, column: 2).background, .indexed(4))
        XCTAssertTrue(try screen.cell(row: 0, column: 3).attributes.contains(.inverse))
        XCTAssertEqual(try screen.cell(row: 0, column: 4).underline, .single)
        XCTAssertEqual(try screen.cell(row: 0, column: 4).foreground, .default)
        XCTAssertEqual(try screen.cell(row: 5, column: 10).character, "X")
        XCTAssertEqual(try screen.text(row: 7), "done")
    }

    func testTerminfoAlternateScreenIsEnteredAndLeft() throws {
        let app = try shell("echo primary; tput smcup; printf 'on the alternate screen'; read answer; tput rmcup; echo back")
        var screen = try app.waitForScreen(containing: "on the alternate screen")
        XCTAssertTrue(screen.isAlternateScreenActive)
        XCTAssertFalse(screen.contains("primary"), screen.text)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        screen = try app.waitForScreen(containing: "back")
        XCTAssertFalse(screen.isAlternateScreenActive)
        XCTAssertEqual(try screen.text(row: 0), "primary")
        XCTAssertFalse(screen.contains("on the alternate screen"), screen.text)
    }
}
