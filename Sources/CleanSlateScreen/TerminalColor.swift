/// A colour as the application selected it, before any palette is applied.
///
/// The emulator records colours the way SGR named them, so tests can assert what the
/// application asked for without depending on one terminal's palette.
public enum TerminalColor: Sendable, Equatable, Hashable {
    /// The terminal's default foreground or background (SGR 39 / 49, or never set).
    case `default`
    /// A palette entry: 0–7 are the ANSI colours, 8–15 their bright variants (SGR 90–97 / 100–107),
    /// 16–255 the xterm 256-colour cube and grey ramp.
    case indexed(UInt8)
    /// A direct ("true") colour given as red, green and blue components.
    case rgb(UInt8, UInt8, UInt8)
}

/// Colours packed into 32 bits for storage in cells.
///
/// Layout: `0` is the default colour, `0x0100_00nn` palette entry `nn`, `0x02rr_ggbb` direct colour.
enum PackedColor {
    static let `default`: UInt32 = 0
    static let indexedTag: UInt32 = 0x0100_0000
    static let rgbTag: UInt32 = 0x0200_0000

    @inline(__always)
    static func indexed(_ index: Int) -> UInt32 { indexedTag | UInt32(truncatingIfNeeded: index & 0xFF) }

    @inline(__always)
    static func rgb(_ red: Int, _ green: Int, _ blue: Int) -> UInt32 {
        rgbTag | UInt32(truncatingIfNeeded: red & 0xFF) << 16 | UInt32(truncatingIfNeeded: green & 0xFF) << 8
            | UInt32(truncatingIfNeeded: blue & 0xFF)
    }

    static func unpack(_ packed: UInt32) -> TerminalColor {
        switch packed & 0xFF00_0000 {
        case indexedTag: return .indexed(UInt8(packed & 0xFF))
        case rgbTag: return .rgb(UInt8(packed >> 16 & 0xFF), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF))
        default: return .default
        }
    }
}
