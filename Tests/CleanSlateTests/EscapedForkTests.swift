import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A process the app forked that never ran a program of its own still has the app's command line
/// (`/proc/PID/cmdline` changes only at exec). A shell's `sleep 1000 &` caught between its fork and
/// its exec looks like that; the report says it is a fork of the app instead of naming the app as
/// if the app itself had been left running.
final class EscapedForkTests: XCTestCase {
    func testASurvivorWithTheAppsCommandLineIsReportedAsAForkOfTheApp() throws {
        // The subshell blocks opening a FIFO nobody writes: a fork of sh that never execs.
        let script = #"mkfifo "$HOME/fifo"; (read line < "$HOME/fifo") & echo started"#
        let app = try launchApp(.name("sh"), arguments: ["-c", script])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "started\n")
        let escaped = app.terminate()
        XCTAssertEqual(escaped.count, 1, "\(escaped)")
        let fork = try XCTUnwrap(escaped.first)
        XCTAssertEqual(fork.commandLine, "sh -c " + script)
        XCTAssertTrue(fork.isForkOfTheApp)
        let shell = try XCTUnwrap(resolvedProgram("sh"))
        XCTAssertEqual(fork.description, "pid \(fork.pid): forked from the app (sh -c \(script)) before it ran a program of its own (executable \(shell))")
    }

    func testASurvivorThatRanAProgramOfItsOwnIsNamedByIt() throws {
        // The app exits once its background job has become sleep (its command name changes at exec).
        let script = #"sleep 1000 & while [ "$(cat /proc/$!/comm)" != sleep ]; do :; done; echo ready"#
        let app = try launchApp(.name("sh"), arguments: ["-c", script])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        let escaped = app.terminate()
        XCTAssertEqual(escaped.map(\.commandLine), ["sleep 1000"], "\(escaped)")
        XCTAssertEqual(escaped.map(\.isForkOfTheApp), [false])
        let sleep = try XCTUnwrap(resolvedProgram("sleep"))
        XCTAssertEqual(escaped.first?.description, escaped.first.map { "pid \($0.pid): sleep 1000 (executable \(sleep))" })
    }
}
