/// Which of the test runner's own environment variables reach the app.
///
/// By default none do except `PATH`: the app sees a deterministic environment built from the sandbox
/// and ``PinnedEnvironment``, so it behaves the same on a laptop and in CI and cannot reach the
/// user's real session (keyring, D-Bus, display, SSH agent).
public struct EnvironmentPolicy: Sendable, Equatable {
    /// Host variables copied into the app's environment by name (if set on the host).
    public var passedThrough: Set<String>
    /// When true, the whole host environment is the starting point; the sandbox's and pinned
    /// variables are still applied over it, and `launchEnvironment` last.
    public var inheritsHostEnvironment: Bool

    /// Creates a policy.
    public init(passedThrough: Set<String> = [], inheritsHostEnvironment: Bool = false) {
        self.passedThrough = passedThrough
        self.inheritsHostEnvironment = inheritsHostEnvironment
    }

    /// Only `PATH` from the host; everything else pinned or from the sandbox.
    public static let isolated = EnvironmentPolicy()
}

/// The fixed values every launch gets, so output does not depend on the machine running the test.
public enum PinnedEnvironment {
    /// Locale: C.UTF-8 (present on every glibc system; UTF-8 without translations).
    public static let locale = "C.UTF-8"
    /// Time zone: UTC.
    public static let timeZone = "UTC"
    /// User and login name.
    public static let userName = "cleanslate"
    /// Used for `PATH` when the host has none.
    public static let fallbackPath = "/usr/local/bin:/usr/bin:/bin"
    /// `TERM` for launches over pipes: a terminal with no capabilities, so apps do not emit escapes.
    public static let pipeTerminal = "dumb"
    /// `TERM` for launches on a pseudo-terminal.
    public static let terminalType = "xterm-256color"

    /// Host variables that reach the user's real session; never passed unless named explicitly in
    /// ``EnvironmentPolicy/passedThrough``, even when the whole host environment is inherited.
    public static let sessionVariables: Set<String> = [
        "DBUS_SESSION_BUS_ADDRESS", "SSH_AUTH_SOCK", "SSH_AGENT_PID", "GPG_AGENT_INFO", "DISPLAY",
        "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_SESSION_ID", "XDG_SESSION_TYPE", "XDG_SEAT",
        "XDG_VTNR", "XDG_CURRENT_DESKTOP", "XDG_DATA_DIRS", "XDG_CONFIG_DIRS", "GNOME_KEYRING_CONTROL",
        "KRB5CCNAME", "SESSION_MANAGER", "DESKTOP_SESSION", "TMUX", "TMUX_PANE", "STY", "WINDOWID",
        "COLUMNS", "LINES", "NO_COLOR", "COLORTERM", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE",
        "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "VTE_VERSION", "LS_COLORS", "PWD", "OLDPWD",
    ]
}
