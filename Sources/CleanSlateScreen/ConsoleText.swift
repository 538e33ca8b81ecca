/// Text as CleanSlate hands it to a test framework to print: ASCII only.
///
/// Why: `swift test` relays what the test bundle writes in chunks, and a chunk that ends inside a
/// multi-byte UTF-8 character is dropped whole (measured with Swift 6.3.1 on Linux: a failure
/// message holding a framed 40x100 dialog, about 12 KB of box-drawing characters, never reached the
/// console, under XCTest and under Swift Testing alike, while the same message in ASCII always
/// did). ASCII cannot be cut inside a character. Box-drawing characters become the ASCII frame a
/// person reads the same way (`-`, `|`, `=`, `+`), block elements `#`, and every other character
/// outside ASCII is written as a Swift escape (`\u{e9}`). The text itself is kept: a
/// `CleanSlateError.message` holds it as it was, and the failure's artifacts hold the screen.
public enum ConsoleText {
    /// `text` with every character outside ASCII replaced as described above; ASCII control
    /// characters other than newline and tab are escaped too.
    public static func safe(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 || ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09, 0x20..<0x7F:
                result.unicodeScalars.append(scalar)
            case 0x2500...0x257F:
                result.append(boxDrawing(scalar.value))
            case 0x2580...0x259F:
                result.append("#")
            default:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return result
    }

    /// The ASCII stand-in of a box-drawing character (U+2500...U+257F).
    private static func boxDrawing(_ value: UInt32) -> Character {
        switch value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E:
            return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F:
            return "|"
        case 0x2550: return "="
        case 0x2551: return "|"
        case 0x2571: return "/"
        case 0x2572: return "\\"
        case 0x2573: return "X"
        default: return "+"  // corners, tees and crosses
        }
    }
}
