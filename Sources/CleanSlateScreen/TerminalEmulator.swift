/// A terminal screen emulator: turns the bytes an application writes into the screen a person sees.
///
/// Feed it everything the application writes (``feed(_:)-(UnsafeRawBufferPointer)``), write
/// ``takeReplies()`` back to the application (answers to cursor-position and other queries), and
/// look at the result with ``snapshot()``. It behaves like xterm where terminals disagree.
///
/// Input is UTF-8: malformed bytes show as U+FFFD, and C1 controls act only when they arrive
/// UTF-8 encoded (U+0080–U+009F); a raw byte 0x80–0x9F is malformed UTF-8, not a control.
/// Query answers are always 7-bit. Parameters, strings, combining marks, scrollback and unread
/// replies are all bounded, so no input makes memory grow without limit.
///
/// Not thread-safe: the caller serialises access. Rows and columns are zero-based everywhere.
public final class TerminalEmulator {
    /// All mutable state, kept behind a pointer so that the hot paths pay no dynamic exclusivity
    /// checks (which Swift applies to stored properties of classes). Owned by this object.
    let core: UnsafeMutablePointer<TerminalCore>

    /// The most rows and columns a terminal has; larger sizes are clamped to it.
    public static let maximumDimension = 1000

    /// Creates a terminal of the given size whose primary screen keeps up to `scrollbackLimit` lines.
    ///
    /// `rows` and `columns` are clamped to `1...maximumDimension` (1000), so no size traps or
    /// allocates gigabytes; check ``rows`` and ``columns`` for the size you got.
    public convenience init(rows: Int = 24, columns: Int = 80, scrollbackLimit: Int = 1000) {
        self.init(rows: rows, columns: columns, scrollbackLimit: scrollbackLimit, defersGridWrites: true)
    }

    /// A terminal whose grids defer work on whole rows until the rows are used (`defersGridWrites`,
    /// as every public terminal does) or do it at once (the reference tests compare with; see ``Grid``).
    init(rows: Int, columns: Int, scrollbackLimit: Int, defersGridWrites: Bool) {
        core = .allocate(capacity: 1)
        core.initialize(to: TerminalCore(rows: Self.clampedDimension(rows), columns: Self.clampedDimension(columns),
                                         scrollbackLimit: scrollbackLimit, defersGridWrites: defersGridWrites))
    }

    /// `value` limited to `1...maximumDimension`.
    static func clampedDimension(_ value: Int) -> Int {
        min(max(1, value), maximumDimension)
    }

    deinit {
        core.deinitialize(count: 1)
        core.deallocate()
    }

    /// The number of rows on the screen.
    public internal(set) var rows: Int {
        get { core.pointee.rows }
        set { core.pointee.rows = newValue }
    }
    /// The number of columns on the screen.
    public internal(set) var columns: Int {
        get { core.pointee.columns }
        set { core.pointee.columns = newValue }
    }
    /// The modes the application has set.
    public internal(set) var modes: TerminalModes {
        _read { yield core.pointee.modes }
        _modify { yield &core.pointee.modes }
    }
    /// The window title (OSC 0 or 2).
    public internal(set) var title: String {
        _read { yield core.pointee.title }
        _modify { yield &core.pointee.title }
    }
    /// The icon name (OSC 0 or 1).
    public internal(set) var iconName: String {
        _read { yield core.pointee.iconName }
        _modify { yield &core.pointee.iconName }
    }

