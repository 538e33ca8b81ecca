import Foundation
import CleanSlate
import Glibc
import _CleanSlateCShim

/// The file `cleanslate record --output FILE` writes the test to: whole, or not at all.
///
/// FILE must be a regular file or a path that does not exist yet (``OutputFileKind``): a symlink, a
/// device or a FIFO there is refused, never replaced. The test is written into an unnamed file
/// (`O_TMPFILE`) in FILE's folder, opened before the session starts (so a folder that cannot be
/// written fails at once) and named only once the test is complete: linked at FILE when FILE does
/// not exist, else linked at a temporary name beside it and renamed over FILE. A record killed
/// before that (SIGKILL included) leaves no file behind, since the kernel frees an unnamed file with
/// its last descriptor; only a kill between the link and the rename, two system calls, leaves the
/// finished test at a temporary name `.FILE.XXXXXX`. Where the file system has no unnamed files, or
/// `/proc` is missing, the temporary file is named (mkstemp) when the test is written and removed
/// on any failure.
struct TestFile {
    let path: String
    /// The unnamed file in the folder of ``path``; nil where the file system has none.
    private let unnamed: Int32?

    private var folder: String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Checks `path` and opens the unnamed file beside it; throws ``RecordingFileError`` (exit code
    /// 73) when `path` is neither a regular file nor missing, or its folder does not exist or cannot
    /// be written.
    static func prepare(_ path: String) throws -> TestFile {
        try checkKind(of: path)
        let file = TestFile(path: path, unnamed: nil)
        let descriptor = SystemCall.retryingInterrupted { cs_open_unnamed_file(file.folder, 0o644) }
        if descriptor >= 0 { return TestFile(path: path, unnamed: descriptor) }
        // No unnamed files here: the folder is checked by making (and removing) a named one.
        if [EOPNOTSUPP, EISDIR].contains(errno), let probe = file.makeTemporary() {
            close(probe.descriptor)
            unlink(probe.path)
            return file
        }
        throw RecordingFileError(message: "cannot create the test \(path): its folder does not exist or is not writable (errno \(errno)); give --output a path in a writable folder")
    }

    /// Refuses `path` unless it is a regular file or does not exist (the user's own file at that
    /// path is never replaced by something else, nor something else by a regular file).
    private static func checkKind(of path: String) throws {
        var info = stat()
        // A path that cannot be looked at (missing, or its folder missing) is for the open to judge.
        guard lstat(path, &info) == 0, let refusal = OutputFileKind.refusal(of: info.st_mode, for: "--output") else { return }
        throw RecordingFileError(message: "cannot write the test to \(path): \(refusal)")
    }

    /// Writes `text` and gives the file the name ``path``; throws ``RecordingFileError`` when it
    /// cannot (``path`` is then as it was, and no temporary file is left).
    func commit(_ text: String) throws {
        defer { discard() }
        // Checked again: the session may have lasted long enough for something else to be put there.
        try Self.checkKind(of: path)
        let bytes = Array(text.utf8)
        if let unnamed {
            guard CLIOutput.write(bytes, to: unnamed), fchmod(unnamed, 0o644) == 0 else {
                throw RecordingFileError(message: "cannot write the test to \(path): writing failed (errno \(errno))")
            }
            if name(unnamed) { return }
        }
        try commitNamed(bytes)
    }

    /// Gives the written unnamed file the name ``path``: a link when nothing is there, a link at a
    /// temporary name renamed over the regular file that is there; false when the file cannot be
    /// linked at all (no `/proc`), and then no name was made.
    private func name(_ descriptor: Int32) -> Bool {
        let source = "/proc/self/fd/\(descriptor)"
        if linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 { return true }
        guard errno == EEXIST else { return false }
        for _ in 0..<100 {
            let temporary = temporaryPrefix + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            if linkat(AT_FDCWD, source, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 {
                if rename(temporary, path) == 0 { return true }
                unlink(temporary)
                return false
            }
            if errno != EEXIST { return false }
        }
        return false
    }

    /// Writes `bytes` to a new named temporary file beside ``path`` and renames it to ``path``;
    /// removes it and throws ``RecordingFileError`` when either fails.
    private func commitNamed(_ bytes: [UInt8]) throws {
        guard let temporary = makeTemporary() else {
            throw RecordingFileError(message: "cannot create the test \(path): its folder is not writable (errno \(errno)); give --output a path in a writable folder")
        }
        // mkstemp makes it 0600; a source file is as readable as the folder's others.
        let written = CLIOutput.write(bytes, to: temporary.descriptor) && fchmod(temporary.descriptor, 0o644) == 0
        let code = errno
        close(temporary.descriptor)
        guard written, rename(temporary.path, path) == 0 else {
            let failure = written ? "renaming failed (errno \(errno))" : "writing failed (errno \(code))"
            unlink(temporary.path)
            throw RecordingFileError(message: "cannot write the test to \(path): \(failure)")
        }
    }

    /// The beginning of a temporary name beside ``path``: `.NAME.` in its folder.
    private var temporaryPrefix: String {
        folder + "/." + (path as NSString).lastPathComponent + "."
    }

    /// A new, empty file at ``temporaryPrefix`` and six random characters (mkstemp: never a name
    /// someone else put there first), open for writing; nil with `errno` set when it cannot be made.
    private func makeTemporary() -> (path: String, descriptor: Int32)? {
        var template = Array((temporaryPrefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        return (template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, descriptor)
    }

    /// Gives up the unnamed file (nothing was written to ``path``).
    func discard() {
        if let unnamed { close(unnamed) }
    }
}
