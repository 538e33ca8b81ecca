import CleanSlate

/// When a snapshot assertion writes its reference file.
///
/// Chosen per call: the assertion's `record:` argument, else the innermost suite setting (the
/// `.snapshots(record:)` trait, or ``withSnapshotRecordMode(_:_:)``), else `CLEANSLATE_RECORD`, else
/// ``missing``; but when `CI` is set (to anything but `0` or `false`) and none of those was given,
/// ``never``, so a CI run never writes references that nobody reviews.
///
/// Every assertion that writes a reference fails, saying what it wrote, so that a recording run is
/// never mistaken for a passing one.
public enum SnapshotRecordMode: String, Sendable, CaseIterable {
    /// Never write: a missing reference fails, a mismatch fails.
    case never
    /// Write references that do not exist yet (and fail once, saying so); a mismatch fails (the default).
    case missing
    /// Write missing references and overwrite those that do not match (each such assertion fails).
    case failed
    /// Write every reference, matching or not (every assertion fails, so it is not left on by accident).
    case all

    /// The suite setting of the running test, bound to its task.
    @TaskLocal static var suiteMode: SnapshotRecordMode?
}

/// Runs `body` with `mode` as the record mode of the snapshot assertions made in it (in this task
/// and the tasks it creates), unless an assertion names its own.
///
/// The XCTest way to set the mode for a whole test class:
///
/// ```swift
/// override func invokeTest() {
///     withSnapshotRecordMode(.failed) { super.invokeTest() }
/// }
/// ```
public func withSnapshotRecordMode<Result>(_ mode: SnapshotRecordMode, _ body: () throws -> Result) rethrows -> Result {
    try SnapshotRecordMode.$suiteMode.withValue(mode, operation: body)
}

/// The record mode of one assertion and where it came from, which decides how the failure message
/// says to re-record.
package struct SnapshotRecordChoice: Equatable, Sendable {
    /// Where a record mode came from.
    package enum Source: Equatable, Sendable {
        case assertion, suite, environment, defaultMode, continuousIntegration
    }

    package let mode: SnapshotRecordMode
    package let source: Source

    /// The record mode for an assertion given its `record:` argument, the suite setting and the
    /// environment of the test process (passed in, so tests can give their own).
    ///
    /// - Throws: `.invalidArgument` when `CLEANSLATE_RECORD` is not a mode name.
    package static func resolve(
        assertion: SnapshotRecordMode?, suite: SnapshotRecordMode?, environment: [String: String]
    ) throws -> SnapshotRecordChoice {
        if let assertion { return SnapshotRecordChoice(mode: assertion, source: .assertion) }
        if let suite { return SnapshotRecordChoice(mode: suite, source: .suite) }
        if let raw = environment["CLEANSLATE_RECORD"], !raw.isEmpty {
            guard let mode = SnapshotRecordMode(rawValue: raw.lowercased()) else {
                throw CleanSlateError(.invalidArgument, "CLEANSLATE_RECORD=\(raw) is not valid: use never, missing, failed or all")
            }
            return SnapshotRecordChoice(mode: mode, source: .environment)
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" {
            return SnapshotRecordChoice(mode: .never, source: .continuousIntegration)
        }
        return SnapshotRecordChoice(mode: .missing, source: .defaultMode)
    }
}