    // Forwarding accessors to the fields of `core` (see TerminalCore for their meaning).
    var primaryGrid: Grid { _read { yield core.pointee.primaryGrid } _modify { yield &core.pointee.primaryGrid } }
    var alternateGrid: Grid { _read { yield core.pointee.alternateGrid } _modify { yield &core.pointee.alternateGrid } }
    var grid: Grid { _read { yield core.pointee.grid } _modify { yield &core.pointee.grid } }
    var scrollbackLines: Scrollback { _read { yield core.pointee.scrollbackLines } _modify { yield &core.pointee.scrollbackLines } }
    var clusters: ClusterTable { _read { yield core.pointee.clusters } _modify { yield &core.pointee.clusters } }
    var parser: Parser { _read { yield core.pointee.parser } _modify { yield &core.pointee.parser } }
    var pen: Cell { _read { yield core.pointee.pen } _modify { yield &core.pointee.pen } }
    var cursorRow: Int { _read { yield core.pointee.cursorRow } _modify { yield &core.pointee.cursorRow } }
    var cursorColumn: Int { _read { yield core.pointee.cursorColumn } _modify { yield &core.pointee.cursorColumn } }
    var wrapPending: Bool { _read { yield core.pointee.wrapPending } _modify { yield &core.pointee.wrapPending } }
    var scrollTop: Int { _read { yield core.pointee.scrollTop } _modify { yield &core.pointee.scrollTop } }
    var scrollBottom: Int { _read { yield core.pointee.scrollBottom } _modify { yield &core.pointee.scrollBottom } }
    var leftMargin: Int { _read { yield core.pointee.leftMargin } _modify { yield &core.pointee.leftMargin } }
    var rightMargin: Int { _read { yield core.pointee.rightMargin } _modify { yield &core.pointee.rightMargin } }
    var protectionMode: ProtectionMode { _read { yield core.pointee.protectionMode } _modify { yield &core.pointee.protectionMode } }
    var leftRightMarginMode: Bool { _read { yield core.pointee.leftRightMarginMode } _modify { yield &core.pointee.leftRightMarginMode } }

    /// Whether the left and right margins leave out some columns.
    var hasHorizontalMargins: Bool { leftMargin != 0 || rightMargin != columns - 1 }
    /// Whether the cursor is between the left and right margins.
    var cursorInsideHorizontalMargins: Bool { cursorColumn >= leftMargin && cursorColumn <= rightMargin }
    var tabStops: [Bool] { _read { yield core.pointee.tabStops } _modify { yield &core.pointee.tabStops } }
    var charsets: CharsetState { _read { yield core.pointee.charsets } _modify { yield &core.pointee.charsets } }
    var savedCursors: [SavedCursor?] { _read { yield core.pointee.savedCursors } _modify { yield &core.pointee.savedCursors } }
    var lastGraphic: UInt32 { _read { yield core.pointee.lastGraphic } _modify { yield &core.pointee.lastGraphic } }
    var repeatDivisions: (count: DivisionMemo, lines: DivisionMemo) {
        _read { yield core.pointee.repeatDivisions } _modify { yield &core.pointee.repeatDivisions }
    }
    var replies: [UInt8] { _read { yield core.pointee.replies } _modify { yield &core.pointee.replies } }
    var cursorBlinks: Bool { _read { yield core.pointee.cursorBlinks } _modify { yield &core.pointee.cursorBlinks } }
    var colors: ColorPalette { _read { yield core.pointee.colors } _modify { yield &core.pointee.colors } }
    var settings: ReportedSettings { _read { yield core.pointee.settings } _modify { yield &core.pointee.settings } }

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

    /// Calls `body` with the grid shown, neither retained nor released for the call (the core holds
    /// it throughout; `body` must not replace it): hot paths save a retain and a release per call.
    @inline(__always)
    func withShownGrid<Result>(_ body: (Grid) -> Result) -> Result {
        Unmanaged.passUnretained(core.pointee.grid)._withUnsafeGuaranteedRef(body)
    }

    /// Whether the alternate screen is shown.
    var isAlternateActive: Bool { grid === alternateGrid }

    /// The main loop: printable ASCII takes a fast path, everything else goes through the parser.
    private func process(_ base: UnsafePointer<UInt8>, count: Int) {
        let core = self.core
        var index = 0
        while index < count {
            let byte = base[index]
            if byte >= 0x20 && byte < 0x7F && core.pointee.parser.acceptsPlainText() && core.pointee.charsets.isPlainASCII
                && !core.pointee.modes.insert
            {
                index = printASCII(base, from: index, to: count)
                continue
            }
            // A C0 control in the ground state is performed at once (what the parser would return); ESC,
            // CAN and SUB change the parser's state and go through it.
            if byte < 0x20 && byte != 0x1B && byte != 0x18 && byte != 0x1A && core.pointee.parser.acceptsPlainText() {
                execute(UInt32(byte))
                index += 1
                continue
            }
            if byte == 0x1B && core.pointee.parser.acceptsPlainText(),
                let (next, final) = core.pointee.parser.parseControlSequence(base, from: index, to: count)
            {
                index = next
                csiDispatch(final)
                continue
            }
            let action = core.pointee.parser.advance(byte)
            if core.pointee.parser.reprocessByte {
                core.pointee.parser.reprocessByte = false
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
