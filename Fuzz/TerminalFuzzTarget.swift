// The libFuzzer entry point for the terminal emulator and the key and mouse encoders.
// Built and run by Scripts/fuzz.sh (not part of the Swift package): see Fuzz/README.md.
import CleanSlateScreen

/// Reads the fuzzer's input front to back; past the end it yields zeros, so every input is usable.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func number(below limit: Int) -> Int {
        (Int(byte()) << 8 | Int(byte())) % limit
    }

    mutating func chunk(maximum: Int) -> UnsafeBufferPointer<UInt8> {
        let count = min(maximum, bytes.count - min(position, bytes.count))
        defer { position += count }
        return UnsafeBufferPointer(rebasing: bytes[position..<(position + count)])
    }
}

/// Stops the run (a crash libFuzzer records with the input) when an invariant of the emulator breaks.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// Checks what must hold after any input: the snapshot's size matches, the cursor is on the screen,
/// and everything the emulator buffers stays within its bounds.
func checkInvariants(_ terminal: TerminalEmulator, scrollbackLimit: Int) {
    let snapshot = terminal.snapshot()
    require(snapshot.rows == terminal.rows && snapshot.columns == terminal.columns, "snapshot size \(snapshot.rows)x\(snapshot.columns)")
    require(snapshot.lines.count == snapshot.rows, "\(snapshot.lines.count) lines for \(snapshot.rows) rows")
    require((0..<snapshot.rows).contains(snapshot.cursor.row) && (0..<snapshot.columns).contains(snapshot.cursor.column),
            "cursor \(snapshot.cursor) off a \(snapshot.rows)x\(snapshot.columns) screen")
    require(snapshot.scrollback.count <= scrollbackLimit, "scrollback of \(snapshot.scrollback.count) lines")
    require((1...TerminalEmulator.maximumDimension).contains(terminal.rows), "rows \(terminal.rows)")
}

func fuzzKey(_ input: inout FuzzInput) {
    let keys: [Key] = [.enter, .tab, .backspace, .escape, .up, .down, .right, .left, .home, .end, .pageUp, .pageDown, .insert, .delete]
    let choice = Int(input.byte())
    let key: Key
    if choice < keys.count {
        key = keys[choice]
    } else if choice < 128 {
        key = .function(Int(Int8(bitPattern: input.byte())))
    } else {
        let value = UInt32(input.byte()) << 16 | UInt32(input.byte()) << 8 | UInt32(input.byte())
        guard let scalar = Unicode.Scalar(value % 0x11_0000) else { return }
        key = .character(Character(scalar))
    }
    let modifiers = Key.Modifiers(rawValue: Int(input.byte() & 7))
    if let bytes = try? KeyEncoder.encode(key, modifiers: modifiers, applicationCursorKeys: input.byte() & 1 == 1) {
        require(!bytes.isEmpty, "\(key) encoded as nothing")
    }
}

func fuzzMouse(_ input: inout FuzzInput, _ terminal: TerminalEmulator) {
    let buttons: [MouseButton] = [.left, .middle, .right, .wheelUp, .wheelDown]
    let button = buttons[Int(input.byte()) % buttons.count]
    let actions: [MouseAction] = [.press(button), .release(button), .move(held: button), .move(held: nil)]
    let action = actions[Int(input.byte()) % actions.count]
    // AppLauncher only passes positions on the screen; the screen is at most maximumDimension square.
    let row = input.number(below: terminal.rows)
    let column = input.number(below: terminal.columns)
    let trackings: [MouseTrackingMode] = [.off, .x10, .normal, .buttonEvent, .anyEvent]
    let encodings: [MouseEncoding] = [.default, .utf8, .sgr, .urxvt]
    let tracking = input.byte() & 1 == 0 ? terminal.modes.mouseTracking : trackings[Int(input.byte()) % trackings.count]
    let encoding = input.byte() & 1 == 0 ? terminal.modes.mouseEncoding : encodings[Int(input.byte()) % encodings.count]
    _ = try? MouseEncoder.encode(action, row: row, column: column, modifiers: Key.Modifiers(rawValue: Int(input.byte() & 7)),
                                 tracking: tracking, encoding: encoding)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(bytes: UnsafeBufferPointer(start: data, count: size))
    let scrollbackLimit = Int(input.byte()) % 64
    // Mostly small screens (fast, and edge cases live there), sometimes up to the maximum.
    let big = input.byte() == 0xFF
    let terminal = TerminalEmulator(rows: big ? 1000 : 1 + Int(input.byte()) % 40,
                                    columns: big ? 1000 : 1 + Int(input.byte()) % 100, scrollbackLimit: scrollbackLimit)
    while !input.isAtEnd {
        let command = input.byte()
        switch command {
        case 0xF0:
            terminal.resize(rows: input.number(below: 1200) - 100, columns: input.number(below: 1200) - 100)
        case 0xF1:
            _ = terminal.takeReplies()
        case 0xF2:
            checkInvariants(terminal, scrollbackLimit: scrollbackLimit)
        case 0xF3:
            fuzzKey(&input)
        case 0xF4:
            fuzzMouse(&input, terminal)
        default:
            terminal.feed(UnsafeRawBufferPointer(input.chunk(maximum: Int(command) + 1)))
        }
    }
    checkInvariants(terminal, scrollbackLimit: scrollbackLimit)
    return 0
}
