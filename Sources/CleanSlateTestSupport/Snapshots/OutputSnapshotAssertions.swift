import CleanSlate

/// Asserts that what `app` wrote to `stream` so far, with its sandbox's paths replaced by
/// placeholders (`AppLauncher/outputWithPlaceholders(_:)`), matches the reference file
/// `named`.txt in `__Snapshots__/<TestFile>/` next to the test's source file. One trailing newline
/// of the output is not part of the snapshot (the file ends with one newline either way).
///
/// It does not wait: wait for the output or the exit first. Parameters and failures are those of
/// ``assertScreenSnapshot(of:named:format:record:snapshotDirectory:quietPeriod:timeout:fileID:filePath:line:column:)-338bz``.
public func assertOutputSnapshot(
    of app: AppLauncher, stream: AppOutputStream = .standardOutput, named name: String,
    record: SnapshotRecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let comparison = SnapshotComparison(subject: "\(stream.displayName) snapshot \(name.debugDescription)", actual: capturedText(of: app, stream), styled: false)
    SnapshotAssertion.report(
        SnapshotAssertion.verify(comparison, named: name, record: record, directory: snapshotDirectory, location: location), at: location)
}

/// Asserts that what `app` wrote to `stream` so far, with its sandbox's paths replaced by
/// placeholders, is `expected` (one trailing newline of either is ignored).
public func assertOutputSnapshot(
    of app: AppLauncher, stream: AppOutputStream = .standardOutput, matches expected: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let comparison = SnapshotComparison(subject: "the \(stream.displayName)", actual: capturedText(of: app, stream), styled: false)
    SnapshotAssertion.report(comparison.againstInline(expected), at: location)
}

/// The output compared by the assertions: with placeholders, without one trailing newline.
private func capturedText(of app: AppLauncher, _ stream: AppOutputStream) -> String {
    let text = app.outputWithPlaceholders(stream)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
}

extension AppOutputStream {
    /// `standard output` or `standard error`, for messages.
    fileprivate var displayName: String { self == .standardOutput ? "standard output" : "standard error" }
}
