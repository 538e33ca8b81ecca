/// How many terminal columns text occupies: East Asian wide and fullwidth characters and emoji take
/// two, combining marks and zero-width joiners none, everything else one. A compact approximation of
/// the Unicode width tables, enough for the names a person types into the wizard.
enum DisplayWidth {
    /// Columns taken by `text`.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one scalar.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return 0 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// The longest end of `text` that fits in `columns`.
    static func suffix(of text: String, fitting columns: Int) -> String {
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let width = of(String(character))
            if used + width > columns { break }
            used += width
            kept.append(character)
        }
        return String(kept.reversed())
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
