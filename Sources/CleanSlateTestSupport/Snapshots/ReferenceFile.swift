import CleanSlate
import Foundation

/// Reading and writing a snapshot's reference file: the rendering followed by one newline.
enum ReferenceFile {
    /// The rendering stored at `path`, or nil when there is no file.
    ///
    /// - Throws: `.invalidArgument` naming the path when it exists but cannot be read as UTF-8 text.
    static func read(_ path: String) throws -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8) else {
            throw CleanSlateError(.invalidArgument, "the reference \(path) exists but is not a readable UTF-8 file: "
                + "delete or fix it, then record it again")
        }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Stores `rendering` at `path` (creating its folders), replacing the file in one step.
    ///
    /// - Throws: `.invalidArgument` naming the path and the reason.
    static func write(_ rendering: String, to path: String) throws {
        do {
            try FailureArtifacts.makeFolders((path as NSString).deletingLastPathComponent)
            try Data((rendering + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CleanSlateError(.invalidArgument, "could not record the reference \(path): \(FailureArtifacts.reason(error)); "
                + "make its folder writable or pass another snapshotDirectory:")
        }
    }
}
