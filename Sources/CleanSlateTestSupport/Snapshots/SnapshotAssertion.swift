import CleanSlate
import Foundation

/// The steps every reference-file assertion shares: find the file, choose the record mode, compare.
package enum SnapshotAssertion {
    /// The failure message of comparing `comparison` with the reference `name`, or nil when it passes.
    ///
    /// - Parameter environment: the test process's environment (`CLEANSLATE_RECORD`, `CI`); tests
    ///   pass their own.
    package static func verify(
        _ comparison: SnapshotComparison, named name: String, record: SnapshotRecordMode?, directory: String?,
        location: CallerLocation, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        do {
            let path = try SnapshotComparison.referencePath(named: name, directory: directory, location: location)
            let choice = try SnapshotRecordChoice.resolve(assertion: record, suite: SnapshotRecordMode.suiteMode, environment: environment)
            return comparison.againstReference(at: path, choice: choice, rerecordFilter: SnapshotComparison.currentTestFilter(location: location))
        } catch {
            return "\(comparison.subject): \(error)"
        }
    }

    /// Reports `message`, if any, to the framework running the test, at `location`.
    package static func report(_ message: String?, at location: CallerLocation) {
        if let message { TestFailure.report(message, at: location) }
    }
}
