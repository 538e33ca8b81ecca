import Glibc

/// Switches the terminal on standard input to raw mode with termios and back.
///
/// Raw mode (cfmakeraw) delivers every key as it is pressed, without echo, line editing,
/// output post-processing or signal keys: Ctrl-C arrives as the byte 0x03 for the wizard to
/// handle itself.
final class RawMode {
    private var original = termios()
    private var isRaw = false

    /// Saves the current settings and switches to raw mode. Pending input is kept (TCSANOW),
    /// so keys typed before the wizard started are not lost.
    func enable() throws(SampleAppError) {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw SampleAppError(status: .ioError, message: "cannot read the terminal settings (\(FileDescriptorIO.lastErrorDescription()))")
        }
        var raw = original
        cfmakeraw(&raw)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            throw SampleAppError(status: .ioError, message: "cannot switch the terminal to raw mode (\(FileDescriptorIO.lastErrorDescription()))")
        }
        isRaw = true
    }

    /// Puts the saved settings back once all output has been written. Safe to call repeatedly.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        while tcsetattr(STDIN_FILENO, TCSADRAIN, &original) != 0 && errno == EINTR {}
    }
}
