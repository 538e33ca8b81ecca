@testable import CleanSlate
import CleanSlateXCTest
import XCTest

/// Terminal delivery faults: the app's output reaching the screen and waits in seeded random
/// pieces, input typed one byte at a time, and the seed that replays a failure.
final class OutputFaultTests: XCTestCase {
    /// Waits for input, then draws a two-line form in one write, then stays.
    private let redraw = ["-c", "read line; printf 'Name: Ada\\r\\nEmail: ada@example.com\\r\\n'; sleep 30"]

    func testAWaitThatNeedsTheWholeRedrawSeesItInPiecesOnEveryRun() throws {
        // The check after the wait passes only when the redraw arrived whole, as it usually does on
        // a quiet machine. With pieces of at most 8 bytes it must fail for every seed.
        for seed: UInt64 in 1...8 {
            let app = try makeApp(.name("sh"), arguments: redraw, terminalSize: .standard)
            app.faults = Faults(outputFragmentLength: 8, seed: seed)
            try app.launch()
            try app.typeText("go\n")
            let screen = try app.waitForScreen(containing: "Name:")
            XCTAssertFalse(screen.contains("Email:"), "seed \(seed): the wait saw the screen before the rest of the redraw\n\(screen.text)")
            XCTAssertEqual(app.faultSeed, seed)
            try app.waitForScreen(containing: "ada@example.com")
            app.terminate()
        }
    }

    func testPiecesAreCutAtTheSameBytesWhateverTheReads() {
        var whole = OutputFragmenter(maximumLength: 16, seed: 42)
        var split = OutputFragmenter(maximumLength: 16, seed: 42)
        let cutsWhole = Self.cuts(whole.pieces(of: 1000))
        let cutsSplit = Self.cuts(split.pieces(of: 123) + split.pieces(of: 877))
        XCTAssertEqual(cutsSplit.subtracting([123]), cutsWhole.subtracting([123]), "a read boundary adds a cut, never moves one")
        XCTAssertTrue(whole.pieces(of: 5000).allSatisfy { (1...16).contains($0) })
        var other = OutputFragmenter(maximumLength: 16, seed: 43)
        XCTAssertNotEqual(Self.cuts(other.pieces(of: 1000)), cutsWhole, "another seed cuts elsewhere")
    }

    private static func cuts(_ lengths: [Int]) -> Set<Int> {
        var position = 0
        return Set(lengths.map { position += $0; return position })
    }

    func testCleanslateFaultSeedReplaysASeedAndWinsOverTheConfiguredOne() throws {
        let app = AppLauncher(.name("true"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(faultSeed: "424242"))
        app.faults = Faults(outputFragmentLength: 4, seed: 7)
        try app.launch()
        XCTAssertEqual(app.faultSeed, 424242)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
    }

    func testABadSeedVariableIsRefusedAtLaunch() throws {
        let app = AppLauncher(.name("true"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(faultSeed: "-1"))
        app.faults = Faults(outputFragmentLength: 4)
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("CLEANSLATE_FAULT_SEED=\"-1\" is not a seed") == true, String(describing: error))
    }

    func testAFailedWaitNamesTheSeedAndHowToReplayIt() throws {
        let app = try makeApp(.name("sh"), arguments: redraw, terminalSize: .standard)
        app.faults = Faults(outputFragmentLength: 3, seed: 99)
        try app.launch()
        let error = assertThrowsCleanSlateError(.timedOut) { try app.waitForScreen(containing: "never", timeout: .milliseconds(100)) }
        XCTAssertTrue(error?.message.contains("faults: output delivered in pieces of 1 to 3 bytes, seed 99; replay them with CLEANSLATE_FAULT_SEED=99") == true,
                      String(describing: error))
    }

    func testWithoutFaultsThereIsNoSeed() throws {
        let app = try launchApp(.name("true"))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertNil(app.faultSeed)
    }

    func testTypingDelaySendsInputOneByteAtATime() throws {
        // dd reads up to 100 bytes at a time, twice, then exits. Typed at once, its first read
        // takes all four bytes; typed a byte every 100 ms, each read takes one, and the third byte
        // finds dd gone.
        let app = try makeApp(.name("dd"), arguments: ["bs=100", "count=2", "status=none"])
        app.faults = Faults(typingDelay: .milliseconds(100))
        try app.launch()
        try? app.typeText("abcd")
        try? app.closeInput()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "ab")
    }

    func testBadFaultValuesAreRefusedNamingTheFault() throws {
        let app = try makeApp(.name("true"))
        app.faults = Faults(outputFragmentLength: 0)
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("faults.outputFragmentLength is 0") == true, String(describing: error))
    }
}
