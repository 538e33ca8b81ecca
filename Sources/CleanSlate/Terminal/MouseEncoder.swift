import CleanSlateScreen

/// Encodes mouse events the way xterm reports them to an application, in the tracking mode and
/// encoding the application asked for (xterm ctlseqs, "Mouse Tracking").
///
/// The button code is 0/1/2 for left/middle/right, 64/65 for the wheel, 3 for a release in the
/// encodings that cannot name the released button, plus 4 for Shift, 8 for Alt (Meta), 16 for
/// Control and 32 for motion. Positions are sent one-based.
enum MouseEncoder {
    /// The bytes for `action`, or nil when the current tracking mode does not report it (a real
    /// terminal would send nothing either: X10 reports presses only, 1000 no motion, 1002 motion only
    /// with a button held).
    static func encode(
        _ action: MouseAction, row: Int, column: Int, modifiers: Key.Modifiers,
        tracking: MouseTrackingMode, encoding: MouseEncoding
    ) throws -> [UInt8]? {
        switch (tracking, action) {
        case (.off, _):
            return nil
        case (.x10, .release), (.x10, .move), (.normal, .move), (.buttonEvent, .move(held: nil)):
            return nil
        case (_, .release(.wheelUp)), (_, .release(.wheelDown)):
            return nil  // the wheel has no release
        default:
            break
        }
        var code: Int
        var isRelease = false
        switch action {
        case let .press(button):
            code = buttonCode(button)
        case let .release(button):
            code = encoding == .sgr ? buttonCode(button) : 3
            isRelease = true
        case let .move(held):
            code = 32 + (held.map(buttonCode) ?? 3)
        }
        if tracking != .x10 {
            if modifiers.contains(.shift) { code += 4 }
            if modifiers.contains(.alt) { code += 8 }
            if modifiers.contains(.control) { code += 16 }
        }
        let x = column + 1
        let y = row + 1
        let csi: [UInt8] = [0x1B, UInt8(ascii: "[")]
        switch encoding {
        case .sgr:
            return csi + Array("<\(code);\(x);\(y)\(isRelease ? "m" : "M")".utf8)
        case .urxvt:
            return csi + Array("\(code + 32);\(x);\(y)M".utf8)
        case .default:
            guard x + 32 <= 255, y + 32 <= 255 else {
                throw CleanSlateError(.invalidArgument,
                    "row \(row), column \(column) cannot be reported in the app's mouse encoding (positions up to 223 only); the app would need SGR mouse mode (CSI ? 1006 h)")
            }
            return csi + [UInt8(ascii: "M"), UInt8(code + 32), UInt8(x + 32), UInt8(y + 32)]
        case .utf8:
            guard x + 32 <= 2047, y + 32 <= 2047 else {
                throw CleanSlateError(.invalidArgument, "row \(row), column \(column) is beyond what UTF-8 mouse mode can report")
            }
            return csi + [UInt8(ascii: "M")] + utf8(code + 32) + utf8(x + 32) + utf8(y + 32)
        }
    }

    private static func buttonCode(_ button: MouseButton) -> Int {
        switch button {
        case .left: return 0
        case .middle: return 1
        case .right: return 2
        case .wheelUp: return 64
        case .wheelDown: return 65
        }
    }

    private static func utf8(_ value: Int) -> [UInt8] {
        Array(String(Character(Unicode.Scalar(UInt32(value))!)).utf8)
    }
}
