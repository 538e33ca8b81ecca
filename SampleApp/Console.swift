import Glibc

/// Unbuffered access to the standard streams through write(2) and read(2).
///
/// Writing straight to the file descriptors means a prompt is on the pipe the moment it is
/// printed (no stdio buffer to flush) and nothing is lost when the process exits early.
enum Console {
    /// Writes `text` to standard output; a failed write (a closed pipe, a full disk) is an I/O error.
    static func write(_ text: String) throws(SampleAppError) {
        guard FileDescriptorIO.writeAll(Array(text.utf8), to: STDOUT_FILENO) else {
            throw SampleAppError(status: .ioError, message: "cannot write to standard output (\(FileDescriptorIO.lastErrorDescription()))")
        }
    }

    /// Writes `line` and a newline to standard output.
    static func writeLine(_ line: String) throws(SampleAppError) {
        try write(line + "\n")
    }

    /// Writes `line` and a newline to standard error, prefixed `sampleapp: `. Best effort: there
    /// is nowhere left to report a failure to write to standard error.
    static func reportError(_ line: String) {
        _ = FileDescriptorIO.writeAll(Array("sampleapp: \(line)\n".utf8), to: STDERR_FILENO)
    }

    /// Reads one line from standard input, one byte at a time so that nothing past the newline
    /// is consumed. Returns nil at end of input when no byte was read; invalid UTF-8 is repaired.
    static func readLine() throws(SampleAppError) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                throw SampleAppError(status: .ioError, message: "cannot read standard input (\(FileDescriptorIO.lastErrorDescription()))")
            }
            if count == 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
