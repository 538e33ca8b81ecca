/// A terminal screen emulator: turns the bytes an application writes into the screen a person sees.
///
/// Feed it everything the application writes (``feed(_:)-(UnsafeRawBufferPointer)``), write
/// ``takeReplies()`` back to the application (answers to cursor-position and other queries), and
/// look at the result with ``snapshot()``. It behaves like xterm where terminals disagree.
///
/// Not thread-safe: the caller serialises access. Rows and columns are zero-based everywhere.
public final class TerminalEmulator {
    /// The number of rows on the screen.
    public internal(set) var rows: Int
    /// The number of columns on the screen.
    public internal(set) var columns: Int
    /// The modes the application has set.
    public internal(set) var modes = TerminalModes()
    /// The window title (OSC 0 or 2).
    public internal(set) var title = ""
    /// The icon name (OSC 0 or 1).
    public internal(set) var iconName = ""

    var primaryGrid: Grid
    var alternateGrid: Grid
    /// The grid shown: ``primaryGrid`` or ``alternateGrid``.
    var grid: Grid
    var scrollbackLines: Scrollback
    var clusters = ClusterTable()
    var parser = Parser()

    /// The rendition new characters get (`code` is unused and kept 0).
    var pen = Cell.blank
    var cursorRow = 0
    var cursorColumn = 0
    /// Set after printing in the last column: the next printed character wraps first (xterm's "do_wrap").
    var wrapPending = false
    var scrollTop = 0
    var scrollBottom: Int
    var tabStops: [Bool]
    var charsets = CharsetState()
    /// DECSC state, one per screen as in xterm.
    var savedCursors: [SavedCursor?] = [nil, nil]
    /// The last character printed, for REP; 0 when there is none.
    var lastGraphic: UInt32 = 0
    var replies: [UInt8] = []
    /// DEC private mode 12 (cursor blinking), kept only to answer DECRQM.
    var cursorBlinks = false

    /// Creates a terminal of the given size whose primary screen keeps up to `scrollbackLimit` lines.
    public init(rows: Int = 24, columns: Int = 80, scrollbackLimit: Int = 1000) {
        let rows = max(1, rows)
        let columns = max(1, columns)
        self.rows = rows
        self.columns = columns
        primaryGrid = Grid(rows: rows, columns: columns)
        alternateGrid = Grid(rows: rows, columns: columns)
        grid = primaryGrid
        scrollbackLines = Scrollback(limit: scrollbackLimit)
        scrollBottom = rows - 1
        tabStops = TerminalEmulator.defaultTabStops(columns: columns)
    }

    /// The cursor position (zero-based).
    public var cursor: ScreenPosition { ScreenPosition(row: cursorRow, column: cursorColumn) }

    /// Feeds bytes the application wrote.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        process(base, count: bytes.count)
    }

    /// Feeds bytes the application wrote.
    public func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Feeds text the application wrote, as UTF-8.
    public func feed(_ text: String) {
        var text = text
        text.withUTF8 { feed(UnsafeRawBufferPointer($0)) }
    }

    /// Returns the bytes the terminal sends back to the application (query answers) and forgets them.
    public func takeReplies() -> [UInt8] {
        defer { replies.removeAll() }
        return replies
    }

    /// Whether the alternate screen is shown.
    var isAlternateActive: Bool { grid === alternateGrid }

    /// The main loop: printable ASCII takes a fast path, everything else goes through the parser.
    private func process(_ base: UnsafePointer<UInt8>, count: Int) {
        var index = 0
        while index < count {
            let byte = base[index]
            if byte >= 0x20 && byte < 0x7F && parser.acceptsPlainText && charsets.isPlainASCII && !modes.insert {
                index = printASCII(base, from: index, to: count)
                continue
            }
            let action = parser.advance(byte)
            if parser.reprocessByte {
                parser.reprocessByte = false
            } else {
                index += 1
            }
            perform(action)
        }
    }

    private func perform(_ action: Parser.Action) {
        switch action {
        case .none: break
        case .print(let scalar): print(scalar)
        case .execute(let code): execute(code)
        case .escape(let final): escapeDispatch(final)
        case .csi(let final): csiDispatch(final)
        case .osc: oscDispatch()
        case .dcs(let final): dcsDispatch(final)
        }
    }

    /// Tab stops every 8 columns.
    static func defaultTabStops(columns: Int) -> [Bool] {
        (0..<columns).map { $0 % 8 == 0 && $0 != 0 }
    }
}

/// What DECSC saves and DECRC restores.
struct SavedCursor {
    var row: Int
    var column: Int
    var pen: Cell
    var wrapPending: Bool
    var origin: Bool
    var charsets: CharsetState
}
