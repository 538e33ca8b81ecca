extension TerminalEmulator {
    /// The answer to primary DA (`CSI c`), xterm's as a VT520 (65): 132 columns (1), printer (2),
    /// selective erase (6), national replacement character sets (9), technical characters (15),
    /// locator port (16), terminal state interrogation (17), user windows (18), horizontal
    /// scrolling (21), ANSI colour (22), rectangular editing (28) and ANSI text locator (29).
    static let primaryDeviceAttributes = "\u{1B}[?65;1;2;6;9;15;16;17;18;21;22;28;29c"
    /// The answer to secondary DA (`CSI > c`): terminal type 64 (VT520), xterm patch level 380, no ROM cartridge.
    static let secondaryDeviceAttributes = "\u{1B}[>64;380;0c"
    /// The cell size in pixels used for pixel-size reports (`CSI 14 t`, `CSI 16 t`).
    static let cellPixelSize = (width: 8, height: 16)

    /// The most reply bytes kept while nobody takes them; later replies are dropped.
    static let maximumPendingReplies = 1 << 20

    /// Queues bytes for the application to read (bounded by ``maximumPendingReplies``).
    func reply(_ text: String) {
        guard replies.count + text.utf8.count <= TerminalEmulator.maximumPendingReplies else { return }
        replies.append(contentsOf: text.utf8)
    }

    /// DA1.
    func replyPrimaryDeviceAttributes() {
        reply(TerminalEmulator.primaryDeviceAttributes)
    }

    /// DA2.
    func replySecondaryDeviceAttributes() {
        reply(TerminalEmulator.secondaryDeviceAttributes)
    }

    /// DSR: 5 → operating status, 6 → cursor position (CPR, relative to the region and margins in origin mode);
    /// with `?`, 6 → DECXCPR `CSI ? row ; column ; page R` (page 1, as xterm).
    func deviceStatusReport(_ request: Int, dec: Bool) {
        // In origin mode the position is relative to the region; a cursor above or left of it reports 1.
        let row = max(cursorRow - (modes.origin ? scrollTop : 0) + 1, 1)
        let column = max(cursorColumn - (modes.origin ? leftMargin : 0) + 1, 1)
        switch (request, dec) {
        case (5, false): reply("\u{1B}[0n")
        case (6, false): reply("\u{1B}[\(row);\(column)R")
        case (6, true): reply("\u{1B}[?\(row);\(column);1R")
        case (15, true): reply("\u{1B}[?13n")  // no printer
        case (25, true): reply("\u{1B}[?20n")  // user-defined keys unlocked
        case (26, true): reply("\u{1B}[?27;1;0;0n")  // North American keyboard, ready, LK201
        case (53, true), (55, true): reply("\u{1B}[?50n")  // no DEC locator
        case (56, true): reply("\u{1B}[?57;0n")  // locator type: none
        case (62, true): reply("\u{1B}[0*{")  // DECMSR: no macro space
        case (63, true):
            // DECCKSR: the checksum of the (absent) macro definitions, tagged with the request's id.
            reply("\u{1B}P\(core.pointee.parser.parameters.value(1, default: 0, zeroIsDefault: false))!~0000\u{1B}\\")
        case (75, true): reply("\u{1B}[?70n")  // data integrity: no errors
        case (85, true): reply("\u{1B}[?83n")  // not configured for multiple sessions
        default: break
        }
    }

    /// DECRQM: `CSI ? Pn ; Ps $ y` (or without `?` for ANSI modes).
    func reportMode(_ mode: Int, dec: Bool) {
        reply("\u{1B}[\(dec ? "?" : "")\(mode);\(modeState(mode, dec: dec))$y")
    }

    /// XTWINOPS (`CSI Ps ; ... t`) for a virtual window the size of the screen: 1 and 2 de-iconify
    /// and iconify it, 3 moves it, 11 and 13 report that; 14 and 15 report the text area and the
    /// display in pixels (the display is the text area: there is nothing around it), 16 the cell
    /// size, 18 and 19 the same in characters, 20 and 21 the icon name and title; 22 and 23 push and
    /// pop the title and icon name. Requests to resize, maximise or go full screen are ignored: the
    /// size is the pseudo-terminal's, set by the test.
    func windowOperation() {
        let parameters = core.pointee.parser.parameters
        let cell = TerminalEmulator.cellPixelSize
        switch parameters.value(0, default: 0, zeroIsDefault: false) {
        case 1: settings.iconified = false
        case 2: settings.iconified = true
        case 3:
            settings.windowX = parameters.value(1, default: 0, zeroIsDefault: false)
            settings.windowY = parameters.value(2, default: 0, zeroIsDefault: false)
        case 11: reply("\u{1B}[\(settings.iconified ? 2 : 1)t")
        case 13: reply("\u{1B}[3;\(settings.windowX);\(settings.windowY)t")
        case 14: reply("\u{1B}[4;\(rows * cell.height);\(columns * cell.width)t")
        case 15: reply("\u{1B}[5;\(rows * cell.height);\(columns * cell.width)t")
        case 16: reply("\u{1B}[6;\(cell.height);\(cell.width)t")
        case 18: reply("\u{1B}[8;\(rows);\(columns)t")
        case 19: reply("\u{1B}[9;\(rows);\(columns)t")
        case 20: reply("\u{1B}]L\(iconName)\u{1B}\\")
        case 21: reply("\u{1B}]l\(title)\u{1B}\\")
        case 22: pushTitle(which: parameters.value(1, default: 0, zeroIsDefault: false))
        case 23: popTitle(which: parameters.value(1, default: 0, zeroIsDefault: false))
        default: break
        }
    }

    /// XTWINOPS 22 (which: 0 both, 1 the icon name, 2 the title): saves the title and icon name;
    /// xterm saves both whichever is named, so popping both after pushing one restores both.
    private func pushTitle(which: Int) {
        guard (0...2).contains(which) else { return }
        if settings.titleStack.count == ReportedSettings.titleStackLimit { settings.titleStack.removeFirst() }
        settings.titleStack.append((title: title, iconName: iconName))
    }

    /// XTWINOPS 23: restores from the newest entry what `which` names (0 both, 1 the icon name, 2 the title).
    private func popTitle(which: Int) {
        guard (0...2).contains(which), let saved = settings.titleStack.popLast() else { return }
        if which != 1, let savedTitle = saved.title { title = savedTitle }
        if which != 2, let savedIcon = saved.iconName { iconName = savedIcon }
    }
}
