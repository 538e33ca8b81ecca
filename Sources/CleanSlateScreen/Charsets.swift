/// The 94-character sets an application can designate into G0–G3 (SCS, `ESC ( F` and friends).
enum Charset: UInt8 {
    /// US ASCII (`B`), the default.
    case ascii
    /// DEC Special Graphics (`0`): line drawing characters in place of `_` … `~`.
    case decSpecialGraphics
    /// United Kingdom (`A`): `#` shows as `£`.
    case unitedKingdom

    /// The set a designation's final byte names; unknown sets behave as ASCII.
    init(designator: UInt8) {
        switch designator {
        case UInt8(ascii: "0"): self = .decSpecialGraphics
        case UInt8(ascii: "A"): self = .unitedKingdom
        default: self = .ascii
        }
    }

    /// The scalar shown for `scalar` printed while this set is in GL.
    @inline(__always)
    func map(_ scalar: UInt32) -> UInt32 {
        switch self {
        case .ascii:
            return scalar
        case .unitedKingdom:
            return scalar == 0x23 ? 0xA3 : scalar
        case .decSpecialGraphics:
            guard scalar >= 0x5F && scalar <= 0x7E else { return scalar }
            return Charset.specialGraphics[Int(scalar - 0x5F)]
        }
    }

    /// DEC Special Graphics for 0x5F…0x7E, as the Unicode characters that look like them.
    private static let specialGraphics: [UInt32] = [
        0x0020,  // _ blank
        0x25C6, 0x2592, 0x2409, 0x240C, 0x240D, 0x240A, 0x00B0, 0x00B1,  // ` a b c d e f g
        0x2424, 0x240B, 0x2518, 0x2510, 0x250C, 0x2514, 0x253C, 0x23BA,  // h i j k l m n o
        0x23BB, 0x2500, 0x23BC, 0x23BD, 0x251C, 0x2524, 0x2534, 0x252C,  // p q r s t u v w
        0x2502, 0x2264, 0x2265, 0x03C0, 0x2260, 0x00A3, 0x00B7,  // x y z { | } ~
    ]
}

/// G0–G3 and which of them is invoked into GL (SI/SO, LS2/LS3, SS2/SS3).
struct CharsetState: Equatable {
    var designations: [Charset] = [.ascii, .ascii, .ascii, .ascii] { didSet { update() } }
    /// The set invoked into GL (0 = G0 … 3 = G3).
    var gl = 0 { didSet { update() } }
    /// A set invoked for the next character only (SS2/SS3), or nil.
    var singleShift: Int? { didSet { update() } }

    /// Whether printable ASCII prints unchanged (the fast path may be used). Stored, for the hot loop.
    private(set) var isPlainASCII = true

    private mutating func update() {
        isPlainASCII = singleShift == nil && designations[gl] == .ascii
    }

    /// Maps a printed scalar through the active set, consuming a single shift.
    mutating func map(_ scalar: UInt32) -> UInt32 {
        if let shifted = singleShift {
            singleShift = nil
            return designations[shifted].map(scalar)
        }
        return designations[gl].map(scalar)
    }
}
