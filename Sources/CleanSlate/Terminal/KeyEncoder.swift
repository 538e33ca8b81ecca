/// Encodes keys the way xterm does, honouring the app's current modes.
///
/// Cursor keys send `CSI A` normally and `SS3 A` in application cursor mode (DECCKM); with modifiers
/// they send `CSI 1 ; m A` where m is 1 + shift(1) + alt(2) + control(4). Editing keys send
/// `CSI n ~` (`CSI n ; m ~` with modifiers). F1-F4 send `SS3 P`..`SS3 S`, F5-F12 `CSI 15 ~`..`CSI 24 ~`.
/// Alt on a character or on Enter/Tab/Backspace/Escape is an ESC prefix (xterm's metaSendsEscape).
enum KeyEncoder {
    static func encode(_ key: Key, modifiers: Key.Modifiers, applicationCursorKeys: Bool) throws -> [UInt8] {
        let parameter = 1 + modifiers.rawValue
        let esc: UInt8 = 0x1B
        func csi(_ body: String) -> [UInt8] { [esc, UInt8(ascii: "[")] + Array(body.utf8) }
        func cursorStyle(_ final: Character) -> [UInt8] {
            if !modifiers.isEmpty { return csi("1;\(parameter)\(final)") }
            return applicationCursorKeys ? [esc, UInt8(ascii: "O"), UInt8(ascii: final.unicodeScalars.first!)] : csi(String(final))
        }
        func tilde(_ number: Int) -> [UInt8] { modifiers.isEmpty ? csi("\(number)~") : csi("\(number);\(parameter)~") }
        func altPrefixed(_ bytes: [UInt8]) -> [UInt8] { modifiers.contains(.alt) ? [esc] + bytes : bytes }

        switch key {
        case .up: return cursorStyle("A")
        case .down: return cursorStyle("B")
        case .right: return cursorStyle("C")
        case .left: return cursorStyle("D")
        case .home: return cursorStyle("H")
        case .end: return cursorStyle("F")
        case .insert: return tilde(2)
        case .delete: return tilde(3)
        case .pageUp: return tilde(5)
        case .pageDown: return tilde(6)
        case let .function(number):
            switch number {
            case 1...4:
                let final = ["P", "Q", "R", "S"][number - 1]
                return modifiers.isEmpty ? [esc, UInt8(ascii: "O")] + Array(final.utf8) : csi("1;\(parameter)\(final)")
            case 5...12:
                return tilde([15, 17, 18, 19, 20, 21, 23, 24][number - 5])
            default:
                throw CleanSlateError(.invalidArgument, "function key F\(number) does not exist: use F1 to F12")
            }
        case .enter: return altPrefixed([0x0D])
        case .tab: return modifiers.contains(.shift) ? csi("Z") : altPrefixed([0x09])
        case .backspace: return altPrefixed(modifiers.contains(.control) ? [0x08] : [0x7F])
        case .escape: return altPrefixed([esc])
        case let .character(character):
            return altPrefixed(try characterBytes(character, modifiers: modifiers))
        }
    }

    private static func characterBytes(_ character: Character, modifiers: Key.Modifiers) throws -> [UInt8] {
        var text = String(character)
        if modifiers.contains(.shift) { text = text.uppercased() }
        guard modifiers.contains(.control) else { return Array(text.utf8) }
        let noControlCharacter = CleanSlateError(.invalidArgument,
            "Ctrl+\(character) has no control character; use an ASCII letter or one of @[\\]^_? and space")
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first, scalar.isASCII else {
            throw noControlCharacter
        }
        let value = UInt8(scalar.value)
        switch value {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return [value - UInt8(ascii: "a") + 1]
        case UInt8(ascii: "@")...UInt8(ascii: "_"): return [value - UInt8(ascii: "@")]
        case UInt8(ascii: " "): return [0]
        case UInt8(ascii: "?"): return [0x7F]
        default:
            throw noControlCharacter
        }
    }
}
