/// One cell of the screen as a reader sees it.
public struct ScreenCell: Sendable, Equatable {
    /// The text shown in the cell: one grapheme (a base character plus any combining marks),
    /// `" "` for a blank cell, and `""` for the right half of a wide character.
    public var character: String
    /// How many columns the character occupies: 1, 2 for a wide character, 0 for the right half of one.
    public var width: Int
    /// The foreground colour.
    public var foreground: TerminalColor
    /// The background colour.
    public var background: TerminalColor
    /// Bold, italic, inverse and the other rendition flags.
    public var attributes: CellAttributes
    /// The underline style.
    public var underline: UnderlineStyle

    /// Creates a cell.
    public init(
        character: String = " ", width: Int = 1, foreground: TerminalColor = .default,
        background: TerminalColor = .default, attributes: CellAttributes = [], underline: UnderlineStyle = .none
    ) {
        self.character = character
        self.width = width
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
        self.underline = underline
    }
}
