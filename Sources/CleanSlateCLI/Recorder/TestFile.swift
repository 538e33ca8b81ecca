import Foundation
import Glibc

/// The file `cleanslate record --output FILE` writes the test to, atomically: a temporary file
/// beside it, created before the session starts (so a folder that cannot be written fails at
/// once), renamed over FILE once the test is written. Nothing is left half-written: on any failure
/// the temporary file is removed and FILE is untouched.
struct TestFile {
    let path: String
    private let temporaryPath: String

    /// Creates the temporary file beside `path`; throws ``RecordingFileError`` (exit code 73) when
    /// the folder does not exist or cannot be written, or `path` is a directory.
    static func prepare(_ path: String) throws -> TestFile {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw RecordingFileError(message: "cannot write the test to \(path): it is a directory; give --output a file path")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        guard let temporary = makeUnique((folder.isEmpty ? "." : folder) + "/.\(name).") else {
            throw RecordingFileError(message: "cannot create the test \(path): its folder does not exist or is not writable (errno \(errno)); give --output a path in a writable folder")
        }
        return TestFile(path: path, temporaryPath: temporary)
    }

    /// A new, empty file whose path is `prefix` and six random characters (mkstemp: never a name
    /// someone else put there first, such as a symlink in a shared folder); nil with `errno` set
    /// when it cannot be made.
    static func makeUnique(_ prefix: String) -> String? {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Writes `text` to the temporary file and renames it to ``path``; removes it and throws
    /// ``RecordingFileError`` when either fails.
    func commit(_ text: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporaryPath))
            // mkstemp makes it 0600; a source file is as readable as the folder's others.
            chmod(temporaryPath, 0o644)
        } catch {
            discard()
            throw RecordingFileError(message: "cannot write the test to \(path): \(error.localizedDescription)")
        }
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            discard()
            throw RecordingFileError(message: "cannot write the test to \(path): renaming failed (errno \(code))")
        }
    }

    /// Removes the temporary file (nothing was written to `path`).
    func discard() {
        unlink(temporaryPath)
    }
}
