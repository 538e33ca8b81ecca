import Foundation

/// One libvterm test script (`shared/conformance/libvterm-tests/*.test`) split into commands.
///
/// Only the syntax is handled here; ``LibvtermTests`` decides what each command means.
struct LibvtermScript {
    /// A line of the script.
    enum Line {
        /// `!Section title`.
        case section(String)
        /// A command at the start of a line: `INIT`, `PUSH "…"`, `RESIZE 25,80`, …
        case command(name: String, argument: String)
        /// An indented expectation: `?cursor = 0,3`, `output "…"`, `putglyph …`.
        case expectation(String)
    }

    let lines: [(number: Int, line: Line)]

    init(text: String) {
        var lines: [(Int, Line)] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if line.hasPrefix("!") {
                lines.append((index + 1, .section(String(line.dropFirst()))))
            } else if line.first == " " || line.first == "\t" || line.first == "?" {
                lines.append((index + 1, .expectation(trimmed)))
            } else {
                let name = trimmed.prefix { $0 != " " }
                let argument = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
                lines.append((index + 1, .command(name: String(name), argument: argument)))
            }
        }
        self.lines = lines
    }

    /// Decodes a quoted string with C escapes (`\e \x1b \x{9b} \n \r \t \b \a \\ \"`), optionally
    /// followed by `xN` to repeat it. Returns the bytes and the unparsed rest of the text.
    static func bytes(fromQuoted text: Substring) -> (bytes: [UInt8], rest: Substring)? {
        guard text.first == "\"" else { return nil }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var offset = 1
        func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
        while offset < utf8.count {
            let byte = utf8[offset]
            if byte == UInt8(ascii: "\"") { offset += 1; break }
            if byte != UInt8(ascii: "\\") {
                bytes.append(byte)
                offset += 1
                continue
            }
            offset += 1
            guard offset < utf8.count else { return nil }
            let escape = utf8[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "e"): bytes.append(0x1B)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "0"): bytes.append(0x00)
            case UInt8(ascii: "x"):
                var value: UInt32 = 0
                if offset < utf8.count && utf8[offset] == UInt8(ascii: "{") {
                    offset += 1
                    while offset < utf8.count, let digit = hexValue(utf8[offset]) {
                        value = value * 16 + UInt32(digit)
                        offset += 1
                    }
                    offset += 1  // "}"
                } else {
                    var digits = 0
                    while digits < 2, offset < utf8.count, let digit = hexValue(utf8[offset]) {
                        value = value * 16 + UInt32(digit)
                        offset += 1
                        digits += 1
                    }
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default: bytes.append(escape)
            }
        }
        var rest = Substring(String(decoding: utf8[offset...], as: UTF8.self))
        if rest.first == "x", let count = Int(rest.dropFirst().prefix { $0.isNumber }) {
            bytes = Array([[UInt8]](repeating: bytes, count: count).joined())
            rest = rest.dropFirst(1 + String(count).count)
        }
        return (bytes, rest)
    }

    /// Parses `0x41,0x42` or `0xc1, 0xe9` into numbers.
    static func hexList(_ text: Substring) -> [UInt32]? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var values: [UInt32] = []
        for part in parts where !part.isEmpty {
            guard part.hasPrefix("0x"), let value = UInt32(part.dropFirst(2), radix: 16) else { return nil }
            values.append(value)
        }
        return values
    }
}
