extension ScreenSnapshot {
    /// The elements a person would see on this screen: windows, buttons, check boxes, menu rows,
    /// text fields, progress indicators, key hints and the static text around them.
    ///
    /// Recognition is pure: it reads the snapshot's cells and nothing else, and gives the same tree
    /// for the same screen. The README's "How elements are recognised" lists the rules.
    public var elements: ScreenElementTree {
        let grid = RecognitionGrid(self)
        return ElementRecognizer(grid: grid).recognize().carryingTexts(of: grid)
    }
}

/// Finds the elements of one screen: boxes first (windows, and the one-row boxes that are input
/// fields or gauges), then, on the cells no earlier rule took, progress bars, calendars' days, key
/// legends with their key in brackets, buttons (bracketed, then a function-key bar's legends and
/// buttons drawn as patches of colour), check boxes
/// and radio buttons, settings and choices picked by their keys, key hints (written, coloured, keyed by a letter drawn apart), menu bars, text fields, an Info menu's entries, menu rows and last
/// static text.
///
/// A rule is skipped when the screen lacks what it needs to find anything (see
/// ``RecognitionTriggers``): a skipped rule would have found nothing and taken no cells, so the
/// rules after it see the same screen and the tree is the same. `runsEveryRule` turns the
/// skipping off, and the shortcuts inside the rules (``RecognitionWork/takesShortcuts``): the
/// reference the differential tests compare with.
struct ElementRecognizer {
    /// The screen being read.
    let grid: RecognitionGrid
    /// Whether to run every rule even where the screen lacks what it needs.
    var runsEveryRule = false

    /// Reads `screen`.
    init(screen: ScreenSnapshot, runsEveryRule: Bool = false) {
        self.init(grid: RecognitionGrid(screen), runsEveryRule: runsEveryRule)
    }

    /// Reads `grid`.
    init(grid: RecognitionGrid, runsEveryRule: Bool = false) {
        self.grid = grid
        self.runsEveryRule = runsEveryRule
    }

    /// The elements of the screen.
    func recognize() -> ScreenElementTree {
        let all = runsEveryRule
        var grid = self.grid
        // Boxes drawn in ASCII become line-drawn ones first; without a `+` there is none.
        if all || grid.triggers.hasPlus { grid.redrawASCIIBoxes() }
        let has = grid.triggers
        if !all && has.holdsPlainTextOnly && grid.commandLinePrompt() == nil { return grid.plainTextElements() }
        var work = RecognitionWork(grid: grid)
        work.takesShortcuts = !all
        if all || has.hasLine { work.findBoxes() }
        work.findGrounds()
        // One shade everywhere, the windows' too, and nothing bold: no element can stand out from
        // its siblings or from its window, so the rules that need a shade or a highlight find nothing.
        let isPlain = has.isOneShade && !has.hasBold && work.grounds.allSatisfy { $0 == has.firstShade }
        // A shaded bar needs a shade that is not its window's and a `%`; a drawn one, `[` or a block.
        let mayHoldShadedBar = !isPlain && has.hasPercent
        let mayHoldDrawnBar = has.hasOpeningBracket || has.hasBlock
        if all || mayHoldShadedBar || mayHoldDrawnBar {
            work.findProgressBars(shaded: all || mayHoldShadedBar, drawn: all || mayHoldDrawnBar)
        }
        work.findCalendars()
        if all || has.hasOpeningBracket { work.findBracketedKeyHints() }
        if all || has.hasOpeningBracket || has.hasAngleBracket { work.findButtons() }
        if all || !isPlain {
            work.findFunctionKeyBar()
            work.findShadedButtons()
        }
        if all || has.hasOpeningBracket || has.hasParenthesis { work.findToggles() }
        if all || has.hasKeyMark { work.findKeyedSettings() }
        // Keyed by `)` or `:` (key marks), or by ` - `: with a current row drawn apart (not
        // plain), or down a long list in one shade.
        if all || !isPlain || has.hasKeyMark || has.hasHyphen { work.findKeyedChoices() }
        if all || !has.isOneShade { work.findStyledKeyHints() }
        if all || has.hasKeyMark || has.hasAngleBracket || has.hasSeveralForegrounds { work.findWrittenKeyHints() }
        if all || has.hasKeyMark || has.hasAngleBracket || has.hasOpeningBracket || has.hasPlus { work.findForLegends() }
        if all || !isPlain || has.hasUnderline || has.hasSeveralForegrounds { work.findLetterKeyedLegends() }
        if all || !isPlain {
            work.findMenuBars()
            work.findWordMenuBar()
            work.findDropDownMenu()
        }
        work.findTextFields(underscored: all || has.hasUnderscore, shaded: all || !isPlain || has.hasUnderline)
        if all || has.hasKeyMark { work.findInfoMenuEntries() }
        if all || !isPlain {
            work.findMenus()
        }
        work.nameGauges()
        work.findStaticTexts()
        work.markHighlights()
        return work.tree()
    }
}

