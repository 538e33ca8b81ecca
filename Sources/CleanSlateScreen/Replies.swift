extension TerminalEmulator {
    /// The answer to primary DA (`CSI c`): a VT220 (62) with ANSI colour (22).
    static let primaryDeviceAttributes = "\u{1B}[?62;22c"
    /// The answer to secondary DA (`CSI > c`): terminal type 1 (VT220), firmware version 10, no ROM cartridge.
    static let secondaryDeviceAttributes = "\u{1B}[>1;10;0c"
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

    /// DSR: 5 → operating status, 6 → cursor position (CPR, relative to the region in origin mode);
    /// with `?`, 6 → DECXCPR `CSI ? row ; column ; page R` (page 1, as xterm).
    func deviceStatusReport(_ request: Int, dec: Bool) {
        let row = cursorRow - (modes.origin ? scrollTop : 0) + 1
        let column = cursorColumn + 1
        switch (request, dec) {
        case (5, false): reply("\u{1B}[0n")
        case (6, false): reply("\u{1B}[\(row);\(column)R")
        case (6, true): reply("\u{1B}[?\(row);\(column);1R")
        default: break
        }
    }

    /// DECRQM: `CSI ? Pn ; Ps $ y` (or without `?` for ANSI modes).
    func reportMode(_ mode: Int, dec: Bool) {
        reply("\u{1B}[\(dec ? "?" : "")\(mode);\(modeState(mode, dec: dec))$y")
    }

    /// XTWINOPS reports: 14 text area in pixels, 16 cell size in pixels, 18 text area and 19 screen in characters.
    func windowOperation(_ operation: Int) {
        let cell = TerminalEmulator.cellPixelSize
        switch operation {
        case 14: reply("\u{1B}[4;\(rows * cell.height);\(columns * cell.width)t")
        case 16: reply("\u{1B}[6;\(cell.height);\(cell.width)t")
        case 18: reply("\u{1B}[8;\(rows);\(columns)t")
        case 19: reply("\u{1B}[9;\(rows);\(columns)t")
        default: break
        }
    }
}
