/// How a cell is painted in the pictures of a screen (``ScreenSnapshot/svg(marking:)``,
/// ``ScreenSnapshot/html()``): its colours in the screen's palette with inverse video applied, and
/// the attributes that change how its text is drawn.
struct CellPaint: Equatable {
    let foreground: UInt32
    let background: UInt32
    let bold: Bool
    let italic: Bool
    let dim: Bool
    let hidden: Bool
    /// The lines drawn with the text, as a CSS/SVG `text-decoration` value; nil for none.
    let decorations: String?

    /// How `cell` is painted with `colors` (the palette and default colours the app set).
    init(_ cell: ScreenCell, colors: ScreenColors) {
        let foreground = colors.rgb(cell.foreground, default: colors.foreground)
        let background = colors.rgb(cell.background, default: colors.background)
        let inverse = cell.attributes.contains(.inverse)
        self.foreground = inverse ? background : foreground
        self.background = inverse ? foreground : background
        bold = cell.attributes.contains(.bold)
        italic = cell.attributes.contains(.italic)
        dim = cell.attributes.contains(.dim)
        hidden = cell.attributes.contains(.hidden)
        var lines: [String] = []
        if cell.underline != .none { lines.append("underline") }
        if cell.attributes.contains(.strikethrough) { lines.append("line-through") }
        if cell.attributes.contains(.overline) { lines.append("overline") }
        decorations = lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// Whether two cells' text is drawn alike (their backgrounds may differ).
    func drawsTextLike(_ other: CellPaint) -> Bool {
        foreground == other.foreground && bold == other.bold && italic == other.italic && dim == other.dim
            && hidden == other.hidden && decorations == other.decorations
    }
}

/// The geometry, colours and text escaping shared by the pictures of a screen.
public enum ScreenPicture {
    /// The width of a cell in pixels.
    public static let cellWidth = 9
    /// The height of a cell (a row) in pixels.
    public static let cellHeight = 18
    /// The font size in pixels.
    public static let fontSize = 15
    /// Where the text's baseline is, from the top of its row.
    static let baseline = 14
    /// The font families asked for, the generic `monospace` last.
    static let fontFamily = "DejaVu Sans Mono, Menlo, Consolas, monospace"
    /// The default foreground, xterm's light grey, as 0xRRGGBB (a screen whose app set another draws with that).
    public static let defaultForeground: UInt32 = 0xE5E5E5
    /// The default background, black, as 0xRRGGBB (a screen whose app set another draws with that).
    public static let defaultBackground: UInt32 = 0x000000
    /// The shade of a cell that differs between two screens, red, as 0xRRGGBB.
    public static let differenceColor: UInt32 = 0xFF3B30

    /// `color` as 0xRRGGBB in xterm's default palette, `fallback` for the default colour (for a
    /// screen's own palette, ``ScreenColors/rgb(_:default:)``).
    public static func rgb(_ color: TerminalColor, default fallback: UInt32) -> UInt32 {
        ScreenColors().rgb(color, default: fallback)
    }

    /// `#rrggbb`.
    static func hex(_ rgb: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String((0..<6).map { digits[Int(rgb >> UInt32(20 - 4 * $0) & 0xF)] })
    }

    /// `text` safe inside an XML or HTML element or attribute: markup characters escaped, and
    /// characters XML cannot hold (C0 controls but tab, DEL, C1 controls, U+FFFE and U+FFFF) as U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where scalar.value < 0x20 && scalar != "\t", _ where (0x7F...0x9F).contains(scalar.value),
                 _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
