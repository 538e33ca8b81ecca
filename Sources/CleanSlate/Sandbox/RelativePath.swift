/// A path inside one sandbox location, checked so it can never name something outside it.
///
/// The text is split on `/`; empty and `.` components are dropped and `..` removes the component
/// before it. A path is rejected when it is absolute, when a `..` would climb above the location,
/// or when it contains a NUL byte (which would silently cut the path short in every system call).
struct RelativePath: Equatable {
    /// The components, as raw bytes for the descriptor-relative calls.
    let components: [FileName]

    /// Validates `text`; `allowEmpty` lets the location itself be named with `""`.
    init(_ text: String, allowEmpty: Bool = false) throws(CleanSlateError) {
        if text.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument, "the sandbox path \(text.debugDescription) contains a NUL byte")
        }
        if text.hasPrefix("/") {
            throw CleanSlateError(
                .invalidArgument,
                "the sandbox path \(text.debugDescription) is absolute; pass a path relative to the location")
        }
        var parts: [FileName] = []
        for part in text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            let name = FileName(part)
            if name == [0x2E] { continue }
            if name == [0x2E, 0x2E] {
                if parts.isEmpty {
                    throw CleanSlateError(
                        .invalidArgument, "the sandbox path \(text.debugDescription) climbs out of its location with '..'")
                }
                parts.removeLast()
                continue
            }
            parts.append(name)
        }
        if parts.isEmpty && !allowEmpty {
            throw CleanSlateError(.invalidArgument, "the sandbox path \(text.debugDescription) names no file")
        }
        components = parts
    }

    /// Joins `text` lexically without validation errors: `..` stops at the location and NUL bytes are
    /// dropped, so the result always lies inside the location. For ``Sandbox/path(_:_:)``.
    static func clamped(_ text: String) -> String {
        var parts: [Substring] = []
        let cleaned = text.filter { $0 != "\0" }
        for part in cleaned.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    /// The last component (the entry's own name); the path must not be empty.
    var name: FileName { components[components.count - 1] }

    /// Every component but the last (the directories leading to the entry).
    var parent: ArraySlice<FileName> { components.dropLast() }
}

/// Renders raw path components for an error message: UTF-8 stays readable, while control characters
/// and bytes that are not UTF-8 become `\n`, `\xNN` escapes, so the message names exactly one path.
enum DisplayPath {
    /// The components joined with `/`, escaped for a message.
    static func render<S: Sequence>(_ components: S) -> String where S.Element == FileName {
        components.map(renderName).joined(separator: "/")
    }

    /// One name escaped for a message.
    static func renderName(_ name: FileName) -> String {
        var text = ""
        var index = 0
        while index < name.count {
            let valid = validUTF8Length(name, from: index)
            if valid > 0 {
                let scalarText = String(decoding: name[index..<index + valid], as: UTF8.self)
                if let scalar = scalarText.unicodeScalars.first, scalar.value < 0x20 || scalar.value == 0x7F {
                    text += scalar == "\n" ? "\\n" : scalar == "\t" ? "\\t" : hex(name[index])
                } else if scalarText == "\\" {
                    text += "\\\\"
                } else {
                    text += scalarText
                }
                index += valid
            } else {
                text += hex(name[index])
                index += 1
            }
        }
        return text
    }

    /// The text of a name for listings: decoded as UTF-8 with U+FFFD for invalid bytes.
    static func decode(_ bytes: FileName) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 if it is malformed.
    private static func validUTF8Length(_ bytes: FileName, from index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        var decoder = UTF8()
        var iterator = bytes[index..<index + length].makeIterator()
        if case .scalarValue = decoder.decode(&iterator), iterator.next() == nil { return length }
        return 0
    }
}
