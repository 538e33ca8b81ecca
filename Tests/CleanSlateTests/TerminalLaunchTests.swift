import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// Launching on a pseudo-terminal: controlling terminal, size, signals from keys, replies.
final class TerminalLaunchTests: XCTestCase {
    private func terminalApp(_ executable: Executable, _ arguments: [String] = [], size: TerminalSize = .standard) throws -> AppLauncher {
        let app = try launchApp(executable, arguments: arguments, terminalSize: size)
        return app
    }

    func testAppHasThePseudoTerminalAsControllingTerminalWithTheGivenSize() throws {
        let app = try terminalApp(.name("sh"), ["-c", "tty; stty size; echo TERM=$TERM; ps -o tty= -p $$ >/dev/null && echo ctty-ok; echo end"],
                                  size: try TerminalSize(rows: 30, columns: 100))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.waitForScreen(containing: "end")
        XCTAssertTrue(try screen.text(row: 0).hasPrefix("/dev/pts/"), screen.text)
        XCTAssertEqual(try screen.text(row: 1), "30 100")
        XCTAssertEqual(try screen.text(row: 2), "TERM=xterm-256color")
        XCTAssertEqual(screen.rows, 30)
        XCTAssertEqual(screen.columns, 100)
    }

    func testControlCDeliversSIGINTThroughTheTerminal() throws {
        let app = try terminalApp(.name("sh"), ["-c", "echo ready; exec sleep 60"])
        try app.waitForScreen(containing: "ready")
        try app.press(.character("c"), modifiers: .control)
        XCTAssertEqual(try app.waitForExit(), .signaled(SIGINT, coreDumped: false))
    }

