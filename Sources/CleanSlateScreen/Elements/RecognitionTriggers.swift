/// What a screen holds anywhere, noted cell by cell while its ``RecognitionGrid`` is built: the
/// characters and looks without which a recognition rule cannot find anything. A screen of plain
/// text in one style (a shell, `cat`, a log) has none of them, so only the rules that read plain
/// text run on it; the tree is the same as with every rule run (the differential tests in
/// ElementSkippingTests compare the two on random and captured screens).
struct RecognitionTriggers: Equatable {
    /// The shade of the first cell.
    var firstShade: UInt64 = 0
    /// The bits in which some cell's shade differs from the first cell's.
    var shadeDifferences: UInt64 = 0
    /// The text colour of the first cell.
    var firstForeground: UInt32 = 0
    /// The bits in which some cell's text colour differs from the first cell's.
    var foregroundDifferences: UInt32 = 0
    /// Every attribute some cell has.
    var attributesSeen: UInt16 = 0
    /// Every underline style bit some cell has.
    var underlinesSeen: UInt8 = 0
    /// The characters seen, as ``Marks``.
    var marks = Marks()

    /// Characters some rule needs, each a bit.
    struct Marks: OptionSet {
        let rawValue: UInt16
        /// A blank (windows' grounds are counted on blanks).
        static let blank = Marks(rawValue: 1 << 0)
        /// A line-drawing character (boxes, column lines, separators).
        static let line = Marks(rawValue: 1 << 1)
        /// `[`: buttons, check boxes and bracketed progress bars open with it.
        static let openingBracket = Marks(rawValue: 1 << 2)
        /// `<`: buttons.
        static let angleBracket = Marks(rawValue: 1 << 3)
        /// `(`: radio buttons.
        static let parenthesis = Marks(rawValue: 1 << 4)
        /// `_`: fields filled out with underscores.
        static let underscore = Marks(rawValue: 1 << 5)
        /// `%`, or a cluster (a shaded progress bar's text is read whole, so a `%` inside a
        /// cluster counts too).
        static let percent = Marks(rawValue: 1 << 6)
        /// A block a bar can be drawn in (`█ ▌ ░ ▓ ■`, ``ProgressRecognition/isBlock(_:)``): a
        /// run of them is a progress bar.
        static let block = Marks(rawValue: 1 << 7)
        /// Any block element (`▀ ▄ ▐` too, ``ProgressRecognition/isBlockElement(_:)``): pictures
        /// are drawn in them. Only a list needs it (a picture's row is none of its rows), and no
        /// list is read on plain text, so it does not rule plain text out.
        static let pictureBlock = Marks(rawValue: 1 << 14)
        /// `^`, `M`, `F`, `:`, `)` or `=`: every written key legend holds one (`^X`, `M-U`, `F10`,
        /// `q:quit`, `H)elp`, `/=search`).
        static let keyMark = Marks(rawValue: 1 << 8)
        /// `+`: the corners of boxes drawn in ASCII.
        static let plus = Marks(rawValue: 1 << 9)
        /// `W` or `w`: a row naming the days of the week names Wednesday.
        static let letterW = Marks(rawValue: 1 << 10)
        /// `f`: a row holding the word `for` (a `KEY for ACTION` legend) shows `f`, `o` and `r`.
        static let letterF = Marks(rawValue: 1 << 11)
        /// `o`, of the word `for`.
        static let letterO = Marks(rawValue: 1 << 12)
        /// `r`, of the word `for`.
        static let letterR = Marks(rawValue: 1 << 13)
        /// `-`: a list keyed `a - phrase` (nethack's options) may be drawn in one shade. It does
        /// not rule plain text out: a screen of nothing else is read as text.
        static let hyphen = Marks(rawValue: 1 << 15)
        /// The letters of the word `for`.
        static let lettersOfFor: Marks = [.letterF, .letterO, .letterR]

