/// What kind of thing a person sees in a region of a terminal screen, named as XCUITest names
/// the same things on iOS.
public enum ScreenElementKind: String, Sendable, Hashable, CaseIterable {
    /// A box drawn with line-drawing characters (Unicode box drawing or DEC special graphics),
    /// labelled by the title written into its top border.
    case window
    /// A run of words that is none of the other kinds.
    case staticText
    /// A push button: `< OK >`, `[ Cancel ]`, `<Yes>`.
    case button
    /// A box that can be ticked: `[X] Remember me`, `[ ] Telemetry`.
    case checkBox
    /// One choice of several: `(*) Dark`, `( ) Light`.
    case radioButton
    /// A row of a list or menu; one row of a list is usually the highlighted one.
    case menuItem
    /// A field a person types into: a run of cells with a background of their own or underlined,
    /// usually with the cursor in it when focused.
    case textField
    /// A bar that fills as work advances (`[#####     ] 50%`, blocks, a percentage).
    case progressIndicator
    /// A key legend such as `^X Exit`, `F10Quit`, `10Quit`, `q:quit` or `M-U Undo`.
    case keyHint
    /// A run of words as the screen draws it, whatever recognition made of it (see
    /// ``ElementQueryScope/texts``): found by a query, never recognised, so never in a
    /// ``ScreenElementTree``'s elements.
    case text
}

/// A rectangle of cells, in zero-based rows and columns.
public struct ScreenRectangle: Sendable, Hashable, CustomStringConvertible {
    /// The top row.
    public var row: Int
    /// The left column.
    public var column: Int
    /// The number of rows (at least 1).
    public var height: Int
    /// The number of columns (at least 1).
    public var width: Int

    /// Creates a rectangle from its top-left cell and its size.
    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = height
        self.width = width
    }

    /// The cell at the middle of the rectangle (rounded up and to the left), where a click lands.
    public var center: ScreenPosition { ScreenPosition(row: row + (height - 1) / 2, column: column + (width - 1) / 2) }

    /// Whether `position` lies inside the rectangle.
    public func contains(_ position: ScreenPosition) -> Bool {
        position.row >= row && position.row < row + height && position.column >= column && position.column < column + width
    }

    /// Whether `other` lies entirely inside the rectangle.
    public func contains(_ other: ScreenRectangle) -> Bool {
        other.row >= row && other.row + other.height <= row + height
            && other.column >= column && other.column + other.width <= column + width
    }

    /// `row,column` of the top-left cell and the size, as failure messages print it: `12,20 1x8`.
    public var description: String { "\(row),\(column) \(height)x\(width)" }
}

/// The value an element shows, when it shows one.
public enum ScreenElementValue: Sendable, Hashable {
    /// The text typed into a text field, trailing padding removed.
    case text(String)
    /// How full a progress indicator is, from 0 to 1.
    case fraction(Double)
}

/// How an element is drawn: the rendition of the first cell of its label.
public struct ScreenElementStyle: Sendable, Hashable {
    /// The foreground colour.
    public var foreground: TerminalColor
    /// The background colour.
    public var background: TerminalColor
    /// Bold, inverse and the other rendition flags.
    public var attributes: CellAttributes

    /// Creates a style.
    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}

/// One thing recognised on a screen: a window, a button, a menu row, a key hint...
///
/// Elements are values read from one ``ScreenSnapshot``; a window's elements are its `children`.
public struct ScreenElement: Sendable, Hashable {
    /// What the element is.
    public var kind: ScreenElementKind
    /// The words a person reads as its name: a button's text without its brackets (`OK`), a check
    /// box's text without its box, a window's title, a key hint's action (`Exit` for `^X Exit`),
    /// a tagged list row's text (`Apple` for dialog's `a  Apple`; the tag is ``identifier``), a
    /// table row's first column (mc's file name; the rest is ``detail``), a text field's label
    /// without its colon.
    public var label: String
    /// A second name a query also matches, as XCUITest matches an element's identifier or its
    /// label: the tag of a row of a tagged list (dialog's and whiptail's menus, check lists and
    /// radio lists: `a` for `a  Apple`), which is what the program answers with. `nil` for
    /// elements that have none.
    public var identifier: String?
    /// Where it is: every cell it occupies, brackets and boxes included.
    public var frame: ScreenRectangle
    /// Whether it is drawn as the current one among its siblings (inverse, bold, or a background
    /// that differs from theirs): the highlighted menu row, the focused button, the active panel.
    public var isHighlighted: Bool
    /// For check boxes and radio buttons, whether it is ticked; `nil` for other kinds.
    public var isChecked: Bool?
    /// A text field's text or a progress indicator's fraction; `nil` for other kinds.
    public var value: ScreenElementValue?
    /// For key hints, the key as the app prints it (`^X`, `F10`, `M-U`, `q`, `Enter`); mc's bare
    /// function key numbers (`10Quit`) are given as `F10`. `nil` for other kinds.
    public var keyName: String?
    /// For a list's rows (menu items, check boxes, radio buttons), the text after the name in the
    /// row's other columns: mc's panel row `alpha.txt│ 6│Nov 25 20:58` is labelled `alpha.txt`
    /// with the detail `6  Nov 25 20:58`, mc's menu row `Quick cd    M-c` has the detail `M-c`.
    /// `nil` when there is none (a tagged list's row is its tag and its text: ``identifier`` and
    /// ``label``).
    public var detail: String?
    /// For a text field, whether it has the keyboard focus: the cursor is shown and inside its
    /// frame (XCUIElement's `hasFocus`). A terminal shows focus only as its cursor, so every other
    /// kind is `false`; the current menu row or button is ``isHighlighted``.
    public var hasFocus: Bool
    /// How its label is drawn.
    public var style: ScreenElementStyle
    /// The elements inside it (a window's contents), in reading order.
    public var children: [ScreenElement]

    /// Creates an element.
    public init(
        kind: ScreenElementKind, label: String, frame: ScreenRectangle, isHighlighted: Bool = false,
        isChecked: Bool? = nil, value: ScreenElementValue? = nil, keyName: String? = nil,
        style: ScreenElementStyle = ScreenElementStyle(), children: [ScreenElement] = [], detail: String? = nil,
        hasFocus: Bool = false, identifier: String? = nil
    ) {
        self.identifier = identifier
        self.detail = detail
        self.hasFocus = hasFocus
        self.kind = kind
        self.label = label
        self.frame = frame
        self.isHighlighted = isHighlighted
        self.isChecked = isChecked
        self.value = value
        self.keyName = keyName
        self.style = style
        self.children = children
    }
}

/// Every element recognised on one screen, outermost first.
public struct ScreenElementTree: Sendable, Hashable {
    /// The top-level elements in reading order (top to bottom, then left to right); elements inside
    /// a window are its children, not roots.
    public var roots: [ScreenElement]
    /// The cells the tree was recognised from, which ``ElementQueryScope/texts`` queries read
    /// (empty for a tree built from its roots alone).
    var textCells = ScreenTextCells()

    /// Creates a tree from its top-level elements.
    public init(roots: [ScreenElement]) { self.roots = roots }

    /// Every element, depth first in reading order (a window before its children).
    public var allElements: [ScreenElement] {
        var result: [ScreenElement] = []
        func visit(_ element: ScreenElement) {
            result.append(element)
            element.children.forEach(visit)
        }
        roots.forEach(visit)
        return result
    }
}
