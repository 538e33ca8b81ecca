import CleanSlate
import Foundation
import Testing

/// One snapshot compared with its reference file or inline text: what the public assertions share,
/// with the environment passed in (tests give their own instead of changing the process's).
///
/// Each function returns the failure message, or nil when the assertion passes.
package struct SnapshotComparison {
    /// What is compared, for messages: `screen snapshot "wizard"`.
    package let subject: String
    /// The rendering of what the app shows or wrote now.
    package let actual: String
    /// Whether `actual` is a styled screen rendering (then the message names the cells whose style changed).
    package let styled: Bool
    /// Called with the reference (or expected text) when it differs from `actual`; returns a line
    /// for the message (a screen snapshot writes its side-by-side page here and says where).
    package let onMismatch: ((String) -> String)?

    package init(subject: String, actual: String, styled: Bool, onMismatch: ((String) -> String)? = nil) {
        self.subject = subject
        self.actual = actual
        self.styled = styled
        self.onMismatch = onMismatch
    }

    /// Compares with the reference file `name`.txt (see ``referencePath(named:directory:location:)``),
    /// writing it as `choice` says.
    package func againstReference(at path: String, choice: SnapshotRecordChoice, rerecordFilter: String) -> String? {
        let stored: String?
        do { stored = try ReferenceFile.read(path) } catch { return "\(subject): \(error)" }
        guard let stored else {
            if choice.mode == .never {
                return "\(subject): there is no reference file \(path) (\(Self.describe(choice))). "
                    + rerecordAdvice(choice, mode: .missing, filter: rerecordFilter)
            }
            return "\(subject): " + record(at: path, done: "recorded the missing reference \(path) (\(Self.describe(choice))): "
                + "check it and commit it; the test passes from the next run")
        }
        if stored == actual {
            guard choice.mode == .all else { return nil }
            return "\(subject): " + record(at: path, done: "re-recorded \(path), unchanged (\(Self.describe(choice))): turn recording off to let the test pass")
        }
        let difference = differenceReport(reference: stored, label: "reference \(path)")
        if choice.mode == .failed || choice.mode == .all {
            return difference + "\n" + record(at: path, done: "re-recorded \(path) (\(Self.describe(choice))): review the change and commit it")
        }
        return difference + "\n" + rerecordAdvice(choice, mode: .failed, filter: rerecordFilter)
    }

    /// Compares with an inline expected text (one trailing newline of either is ignored).
    package func againstInline(_ expected: String) -> String? {
        let expected = expected.hasSuffix("\n") ? String(expected.dropLast()) : expected
        guard expected != actual else { return nil }
        return differenceReport(reference: expected, label: "expected text")
            + "\nTo accept what is shown now, replace the expected text with:\n\"\"\"\n\(actual)\n\"\"\""
    }

    /// The reference file of the snapshot `name` made at `location`: `__Snapshots__/<TestFile>/<name>.txt`
    /// next to the test's source file, or `<directory>/<name>.txt` when a directory is given.
    ///
    /// - Throws: `.invalidArgument` for a name that is empty, starts with `.`, or holds `/` or NUL.
    package static func referencePath(named name: String, directory: String?, location: CallerLocation) throws -> String {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0") else {
            throw CleanSlateError(.invalidArgument, "the snapshot name \(name.debugDescription) is not valid: it becomes the file name NAME.txt, "
                + "so use a non-empty name without '/' that does not start with '.'")
        }
        if let directory { return directory + "/" + name + ".txt" }
        let source = "\(location.filePath)"
        let folder = source.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var file = source.split(separator: "/").last.map(String.init) ?? source
        if file.hasSuffix(".swift") { file.removeLast(".swift".count) }
        return "\(folder)/__Snapshots__/\(file)/\(name).txt"
    }

    /// The `swift test --filter` argument that selects the running test: its Swift Testing ID, or
    /// under XCTest (which names no test here) the test's module, whose other snapshots the `failed`
    /// mode leaves alone when they match.
    package static func currentTestFilter(location: CallerLocation) -> String {
        if let test = Test.current {
            let components = test.id.nameComponents.map { component in
                component.firstIndex(of: "(").map { String(component[..<$0]) } ?? component
            }
            return test.id.moduleName + "." + components.joined(separator: "/")
        }
        return String(location.fileID.prefix { $0 != "/" })
    }

    /// Stores `actual` as the reference at `path`; returns `done`, or why it could not be stored.
    private func record(at path: String, done: String) -> String {
        do { try ReferenceFile.write(actual, to: path) } catch {
            return (error as? CleanSlateError)?.message ?? "could not record \(path): \(error)"
        }
        return done
    }

    private func differenceReport(reference: String, label: String) -> String {
        var report = "\(subject) does not match the \(label) (- expected, + actual):\n"
            + LineDiff.render(reference: reference, actual: actual)
        if styled {
            let changes = StyleChange.between(reference: reference, actual: actual)
            if !changes.isEmpty {
                report += "\ncells whose style changed:\n" + changes.map { "  \($0)" }.joined(separator: "\n")
            }
        }
        if let onMismatch { report += "\n" + onMismatch(reference) }
        return report
    }

    private func rerecordAdvice(_ choice: SnapshotRecordChoice, mode: SnapshotRecordMode, filter: String) -> String {
        switch choice.source {
        case .assertion:
            return "To record it, change this assertion's record: .\(choice.mode.rawValue) to record: .\(mode.rawValue) for one run "
                + "(the assertion's own mode wins over the suite's and CLEANSLATE_RECORD)."
        case .suite:
            return "To record it, set the suite's record mode (.snapshots(record:) or withSnapshotRecordMode) to .\(mode.rawValue) "
                + "for one run (it wins over CLEANSLATE_RECORD)."
        case .environment, .defaultMode, .continuousIntegration:
            return "To record it: CLEANSLATE_RECORD=\(mode.rawValue) swift test --filter '\(filter)'"
        }
    }

    private static func describe(_ choice: SnapshotRecordChoice) -> String {
        switch choice.source {
        case .assertion: return "record mode \(choice.mode.rawValue), set by the assertion"
        case .suite: return "record mode \(choice.mode.rawValue), set for the suite"
        case .environment: return "record mode \(choice.mode.rawValue), from CLEANSLATE_RECORD"
        case .defaultMode: return "record mode \(choice.mode.rawValue), the default"
        case .continuousIntegration: return "CI is set, so nothing is recorded unless asked"
        }
    }
}
