/// Turns an argument's exact bytes into a JSON string literal made only of printable ASCII,
/// so that every byte is visible: `"`, `\` and control characters are escaped as in JSON and
/// every non-ASCII character as `\uXXXX` (a surrogate pair above U+FFFF). Bytes that are not
/// valid UTF-8 cannot be written in JSON; they appear as `\xNN`, the one non-JSON escape.
enum ArgumentEscaping {
    /// The quoted, escaped form of `bytes`.
    static func jsonLiteral(_ bytes: [UInt8]) -> String {
        var output = "\""
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decodeScalar(bytes, at: index) {
                output += escape(scalar)
                index += length
            } else {
                output += "\\x" + hex(UInt32(bytes[index]), digits: 2)
                index += 1
            }
        }
        return output + "\""
    }

    /// The JSON spelling of one scalar.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        case " "..."~": return String(scalar)
        default:
            if scalar.value <= 0xFFFF { return "\\u" + hex(scalar.value, digits: 4) }
            let offset = scalar.value - 0x10000
            return "\\u" + hex(0xD800 + (offset >> 10), digits: 4) + "\\u" + hex(0xDC00 + (offset & 0x3FF), digits: 4)
        }
    }

    /// The scalar encoded at `index` and its length in bytes, or nil if the bytes there are not
    /// well-formed UTF-8 (overlong forms and surrogates included).
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }

    /// `value` in lower-case hexadecimal, zero-padded to `digits`.
    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
