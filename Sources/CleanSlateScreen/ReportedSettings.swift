/// Settings that change nothing on the screen but that an application can set and read back
/// (DECRQM, DECRQSS, XTWINOPS reports), kept so the answers tell the truth.
struct ReportedSettings {
    /// Modes with no effect here that xterm lets an application set and query, by number: ANSI
    /// KAM (2) and SRM (12); DEC DECSCLM (4), DECPFF (18), DECPEX (19), DECHEBM (35), DECNRCM (42)
    /// and DECBKM (67).
    var ansiModes: Set<Int> = []
    var decModes: Set<Int> = []
    /// The virtual window: its position on the display (XTWINOPS 3 sets it, 13 reports it) and
    /// whether it is iconified (XTWINOPS 1 and 2 change it, 11 reports it).
    var windowX = 0
    var windowY = 0
    var iconified = false
    /// Titles saved by XTWINOPS 22 and restored by 23, newest last (nil: that part was not saved).
    var titleStack: [(title: String?, iconName: String?)] = []
    /// DECSCL's conformance level (61 to 65) as the application set it.
    var conformanceLevel = 65
    /// Reverse wraparound (DECSET 45 or 1045): BS and CUB at the left margin go to the line above.
    var reverseWraparound = false
    /// DEC private modes saved by XTSAVE (`CSI ? Pm s`), for XTRESTORE (`CSI ? Pm r`).
    var savedDECModes: [Int: Bool] = [:]
    /// DECSACE: 2 when DECCARA and DECRARA act on a rectangle, 0 or 1 for a stream of characters.
    var attributeChangeExtent = 0

    /// The ANSI modes stored here.
    static let storedANSIModes: Set<Int> = [2, 12]
    /// The DEC private modes stored here.
    static let storedDECModes: Set<Int> = [4, 18, 19, 35, 42, 67]
    /// ANSI modes xterm reports as permanently reset (DECRQM answer 4).
    static let permanentlyResetANSIModes: Set<Int> = [1, 5, 7, 10, 11, 13, 14, 15, 16, 17, 18, 19]
    /// DEC private modes reported as permanently reset (DECHCCM, horizontal cursor coupling).
    static let permanentlyResetDECModes: Set<Int> = [60]
    /// How many titles XTWINOPS 22 keeps, as xterm.
    static let titleStackLimit = 10
}