    func testControlZStopsTheForegroundJobAsATerminalDoes() throws {
        // bash with job control makes the job the terminal's foreground process group before the job
        // runs, so once "sleeping" shows, Ctrl-Z (SIGTSTP through the line discipline) stops it and
        // bash reports status 128 + SIGTSTP. The stopped job is then killed by bash itself.
        let script = #"set -m; sh -c 'echo sleeping; exec sleep 60'; echo "job ended with $?"; kill -KILL %1"#
        let app = try terminalApp(.name("bash"), ["--norc", "--noprofile", "-c", script])
        try app.waitForScreen(containing: "sleeping")
        try app.press(.character("z"), modifiers: .control)
        try app.waitForScreen(containing: "job ended with \(128 + SIGTSTP)")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testResizeDeliversSIGWINCHAndResizesTheScreen() throws {
        let app = try terminalApp(.name("sh"), ["-c", "trap 'echo resized; stty size' WINCH; echo ready; while :; do sleep 0.05; done"])
        try app.waitForScreen(containing: "ready")
        try app.resize(to: TerminalSize(rows: 10, columns: 40))
        let screen = try app.waitForScreen(containing: "10 40")
        XCTAssertEqual(screen.rows, 10)
        XCTAssertEqual(screen.columns, 40)
        XCTAssertTrue(screen.contains("resized"))
    }

    func testCursorPositionQueryIsAnsweredSoTheAppDoesNotHang() throws {
        // The app asks for the cursor position (CSI 6 n) and reads the reply in raw mode.
        let script = #"stty raw -echo; printf 'abc\033[6n'; reply=$(dd bs=1 count=6 2>/dev/null | od -An -c | tr -d ' \n'); stty sane; echo; echo "reply=$reply""#
        let app = try terminalApp(.name("sh"), ["-c", script])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        try app.waitForScreen(containing: #"reply=033[1;4R"#)
    }

    func testAnAppThatEchoesTheTerminalsRepliesDoesNotStartAnEndlessExchange() throws {
        // cat in raw mode writes back every byte it reads. Typing a device-attributes query makes cat
        // print it, the emulator answers, cat prints the answer: if the emulator answered its own
        // answer, the two would ping-pong forever and the screen would never settle.
        let app = try terminalApp(.name("sh"), ["-c", "stty raw -echo; echo ready; exec cat"])
        try app.waitForScreen(containing: "ready")
        let before = app.outputBytes().count
        let queries = "\u{1B}[>c\u{1B}[c\u{1B}[6n\u{1B}[5n"
        try app.typeText(queries + "end")
        try app.waitForScreen(containing: "end")
        try app.waitForScreenToSettle(quietPeriod: .milliseconds(300), timeout: .seconds(5))
        let output = String(decoding: app.outputBytes().dropFirst(before), as: UTF8.self)
        let replies = ["\u{1B}[>64;380;0c", "\u{1B}[?65;1;2;6;9;15;16;17;18;21;22;28;29c", "\u{1B}[0n"]
        for reply in replies {
            XCTAssertEqual(output.components(separatedBy: reply).count - 1, 1, "\(reply.debugDescription) must come back once: \(output.debugDescription)")
        }
        // Plus one cursor position report, at most "ESC [ 24 ; 80 R" long.
        XCTAssertLessThanOrEqual(output.utf8.count, queries.utf8.count + 3 + replies.joined().utf8.count + 8, output.debugDescription)
    }

    func testTypedTextIsEchoedByTheTerminalAndReadByTheApp() throws {
        let app = try terminalApp(.name("sh"), ["-c", "printf 'name? '; read name; echo \"hello $name\""])
        try app.waitForScreen(containing: "name?")
        try app.typeText("Ada")
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.screen()
        XCTAssertEqual(try screen.text(row: 0), "name? Ada")
        XCTAssertEqual(try screen.text(row: 1), "hello Ada")
    }

    func testScreenWaitTimeoutShowsTheFramedScreenAndEscapedBytes() throws {
        let app = try terminalApp(.name("sh"), ["-c", "printf '\\033[1mbold\\033[0m text'; exec sleep 60"])
        try app.waitForScreen(containing: "bold text")
        do {
            try app.waitForScreen(containing: "never shown", timeout: .milliseconds(100))
            XCTFail("expected a timeout")
        } catch let error as CleanSlateError {
            XCTAssertEqual(error.code, .timedOut)
            XCTAssertTrue(error.message.contains(">00│bold text"), error.message)
            XCTAssertTrue(error.message.contains("cursor: row 0, column 9"), error.message)
            XCTAssertTrue(error.message.contains(#"\e[1mbold\e[0m text"#), error.message)
        }
    }

    func testScreenWaitFailsAtOnceWhenTheAppHasExited() throws {
        let app = try terminalApp(.name("sh"), ["-c", "echo bye"])
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let start = Date()
        XCTAssertThrowsError(try app.waitForScreen(containing: "never", timeout: .seconds(30))) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .appExited)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 25, "must not wait out the timeout")
    }

    func testScreenQueriesOnAPipeLaunchAreATypedError() throws {
        let app = try launchApp(.name("true"))
        XCTAssertThrowsError(try app.screen()) { XCTAssertEqual(($0 as? CleanSlateError)?.code, .notRunning) }
        XCTAssertThrowsError(try app.press(.enter)) { XCTAssertEqual(($0 as? CleanSlateError)?.code, .notRunning) }
    }

    func testTerminalSizesBeyondTheLimitAreRejectedNamingIt() {
        for (rows, columns) in [(Int.max, 80), (24, 1001), (-1, 80), (24, Int.min)] {
            XCTAssertThrowsError(try TerminalSize(rows: rows, columns: columns)) { error in
                XCTAssertEqual((error as? CleanSlateError)?.code, .invalidArgument)
                XCTAssertTrue("\(error)".contains("between 1 and 1000"), "\(error)")
            }
        }
        XCTAssertEqual(TerminalSize.maximumDimension, TerminalEmulator.maximumDimension)
    }

    func testPressWithACountBeyondTheLimitIsRejectedNamingIt() throws {
        let app = try terminalApp(.name("sh"), ["-c", "stty -echo; echo ready; exec cat"])
        try app.waitForScreen(containing: "ready")
        for times in [Int.max, AppLauncher.maximumPressCount + 1, -1] {
            XCTAssertThrowsError(try app.press(.enter, times: times)) { error in
                XCTAssertEqual((error as? CleanSlateError)?.code, .invalidArgument)
                XCTAssertTrue("\(error)".contains("between 0 and \(AppLauncher.maximumPressCount)"), "\(error)")
            }
        }
        XCTAssertEqual(AppLauncher.maximumPressCount, 10_000)
        try app.press(.character("a"), times: 3)
        try app.press(.enter, times: 0)
        try app.press(.enter)
        try app.waitForScreen(containing: "aaa")
    }

    /// Terminal apps: `TerminalSize` "takes 1 to 1000 rows and columns": both ends are accepted.
    func testTerminalSizesOfOneAndOfAThousandAreAccepted() throws {
        let largest = try TerminalSize(rows: 1000, columns: 1000)
        XCTAssertEqual([largest.rows, largest.columns], [1000, 1000])
        let smallest = try TerminalSize(rows: 1, columns: 1)
        XCTAssertEqual([smallest.rows, smallest.columns], [1, 1])
    }

    /// Terminal apps: `press(_:times:)` "takes 0 to 10,000 presses": the largest count is accepted
    /// and every press reaches the app (it reads exactly 10,000 bytes before it says so).
    func testTenThousandPressesAreAcceptedAndAllSent() throws {
        let app = try terminalApp(.name("sh"), ["-c", "stty raw -echo; echo ready; head -c 10000 >/dev/null; echo got-them-all; exec cat"])
        try app.waitForScreen(containing: "ready")
        try app.press(.character("a"), times: 10_000)
        try app.waitForScreen(containing: "got-them-all")
    }

    func testInvalidTerminalSizesAreRejected() {
        XCTAssertThrowsError(try TerminalSize(rows: 0, columns: 80))
        XCTAssertThrowsError(try TerminalSize(parsing: "24by80"))
        XCTAssertEqual(try TerminalSize(parsing: "30x100"), try TerminalSize(rows: 30, columns: 100))
    }
}

/// What an app writes to its terminal just before it exits must be on the screen as soon as
/// `waitForExit` returns (repeated, since a lost tail would show up only sometimes).
final class TerminalExitDrainTests: XCTestCase {
    func testTheLastOutputIsOnTheScreenWhenWaitForExitReturns() throws {
        for round in 0..<100 {
            let app = try launchApp(.path("/bin/echo"), arguments: ["LAST-LINE-\(round)"], terminalSize: .standard)
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            let screen = try app.screen()
            XCTAssertTrue(screen.contains("LAST-LINE-\(round)"), "round \(round): \(screen.text)")
            app.terminate()
        }
    }
}
