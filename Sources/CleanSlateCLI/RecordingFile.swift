import Foundation

/// The file `cleanslate run --record FILE` writes the session to: created (emptied) before the app
/// starts, so a path that cannot be written fails the run at once; filled once the app has ended.
struct RecordingFile {
    let path: String

    /// Creates or empties the file at `path`.
    static func create(_ path: String) throws -> RecordingFile {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RecordingFileError(message: "cannot create the recording \(path): its folder does not exist or is not writable; give --record a path in a writable folder")
        }
        return RecordingFile(path: path)
    }

    /// Writes the recording; false if it could not be written.
    func write(_ recording: String) -> Bool {
        (try? Data(recording.utf8).write(to: URL(fileURLWithPath: path))) != nil
    }
}

/// `--record` was given a file that cannot be created (exit code 73, as sysexits' EX_CANTCREAT).
struct RecordingFileError: Error {
    let message: String
}
