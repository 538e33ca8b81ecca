extension TerminalEmulator {
    /// Device control strings: DECRQSS (`DCS $ q Pt ST`) for SGR, DECSTBM, DECSCUSR, DECSCL, DECSACE,
    /// DECSLPP and DECSNLS (the rows), DECSASD and DECSSDT is answered; the rest is ignored.
    func dcsDispatch(_ final: UInt8) {
        guard final == UInt8(ascii: "q") && core.pointee.parser.dcsIntermediate == UInt8(ascii: "$") && core.pointee.parser.dcsPrivateMarker == 0 else {
            return
        }
        switch String(decoding: core.pointee.parser.string, as: UTF8.self) {
        case "m": reply("\u{1B}P1$r\(penDescription())m\u{1B}\\")
        case "r": reply("\u{1B}P1$r\(scrollTop + 1);\(scrollBottom + 1)r\u{1B}\\")
        case " q": reply("\u{1B}P1$r\(modes.cursorStyle.rawValue) q\u{1B}\\")
        case "\"p": reply("\u{1B}P1$r\(settings.conformanceLevel);1\"p\u{1B}\\")
        case "*x": reply("\u{1B}P1$r\(settings.attributeChangeExtent)*x\u{1B}\\")
        case "t": reply("\u{1B}P1$r\(rows)t\u{1B}\\")
        case "*|": reply("\u{1B}P1$r\(rows)*|\u{1B}\\")
        case "$}": reply("\u{1B}P1$r0$}\u{1B}\\")  // the main display is active: there is no status line
        case "$~": reply("\u{1B}P1$r0$~\u{1B}\\")  // no status line
        default: reply("\u{1B}P0$r\u{1B}\\")
        }
    }

    /// The SGR parameters that recreate the pen, starting with 0 (as xterm reports them).
    func penDescription() -> String {
        var parts = ["0"]
        let flags: [(CellAttributes, String)] = [
            (.bold, "1"), (.dim, "2"), (.italic, "3"), (.blink, "5"), (.inverse, "7"), (.hidden, "8"),
            (.strikethrough, "9"), (.overline, "53"),
        ]
        let attributes = CellAttributes(rawValue: pen.attributes)
        for (flag, code) in flags where attributes.contains(flag) { parts.append(code) }
        switch UnderlineStyle(rawValue: pen.underline) ?? .none {
        case .none: break
        case .single: parts.append("4")
        case .double: parts.append("21")
        case let style: parts.append("4:\(style.rawValue)")
        }
        func color(_ packed: UInt32, base: Int, brightBase: Int, extended: Int) -> String? {
            switch PackedColor.unpack(packed) {
            case .default: return nil
            case .indexed(let index) where index < 8: return String(base + Int(index))
            case .indexed(let index) where index < 16: return String(brightBase + Int(index) - 8)
            case .indexed(let index): return "\(extended):5:\(index)"
            case .rgb(let red, let green, let blue): return "\(extended):2::\(red):\(green):\(blue)"
            }
        }
        if let foreground = color(pen.foreground, base: 30, brightBase: 90, extended: 38) { parts.append(foreground) }
        if let background = color(pen.background, base: 40, brightBase: 100, extended: 48) { parts.append(background) }
        return parts.joined(separator: ";")
    }
}
