/// The colours an application can set and query with OSC 4, 5 and 10–19 and reset with OSC 104,
/// 105 and 110–119: xterm's 256-colour palette, its five special colours (bold, underline, blink,
/// reverse, italic) and its dynamic colours (10 text foreground, 11 background, 12 cursor, 13 and
/// 14 mouse pointer, 17 highlight background, 19 highlight foreground).
///
/// Colours are kept as 8 bits per channel (0xRRGGBB), as xterm keeps them, and reported as
/// `rgb:RRRR/GGGG/BBBB` with each byte repeated.
struct ColorPalette: Equatable {
    /// The number of indexed colours; OSC 4 numbers at and above this name the special colours.
    static let indexedCount = 256
    /// The number of special colours (OSC 5, or OSC 4 from ``indexedCount``).
    static let specialCount = 5
    /// The dynamic colours OSC 10 to 19 can name.
    static let dynamicRange = 10...19

    private(set) var indexed: [UInt32] = ColorPalette.defaultIndexed
    private(set) var special: [UInt32] = ColorPalette.defaultSpecial
    private(set) var dynamic: [UInt32] = ColorPalette.defaultDynamic

    /// xterm's default palette: the 16 ANSI colours, the 6x6x6 cube and the 24 greys.
    static let defaultIndexed: [UInt32] = {
        var colors: [UInt32] = [
            0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
            0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
        ]
        let levels: [UInt32] = [0, 95, 135, 175, 215, 255]
        for red in levels { for green in levels { for blue in levels { colors.append(red << 16 | green << 8 | blue) } } }
        for step in 0..<24 {
            let grey = UInt32(8 + 10 * step)
            colors.append(grey << 16 | grey << 8 | grey)
        }
        return colors
    }()
    /// The special colours default to the text foreground, as in xterm without colorBD and friends.
    static let defaultSpecial = [UInt32](repeating: 0xE5E5E5, count: specialCount)
    /// Foreground light grey on black, as the reports to OSC 10 and 11 have always said.
    static let defaultDynamic: [UInt32] = [0xE5E5E5, 0x000000, 0xE5E5E5, 0xE5E5E5, 0x000000, 0, 0, 0xFFFFFF, 0, 0x000000]

    /// The colour at OSC 4 `index` (special colours from ``indexedCount``), nil when out of range.
    func color(osc4 index: Int) -> UInt32? {
        if (0..<Self.indexedCount).contains(index) { return indexed[index] }
        return special(index - Self.indexedCount)
    }

    func special(_ index: Int) -> UInt32? {
        (0..<Self.specialCount).contains(index) ? special[index] : nil
    }

    func dynamic(_ number: Int) -> UInt32? {
        Self.dynamicRange.contains(number) ? dynamic[number - Self.dynamicRange.lowerBound] : nil
    }

    mutating func set(osc4 index: Int, to color: UInt32) {
        if (0..<Self.indexedCount).contains(index) { indexed[index] = color } else { setSpecial(index - Self.indexedCount, to: color) }
    }

    mutating func setSpecial(_ index: Int, to color: UInt32) {
        if (0..<Self.specialCount).contains(index) { special[index] = color }
    }

    mutating func setDynamic(_ number: Int, to color: UInt32) {
        if Self.dynamicRange.contains(number) { dynamic[number - Self.dynamicRange.lowerBound] = color }
    }

    /// OSC 104: resets one indexed colour (or special colour, from ``indexedCount``), or all when nil.
    mutating func reset(osc4 index: Int?) {
        guard let index else {
            indexed = Self.defaultIndexed
            return
        }
        if (0..<Self.indexedCount).contains(index) { indexed[index] = Self.defaultIndexed[index] } else { resetSpecial(index - Self.indexedCount) }
    }

    /// OSC 105: resets one special colour, or all when nil.
    mutating func resetSpecial(_ index: Int?) {
        guard let index else {
            special = Self.defaultSpecial
            return
        }
        if (0..<Self.specialCount).contains(index) { special[index] = Self.defaultSpecial[index] }
    }

    /// OSC 110 to 119: resets dynamic colour `number` (10 to 19).
    mutating func resetDynamic(_ number: Int) {
        if Self.dynamicRange.contains(number) {
            dynamic[number - Self.dynamicRange.lowerBound] = Self.defaultDynamic[number - Self.dynamicRange.lowerBound]
        }
    }

    /// `rgb:RRRR/GGGG/BBBB`, each 8-bit channel written twice, as xterm reports colours.
    static func report(_ color: UInt32) -> String {
        func channel(_ shift: UInt32) -> String {
            let byte = String((color >> shift) & 0xFF, radix: 16)
            let padded = byte.count == 1 ? "0" + byte : byte
            return padded + padded
        }
        return "rgb:\(channel(16))/\(channel(8))/\(channel(0))"
    }

    /// Parses an X11 colour specification in the forms `rgb:R/G/B` (1 to 4 hex digits per channel,
    /// scaled) and `#RGB`, `#RRGGBB`, `#RRRGGGBBB`, `#RRRRGGGGBBBB` (the most significant bits).
    /// Returns nil for anything else (named colours and the device-independent `rgbi:`, `CIE…:` and
    /// `TekHVC:` forms need the X display's colour management, which there is none of here).
    static func parse<Text: StringProtocol>(_ text: Text) -> UInt32? {
        if text.hasPrefix("rgb:") {
            let parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            var color: UInt32 = 0
            for part in parts {
                guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
                // Scale n hex digits to 16 bits (f -> ffff, 80 -> 8080), then keep the high byte.
                let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
                color = color << 8 | (value * 0xFFFF / maximum) >> 8
            }
            return color
        }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard digits.count % 3 == 0, (1...4).contains(digits.count / 3), digits.allSatisfy(\.isHexDigit) else { return nil }
            let width = digits.count / 3
            var color: UInt32 = 0
            var index = digits.startIndex
            for _ in 0..<3 {
                let end = digits.index(index, offsetBy: width)
                let value = UInt32(digits[index..<end], radix: 16) ?? 0
                // The digits are the most significant bits: #f -> f0, #f00 -> f0 (of f000).
                color = color << 8 | (width == 1 ? value << 4 : value >> (4 * UInt32(width - 2)))
                index = end
            }
            return color
        }
        return nil
    }
}
