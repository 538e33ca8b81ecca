/// The terminal modes an application can switch that matter to a test or to input encoding.
public struct TerminalModes: Sendable, Equatable {
    /// DECCKM (`CSI ? 1 h`): cursor keys send `ESC O A` instead of `CSI A`.
    public var applicationCursorKeys = false
    /// DECKPAM (`ESC =`) / DECKPNM (`ESC >`): the keypad sends application sequences.
    public var applicationKeypad = false
    /// `CSI ? 2004 h`: pasted text is wrapped in `CSI 200 ~` … `CSI 201 ~`.
    public var bracketedPaste = false
    /// DECAWM (`CSI ? 7 h`, on by default): printing past the last column wraps to the next line.
    public var autowrap = true
    /// IRM (`CSI 4 h`): printed characters push the rest of the line to the right.
    public var insert = false
    /// DECOM (`CSI ? 6 h`): cursor addressing is relative to the scroll region.
    public var origin = false
    /// DECTCEM (`CSI ? 25 h`, on by default): the cursor is shown.
    public var cursorVisible = true
    /// Whether the alternate screen (`CSI ? 47/1047/1049 h`) is shown.
    public var alternateScreen = false
    /// Which mouse events the application asked to receive.
    public var mouseTracking: MouseTrackingMode = .off
    /// How mouse events are to be encoded.
    public var mouseEncoding: MouseEncoding = .default
    /// `CSI ? 1004 h`: focus in/out is reported as `CSI I` / `CSI O`.
    public var focusEvents = false
    /// DECSCNM (`CSI ? 5 h`): the whole screen is shown in reverse video.
    public var reverseVideo = false
    /// LNM (`CSI 20 h`): line feed also returns the carriage.
    public var newLine = false
    /// DECSCUSR (`CSI Ps SP q`): the cursor shape the application asked for.
    public var cursorStyle: CursorStyle = .default

    /// Creates the modes of a freshly reset terminal.
    public init() {}
}

/// Which mouse events an application asked for.
public enum MouseTrackingMode: Sendable, Equatable {
    /// No mouse reporting.
    case off
    /// X10 compatibility (`CSI ? 9 h`): button presses only.
    case x10
    /// Normal tracking (`CSI ? 1000 h`): presses and releases.
    case normal
    /// Button-event tracking (`CSI ? 1002 h`): also motion while a button is held.
    case buttonEvent
    /// Any-event tracking (`CSI ? 1003 h`): all motion.
    case anyEvent
}

/// How mouse reports are encoded.
public enum MouseEncoding: Sendable, Equatable {
    /// The original `CSI M` with three bytes offset by 32.
    case `default`
    /// UTF-8 coordinates (`CSI ? 1005 h`).
    case utf8
    /// SGR style `CSI < b ; x ; y M/m` (`CSI ? 1006 h`).
    case sgr
    /// urxvt style `CSI b ; x ; y M` (`CSI ? 1015 h`).
    case urxvt
}

/// The cursor shapes of DECSCUSR (`CSI Ps SP q`); the raw value is `Ps`.
public enum CursorStyle: Int, Sendable, Equatable {
    /// The terminal's configured shape (`Ps` 0).
    case `default` = 0
    /// A blinking block (1).
    case blinkingBlock = 1
    /// A steady block (2).
    case steadyBlock = 2
    /// A blinking underline (3).
    case blinkingUnderline = 3
    /// A steady underline (4).
    case steadyUnderline = 4
    /// A blinking vertical bar (5).
    case blinkingBar = 5
    /// A steady vertical bar (6).
    case steadyBar = 6
}
