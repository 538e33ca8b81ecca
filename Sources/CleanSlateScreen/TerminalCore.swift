/// The mutable state of a ``TerminalEmulator``.
struct TerminalCore {
    var rows: Int
    var columns: Int
    var modes = TerminalModes()
    var title = ""
    var iconName = ""
    var primaryGrid: Grid
    var alternateGrid: Grid
    /// The grid shown: `primaryGrid` or `alternateGrid`.
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
    /// The scroll region (DECSTBM), inclusive, zero-based.
    var scrollTop = 0
    var scrollBottom: Int
    /// The left and right margins (DECSLRM), inclusive, zero-based; the full width unless DECLRMM is set.
    var leftMargin = 0
    var rightMargin: Int
    /// DECLRMM (`CSI ? 69 h`): whether DECSLRM may set left and right margins.
    var leftRightMarginMode = false
    /// Which erases spare protected cells (see ``ProtectionMode``).
    var protectionMode = ProtectionMode.none
    var tabStops: [Bool]
    var charsets = CharsetState()
    /// DECSC state, one per screen as in xterm.
    var savedCursors: [SavedCursor?] = [nil, nil]
    /// The last character printed, for REP; 0 when there is none.
    var lastGraphic: UInt32 = 0
    /// The divisions REP makes (a count by its period, characters by lines), remembered for a flood of the same REP.
    var repeatDivisions = (count: DivisionMemo(), lines: DivisionMemo())
    /// Bytes queued for the application.
    var replies: [UInt8] = []
    /// DEC private mode 12 (cursor blinking), kept only to answer DECRQM.
    var cursorBlinks = false
    /// Settings kept only to be reported back.
    var settings = ReportedSettings()
    /// The palette and dynamic colours applications set and query.
    var colors = ColorPalette()

    init(rows: Int, columns: Int, scrollbackLimit: Int, defersGridWrites: Bool) {
        self.rows = rows
        self.columns = columns
        primaryGrid = Grid(rows: rows, columns: columns, defersWrites: defersGridWrites)
        alternateGrid = Grid(rows: rows, columns: columns, defersWrites: defersGridWrites)
        grid = primaryGrid
        scrollbackLines = Scrollback(limit: scrollbackLimit)
        scrollBottom = rows - 1
        rightMargin = columns - 1
        tabStops = TerminalEmulator.defaultTabStops(columns: columns)
    }
}
