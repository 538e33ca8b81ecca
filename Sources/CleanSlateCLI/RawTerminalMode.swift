import Glibc

/// The user's terminal in raw mode for the duration of a terminal run, so every keystroke
/// (Ctrl-C included) goes to the app; restored on every normal exit path.
final class RawTerminalMode {
    private let fd: Int32
    private var saved = termios()
    private var active = false

    init?(fd: Int32) {
        self.fd = fd
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        cfmakeraw(&raw)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        active = true
    }

    func restore() {
        guard active else { return }
        active = false
        _ = tcsetattr(fd, TCSANOW, &saved)
    }
}
