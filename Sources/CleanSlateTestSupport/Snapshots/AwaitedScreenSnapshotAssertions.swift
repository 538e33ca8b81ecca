import CleanSlate
import CleanSlateScreen

/// The awaited form of
/// ``assertScreenSnapshot(of:named:format:record:snapshotDirectory:quietPeriod:timeout:fileID:filePath:line:column:)-338bz``:
/// the same assertion, whose wait for the screen to settle suspends the task instead of blocking
/// its thread (an `async` test calls this one, with `await`). The comparison, the record modes and
/// the failure message are the blocking form's; a cancelled task ends the wait, and the assertion
/// fails saying the wait ended with `CancellationError`.
public func assertScreenSnapshot(
    of app: AppLauncher, named name: String, format: ScreenSnapshotFormat = .text, record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil, quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
    let check = ScreenSnapshotCheck(app: app, format: format, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    check.report(check.againstReference(await settledScreen(of: app, quietPeriod: quietPeriod, timeout: timeout),
                                        named: name, record: record, directory: snapshotDirectory))
}

/// The awaited form of ``assertScreenSnapshot(of:format:matches:quietPeriod:timeout:fileID:filePath:line:column:)-3lop3``:
/// the same assertion, whose wait for the screen to settle suspends the task instead of blocking
/// its thread. The comparison and the failure message are the blocking form's.
public func assertScreenSnapshot(
    of app: AppLauncher, format: ScreenSnapshotFormat = .text, matches expected: String,
    quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async {
    let check = ScreenSnapshotCheck(app: app, format: format, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    check.report(check.againstInline(await settledScreen(of: app, quietPeriod: quietPeriod, timeout: timeout), expected: expected))
}

/// The screen once `app` has settled, awaited, or why the wait failed.
private func settledScreen(of app: AppLauncher, quietPeriod: Duration, timeout: Duration?) async -> Result<ScreenSnapshot, any Error> {
    do { return .success(try await app.waitForScreenToSettle(quietPeriod: quietPeriod, timeout: timeout)) } catch { return .failure(error) }
}
