import CleanSlate
import CleanSlateXCTest
import XCTest

/// `cleanslate run --faults`: the same faults as `app.faults`, from the command line.
final class CommandLineFaultsTests: XCTestCase {
    private func errors(_ app: AppLauncher) -> String { String(decoding: app.outputBytes(.standardError), as: UTF8.self) }

    func testPiecesWithASeedRunAndPrintTheSeedToReplay() throws {
        let (status, app) = try runCleanslate(["run", "--terminal", "5x40", "--faults", "pieces=4,seed=11", "--", "sh", "-c", "printf 'hello world'"])
        XCTAssertEqual(status, .exited(0), errors(app))
        XCTAssertTrue(errors(app).contains("faults: output delivered in random pieces, seed 11; replay them with CLEANSLATE_FAULT_SEED=11"), errors(app))
        XCTAssertTrue(app.standardOutput.contains("hello world"), app.standardOutput)
    }

    func testABadFaultItemIsAUsageError() throws {
        let (status, app) = try runCleanslate(["run", "--faults", "pieces=many", "--", "true"])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(errors(app).contains("--faults pieces= takes a whole number, got 'many'"), errors(app))
    }

    func testAStrictFaultWithoutStrictIsolationIsRefused() throws {
        let (status, app) = try runCleanslate(["run", "--faults", "size=100000", "--", "true"])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(errors(app).contains("need strict isolation"), errors(app))
    }

    func testTypingAndAMissingFolderReachTheApp() throws {
        let (status, app) = try runCleanslate(
            ["run", "--faults", "typing=1,missing=cache", "--", "sh", "-c", "read line; echo \"got $line\"; test -e \"$XDG_CACHE_HOME\" || echo no-cache"],
            input: "abc\n")
        XCTAssertEqual(status, .exited(0), errors(app))
        XCTAssertTrue(app.standardOutput.contains("got abc\nno-cache\n"), app.standardOutput)
    }

    /// The help: "with strict isolation: size=BYTES (writes past it fail with ENOSPC),
    /// read-only=FOLDER (config, data, ...: EROFS)".
    func testASizeLimitAndAReadOnlyFolderReachAStrictApp() throws {
        try requireStrictIsolation()
        // The shell's messages for the refused writes go to the app's standard error, which the run passes on.
        let script = #"echo x > "$XDG_CONFIG_HOME/settings"; head -c 200000 /dev/zero > "$XDG_DATA_HOME/big"; rm "$XDG_DATA_HOME/big""#
        let (status, app) = try runCleanslate(["run", "--isolation", "strict", "--faults", "read-only=config,size=100000", "--", "sh", "-c", script])
        XCTAssertEqual(status, .exited(0), errors(app))
        XCTAssertTrue(errors(app).contains("/xdg/config/settings: Read-only file system"), errors(app))
        XCTAssertTrue(errors(app).contains("No space left on device"), errors(app))
    }
}

/// What `cleanslate run` says when a wait of its own fails: the error, without the line of the
/// tool's source that called the wait (a test names its own step's line; the tool's is no help).
final class CommandLineStepErrorTests: XCTestCase {
    func testAFailedWaitIsReportedWithoutTheToolsSourceLine() throws {
        try requireStrictIsolation()
        // A FIFO cannot be copied back out of a size-limited sandbox: the run's waitForExit throws.
        let (status, app) = try runCleanslate(
            ["run", "--isolation", "strict", "--faults", "size=100000", "--", "sh", "-c", "mkfifo \"$XDG_DATA_HOME/pipe\""])
        XCTAssertEqual(status, .exited(70), app.standardError)
        let line = try XCTUnwrap(app.standardError.split(separator: "\n").first { $0.hasPrefix("cleanslate: CleanSlate ") }, app.standardError)
        XCTAssertTrue(line.hasPrefix("cleanslate: CleanSlate sandboxNotCopiedBack: "), String(line))
    }
}
