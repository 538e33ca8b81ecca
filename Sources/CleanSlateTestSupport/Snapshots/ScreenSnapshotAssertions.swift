import CleanSlate

/// How a screen snapshot is written down.
public enum ScreenSnapshotFormat: String, Sendable, CaseIterable {
    /// The rows' text (`ScreenSnapshot/plainText(replacing:)`).
    case text
    /// The rows' text with the size, the cursor and a line per run of styled cells
    /// (`ScreenSnapshot/styledText(replacing:)`), so a change of colour or attribute fails.
    case styled

    /// `screen` in this format, with `replacements` applied to its text.
    public func render(_ screen: ScreenSnapshot, replacing replacements: TextReplacements = .none) -> String {
        switch self {
        case .text: return screen.plainText(replacing: replacements)
        case .styled: return screen.styledText(replacing: replacements)
        }
    }
}

/// Asserts that `app`'s screen, once settled, matches the reference file `named`.txt, stored in
/// `__Snapshots__/<TestFile>/` next to the test's source file.
///
/// The assertion waits until the app has written nothing for `quietPeriod`
/// (`AppLauncher/waitForScreenToSettle(quietPeriod:timeout:)`), renders the screen in `format`
/// with the sandbox's paths replaced by placeholders (`Sandbox/placeholders`), and compares. A
/// mismatch fails the test (in Swift Testing or XCTest, whichever runs it) with a line diff, the
/// cells whose style changed, the path of a page that shows both screens side by side with the
/// differing cells shaded (written into the test's artifact folder, `CLEANSLATE_ARTIFACTS`, and
/// attached under Swift Testing), and how to re-record. When the reference is written is set by
/// ``SnapshotRecordMode``.
///
/// This form blocks its thread while the screen settles; an `async` test calls the awaited form
/// of the same name, with `await`.
///
/// - Parameters:
///   - record: this assertion's record mode; nil uses the suite's, else `CLEANSLATE_RECORD`, else `.missing`
///     (`.never` when `CI` is set).
///   - snapshotDirectory: the folder of the reference file instead of `__Snapshots__/<TestFile>`.
///   - timeout: how long to wait for the screen to settle; nil uses the app's default timeout.
public func assertScreenSnapshot(
    of app: AppLauncher, named name: String, format: ScreenSnapshotFormat = .text, record: SnapshotRecordMode? = nil,
    snapshotDirectory: String? = nil, quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let check = ScreenSnapshotCheck(app: app, format: format, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    check.report(check.againstReference(Result { try app.waitForScreenToSettle(quietPeriod: quietPeriod, timeout: timeout) },
                                        named: name, record: record, directory: snapshotDirectory))
}

/// Asserts that `app`'s screen, once settled, reads `expected` in `format` (with the sandbox's paths
/// replaced by placeholders); one trailing newline of `expected` is ignored. In the `.text` format
/// `expected` may stop at the last row with content: the screen's rows below it must be blank (a
/// one-line message on a 24-row screen is one line, not 24). A mismatch fails with a line diff, the
/// path of the side-by-side page (as for a reference file) and the text to paste to accept the new
/// screen. An `async` test calls the awaited form of the same name, with `await`.
public func assertScreenSnapshot(
    of app: AppLauncher, format: ScreenSnapshotFormat = .text, matches expected: String,
    quietPeriod: Duration = .milliseconds(100), timeout: Duration? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let check = ScreenSnapshotCheck(app: app, format: format, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    check.report(check.againstInline(Result { try app.waitForScreenToSettle(quietPeriod: quietPeriod, timeout: timeout) }, expected: expected))
}
