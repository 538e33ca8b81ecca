extension TerminalEmulator {
    /// SGR: applies every parameter of `CSI … m` to the pen, left to right.
    ///
    /// Extended colours are accepted in both forms: `38;5;n` / `38;2;r;g;b` (semicolons) and
    /// `38:5:n` / `38:2::r:g:b` / `38:2:r:g:b` (colons; the optional colour-space id is skipped).
    /// 58 (underline colour) is parsed and ignored.
    func selectGraphicRendition() {
        let parameters = core.pointee.parser.parameters
        var index = 0
        while index < parameters.count {
            let code = Int(max(parameters[index], 0))
            // Sub-parameters that follow this entry (colon form).
            var subparameters = 0
            while parameters.isSubparameter(index + subparameters + 1) { subparameters += 1 }
            var consumed = 1 + subparameters
            switch code {
            case 0: pen = Cell.keepingProtection(of: pen)
            case 1: pen.attributes |= CellAttributes.bold.rawValue
            case 2: pen.attributes |= CellAttributes.dim.rawValue
            case 3: pen.attributes |= CellAttributes.italic.rawValue
            case 4:
                let style = subparameters > 0 ? Int(max(parameters[index + 1], 0)) : 1
                pen.underline = (UnderlineStyle(rawValue: UInt8(min(style, 255))) ?? .single).rawValue
            case 5, 6: pen.attributes |= CellAttributes.blink.rawValue
            case 7: pen.attributes |= CellAttributes.inverse.rawValue
            case 8: pen.attributes |= CellAttributes.hidden.rawValue
            case 9: pen.attributes |= CellAttributes.strikethrough.rawValue
            case 21: pen.underline = UnderlineStyle.double.rawValue
            case 22: pen.attributes &= ~(CellAttributes.bold.rawValue | CellAttributes.dim.rawValue)
            case 23: pen.attributes &= ~CellAttributes.italic.rawValue
            case 24: pen.underline = 0
            case 25: pen.attributes &= ~CellAttributes.blink.rawValue
            case 27: pen.attributes &= ~CellAttributes.inverse.rawValue
            case 28: pen.attributes &= ~CellAttributes.hidden.rawValue
            case 29: pen.attributes &= ~CellAttributes.strikethrough.rawValue
            case 30...37: pen.foreground = PackedColor.indexed(code - 30)
            case 39: pen.foreground = PackedColor.default
            case 40...47: pen.background = PackedColor.indexed(code - 40)
            case 49: pen.background = PackedColor.default
            case 53: pen.attributes |= CellAttributes.overline.rawValue
            case 55: pen.attributes &= ~CellAttributes.overline.rawValue
            case 90...97: pen.foreground = PackedColor.indexed(code - 90 + 8)
            case 100...107: pen.background = PackedColor.indexed(code - 100 + 8)
            case 38, 48, 58:
                let (color, used) = extendedColor(at: index, subparameters: subparameters)
                if subparameters == 0 { consumed = used }
                if let color {
                    if code == 38 { pen.foreground = color } else if code == 48 { pen.background = color }
                }
            default:
                break
            }
            index += consumed
        }
    }

    /// Reads the colour after a 38/48/58 at `index`. Returns the colour (nil if malformed) and, for the
    /// semicolon form, how many entries it used including the 38/48/58 itself.
    private func extendedColor(at index: Int, subparameters: Int) -> (UInt32?, Int) {
        let parameters = core.pointee.parser.parameters
        func component(_ offset: Int) -> Int? {
            let value = parameters[index + offset]
            return value < 0 ? 0 : (value <= 255 ? Int(value) : nil)
        }
        let kind = parameters[index + 1]
        if subparameters > 0 {
            switch kind {
            case 5 where subparameters >= 2:
                return (component(2).map { PackedColor.indexed($0) }, 0)
            case 2 where subparameters >= 4:
                // 38:2:r:g:b or, with a colour-space id, 38:2:id:r:g:b.
                let first = subparameters >= 5 ? 3 : 2
                guard let red = component(first), let green = component(first + 1), let blue = component(first + 2)
                else { return (nil, 0) }
                return (PackedColor.rgb(red, green, blue), 0)
            default:
                return (nil, 0)
            }
        }
        switch kind {
        case 5:
            return (component(2).map { PackedColor.indexed($0) }, 3)
        case 2:
            guard let red = component(2), let green = component(3), let blue = component(4) else { return (nil, 5) }
            return (PackedColor.rgb(red, green, blue), 5)
        default:
            return (nil, parameters.count)  // Unknown colour model: the rest cannot be interpreted.
        }
    }
}
