import CleanSlate

/// One thing a person did at the keyboard or mouse, decoded from the bytes of an input event.
enum RecordedInput: Equatable {
    /// A printable character (typed or pasted).
    case text(Character)
    /// A key the API names (`press(.down)`, `press(.character("x"), modifiers: .control)`).
    case key(Key, Key.Modifiers)
    /// A left-button press at a zero-based screen position (SGR or X10 mouse report).
    case click(row: Int, column: Int)
    /// A mouse release, motion or wheel report: nothing a test repeats.
    case ignored

    /// The inputs in `bytes`, in order. Cursor keys are read in both normal and application mode,
    /// a bracketed paste as the text inside it, an ESC followed by a character as Alt.
    static func decode(_ bytes: [UInt8]) -> [RecordedInput] {
        var result: [RecordedInput] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                let (input, length) = escape(bytes, at: index)
                result.append(contentsOf: input)
                index += length
                continue
            case 0x0D, 0x0A: result.append(.key(.enter, []))
            case 0x09: result.append(.key(.tab, []))
            case 0x7F, 0x08: result.append(.key(.backspace, []))
            case 0x00: result.append(.key(.character(" "), .control))
            case 0x01...0x1A: result.append(.key(.character(Character(Unicode.Scalar(byte + 0x60))), .control))
            case 0x1C...0x1F: result.append(.key(.character(Character(Unicode.Scalar(byte + 0x40))), .control))
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                let end = min(bytes.count, index + length)
                for character in String(decoding: bytes[index..<end], as: UTF8.self) { result.append(.text(character)) }
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    /// What the escape sequence at `start` means, and how many bytes it takes.
    private static func escape(_ bytes: [UInt8], at start: Int) -> ([RecordedInput], Int) {
        let next = start + 1 < bytes.count ? bytes[start + 1] : nil
        switch next {
        case nil, 0x1B?: return ([.key(.escape, [])], 1)
        case UInt8(ascii: "O")? where start + 2 < bytes.count:
            let final = Character(Unicode.Scalar(bytes[start + 2]))
            return ([cursorKey(final, []) ?? .ignored], 3)
        case UInt8(ascii: "[")?:
            var end = start + 2
            while end < bytes.count && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return ([.ignored], bytes.count - start) }
            let body = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            let final = Character(Unicode.Scalar(bytes[end]))
            if body == "200" && final == "~" {
                // A bracketed paste: its text up to ESC [ 201 ~.
                let closing: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
                var cursor = end + 1
                var text: [UInt8] = []
                while cursor < bytes.count && !bytes[cursor...].starts(with: closing) { text.append(bytes[cursor]); cursor += 1 }
                let pasted = String(decoding: text, as: UTF8.self).map { RecordedInput.text($0) }
                return (pasted, min(bytes.count, cursor + closing.count) - start)
            }
            return ([csi(body, final)], end + 1 - start)
        case let other?:
            let rest = decode([other])
            if case let .text(character)? = rest.first { return ([.key(.character(character), .alt)], 2) }
            if case let .key(key, modifiers)? = rest.first { return ([.key(key, modifiers.union(.alt))], 2) }
            return ([.key(.escape, [])], 1)
        }
    }

    /// A CSI sequence's meaning: cursor and editing keys (with modifiers), Shift-Tab, mouse reports.
    private static func csi(_ body: String, _ final: Character) -> RecordedInput {
        if body.hasPrefix("<") {
            let numbers = body.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3, final == "M", numbers[0] == 0 else { return .ignored }
            return .click(row: numbers[2] - 1, column: numbers[1] - 1)
        }
        let numbers = body.split(separator: ";").map { Int($0) ?? 1 }
        let modifiers = numbers.count > 1 ? Key.Modifiers(rawValue: max(0, numbers[1] - 1)) : []
        if final == "~" {
            let keys: [Int: Key] = [1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown,
                                    15: .function(5), 17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9),
                                    21: .function(10), 23: .function(11), 24: .function(12)]
            return keys[numbers.first ?? 0].map { .key($0, modifiers) } ?? .ignored
        }
        if final == "Z" { return .key(.tab, .shift) }
        return cursorKey(final, modifiers) ?? .ignored
    }

    private static func cursorKey(_ final: Character, _ modifiers: Key.Modifiers) -> RecordedInput? {
        let keys: [Character: Key] = ["A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
                                      "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4)]
        return keys[final].map { .key($0, modifiers) }
    }
}
