import CleanSlate
import CleanSlateScreen

/// The comparison of a settled screen, shared by the blocking and the awaited screen snapshot
/// assertions: they differ only in how they wait for the screen to settle, and hand the outcome here.
///
/// Each function returns the failure message, or nil when the assertion passes.
struct ScreenSnapshotCheck {
    let app: AppLauncher
    let format: ScreenSnapshotFormat
    let location: CallerLocation

    /// Compares the settled screen with the reference file `name` (see
    /// ``assertScreenSnapshot(of:named:format:record:snapshotDirectory:quietPeriod:timeout:fileID:filePath:line:column:)-338bz``).
    func againstReference(
        _ settled: Result<ScreenSnapshot, any Error>, named name: String, record: SnapshotRecordMode?, directory: String?
    ) -> String? {
        let subject = "screen snapshot \(name.debugDescription)"
        let screen: ScreenSnapshot
        do { screen = try settled.get() } catch { return "\(subject): waiting for the screen to settle failed: \(settleFailure(error))" }
        let page = ScreenComparisonPage(screen: screen, format: format, sandbox: app.sandbox, snapshotName: name, location: location)
        let comparison = SnapshotComparison(subject: subject, actual: format.render(screen, replacing: app.sandbox.placeholders),
                                            styled: format == .styled, onMismatch: page.write)
        return SnapshotAssertion.verify(comparison, named: name, record: record, directory: directory, location: location)
    }

    /// Why the screen did not settle: a `CleanSlateError` located at the assertion (the test's
    /// line), as a failed step is, rather than at the assertion's own call of the wait (which is
    /// not the same line in the blocking and the awaited form).
    private func settleFailure(_ error: any Error) -> String {
        guard let error = error as? CleanSlateError else { return "\(error)" }
        let assertion = CleanSlateError.SourceLocation(fileID: location.fileID, filePath: "\(location.filePath)",
                                                       line: Int(location.line), column: Int(location.column))
        return "\(error.located(at: assertion))"
    }

    /// Reports `message`, if any, as the test's failure at the assertion's location.
    func report(_ message: String?) {
        SnapshotAssertion.report(message, at: location)
    }

    /// Compares the settled screen with an inline `expected` text (see
    /// ``assertScreenSnapshot(of:format:matches:quietPeriod:timeout:fileID:filePath:line:column:)-3lop3``).
    func againstInline(_ settled: Result<ScreenSnapshot, any Error>, expected: String) -> String? {
        let screen: ScreenSnapshot
        do { screen = try settled.get() } catch { return "waiting for the screen to settle failed: \(settleFailure(error))" }
        let page = ScreenComparisonPage(screen: screen, format: format, sandbox: app.sandbox, snapshotName: nil, location: location)
        let rendered = format.render(screen, replacing: app.sandbox.placeholders)
        // Trailing blank rows are left out of both sides: the rows are the screen's, so none is lost.
        let trims = format == .text
        let comparison = SnapshotComparison(subject: "the screen", actual: trims ? droppingTrailingBlankRows(rendered) : rendered,
                                            styled: format == .styled, onMismatch: page.write)
        return comparison.againstInline(trims ? droppingTrailingBlankRows(expected) : expected)
    }
}

/// `text` without its trailing rows that hold only blanks (and without the line feed before them).
func droppingTrailingBlankRows(_ text: String) -> String {
    var rows = text.split(separator: "\n", omittingEmptySubsequences: false)
    while rows.count > 1, rows.last?.allSatisfy(\.isWhitespace) == true { rows.removeLast() }
    return rows.joined(separator: "\n")
}
