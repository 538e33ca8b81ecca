import Foundation
import CleanSlate
import Glibc

/// The file `cleanslate run --record FILE` writes the session to: opened before the app starts, so a
/// path that cannot be written fails the run at once; filled once the app has ended.
///
/// What the user named is written into, never replaced: a symlink's target is written; a regular
/// file is emptied and written; a character device (`/dev/null`, a terminal) or a FIFO that something
/// reads is written in place. A FIFO that nothing reads, a socket, a block device or a directory is
/// refused with an error that says so.
struct RecordingFile {
    let path: String
    /// Open for writing (close-on-exec, so no app inherits it) from the start to the end of the run.
    private let descriptor: Int32

    /// Opens (creating it if missing) the file at `path` for the recording, emptying a regular file.
    static func create(_ path: String) throws -> RecordingFile {
        // O_NONBLOCK: opening a FIFO that nothing reads fails at once (ENXIO) instead of hanging.
        // No O_TRUNC: what was opened is looked at first, and only a regular file is emptied.
        let descriptor = SystemCall.retryingInterrupted { open(path, O_WRONLY | O_CREAT | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0o666) }
        guard descriptor >= 0 else {
            let code = errno
            throw RecordingFileError(message: describe(openFailure: code, at: path))
        }
        var info = stat()
        let problem: String?
        if fstat(descriptor, &info) != 0 {
            problem = "its status cannot be read (errno \(errno))"
        } else {
            if info.st_mode & S_IFMT == S_IFREG {
                problem = SystemCall.retryingInterrupted { ftruncate(descriptor, 0) } == 0 ? nil : "it cannot be emptied (errno \(errno))"
            } else {
                problem = OutputFileKind.refusal(of: info.st_mode, for: "--record", writtenInPlace: [S_IFCHR, S_IFIFO])
            }
        }
        if let problem {
            close(descriptor)
            throw RecordingFileError(message: "cannot write the recording to \(path): \(problem)")
        }
        // Writes block from here on, as they would on any file (a FIFO's reader sets the pace).
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return RecordingFile(path: path, descriptor: descriptor)
    }

    /// Why opening `path` for writing failed with `code`, and what to do.
    private static func describe(openFailure code: Int32, at path: String) -> String {
        if [ENOENT, ENOTDIR, EACCES, EROFS].contains(code) {
            return "cannot create the recording \(path): its folder does not exist or is not writable; give --record a path in a writable folder"
        }
        return "cannot write the recording to \(path): " + reason(openFailure: code, at: path)
    }

    /// The reason part of ``describe(openFailure:at:)``.
    private static func reason(openFailure code: Int32, at path: String) -> String {
        switch code {
        case ENXIO:
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO {
                return "it is a FIFO that nothing reads; start its reader first, or give --record a regular file"
            }
            return "it is a socket or a device without a driver; give --record a regular file"
        case EISDIR:
            return "it is a directory; give --record a file path"
        default:
            return "the file cannot be opened for writing (errno \(code)); give --record a path in a writable folder"
        }
    }

    /// Writes the recording and closes the file; false if it could not be written.
    func write(_ recording: String) -> Bool {
        defer { close(descriptor) }
        return CLIOutput.write(Array(recording.utf8), to: descriptor)
    }
}

/// `--record` was given a file that cannot be written (exit code 73, as sysexits' EX_CANTCREAT).
struct RecordingFileError: Error {
    let message: String
}
