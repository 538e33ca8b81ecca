@testable import CleanSlate
import CleanSlateXCTest
import Glibc
import XCTest
import _CleanSlateCShim

/// Defaults and limits the articles state as numbers, pinned as the literals the articles print.
/// The tests that exercise these values elsewhere use the constants themselves, so a changed
/// constant would pass them while the documentation went on saying the old value.
final class DocumentedValuesTests: XCTestCase {
    /// Launching apps: "Without a `timeout:` they use `defaultTimeout` (10 s)".
    func testTheDefaultTimeoutIsTenSeconds() throws {
        XCTAssertEqual(try makeApp(.name("true")).defaultTimeout, .seconds(10))
    }

    /// Launching apps: "by default SIGTERM to the process group ..., a 2 s grace period", then the
    /// keeper kills what is left.
    func testTheDefaultTerminationIsSIGTERMThenTwoSecondsOfGrace() throws {
        XCTAssertEqual(try makeApp(.name("true")).terminationPolicy, TerminationPolicy(steps: [.signal(SIGTERM), .wait(.seconds(2))]))
    }

    /// Sandboxes: "It reads contents only for regular files of at most 256 KiB
    /// (`SandboxSnapshot.contentDigestLimit`)".
    func testSnapshotsReadTheContentsOfFilesOfAtMost256KiB() {
        XCTAssertEqual(SandboxSnapshot.contentDigestLimit, 262_144)
    }

    /// Artifacts: "the recording keeps the first 1 MiB and the last 4 MiB of events".
    func testTheSessionRecordingKeepsTheFirstMebibyteAndTheLastFour() {
        XCTAssertEqual(SessionRecorder.standardLimit, OutputLimit(headBytes: 1_048_576, tailBytes: 4_194_304))
    }

    /// Isolation levels: "at most 64 ports".
    func testAtMostSixtyFourPortsAreRelayed() {
        XCTAssertEqual(StrictNetwork.maximumAllowedPorts, 64)
    }

    /// Process trees and sweeping: "up to 128 idle keepers are kept".
    func testUpTo128IdleKeepersAreKept() {
        XCTAssertEqual(LaunchSupervisor.idleLimit, 128)
    }

    /// File system faults: "the sandbox holds at most `Faults.sandboxEntryLimit` (50,000) folders,
    /// files, symlinks and further names of hard-linked files".
    func testASizeLimitedSandboxHoldsAtMostFiftyThousandEntries() {
        XCTAssertEqual(Faults.sandboxEntryLimit, 50_000)
    }

    /// Continuous integration features: "at most 64 from one launch and each at most 256 MiB, and at
    /// most 1 GiB together".
    func testAtMostOneGibibyteOfProfilesIsMovedFromOneLaunch() {
        XCTAssertEqual(CoverageHarvest.maximumTotalSize, 1_073_741_824)
    }

    /// Launching apps: "A process SIGKILL cannot end at once (uninterruptible sleep) makes
    /// `terminate()` return after at most about 5 s more"; Process trees and sweeping: a keeper that
    /// does not answer "is ended by the supervisor after teardown's limit (5 s, then 1 s more)".
    func testTerminationWaitsAtMostFiveSecondsForTheKilledTree() {
        XCTAssertEqual(LaunchedProcess.treeKillLimit, .seconds(5))
    }

    /// Process trees and sweeping: "A launch whose keeper the app stops before the keeper could say
    /// it spawned it fails with `.spawnFailed` at the supervisor's reply limit (30 s)". The tests of
    /// that failure make supervisors of their own with short limits; this is the one launches use.
    func testLaunchesFailAfterThirtySecondsWithoutTheKeepersReply() {
        XCTAssertEqual(LaunchSupervisor.shared.replyLimit, .seconds(30))
    }

    /// Isolation levels: "At most 4096 socket files are covered; a host with more fails the strict
    /// launch (`.isolationUnavailable`)". The bound is the C keeper's.
    func testAStrictLaunchCoversAtMost4096HostSocketFiles() {
        XCTAssertEqual(CS_MAX_COVERED_SOCKETS, 4096)
    }

    /// Coverage, faults and timeouts: "A piece waits (up to a second) for a wait to be in progress".
    func testAPieceOfOutputWaitsAtMostASecondForAWait() {
        XCTAssertEqual(LaunchedProcess.pieceLookLimit, .seconds(1))
    }

    /// `StrictOptions.hiddenPaths`: "at most 200 (more throw `.invalidArgument`: hide a common parent
    /// instead)".
    func testAtMost200FoldersCanBeHidden() throws {
        XCTAssertNoThrow(try StrictLayout.validate(StrictOptions(hiddenPaths: (1...200).map { "/srv/\($0)" })))
        XCTAssertThrowsError(try StrictLayout.validate(StrictOptions(hiddenPaths: (1...201).map { "/srv/\($0)" }))) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .invalidArgument)
            XCTAssertTrue("\(error)".contains("lists 201 folders; at most 200 can be hidden"), "\(error)")
        }
    }

    /// Process trees and sweeping: "Killing repeats while new ones appear (an app that keeps
    /// forking), for five seconds at most."
    func testASweepKillsASandboxsProcessesForFiveSecondsAtMost() {
        XCTAssertEqual(SandboxProcesses.killLimit, .seconds(5))
    }
}
