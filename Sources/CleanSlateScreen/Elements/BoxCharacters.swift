/// Which line-drawing characters play which part in a drawn box. DEC special graphics reach the
/// screen already translated to these Unicode characters (see `Charsets`), so one table serves both.
enum BoxCharacters {
    /// Any character of the box-drawing block, or a DEC scan line: never part of a word.
    @inline(__always)
    static func isLine(_ scalar: UInt32) -> Bool { (0x2500...0x257F).contains(scalar) || (0x23BA...0x23BD).contains(scalar) }

    /// `┌ ┍ ┎ ┏ ╒ ╓ ╔ ╭`
    static func isTopLeft(_ scalar: UInt32) -> Bool {
        (0x250C...0x250F).contains(scalar) || (0x2552...0x2554).contains(scalar) || scalar == 0x256D
    }

    /// `┐ ┑ ┒ ┓ ╕ ╖ ╗ ╮`
    static func isTopRight(_ scalar: UInt32) -> Bool {
        (0x2510...0x2513).contains(scalar) || (0x2555...0x2557).contains(scalar) || scalar == 0x256E
    }

    /// `└ ┕ ┖ ┗ ╘ ╙ ╚ ╰`
    static func isBottomLeft(_ scalar: UInt32) -> Bool {
        (0x2514...0x2517).contains(scalar) || (0x2558...0x255A).contains(scalar) || scalar == 0x2570
    }

    /// `┘ ┙ ┚ ┛ ╛ ╜ ╝ ╯`
    static func isBottomRight(_ scalar: UInt32) -> Bool {
        (0x2518...0x251B).contains(scalar) || (0x255B...0x255D).contains(scalar) || scalar == 0x256F
    }

    /// What a box's right side is drawn with: vertical lines and the tees where a separator meets
    /// it (`┤ ╢ ╣`…).
    static func isRightSide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551: return true
        case 0x2524...0x252B, 0x2561...0x2563: return true
        default: return false
        }
    }

    /// What a box's left side is drawn with: vertical lines (plain, heavy, double, dashed) and the
    /// tees where a separator meets it (`├ ╟ ╠`…).
    static func isLeftSide(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551: return true
        case 0x251C...0x2523, 0x255E...0x2560: return true
        default: return false
        }
    }
}