        /// The marks of each ASCII character, by its code.
        static let ascii: [UInt16] = (0..<128).map { code -> UInt16 in
            switch code {
            case 0x20: return blank.rawValue
            case 0x5B: return openingBracket.rawValue
            case 0x3C: return angleBracket.rawValue
            case 0x28: return parenthesis.rawValue
            case 0x5F: return underscore.rawValue
            case 0x25: return percent.rawValue
            case 0x5E, 0x4D, 0x46, 0x3A, 0x29, 0x3D: return keyMark.rawValue
            case 0x2B: return plus.rawValue
            case 0x2D: return hyphen.rawValue
            case 0x57, 0x77: return letterW.rawValue
            case 0x66: return letterF.rawValue
            case 0x6F: return letterO.rawValue
            case 0x72: return letterR.rawValue
            default: return 0
            }
        }

        /// The marks of a character beyond ASCII (`cell` is the cell showing it).
        static func beyondASCII(_ scalar: UInt32, cell: Cell) -> Marks {
            var marks = Marks()
            if cell.isCluster { marks.insert(.percent) }
            if BoxCharacters.isLine(scalar) { marks.insert(.line) }
            if ProgressRecognition.isBlockElement(scalar) {
                marks.insert(.pictureBlock)
                if ProgressRecognition.isBlock(scalar) { marks.insert(.block) }
            }
            return marks
        }
    }

    /// Whether some cell's text is drawn in another colour than the first's (keys told apart by
    /// their colour alone: calcurse's red `?` before `Help`).
    var hasSeveralForegrounds: Bool { foregroundDifferences != 0 }
    /// Whether every cell has the shade of the first.
    var isOneShade: Bool { shadeDifferences == 0 }
    /// Whether some cell is bold (the highlight rule's last resort).
    var hasBold: Bool { attributesSeen & CellAttributes.bold.rawValue != 0 }
    /// Whether some cell is underlined (an underlined field).
    var hasUnderline: Bool { underlinesSeen != 0 }
    /// Whether some cell is a line-drawing character.
    var hasLine: Bool { marks.contains(.line) }
    /// Whether some cell is blank.
    var hasBlank: Bool { marks.contains(.blank) }
    /// Whether some cell shows `[`.
    var hasOpeningBracket: Bool { marks.contains(.openingBracket) }
    /// Whether some cell shows `<`.
    var hasAngleBracket: Bool { marks.contains(.angleBracket) }
    /// Whether some cell shows `(`.
    var hasParenthesis: Bool { marks.contains(.parenthesis) }
    /// Whether some cell shows `_`.
    var hasUnderscore: Bool { marks.contains(.underscore) }
    /// Whether some cell shows `%` or is a cluster.
    var hasPercent: Bool { marks.contains(.percent) }
    /// Whether some cell shows a block a bar can be drawn in.
    var hasBlock: Bool { marks.contains(.block) }
    /// Whether some cell shows any block element (a picture may be drawn).
    var hasPictureBlock: Bool { marks.contains(.pictureBlock) }
    /// Whether some cell shows `+` (an ASCII box may be drawn).
    var hasPlus: Bool { marks.contains(.plus) }
    /// Whether some cell shows `-`.
    var hasHyphen: Bool { marks.contains(.hyphen) }
    /// Whether some cell shows `^`, `M`, `F`, `:`, `)` or `=`.
    var hasKeyMark: Bool { marks.contains(.keyMark) }

    /// Whether the screen is plain text only: one shade everywhere (its blanks' too, so that it
    /// is the screen's ground), nothing bold or underlined, no line, and none of the characters
    /// that buttons, toggles, bars, underscored fields, key legends (`+` of `Ctrl+H for help` too,
    /// and text of two colours: a key in a colour of its own) and prompts (`:`) need. No
    /// rule but static text finds anything on such a screen: there is no window, no element
    /// can stand out from its siblings (no highlight, so no menu or menu bar), and nothing
    /// else has what it starts with.
    var holdsPlainTextOnly: Bool {
        mayHoldPlainTextOnly(asciiMarks: 0) && (hasBlank || firstShade == 0)
    }

