/// An incremental UTF-8 decoder that never fails: malformed input becomes U+FFFD.
///
/// Follows the "maximal subpart" practice of the Unicode standard (§3.9): a byte that cannot
/// continue the current sequence ends it with one U+FFFD and is then decoded afresh, so
/// `E0 41` gives U+FFFD then `A`. Overlong forms, surrogates and values above U+10FFFF are
/// rejected at the first byte that proves them wrong.
struct Utf8Decoder {
    /// What one byte produced.
    enum Result: Equatable {
        /// The byte was consumed; the sequence is not complete yet.
        case pending
        /// A complete scalar.
        case scalar(UInt32)
        /// The input was malformed: show U+FFFD. If `reprocess`, the same byte must be decoded again.
        case invalid(reprocess: Bool)
    }

    private var codePoint: UInt32 = 0
    private var remaining = 0
    private var lowerBound: UInt8 = 0x80
    private var upperBound: UInt8 = 0xBF

    /// Whether a multi-byte sequence has started but not finished.
    var isPending: Bool { remaining > 0 }

    /// Forgets a partial sequence.
    mutating func reset() {
        remaining = 0
        lowerBound = 0x80
        upperBound = 0xBF
    }

    /// Decodes one byte.
    mutating func decode(_ byte: UInt8) -> Result {
        if remaining == 0 {
            switch byte {
            case 0x00...0x7F:
                return .scalar(UInt32(byte))
            case 0xC2...0xDF:
                remaining = 1
                codePoint = UInt32(byte & 0x1F)
            case 0xE0...0xEF:
                if byte == 0xE0 { lowerBound = 0xA0 }
                if byte == 0xED { upperBound = 0x9F }
                remaining = 2
                codePoint = UInt32(byte & 0x0F)
            case 0xF0...0xF4:
                if byte == 0xF0 { lowerBound = 0x90 }
                if byte == 0xF4 { upperBound = 0x8F }
                remaining = 3
                codePoint = UInt32(byte & 0x07)
            default:
                return .invalid(reprocess: false)
            }
            return .pending
        }
        guard byte >= lowerBound && byte <= upperBound else {
            reset()
            return .invalid(reprocess: true)
        }
        lowerBound = 0x80
        upperBound = 0xBF
        codePoint = codePoint << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        return remaining == 0 ? .scalar(codePoint) : .pending
    }
}
