extension TerminalEmulator {
    /// Device control strings: DECRQSS (`DCS $ q Pt ST`) for SGR, DECSTBM, DECSCUSR, DECSCL, DECSACE,
    /// DECSLPP and DECSNLS (the rows), DECSASD and DECSSDT is answered; the rest is ignored.
    func dcsDispatch(_ final: UInt8) {
        guard final == UInt8(ascii: "q") && core.pointee.parser.dcsPrivateMarker == 0 else { return }
        if core.pointee.parser.dcsIntermediate == UInt8(ascii: "+") {
            replyTerminalCapabilities()
            return
        }
        guard core.pointee.parser.dcsIntermediate == UInt8(ascii: "$") else { return }
        switch String(decoding: core.pointee.parser.string, as: UTF8.self) {
        case "m": reply("\u{1B}P1$r\(penDescription())m\u{1B}\\")
        case "r": reply("\u{1B}P1$r\(scrollTop + 1);\(scrollBottom + 1)r\u{1B}\\")
        case "s": reply("\u{1B}P1$r\(leftMargin + 1);\(rightMargin + 1)s\u{1B}\\")
        case " q": reply("\u{1B}P1$r\(modes.cursorStyle.rawValue) q\u{1B}\\")
        case "\"q": reply("\u{1B}P1$r\(pen.isProtected && protectionMode == .dec ? 1 : 0)\"q\u{1B}\\")
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

    /// The terminfo capabilities XTGETTCAP (`DCS + q name ; name ST`, names in hexadecimal) answers:
    /// the number of colours and the terminal's name, as TERM says on a terminal launch.
    static let reportedCapabilities = ["Co": "256", "colors": "256", "TN": "xterm-256color", "name": "xterm-256color"]

    /// XTGETTCAP: answers `DCS 1 + r name = value ST` (both in hexadecimal) for each known name, and
    /// `DCS 0 + r ST` at the first unknown one, as xterm does.
    private func replyTerminalCapabilities() {
        let request = String(decoding: core.pointee.parser.string, as: UTF8.self)
        for hexName in request.split(separator: ";") {
            guard let name = Self.decodeHex(hexName), let value = Self.reportedCapabilities[name] else {
                reply("\u{1B}P0+r\u{1B}\\")
                return
            }
            reply("\u{1B}P1+r\(hexName)=\(value.utf8.map { String($0, radix: 16, uppercase: true) }.joined())\u{1B}\\")
        }
    }

    /// The text that pairs of hexadecimal digits spell, or nil.
    private static func decodeHex(_ hex: Substring) -> String? {
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