/// An element found, with what the tree and the highlight rule need to know about it.
struct FoundElement {
    /// The element (its children are filled in when the tree is built).
    var element: ScreenElement
    /// The window it is inside: an index into ``RecognitionWork/windows``, or -1 for the screen.
    var owner: Int
    /// Its highlight group and how it is drawn, for telling the highlighted one among its
    /// siblings; `nil` for elements that are never highlighted.
    var sibling: Sibling?

    /// An element whose highlight is decided together with others (a window's buttons, a list's
    /// check boxes).
    struct Sibling {
        /// Elements decided together share it.
        var group: Int
        /// How the element is drawn.
        var look: ElementLook
    }
}

/// The state of one recognition: the grid, the windows, which cells rules have taken, and the
/// elements found so far.
struct RecognitionWork {
    let grid: RecognitionGrid
    /// The boxes that are windows, smallest last after ``findBoxes()``.
    var windows: [DrawnBox] = []
    /// Each window's parent window (-1 for the screen).
    var windowParents: [Int] = []
    /// For each cell, the innermost window whose interior holds it (-1: none).
    var owners: [Int32]
    /// Cells already part of an element or a border.
    var claimed: [Bool]
    /// The elements found, windows excluded.
    var found: [FoundElement] = []
    /// Each row's free spans, once read (see ``spans(row:)``); kept up to date as rules claim
    /// cells (see ``claim(row:_:)``).
    var spanCache: [[Span]?]
    /// Each window's ground, the screen's first (see ``ground(of:)``).
    var grounds: [UInt64] = []
    /// The next highlight group number.
    var nextHighlightGroup = 0
    /// Gauges found showing only their figure, named by ``nameGauges()`` (indices into ``found``).
    var unnamedGauges: [Int] = []
    /// The cells progress indicators took (a size bar inside a list's row parts its columns).
    var barCells: Set<Int> = []
    /// Whether to take the shortcuts that give the same result with less work (a screen without
    /// lines has no line to split spans at; a screen of one shade has that shade as its ground).
    var takesShortcuts = true

    init(grid: RecognitionGrid) {
        self.grid = grid
        owners = [Int32](repeating: -1, count: grid.rows * grid.columns)
        claimed = [Bool](repeating: false, count: grid.rows * grid.columns)
        spanCache = [[Span]?](repeating: nil, count: grid.rows)
    }

    /// A stretch of one row that rules read: cells inside the same window, not claimed, not lines.
    struct Span: Equatable {
        var row: Int
        var columns: Range<Int>
        var owner: Int
    }

    /// The stretches of `row` that are still free, split at lines, claimed cells and window edges;
    /// read from the cells once, then cut where rules take cells.
    mutating func spans(row: Int) -> [Span] {
        if let cached = spanCache[row] { return cached }
        let found = freeSpans(row: row)
        spanCache[row] = found
        return found
    }

    /// The stretches of `row` that are still free, read from the cells.
    func freeSpans(row: Int) -> [Span] {
        var result: [Span] = []
        result.reserveCapacity(8)  // one allocation for most rows, not one per doubling
        let mayHoldLines = grid.triggers.hasLine || !takesShortcuts
        let columns = grid.columns
        let rowStart = grid.index(row, 0)
        claimed.withUnsafeBufferPointer { claimed in
            owners.withUnsafeBufferPointer { owners in
                grid.scalars.withUnsafeBufferPointer { scalars in
                    func isFree(_ column: Int) -> Bool {
                        !claimed[rowStart + column] && !(mayHoldLines && BoxCharacters.isLine(scalars[rowStart + column]))
                    }
                    // A run of taken cells, then a span: free cells of the owner of its first.
                    var column = 0
                    while column < columns {
                        guard isFree(column) else {
                            column += 1
                            continue
                        }
                        let begun = column
                        let owner = owners[rowStart + column]
                        column += 1
                        while column < columns && owners[rowStart + column] == owner && isFree(column) { column += 1 }
                        result.append(Span(row: row, columns: begun..<column, owner: Int(owner)))
                    }
                }
            }
        }
        return result
    }

