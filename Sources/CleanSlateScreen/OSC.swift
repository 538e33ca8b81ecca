extension TerminalEmulator {
    /// Performs an operating system command: titles (0, 1, 2), and setting, querying and resetting
    /// colours (4, 5, 10 to 19, 104, 105, 110 to 119; see ``ColorPalette``).
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
        case 4, 5: setOrQueryIndexedColors(special: command == 5, text)
        case ColorPalette.dynamicRange: setOrQueryDynamicColors(from: command, text)
        case 104, 105:
            let indices = text.split(separator: ";").compactMap { Int($0) }
            if indices.isEmpty {
                if command == 104 { colors.reset(osc4: nil) } else { colors.resetSpecial(nil) }
            }
            for index in indices {
                if command == 104 { colors.reset(osc4: index) } else { colors.resetSpecial(index) }
            }
        case 110...119: colors.resetDynamic(command - 100)
        default: break
        }
    }

    /// OSC 4 (`;index;spec` pairs, special colours from 256) and OSC 5 (special colours from 0):
    /// a spec of `?` is answered with the colour, any other sets it (unparsable ones are ignored).
    private func setOrQueryIndexedColors(special: Bool, _ text: String) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        var index = 0
        while index + 1 < parts.count {
            defer { index += 2 }
            guard let number = Int(parts[index]) else { continue }
            let spec = parts[index + 1]
            if spec == "?" {
                guard let color = special ? colors.special(number) : colors.color(osc4: number) else { continue }
                reply("\u{1B}]\(special ? 5 : 4);\(number);\(ColorPalette.report(color))\u{1B}\\")
            } else if let color = ColorPalette.parse(spec) {
                if special { colors.setSpecial(number, to: color) } else { colors.set(osc4: number, to: color) }
            }
        }
    }

    /// OSC 10 to 19: each `;`-separated spec applies to the next dynamic colour (`OSC 10 ; fg ; bg`
    /// sets both); `?` is answered with that colour.
    private func setOrQueryDynamicColors(from first: Int, _ text: String) {
        for (offset, spec) in text.split(separator: ";", omittingEmptySubsequences: false).enumerated() {
            let number = first + offset
            guard ColorPalette.dynamicRange.contains(number) else { return }
            if spec == "?" {
                if let color = colors.dynamic(number) { reply("\u{1B}]\(number);\(ColorPalette.report(color))\u{1B}\\") }
            } else if let color = ColorPalette.parse(spec) {
                colors.setDynamic(number, to: color)
            }
        }
    }
}