    /// The marks a screen of plain text never shows.
    static let marksBeyondPlainText: Marks = [.line, .openingBracket, .angleBracket, .parenthesis, .underscore, .block, .keyMark, .plus]

    /// Whether what is noted so far, with `asciiMarks` (ASCII cells' marks not noted yet), leaves
    /// ``holdsPlainTextOnly`` possible: each part of it but the blank, none of which a cell
    /// noted later can undo, so a pass over the cells can stop as soon as this is false.
    @inline(__always)
    func mayHoldPlainTextOnly(asciiMarks: UInt16) -> Bool {
        isOneShade && attributesSeen & CellAttributes.bold.rawValue == 0 && underlinesSeen == 0 && !hasSeveralForegrounds
            && (marks.rawValue | asciiMarks) & Self.marksBeyondPlainText.rawValue == 0
    }

    /// Notes how `cell`, at `column` of its row, is drawn, unless it looks like `previous` (the
    /// cell before it whose look was noted: see ``Cell/looksLike(_:)``), whose look adds nothing
    /// new; `previousShade` is that cell's shade, and becomes this cell's shade either way (a
    /// shadow's shade is the cell's before it: ``RecognitionGrid/isShadow(_:)``).
    @inline(__always)
    mutating func note(cell: Cell, column: Int, previous: inout Cell, previousShade: inout UInt64) {
        guard column == 0 || !cell.looksLike(previous) else { return }
        let shade = RecognitionGrid.isShadow(cell) && column != 0 ? previousShade : RecognitionGrid.shade(of: cell)
        previousShade = shade
        previous = cell
        note(look: cell, shade: shade)
    }

    /// Notes how `cell` is drawn, its background `shade`: needed only for a cell that does not
    /// look like the one before it (see ``Cell/looksLike(_:)``), whose look adds nothing new.
    @inline(__always)
    mutating func note(look cell: Cell, shade: UInt64) {
        shadeDifferences |= shade ^ firstShade
        foregroundDifferences |= cell.foreground ^ firstForeground
        attributesSeen |= cell.attributes
        underlinesSeen |= cell.underline
    }

    /// Notes the character `cell` shows and gives its first scalar (see
    /// ``RecognitionGrid/firstScalar(of:clusterScalars:)``): the marks of an ASCII character (a
    /// cluster's first one too) or an erased cell (shown as a blank) are gathered in `asciiMarks` for the caller to note once;
    /// `ascii` is ``Marks/ascii``.
    @inline(__always)
    mutating func noteCharacter(
        of cell: Cell, clusterScalars: [[UInt32]], ascii: UnsafeBufferPointer<UInt16>, asciiMarks: inout UInt16
    ) -> UInt32 {
        if cell.width == 1 && cell.code < 0x80 {
            let scalar = cell.code != 0 ? cell.code : 0x20
            asciiMarks |= ascii[Int(scalar)]
            return scalar
        }
        // A cluster starting with an ASCII character has that character's marks (and no others,
        // as ``note(scalar:cell:ascii:)`` gives them), gathered with the row's.
        let scalar = RecognitionGrid.firstScalar(of: cell, clusterScalars: clusterScalars)
        if scalar < 0x80 {
            asciiMarks |= ascii[Int(scalar)]
        } else {
            marks.formUnion(Marks.beyondASCII(scalar, cell: cell))
        }
        return scalar
    }

    /// Notes the character of one cell showing `scalar`; `ascii` is ``Marks/ascii``.
    @inline(__always)
    mutating func note(scalar: UInt32, cell: Cell, ascii: UnsafeBufferPointer<UInt16>) {
        if scalar < 0x80 {
            marks = Marks(rawValue: marks.rawValue | ascii[Int(scalar)])
        } else {
            marks.formUnion(Marks.beyondASCII(scalar, cell: cell))
        }
    }
}