    /// Marks cells as taken. The row's spans, if read, lose those cells (read again from the
    /// cells instead when no shortcut is taken, the reference the differential tests compare with).
    mutating func claim(row: Int, _ columns: Range<Int>) {
        guard !columns.isEmpty else { return }
        if takesShortcuts {
            spanCache[row]?.removeCells(columns)
        } else {
            spanCache[row] = nil
        }
        for column in columns { claimed[grid.index(row, column)] = true }
    }

    /// Whether a cell is free for a rule to read.
    func isFree(_ row: Int, _ column: Int) -> Bool {
        let index = grid.index(row, column)
        return !claimed[index] && !BoxCharacters.isLine(grid.scalars[index])
    }

    /// Records an element and takes its cells on `row`; `sibling` gives its highlight group and
    /// look when its highlight is decided among siblings.
    mutating func add(_ element: ScreenElement, owner: Int, sibling: FoundElement.Sibling? = nil) {
        found.append(FoundElement(element: element, owner: owner, sibling: sibling))
        let frame = element.frame
        if element.kind == .progressIndicator {
            for column in frame.column..<(frame.column + frame.width) { barCells.insert(grid.index(frame.row, column)) }
        }
        for row in frame.row..<(frame.row + frame.height) { claim(row: row, frame.column..<(frame.column + frame.width)) }
    }

    /// Records an element of one row over `columns`, its style read from the first of
    /// `lookColumns` (of `columns` when not given).
    mutating func addOnRow(
        _ kind: ScreenElementKind, label: String, row: Int, columns: Range<Int>, owner: Int,
        value: ScreenElementValue? = nil, keyName: String? = nil, lookColumns: Range<Int>? = nil
    ) {
        let looked = lookColumns ?? columns
        add(
            ScreenElement(
                kind: kind, label: label, frame: ScreenRectangle(row: row, column: columns.lowerBound, height: 1, width: columns.count),
                value: value, keyName: keyName, style: grid.style(row, looked.lowerBound)),
            owner: owner)
    }

    /// A new highlight group number.
    mutating func newHighlightGroup() -> Int {
        nextHighlightGroup += 1
        return nextHighlightGroup
    }

    /// The shade most blank cells inside `owner` have (its background), or of the whole screen for -1.
    func ground(of owner: Int) -> UInt64 { grounds[owner + 1] }

    /// Works out every window's ground (and the screen's) in one pass over the cells.
    mutating func findGrounds() {
        if takesShortcuts && windows.isEmpty && grid.triggers.isOneShade {
            // One shade and no window: the screen's blanks, if any, all have the first cell's shade.
            grounds = [grid.triggers.hasBlank ? grid.triggers.firstShade : 0]
            return
        }
        var counts = [[UInt64: Int]](repeating: [:], count: windows.count + 1)
        // Blank cells come in runs of one owner and shade: count a run at a time.
        var run = (owner: Int32(-1), shade: UInt64(0), length: 0)
        grid.scalars.withUnsafeBufferPointer { scalars in
            grid.shades.withUnsafeBufferPointer { shades in
                owners.withUnsafeBufferPointer { owners in
                    for index in 0..<scalars.count where scalars[index] == 0x20 {
                        if owners[index] == run.owner && shades[index] == run.shade {
                            run.length += 1
                            continue
                        }
                        if run.length > 0 { counts[Int(run.owner) + 1][run.shade, default: 0] += run.length }
                        run = (owners[index], shades[index], 1)
                    }
                }
            }
        }
        if run.length > 0 { counts[Int(run.owner) + 1][run.shade, default: 0] += run.length }
        grounds = counts.map { counted in
            counted.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        }
    }
}
