/// A VT500-style escape sequence parser (after the DEC STD 070 state diagram) with UTF-8 text.
///
/// Input is UTF-8. Printable text is decoded to scalars; malformed UTF-8 prints U+FFFD. C1
/// controls are recognised when they arrive UTF-8 encoded (U+0080–U+009F); a raw byte in
/// 0x80–0x9F is malformed UTF-8, so it shows as U+FFFD rather than acting as a control. Inside
/// control sequences and strings the 7-bit forms (`ESC [`, `ESC ]`, `ESC \`, …) are used.
///
/// Memory is bounded: parameters are capped by ``Parameters``, strings by ``maximumStringLength``.
struct Parser {
    /// The states of the machine.
    enum State: UInt8 {
        case ground, escape, escapeIntermediate
        case csiEntry, csiParameter, csiIntermediate, csiIgnore
        case oscString
        case dcsEntry, dcsParameter, dcsIntermediate, dcsPassthrough, dcsIgnore
        case ignoredString
    }

    /// What the terminal must do after a byte.
    enum Action: Equatable {
        /// Nothing yet.
        case none
        /// Show a character.
        case print(UInt32)
        /// Perform a C0 control (0x00–0x1F) or a C1 control given as its code (0x80–0x9F).
        case execute(UInt32)
        /// An escape sequence ended with this final byte; see ``intermediate``.
        case escape(UInt8)
        /// A control sequence ended with this final byte; see ``parameters``, ``privateMarker``, ``intermediate``.
        case csi(UInt8)
        /// An operating system command ended; its text is ``string``.
        case osc
        /// A device control string ended; its final byte was this, its data is ``string``.
        case dcs(UInt8)
    }

    /// The longest OSC or DCS payload kept; the rest is dropped.
    static let maximumStringLength = 4096

    private(set) var state: State = .ground
    private(set) var parameters = Parameters()
    /// `?`, `>`, `<` or `=` when the sequence began with one, else 0.
    private(set) var privateMarker: UInt8 = 0
    /// The first intermediate byte (0x20–0x2F), or 0.
    private(set) var intermediate: UInt8 = 0
    /// Whether more than one intermediate byte arrived (such sequences are not recognised).
    private(set) var hasExtraIntermediates = false
    /// The payload of the current or last OSC or DCS.
    private(set) var string: [UInt8] = []
    private var dcsFinal: UInt8 = 0
    /// The intermediate byte and private marker of the current or last DCS (kept until it is dispatched).
    private(set) var dcsIntermediate: UInt8 = 0
    private(set) var dcsPrivateMarker: UInt8 = 0
    private var decoder = Utf8Decoder()

    /// Set when the last byte must be passed to ``advance(_:)`` again (it ended a malformed UTF-8 sequence).
    var reprocessByte = false

    init() { string.reserveCapacity(256) }

    /// Whether a printable ASCII byte would simply be printed now (the fast path may take it).
    ///
    /// `mutating` only so that callers reach the parser in place: as a computed property read through
    /// a pointer, the optimizer copied the whole parser on every byte.
    @inline(__always)
    mutating func acceptsPlainText() -> Bool { state == .ground && !decoder.isPending }

