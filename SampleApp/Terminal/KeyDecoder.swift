/// A key press, as decoded from the bytes a terminal sends in raw mode.
enum Key: Equatable, Sendable {
    /// A printable character.
    case character(Character)
    /// Enter or Return (CR, LF, or keypad Enter).
    case enter
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Up arrow (`ESC [ A` or, in application cursor mode, `ESC O A`).
    case up
    /// Down arrow (`ESC [ B` or `ESC O B`).
    case down
    /// Ctrl-C (the byte 0x03; raw mode does not turn it into SIGINT).
    case interrupt
    /// Escape pressed on its own.
    case escape
    /// Any other key or sequence; ignored by the wizard.
    case other
}

/// Turns the byte stream from the terminal into keys. Sequences may arrive split across reads:
/// an incomplete one is kept until more bytes come, or until `flushPending()` decides that a
/// lone ESC really was the Escape key.
struct KeyDecoder {
    private var pending: [UInt8] = []
    private var previousWasCarriageReturn = false

    /// Whether bytes of an unfinished sequence are waiting.
    var hasPending: Bool { !pending.isEmpty }

    /// Adds `bytes` and returns every key they complete.
    mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while let (key, length) = Self.nextKey(in: pending[...]) {
            let firstByte = pending[pending.startIndex]
            pending.removeFirst(length)
            // Something that sends CR LF for Enter should produce one Enter, not two.
            let isLineFeedAfterReturn = firstByte == 0x0A && previousWasCarriageReturn
            previousWasCarriageReturn = firstByte == 0x0D
            if isLineFeedAfterReturn { continue }
            keys.append(key)
        }
        return keys
    }

    /// Gives up waiting for the rest of a sequence: a lone ESC becomes `.escape`, anything else
    /// unfinished becomes `.other`.
    mutating func flushPending() -> [Key] {
        guard !pending.isEmpty else { return [] }
        let key: Key = pending == [0x1B] ? .escape : .other
        pending = []
        return [key]
    }

    /// The first key in `bytes` and how many bytes it used, or nil if the bytes so far are the
    /// start of a sequence that is not complete yet.
    private static func nextKey(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x03: return (.interrupt, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x1B: return escapeSequence(in: bytes)
        case 0x00..<0x20: return (.other, 1)
        case 0x20..<0x7F: return (.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8Character(in: bytes)
        }
    }

    /// Decodes a sequence starting with ESC: CSI (`ESC [ … final`), SS3 (`ESC O x`), or a lone
    /// ESC followed by something else (reported as Escape; the next byte is decoded on its own).
    private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "O") {
            guard bytes.count >= 3 else { return nil }
            switch bytes[start + 2] {
            case UInt8(ascii: "A"): return (.up, 3)
            case UInt8(ascii: "B"): return (.down, 3)
            case UInt8(ascii: "M"): return (.enter, 3)
            default: return (.other, 3)
            }
        }
        guard introducer == UInt8(ascii: "[") else { return (.escape, 1) }
        // Parameter and intermediate bytes are 0x20–0x3F; the final byte is 0x40–0x7E.
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return nil }
        let length = index - start + 1
        let hasParameters = index > start + 2
        switch bytes[index] {
        case UInt8(ascii: "A") where !hasParameters: return (.up, length)
        case UInt8(ascii: "B") where !hasParameters: return (.down, length)
        default: return (.other, length)
        }
    }

    /// Decodes one UTF-8 encoded character; a byte that cannot start or continue one is `.other`.
    private static func utf8Character(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.other, 1)
        }
        guard bytes.count >= length else { return nil }
        var iterator = bytes.prefix(length).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator),
              UTF8.width(scalar) == length else { return (.other, 1) }
        let isPrintable = scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format
        return (isPrintable ? .character(Character(scalar)) : .other, length)
    }
}
