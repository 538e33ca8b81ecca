/// Rendition flags of a cell, set by SGR, and its protection (DECSCA, SPA).
///
/// Underlining is not a flag here: see ``UnderlineStyle``.
public struct CellAttributes: OptionSet, Sendable, Hashable {
    /// The raw bit mask.
    public let rawValue: UInt16

    /// Creates a set from a raw bit mask.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Bold or increased intensity (SGR 1).
    public static let bold = CellAttributes(rawValue: 1 << 0)
    /// Faint or decreased intensity (SGR 2).
    public static let dim = CellAttributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = CellAttributes(rawValue: 1 << 2)
    /// Blinking (SGR 5 or 6).
    public static let blink = CellAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped (SGR 7).
    public static let inverse = CellAttributes(rawValue: 1 << 4)
    /// Concealed text (SGR 8).
    public static let hidden = CellAttributes(rawValue: 1 << 5)
    /// Crossed-out text (SGR 9).
    public static let strikethrough = CellAttributes(rawValue: 1 << 6)
    /// A line above the text (SGR 53).
    public static let overline = CellAttributes(rawValue: 1 << 7)
    /// Protected from erasing: by DECSED, DECSEL and DECSERA after DECSCA 1, or by ED, EL and ECH
    /// inside an SPA/EPA area. Not a rendition (SGR 0 leaves it).
    public static let protected = CellAttributes(rawValue: 1 << 15)
}

/// How a cell is underlined (SGR 4, 4:n, 21, 24).
public enum UnderlineStyle: UInt8, Sendable, Hashable {
    /// Not underlined.
    case none = 0
    /// A single straight line (SGR 4 or 4:1).
    case single = 1
    /// Two lines (SGR 21 or 4:2).
    case double = 2
    /// A wavy line (SGR 4:3).
    case curly = 3
    /// A dotted line (SGR 4:4).
    case dotted = 4
    /// A dashed line (SGR 4:5).
    case dashed = 5
}
