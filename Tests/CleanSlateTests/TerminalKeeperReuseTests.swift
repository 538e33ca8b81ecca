import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A terminal launch's keeper leads the launch's session (so Ctrl-Z works on a plain program). It is
/// reused for the next launch, as a pipe launch's keeper is, rather than forked anew each time: the
/// next launch's terminal becomes the session's controlling terminal, and everything a terminal
/// gives an app works again on it.
final class TerminalKeeperReuseTests: XCTestCase {
    /// The session (`ps` column SID, field 6 of /proc/self/stat) and terminal each launch sees.
    private func sessionAndTerminal(of app: AppLauncher) throws -> (session: Int, terminal: String) {
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let words = try app.screen().lines[0].split(separator: " ")
        app.terminate()
        XCTAssertEqual(words.count, 2, "\(words)")
        return (Int(words.first ?? "") ?? -1, String(words.last ?? ""))
    }

    func testTheNextTerminalLaunchRunsInTheSameKeepersSessionOnItsOwnControllingTerminal() throws {
        // `tty` names the terminal on standard input; opening /dev/tty works only on a controlling terminal.
        let app = try makeApp(.name("sh"),
                              arguments: ["-c", "read -r _ _ _ _ _ sid _ < /proc/self/stat; exec 3</dev/tty && echo $sid $(tty)"],
                              terminalSize: .standard)
        let first = try sessionAndTerminal(of: app)
        let second = try sessionAndTerminal(of: app)
        XCTAssertTrue(first.terminal.hasPrefix("/dev/pts/") && second.terminal.hasPrefix("/dev/pts/"), "\(first) \(second)")
        XCTAssertEqual(first.session, second.session, "the second terminal launch was given a new keeper")
        XCTAssertGreaterThan(first.session, 0)
    }

    /// Ctrl-Z and job control on a launch whose keeper led an earlier launch's session.
    func testCtrlZStopsTheAppOfAReusedKeeper() throws {
        let warmUp = try launchApp(.name("true"), terminalSize: .standard)
        XCTAssertEqual(try warmUp.waitForExit(), .exited(0))
        warmUp.terminate()
        try assertCtrlZStopsAPlainProgramAndResumeContinuesIt()
    }

    /// A terminal launch whose spawn fails in the keeper (an executable file in no executable
    /// format) gives its keeper back, and the next terminal launch on it still gets a controlling
    /// terminal of its own.
    func testAKeeperWhoseTerminalLaunchFailedServesTheNextOne() throws {
        let garbage = try sandboxForTest().home + "/not-a-program"
        try "neither ELF nor #!\n".write(toFile: garbage, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(garbage, 0o755), 0)
        let broken = try makeApp(.path(garbage), terminalSize: .standard)
        XCTAssertThrowsError(try broken.launch()) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .notExecutable, "\(error)")
        }
        let app = try makeApp(.name("sh"), arguments: ["-c", "exec 3</dev/tty && echo controlling $(tty)"], terminalSize: .standard)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let firstLine = try app.screen().lines[0]
        XCTAssertTrue(firstLine.hasPrefix("controlling /dev/pts/"), firstLine)
    }
}
