extension TerminalEmulator {
    /// The colours reported to OSC 10 / 11 queries (foreground light grey, background black).
    static let reportedDefaultColors = (foreground: "rgb:e5e5/e5e5/e5e5", background: "rgb:0000/0000/0000")

    /// Performs an operating system command: titles (0, 1, 2) and colour queries (10, 11 with `?`).
    func oscDispatch() {
        let bytes = core.pointee.parser.string
        var separator = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        var command = 0
        for byte in bytes[..<separator] {
            guard byte >= 0x30 && byte <= 0x39 else { return }
            command = min(command * 10 + Int(byte - 0x30), 100_000)
        }
        if separator < bytes.endIndex { separator += 1 }
        let text = String(decoding: bytes[separator...], as: UTF8.self)
        switch command {
        case 0:
            title = text
            iconName = text
        case 1: iconName = text
        case 2: title = text
        case 10 where text == "?": reply("\u{1B}]10;\(TerminalEmulator.reportedDefaultColors.foreground)\u{1B}\\")
        case 11 where text == "?": reply("\u{1B}]11;\(TerminalEmulator.reportedDefaultColors.background)\u{1B}\\")
        default: break
        }
    }
}
