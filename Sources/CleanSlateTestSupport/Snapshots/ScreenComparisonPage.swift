import CleanSlate
import CleanSlateScreen
import Foundation
import Testing

/// The side-by-side page of a screen snapshot that does not match its reference: both screens as
/// pictures with the differing cells shaded (``ScreenComparison/html(reference:actual:title:marking:)``),
/// written into the test's artifact folder (``FailureArtifacts/directory``) and, under Swift
/// Testing, attached to the test.
struct ScreenComparisonPage {
    /// The screen compared, as the app showed it.
    let screen: ScreenSnapshot
    let format: ScreenSnapshotFormat
    let sandbox: Sandbox
    /// The snapshot's name (the reference file's), or nil for an inline expected text.
    let snapshotName: String?
    let location: CallerLocation

    /// Writes the page of `reference` (a rendering in ``format``) against ``screen`` and returns the
    /// line for the failure message: where the page is, or why it could not be written (never a
    /// failure of its own: the mismatch is the test's one failure).
    func write(reference: String) -> String {
        // The screen as compared: with the sandbox's paths replaced, as in the rendering.
        let actual = (try? ScreenSnapshot(styledText: screen.styledText(replacing: sandbox.placeholders))) ?? screen
        let referenceScreen: ScreenSnapshot
        let differences: Set<ScreenPosition>
        do {
            switch format {
            case .text:
                referenceScreen = try ScreenSnapshot(plainText: reference, rows: actual.rows, columns: actual.columns)
                differences = ScreenComparison.differingCharacters(referenceScreen, actual)
            case .styled:
                referenceScreen = try ScreenSnapshot(styledText: reference)
                differences = ScreenComparison.differingCells(referenceScreen, actual)
            }
        } catch {
            return "No side-by-side page: the reference cannot be drawn as a screen (\(error))."
        }
        let testName = RunningTestName.current(sandbox: sandbox, location: location)
        let label = snapshotName ?? "inline"
        let title = "screen snapshot \(snapshotName.map(\.debugDescription) ?? "(inline)") of \(testName)"
        // Both drawn in the palette the app set (read back from the rendering, `actual` has none).
        let page = ScreenComparison.html(reference: referenceScreen, actual: actual, title: title, marking: differences, colors: screen.colors)
        let path: String
        do {
            path = try FailureArtifacts.writeNewFile(page, testName: testName, named: "snapshot-" + label, extension: "html")
        } catch {
            return "Could not write the side-by-side page of both screens into \(FailureArtifacts.directory): "
                + "\(FailureArtifacts.reason(error)) (set CLEANSLATE_ARTIFACTS to a writable folder)."
        }
        if TestFailure.currentFramework == .swiftTesting {
            Attachment.record(Array(page.utf8), named: "snapshot-\(label).html", sourceLocation: location.sourceLocation)
        }
        return "Both screens side by side, the differing cells shaded: \(path)"
    }
}
