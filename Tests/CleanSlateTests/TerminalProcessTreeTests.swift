import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A terminal launch behaves as a terminal window does: Ctrl-Z stops the foreground program,
/// closing the window hangs up the session, and writing after the app has gone fails.
final class TerminalProcessTreeTests: XCTestCase {
    /// Ctrl-Z stops a plain program (no job-control shell involved), `state` says so, and
    /// `resume()` continues it, as `fg` would.
    func testCtrlZStopsAPlainProgramAndResumeContinuesIt() throws {
        try assertCtrlZStopsAPlainProgramAndResumeContinuesIt()
    }

    /// An interactive shell ignores SIGTERM and its background job is in a process group of its
    /// own; terminate() hangs up first, so the shell passes SIGHUP to the job, as when a terminal
    /// window is closed, and nothing is left.
    func testBackgroundJobOfAnInteractiveShellEndsWithTheTerminal() throws {
        let app = try makeApp(.path("/bin/bash"), arguments: ["--norc", "--noprofile", "-i"], terminalSize: .standard)
        app.launchEnvironment = ["PS1": "$ "]
        try app.launch()
        try app.waitForScreen(containing: "$ ")
        // The job says its pid once it runs a program of its own (until then it is a copy of the
        // shell, with the shell's signal handlers, and a hang-up in that instant would be handled
        // as the shell handles it).
        try app.typeText("sh -c 'echo job=$$; exec sleep 1000' &\r")
        let screen = try app.waitForScreen(matching: #"job=\d+"#)
        // The job's line may share a row with the next prompt: take the digits after "job=".
        let text = screen.lines.joined(separator: "\n")
        let digits = try XCTUnwrap(text.firstMatch(of: #/job=(\d+)/#)?.1, text)
        let job = try ProcessWatch(try XCTUnwrap(Int32(digits)))
        let escaped = app.terminate()
        XCTAssertTrue(job.hasEnded(within: .seconds(10)), "the background job survived terminate()")
        XCTAssertEqual(escaped, [], "a job that dies of the hang-up did not escape")
    }

    /// After terminate() the launch's keeper socket is no longer its own: it went back to the pool
    /// and may serve the next launch. `resume()` then says the app was terminated, instead of
    /// sending SIGCONT through that socket, to whichever app the keeper runs now.
    func testResumeAfterTerminateSaysTheAppWasTerminatedAndContinuesNoOtherApp() throws {
        let first = try launchApp(.name("cat"))
        first.terminate()
        let next = try launchApp(.name("sh"), arguments: ["-c", "kill -STOP $$; echo continued"])
        _ = try next.waitForState("stopped") { if case .stopped = $0 { return true } else { return false } }
        let error = assertThrowsCleanSlateError(.notRunning) { try first.resume() }
        XCTAssertTrue(error?.message.contains("cannot resume cat: it was terminated") ?? false, error?.message ?? "no error")
        guard case .stopped = next.state else { return XCTFail("the next launch was continued: \(next.state)") }
        try next.resume()
        try next.waitForOutput("continued")
    }

    /// Typing into a terminal whose app has exited fails, as writing to a pipe does.
    func testTypingAfterTheAppExitedFails() throws {
        let app = try launchApp(.name("true"), terminalSize: .standard)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let error = assertThrowsCleanSlateError(.ioFailed) { try app.typeText("hello") }
        XCTAssertTrue(error?.message.contains("has exited") ?? false, "\(String(describing: error))")
    }
}

extension XCTestCase {
    /// Launches a plain program on a terminal, stops it with Ctrl-Z (`state` says SIGTSTP), resumes
    /// it and checks it goes on reading its terminal.
    func assertCtrlZStopsAPlainProgramAndResumeContinuesIt(file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", "echo ready; read line; echo got $line"], terminalSize: .standard)
        try app.waitForScreen(containing: "ready")
        try app.press(.character("z"), modifiers: .control)
        let stopped = try app.waitForState("stopped") { if case .stopped = $0 { return true } else { return false } }
        guard case let .stopped(_, signal) = stopped else { return XCTFail("\(stopped)", file: file, line: line) }
        XCTAssertEqual(signal, SIGTSTP, file: file, line: line)
        try app.resume()
        try app.waitForState("running again") { if case .running = $0 { return true } else { return false } }
        try app.typeText("more\r")
        try app.waitForScreen(containing: "got more")
        XCTAssertEqual(try app.waitForExit(), .exited(0), file: file, line: line)
    }
}
