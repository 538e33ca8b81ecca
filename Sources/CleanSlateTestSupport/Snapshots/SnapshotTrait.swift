import Testing

/// A Swift Testing trait that sets the ``SnapshotRecordMode`` of the snapshot assertions in a test
/// or in every test of a suite (nested suites included); an assertion's own `record:` wins over it.
///
/// ```swift
/// @Suite(.cleanSlate, .snapshots(record: .failed)) struct WizardScreens { ... }
/// ```
public struct SnapshotTrait: TestTrait, SuiteTrait, TestScoping {
    /// The record mode for the tests under the trait.
    public let record: SnapshotRecordMode

    /// The trait applies to every test in a suite it is attached to.
    public var isRecursive: Bool { true }

    /// Runs the test with the record mode bound to its task.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await SnapshotRecordMode.$suiteMode.withValue(record) { try await function() }
    }
}

extension Trait where Self == SnapshotTrait {
    /// Sets the record mode of the snapshot assertions under this test or suite; see ``SnapshotRecordMode``.
    public static func snapshots(record: SnapshotRecordMode) -> SnapshotTrait { SnapshotTrait(record: record) }
}
