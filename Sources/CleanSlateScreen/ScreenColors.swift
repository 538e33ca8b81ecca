/// The colours the terminal draws with at the time of a snapshot, as the app may have changed them:
/// xterm's 256-colour palette (OSC 4) and the dynamic text foreground, background and cursor
/// colours (OSC 10, 11 and 12), each as 0xRRGGBB. Resets (OSC 104, 110–112) restore xterm's defaults.
public struct ScreenColors: Sendable, Equatable {
    let palette: ColorPalette

    init(_ palette: ColorPalette = ColorPalette()) {
        self.palette = palette
    }

    /// The colour of palette entry `index` (0–255), or nil outside the palette.
    public func indexed(_ index: Int) -> UInt32? {
        (0..<ColorPalette.indexedCount).contains(index) ? palette.color(osc4: index) : nil
    }

    /// The palette entries the app changed from xterm's defaults, by index.
    public var changedIndexed: [Int: UInt32] {
        var changed: [Int: UInt32] = [:]
        for index in 0..<ColorPalette.indexedCount where palette.color(osc4: index) != ColorPalette.defaultIndexed[index] {
            changed[index] = palette.color(osc4: index)
        }
        return changed
    }

    /// The default text colour (OSC 10).
    public var foreground: UInt32 { palette.dynamic(10) ?? 0 }
    /// The default background colour (OSC 11).
    public var background: UInt32 { palette.dynamic(11) ?? 0 }
    /// The cursor colour (OSC 12).
    public var cursor: UInt32 { palette.dynamic(12) ?? 0 }

    /// `color` as 0xRRGGBB in these colours: a palette entry as the app set it, a direct colour as
    /// it is, the default colour as `fallback` (``foreground`` or ``background``).
    public func rgb(_ color: TerminalColor, default fallback: UInt32) -> UInt32 {
        switch color {
        case .default: return fallback
        case let .indexed(index): return palette.color(osc4: Int(index)) ?? 0
        case let .rgb(red, green, blue): return UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }
}
