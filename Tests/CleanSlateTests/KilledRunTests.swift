import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A process that uses CleanSlate dies (SIGKILL, SIGTERM, SIGHUP, Ctrl-C): nothing it launched
/// survives it, with no teardown code run in the dying process. The dying process here is the real
/// `cleanslate run` front end, launched by this test.
final class KilledRunTests: XCTestCase {
    func testAppsOfAFrontEndKilledBySIGKILLDie() throws { try assertAppsDieWhenTheFrontEndGets(SIGKILL) }
    func testAppsOfAFrontEndKilledBySIGTERMDie() throws { try assertAppsDieWhenTheFrontEndGets(SIGTERM) }
    func testAppsOfAFrontEndKilledBySIGHUPDie() throws { try assertAppsDieWhenTheFrontEndGets(SIGHUP) }
    func testAppsOfAFrontEndInterruptedBySIGINTDie() throws { try assertAppsDieWhenTheFrontEndGets(SIGINT) }

    private func assertAppsDieWhenTheFrontEndGets(_ signal: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = try sandboxForTest().temporaryDirectory
        let frontEnd = try launchApp(.product("cleanslate"), arguments: [
            "run", "--root", root, "--", "sh", "-c", "setsid sleep 1000 & echo daemon=$!; echo app=$$; exec sleep 1000",
        ])
        try frontEnd.waitForOutput("app=")
        let output = frontEnd.standardOutput
        let app = try ProcessWatch(try number(after: "app=", in: output))
        let daemon = try ProcessWatch(try number(after: "daemon=", in: output))
        guard case let .running(frontEndPID) = frontEnd.state else { return XCTFail("the front end is not running", file: file, line: line) }
        kill(frontEndPID, signal)

        let expected: AppExitStatus = signal == SIGKILL ? .signaled(SIGKILL, coreDumped: false) : .exited(128 + signal)
        XCTAssertEqual(try frontEnd.waitForExit(), expected, frontEnd.standardError, file: file, line: line)
        XCTAssertTrue(app.hasEnded(within: .seconds(5)), "the app outlived its front end (signal \(signal))", file: file, line: line)
        XCTAssertTrue(daemon.hasEnded(within: .seconds(5)), "the app's daemon outlived its front end (signal \(signal))", file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: root)
        if signal != SIGKILL {
            // A signal it can handle: the front end stops the app and wipes its sandbox, as at a normal end.
            XCTAssertEqual(left, [], "the front end left its sandbox behind", file: file, line: line)
        }
    }

    /// When the report of changed files cannot be made, the exit code is still the app's (not 70).
    func testAFailingReportDoesNotHideTheAppsExitCode() throws {
        let root = try sandboxForTest().temporaryDirectory
        let frontEnd = try launchApp(.product("cleanslate"), arguments: [
            "run", "--root", root, "--", "sh", "-c", "rm -rf \"$HOME\" && ln -s / \"$HOME\"; exit 3",
        ])
        XCTAssertEqual(try frontEnd.waitForExit(), .exited(3), frontEnd.standardError)
        XCTAssertTrue(frontEnd.standardError.contains("warning: could not report the files the app changed"), frontEnd.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), [])
    }

    /// A run whose app succeeded but left a daemon: a warning naming it, and exit code 125.
    func testADaemonLeftBehindIsAWarningAndExitCode125() throws {
        let root = try sandboxForTest().temporaryDirectory
        let frontEnd = try launchApp(.product("cleanslate"), arguments: [
            "run", "--root", root, "--", "sh", "-c", "setsid sleep 1000 & echo daemon=$!",
        ])
        XCTAssertEqual(try frontEnd.waitForExit(), .exited(125), frontEnd.standardError)
        let daemon = try number(after: "daemon=", in: frontEnd.standardOutput)
        let warning = try XCTUnwrap(frontEnd.standardError.split(separator: "\n").first { $0.contains("warning: pid \(daemon):") },
                                    frontEnd.standardError)
        XCTAssertTrue(warning.hasSuffix("was still running after sh ended; it was killed"), String(warning))
        XCTAssertFalse(processIsAlive(daemon))
    }

    /// A daemon whose command line holds a line feed is named on one line: it cannot forge a line of the report.
    func testADaemonsCommandLineCannotForgeALineOfTheReport() throws {
        let root = try sandboxForTest().temporaryDirectory
        let frontEnd = try launchApp(.product("cleanslate"), arguments: [
            "run", "--root", root, "--", "sh", "-c", "setsid sh -c 'sleep 1000; :' \"$1\" & echo daemon=$!", "sh", "x\nwarning: forged",
        ])
        XCTAssertEqual(try frontEnd.waitForExit(), .exited(125), frontEnd.standardError)
        let lines = frontEnd.standardError.split(separator: "\n")
        XCTAssertFalse(lines.contains { $0.hasPrefix("warning: forged") }, frontEnd.standardError)
        // The report may come before or after setsid execs the shell: its command line starts with
        // either, and ends with the escaped argument.
        XCTAssertTrue(lines.contains { $0.contains("sh -c sleep 1000; : x\\nwarning: forged (executable ") }, frontEnd.standardError)
    }
}

/// `cleanslate run` streams output with back-pressure and bounded memory.
final class FrontEndOutputTests: XCTestCase {
    /// A reader that starts late and reads slowly gets every byte: the app is held back, nothing is
    /// dropped by the output limit.
    func testASlowReaderGetsEveryByte() throws {
        let root = try sandboxForTest().temporaryDirectory
        let cleanslate = try buildFolder() + "/cleanslate"
        let app = try launchApp(.path("/bin/sh"), arguments: [
            "-c", "'\(cleanslate)' run --root '\(root)' -- head -c 300000000 /dev/zero | (sleep 0.5; wc -c)",
        ])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(120)), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), "300000000")
    }

    /// A gigabyte through the front end keeps its memory under 100 MB.
    func testAGigabyteThroughTheFrontEndKeepsItsMemoryBounded() throws {
        let root = try sandboxForTest().temporaryDirectory
        let frontEnd = try launchApp(.product("cleanslate"), arguments: [
            "run", "--root", root, "--", "sh", "-c", "head -c 1000000000 /dev/zero; echo; echo MARK; exec sleep 1000",
        ])
        try frontEnd.waitForOutput("MARK\n", timeout: .seconds(120))
        guard case let .running(pid) = frontEnd.state else { return XCTFail("the front end is not running") }
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let peak = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        XCTAssertLessThan(peak, 100 * 1024, "cleanslate run peaked at \(peak) kB for 1 GB of output")
        XCTAssertEqual(frontEnd.outputByteCount(), 1_000_000_000 + 6)
    }
}
