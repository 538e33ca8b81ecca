/// What a screen holds anywhere, noted cell by cell while its ``RecognitionGrid`` is built: the
/// characters and looks without which a recognition rule cannot find anything. A screen of plain
/// text in one style (a shell, `cat`, a log) has none of them, so only the rules that read plain
/// text run on it; the tree is the same as with every rule run (the differential tests in
/// ElementSkippingTests compare the two on random and captured screens).
struct RecognitionTriggers {
    /// The shade of the first cell.
    var firstShade: UInt64 = 0
    /// Whether every cell has the shade of the first.
    var isOneShade = true
    /// Every attribute some cell has.
    var attributesSeen: UInt16 = 0
    /// Every underline style bit some cell has.
    var underlinesSeen: UInt8 = 0
    /// Whether some cell is bold (the highlight rule's last resort).
    var hasBold: Bool { attributesSeen & CellAttributes.bold.rawValue != 0 }
    /// Whether some cell is underlined (an underlined field).
    var hasUnderline: Bool { underlinesSeen != 0 }
    /// Whether some cell is a line-drawing character (boxes, column lines, separators).
    var hasLine = false
    /// Whether some cell is blank (windows' grounds are counted on blanks).
    var hasBlank = false
    /// `[`: buttons, check boxes and bracketed progress bars open with it.
    var hasOpeningBracket = false
    /// `<`: buttons.
    var hasAngleBracket = false
    /// `(`: radio buttons.
    var hasParenthesis = false
    /// `_`: fields filled out with underscores.
    var hasUnderscore = false
    /// `%`: a shaded progress bar shows only a percentage. Its text is read whole, so a `%`
    /// inside a cluster counts too: any cluster sets it.
    var hasPercent = false
    /// A block character: progress bars drawn in blocks.
    var hasBlock = false
    /// `^`, `M`, `F` or `:`: every written key legend holds one (`^X`, `M-U`, `F10`, `q:quit`).
    var hasKeyMark = false

    /// Whether the screen is plain text only: one shade everywhere (its blanks' too, so that it
    /// is the screen's ground), nothing bold or underlined, no line, and none of the characters
    /// that buttons, toggles, bars, underscored fields, key legends and prompts (`:`) need. No
    /// rule but static text finds anything on such a screen: there is no window, no element
    /// can stand out from its siblings (no highlight, so no menu or menu bar), and nothing
    /// else has what it starts with.
    var holdsPlainTextOnly: Bool {
        isOneShade && (hasBlank || firstShade == 0) && attributesSeen & CellAttributes.bold.rawValue == 0 && underlinesSeen == 0
            && !hasLine && !hasOpeningBracket && !hasAngleBracket && !hasParenthesis && !hasUnderscore && !hasBlock && !hasKeyMark
    }

    /// Notes one cell showing `scalar` with background `shade`.
    @inline(__always)
    mutating func note(scalar: UInt32, shade: UInt64, cell: Cell) {
        if shade != firstShade { isOneShade = false }
        if cell.isCluster { hasPercent = true }
        attributesSeen |= cell.attributes
        underlinesSeen |= cell.underline
        switch scalar {
        case 0x20: hasBlank = true
        case 0x30...0x39, 0x61...0x7A: return  // the common case: digits, small letters
        case 0x5B: hasOpeningBracket = true
        case 0x3C: hasAngleBracket = true
        case 0x28: hasParenthesis = true
        case 0x5F: hasUnderscore = true
        case 0x25: hasPercent = true
        case 0x5E, 0x4D, 0x46, 0x3A: hasKeyMark = true
        case 0x2500...0x257F, 0x23BA...0x23BD: hasLine = true
        default: if ProgressRecognition.isBlock(scalar) { hasBlock = true }
        }
    }
}