    /// Parses a whole control sequence `ESC [ … final` that lies complete in `bytes[start..<end]`, where
    /// `bytes[start]` is ESC, the parser is in the ground state and no UTF-8 sequence is pending.
    ///
    /// Returns the index after the final byte and the final byte, leaving parameters, marker and
    /// intermediate as ``advance(_:)`` would. Returns nil, having changed nothing that matters, for anything
    /// unusual (a control character inside, a sequence to be ignored, the end of the buffer): the caller
    /// then feeds the bytes one by one.
    @inline(__always)
    mutating func parseControlSequence(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (next: Int, final: UInt8)? {
        var index = start + 2
        guard index < end && bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        clearSequence()
        var byte = bytes[index]
        if byte >= 0x3C && byte <= 0x3F {
            privateMarker = byte
            index += 1
        }
        while index < end {
            byte = bytes[index]
            index += 1
            switch byte {
            case 0x30...0x39:
                parameters.addDigit(byte &- 0x30)
            case 0x3A, 0x3B:
                parameters.next(isSubparameter: byte == 0x3A)
            case 0x20...0x2F:
                // Intermediates: at most one, directly followed by the final byte, is handled here.
                guard index < end, intermediate == 0 else { return nil }
                intermediate = byte
                let final = bytes[index]
                guard final >= 0x40 && final <= 0x7E else { return nil }
                return (index + 1, final)
            case 0x40...0x7E:
                return (index, byte)
            default:
                return nil
            }
        }
        return nil
    }

    /// Returns to the ground state, forgetting any partial sequence.
    mutating func reset() {
        state = .ground
        decoder.reset()
        clearSequence()
        string.removeAll(keepingCapacity: true)
    }

    private mutating func clearSequence() {
        parameters.reset()
        privateMarker = 0
        intermediate = 0
        hasExtraIntermediates = false
    }

    private mutating func collect(_ byte: UInt8) {
        if intermediate == 0 { intermediate = byte } else { hasExtraIntermediates = true }
    }

    private mutating func appendToString(_ byte: UInt8) {
        if string.count < Parser.maximumStringLength { string.append(byte) }
    }

    private mutating func enter(_ newState: State) {
        state = newState
        switch newState {
        case .escape, .csiEntry, .dcsEntry: clearSequence()
        case .oscString: string.removeAll(keepingCapacity: true)
        default: break
        }
    }

    /// Consumes one byte and tells what to do.
    mutating func advance(_ byte: UInt8) -> Action {
        // Controls that act in every state.
        switch byte {
        case 0x1B:
            if decoder.isPending { return malformedText() }
            let finished = finishString()
            enter(.escape)
            return finished
        case 0x18, 0x1A:
            decoder.reset()
            state = .ground
            return .none
        default:
            break
        }
        switch state {
        case .ground: return ground(byte)
        case .escape, .escapeIntermediate: return escape(byte)
        case .csiEntry, .csiParameter, .csiIntermediate, .csiIgnore: return controlSequence(byte)
        case .oscString: return osc(byte)
        case .dcsEntry, .dcsParameter, .dcsIntermediate, .dcsIgnore: return dcsHeader(byte)
        case .dcsPassthrough:
            if byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { appendToString(byte) }
            return .none
        case .ignoredString:
            return .none
        }
    }

    /// The action that ends an OSC or DCS when ESC arrives (ESC `\` is the string terminator).
    private mutating func finishString() -> Action {
        switch state {
        case .oscString: return .osc
        case .dcsPassthrough: return .dcs(dcsFinal)
        default: return .none
        }
    }

    private mutating func malformedText() -> Action {
        decoder.reset()
        reprocessByte = true
        return .print(0xFFFD)
    }

    private mutating func ground(_ byte: UInt8) -> Action {
        if byte < 0x80 && !decoder.isPending {
            if byte < 0x20 { return .execute(UInt32(byte)) }
            return byte == 0x7F ? .none : .print(UInt32(byte))
        }
        switch decoder.decode(byte) {
        case .pending:
            return .none
        case .invalid(let reprocess):
            reprocessByte = reprocess
            return .print(0xFFFD)
        case .scalar(let scalar):
            if scalar >= 0x80 && scalar <= 0x9F { return c1(scalar) }
            return .print(scalar)
        }
    }

    /// A C1 control: the string and sequence introducers change state, the rest are performed.
    private mutating func c1(_ code: UInt32) -> Action {
        switch code {
        case 0x90: enter(.dcsEntry)
        case 0x9B: enter(.csiEntry)
        case 0x9D: enter(.oscString)
        case 0x98, 0x9E, 0x9F: enter(.ignoredString)
        case 0x9C: break
        default: return .execute(code)
        }
        return .none
    }

    private mutating func escape(_ byte: UInt8) -> Action {
        switch byte {
        case 0x00...0x1F:
            return .execute(UInt32(byte))
        case 0x20...0x2F:
            collect(byte)
            state = .escapeIntermediate
        case 0x7F:
            break
        case 0x30...0x7E:
            if state == .escape {
                switch byte {
                case UInt8(ascii: "["): enter(.csiEntry); return .none
                case UInt8(ascii: "]"): enter(.oscString); return .none
                case UInt8(ascii: "P"): enter(.dcsEntry); return .none
                case UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): enter(.ignoredString); return .none
                default: break
                }
            }
            state = .ground
            return .escape(byte)
        default:
            state = .ground
        }
        return .none
    }

    /// Shared parameter handling for CSI and DCS headers. Returns false when the byte is not a parameter byte.
    private mutating func parameterByte(_ byte: UInt8, entry: State, parameter: State, ignore: State) -> Bool {
        switch byte {
        case 0x30...0x39:
            parameters.addDigit(byte &- 0x30)
            state = parameter
        case 0x3A, 0x3B:
            parameters.next(isSubparameter: byte == 0x3A)
            state = parameter
        case 0x3C...0x3F:
            if state == entry { privateMarker = byte; state = parameter } else { state = ignore }
        default:
            return false
        }
        return true
    }

    private mutating func controlSequence(_ byte: UInt8) -> Action {
        if byte < 0x20 { return .execute(UInt32(byte)) }
        if state == .csiIgnore {
            if byte >= 0x40 && byte <= 0x7E { state = .ground }
            return .none
        }
        if state != .csiIntermediate && parameterByte(byte, entry: .csiEntry, parameter: .csiParameter, ignore: .csiIgnore) {
            return .none
        }
        switch byte {
        case 0x20...0x2F:
            collect(byte)
            state = .csiIntermediate
        case 0x30...0x3F:
            state = .csiIgnore
        case 0x40...0x7E:
            state = .ground
            return .csi(byte)
        default:
            break
        }
        return .none
    }

    private mutating func osc(_ byte: UInt8) -> Action {
        if byte == 0x07 {
            state = .ground
            return .osc
        }
        if byte >= 0x20 { appendToString(byte) }
        return .none
    }

    private mutating func dcsHeader(_ byte: UInt8) -> Action {
        if byte < 0x20 || state == .dcsIgnore { return .none }
        if state != .dcsIntermediate && parameterByte(byte, entry: .dcsEntry, parameter: .dcsParameter, ignore: .dcsIgnore) {
            return .none
        }
        switch byte {
        case 0x20...0x2F:
            collect(byte)
            state = .dcsIntermediate
        case 0x40...0x7E:
            dcsFinal = byte
            dcsIntermediate = hasExtraIntermediates ? 0xFF : intermediate
            dcsPrivateMarker = privateMarker
            string.removeAll(keepingCapacity: true)
            state = .dcsPassthrough
        default:
            state = .dcsIgnore
        }
        return .none
    }
}
