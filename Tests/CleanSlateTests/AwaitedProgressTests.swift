@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The awaited form of `waitForOutputProgress(beyond:timeout:)`: it suspends its task, and it
/// streams the same progress as the blocking form.
final class AwaitedProgressTests: XCTestCase {
    /// More awaited progress waits than the pool has threads, on apps that write only once every
    /// wait has begun (each reads a line the test writes then). A wait that blocked its thread
    /// would keep the other tasks and the test from running, and every wait would time out with
    /// its progress unchanged.
    func testMoreAwaitedProgressWaitsThanPoolThreadsAllSeeTheOutputOfAppsThatWriteOnlyOnceEveryWaitBegan() async throws {
        _ = try await onAppsThatAnswerOnceEveryWaitBegan { app in
            let progress = try await app.waitForOutputProgress(beyond: .start, timeout: .seconds(10))
            XCTAssertGreaterThan(progress.standardOutput, 0, "\(progress)")
        }
    }

    /// Both forms stream the same: followed to the end of the app's output (in pieces of 1 to 4
    /// bytes, under a timeout scale of 2), they end at the same counts; with nothing new they
    /// return the progress they were given once the timeout passes; before a launch they throw
    /// the same error.
    func testBothFormsStreamTheSameProgress() async throws {
        var finals: [AwaitedWaitTests.Face: OutputProgress] = [:]
        var unlaunched: [AwaitedWaitTests.Face: String] = [:]
        for face in AwaitedWaitTests.Face.allCases {
            let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(timeoutScale: "2"))
            app.launchArguments = ["-c", "printf 0123456789; printf abc >&2; read line; printf xy"]
            app.faults = Faults(outputFragmentLength: 4, seed: 7)
            do {
                _ = try await Self.progress(of: app, beyond: .start, timeout: .milliseconds(1), face)
                XCTFail("\(face): no error before the launch")
            } catch let error as CleanSlateError {
                unlaunched[face] = error.located(at: nil).description  // each face is called on its own line
            }
            try await app.launch()
            addTeardownBlock { app.terminate() }
            var progress = OutputProgress.start
            while progress.standardOutput < 10 || progress.standardError < 3 {
                progress = try await Self.progress(of: app, beyond: progress, timeout: .seconds(10), face)
            }
            let quiet = try await Self.progress(of: app, beyond: progress, timeout: .milliseconds(20), face)
            XCTAssertEqual(quiet, progress, "\(face): with nothing new, the progress given comes back")
            try await app.typeText("\n")
            while !progress.isFinished {
                progress = try await Self.progress(of: app, beyond: progress, timeout: .seconds(10), face)
            }
            finals[face] = progress
        }
        XCTAssertEqual(finals[.blocking], OutputProgress(standardOutput: 12, standardError: 3, isFinished: true))
        XCTAssertEqual(finals[.awaited], finals[.blocking])
        XCTAssertEqual(unlaunched[.awaited], unlaunched[.blocking])
        XCTAssertTrue(unlaunched[.blocking]?.contains("notRunning") ?? false, unlaunched[.blocking] ?? "")
    }

    /// `waitForOutputProgress` in the blocking or the awaited form.
    private static func progress(
        of app: AppLauncher, beyond known: OutputProgress, timeout: Duration, _ face: AwaitedWaitTests.Face
    ) async throws -> OutputProgress {
        switch face {
        case .blocking: try blocking { try app.waitForOutputProgress(beyond: known, timeout: timeout) }
        case .awaited: try await app.waitForOutputProgress(beyond: known, timeout: timeout)
        }
    }

    /// Runs `body` in a synchronous closure, where the blocking form is the one called.
    private static func blocking<T>(_ body: () throws -> T) rethrows -> T { try body() }
}
