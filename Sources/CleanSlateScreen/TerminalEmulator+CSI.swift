extension TerminalEmulator {
    /// Performs a control sequence `CSI [marker] parameters [intermediate] final`.
    func csiDispatch(_ final: UInt8) {
        guard !core.pointee.parser.hasExtraIntermediates else { return }
        let marker = core.pointee.parser.privateMarker
        let intermediate = core.pointee.parser.intermediate
        if marker == 0 && intermediate == 0 {
            plainControlSequence(final)
            return
        }
        let parameters = core.pointee.parser.parameters
        switch (marker, intermediate, final) {
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "h")): setDECModes(true)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "l")): setDECModes(false)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "s")): saveDECModes()
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "r")): restoreDECModes()
        case (UInt8(ascii: "?"), UInt8(ascii: "$"), UInt8(ascii: "p")): reportMode(parameters.value(0, default: 0), dec: true)
        case (0, UInt8(ascii: "$"), UInt8(ascii: "p")): reportMode(parameters.value(0, default: 0), dec: false)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "J")): eraseInDisplay(parameters.value(0, default: 0, zeroIsDefault: false), selective: true)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "K")): eraseInLine(parameters.value(0, default: 0, zeroIsDefault: false), selective: true)
        case (UInt8(ascii: "?"), 0, UInt8(ascii: "n")): deviceStatusReport(parameters.value(0, default: 0), dec: true)
        case (UInt8(ascii: ">"), 0, UInt8(ascii: "c")):
            // Only `CSI > c` and `CSI > 0 c` ask; our own answer `CSI > 1 ; 10 ; 0 c` must not be taken
            // for a question, or an app that echoes its input would make the two answer each other forever.
            if parameters.value(0, default: 0, zeroIsDefault: false) == 0 { replySecondaryDeviceAttributes() }
        case (0, UInt8(ascii: "!"), UInt8(ascii: "p")): softReset()
        case (0, UInt8(ascii: "*"), UInt8(ascii: "y")): replyRectangleChecksum()
        case (0, UInt8(ascii: "\""), UInt8(ascii: "q")): selectCharacterProtection(parameters.value(0, default: 0, zeroIsDefault: false))
        case (0, UInt8(ascii: "$"), UInt8(ascii: "x")): fillRectangle()
        case (0, UInt8(ascii: "$"), UInt8(ascii: "z")): eraseRectangle()
        case (0, UInt8(ascii: "$"), UInt8(ascii: "{")): selectivelyEraseRectangle()
        case (0, UInt8(ascii: "$"), UInt8(ascii: "v")): copyRectangle()
        case (0, UInt8(ascii: "'"), UInt8(ascii: "}")): insertColumns(parameters.value(0, default: 1))
        case (0, UInt8(ascii: "'"), UInt8(ascii: "~")): deleteColumns(parameters.value(0, default: 1))
        case (0, UInt8(ascii: "\""), UInt8(ascii: "p")):
            // DECSCL: only the level is kept, to be reported; the controls stay 7-bit.
            let level = parameters.value(0, default: 65)
            if (61...65).contains(level) { settings.conformanceLevel = level }
        case (0, UInt8(ascii: "*"), UInt8(ascii: "x")):
            let extent = parameters.value(0, default: 0, zeroIsDefault: false)
            if (0...2).contains(extent) { settings.attributeChangeExtent = extent }
        case (0, UInt8(ascii: " "), UInt8(ascii: "q")):
            if let style = CursorStyle(rawValue: parameters.value(0, default: 0, zeroIsDefault: false)) { modes.cursorStyle = style }
        default: break  // Cursor style, key modifier options and other settings that change nothing on screen.
        }
    }

    /// Control sequences without a private marker or intermediate byte.
    private func plainControlSequence(_ final: UInt8) {
        let parameters = core.pointee.parser.parameters
        let count = parameters.value(0, default: 1)
        switch final {
        case UInt8(ascii: "@"): insertCharacters(count)
        case UInt8(ascii: "A"): cursorUp(count)
        case UInt8(ascii: "B"), UInt8(ascii: "e"): cursorDown(count)
        case UInt8(ascii: "C"), UInt8(ascii: "a"): cursorForward(count)
        case UInt8(ascii: "D"), UInt8(ascii: "j"): cursorBackward(count)
        case UInt8(ascii: "E"):
            cursorDown(count)
            carriageReturn()
        case UInt8(ascii: "F"):
            cursorUp(count)
            carriageReturn()
        case UInt8(ascii: "G"), UInt8(ascii: "`"): setCursorColumn(count - 1)
        case UInt8(ascii: "H"), UInt8(ascii: "f"): setCursor(row: count - 1, column: parameters.value(1, default: 1) - 1)
        case UInt8(ascii: "I"): tab(forward: count)
        case UInt8(ascii: "J"): eraseInDisplay(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "K"): eraseInLine(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "L"): insertLines(count)
        case UInt8(ascii: "M"): deleteLines(count)
        case UInt8(ascii: "P"): deleteCharacters(count)
        case UInt8(ascii: "S"): scrollUp(count)
        case UInt8(ascii: "T"): if parameters.count == 1 { scrollDown(count) }
        case UInt8(ascii: "X"): eraseCharacters(count)
        case UInt8(ascii: "Z"): tabBackward(count)
        case UInt8(ascii: "b"): repeatLastCharacter(count)
        case UInt8(ascii: "c"): if parameters.value(0, default: 0, zeroIsDefault: false) == 0 { replyPrimaryDeviceAttributes() }
        case UInt8(ascii: "d"): setCursor(row: count - 1, column: cursorColumn, keepColumn: true)
        case UInt8(ascii: "g"): clearTabStops(parameters.value(0, default: 0, zeroIsDefault: false))
        case UInt8(ascii: "h"): setANSIModes(true)
        case UInt8(ascii: "k"): cursorUp(count)
        case UInt8(ascii: "l"): setANSIModes(false)
        case UInt8(ascii: "m"): selectGraphicRendition()
        case UInt8(ascii: "n"): deviceStatusReport(parameters.value(0, default: 0, zeroIsDefault: false), dec: false)
        case UInt8(ascii: "r"): setScrollRegion(top: count, bottom: parameters.value(1, default: rows))
        case UInt8(ascii: "s"):
            if leftRightMarginMode { setHorizontalMargins(left: count, right: parameters.value(1, default: columns)) } else { saveCursor() }
        case UInt8(ascii: "t"): windowOperation()
        case UInt8(ascii: "u"): restoreCursor()
        default: break
        }
    }
}
