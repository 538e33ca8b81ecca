import CleanSlateScreen
import XCTest

/// `text` written at a zero-based row and column.
private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// A box of `height` rows and `width` columns drawn with `┌─┐│└┘` at `row`, `column`, with
/// `top` written into its top border after the corner.
private func box(_ row: Int, _ column: Int, height: Int, width: Int, top: String = "") -> String {
    var drawn = at(row, column, "┌" + top + String(repeating: "─", count: width - 2 - top.count) + "┐")
    for line in (row + 1)..<(row + height - 1) {
        drawn += at(line, column, "│") + at(line, column + width - 1, "│")
    }
    return drawn + at(row + height - 1, column, "└" + String(repeating: "─", count: width - 2) + "┘")
}

/// The key hints of `snapshot`, each as `label key keyName`, in reading order.
private func keyHintOutline(_ snapshot: ScreenSnapshot) -> [String] {
    snapshot.elements.allElements.filter { $0.kind == .keyHint }.map { "\($0.label) key \($0.keyName ?? "-")" }
}

/// SGR sequences for the two ways a screen shows the current element.
private enum Palette {
    case colour, monochrome
    /// The window's own look.
    var window: String { self == .colour ? csi("30;47m") : csi("0m") }
    /// The current element's look.
    var current: String { self == .colour ? csi("37;44m") : csi("7m") }
}

final class ElementRecognitionTests: XCTestCase {
    // MARK: windows

    func testAKeyDrawnApartWhoseActionStartsAfterTwoBlanksIsNoLegend() {
        // The action of a legend told apart by colour starts right after its key or after one
        // blank: `^X` inverse, then two blanks and `Exit` plain, is two static texts.
        let tree = screen("\u{1B}[7m^X\u{1B}[m  Exit").elements
        XCTAssertEqual(outline(tree), ["staticText \"^X\"", "staticText \"Exit\""])
        XCTAssertEqual(outline(screen("\u{1B}[7m^X\u{1B}[m Exit").elements), ["keyHint \"Exit\" key ^X"])
    }

    func testABoxIsAWindowTitledByTheTextInItsTopBorder() throws {
        let tree = screen(box(1, 2, height: 5, width: 24, top: "──┤ Settings ├") + at(2, 4, "Hello")).elements
        XCTAssertEqual(outline(tree), ["window \"Settings\"", "  staticText \"Hello\""])
        XCTAssertEqual(tree.roots.first?.frame, ScreenRectangle(row: 1, column: 2, height: 5, width: 24))
        XCTAssertEqual(tree.roots.first?.children.first?.frame, ScreenRectangle(row: 2, column: 4, height: 1, width: 5))
    }

    func testHeavyDoubleRoundedAndDECGraphicsBoxesAreWindowsToo() {
        let heavy = at(0, 0, "┏━ Heavy ━━┓") + at(1, 0, "┃") + at(1, 11, "┃") + at(2, 0, "┗━━━━━━━━━━┛")
        let double = at(0, 14, "╔═ Double ═╗") + at(1, 14, "║") + at(1, 25, "║") + at(2, 14, "╚══════════╝")
        let rounded = at(4, 0, "╭─ Round ──╮") + at(5, 0, "│") + at(5, 11, "│") + at(6, 0, "╰──────────╯")
        // DEC special graphics: l q k x m j are the corners and lines once ESC ( 0 selects them.
        let dec = at(4, 14, esc("(0") + "lq" + esc("(B") + " Dec " + esc("(0") + "qqqqk")
            + at(5, 14, "x") + at(5, 25, "x") + at(6, 14, "mqqqqqqqqqqj" + esc("(B"))
        let tree = screen(heavy + double + rounded + dec).elements
        XCTAssertEqual(tree.roots.map(\.label), ["Heavy", "Double", "Round", "Dec"])
        XCTAssertEqual(tree.roots.map(\.kind), [.window, .window, .window, .window])
    }

    func testATitleSetBetweenCornersInTheTopBorderNamesTheBoxAndTheBorderRunsOn() {
        // btop: `╭─┐¹cpu┌──┐menu┌─╮`, the box's key a superscript digit in front of its name.
        let tree = screen(box(1, 2, height: 5, width: 30, top: "─┐¹cpu┌──┐menu┌┐sync┌") + at(2, 4, "Hello")).elements
        XCTAssertEqual(outline(tree), ["window \"cpu\"", "  staticText \"Hello\""])
        XCTAssertEqual(tree.roots.first?.frame, ScreenRectangle(row: 1, column: 2, height: 5, width: 30))
        // Two boxes side by side, a blank or nothing between them, stay two.
        let apart = screen(box(1, 0, height: 4, width: 10, top: "─ Left ") + box(1, 11, height: 4, width: 10, top: "─ Right "))
        XCTAssertEqual(apart.elements.roots.map(\.label), ["Left", "Right"])
        let touching = screen(box(1, 0, height: 4, width: 10, top: "─ Left ") + box(1, 10, height: 4, width: 10, top: "─ Right "))
        XCTAssertEqual(touching.elements.roots.map(\.label), ["Left", "Right"])
    }

    func testAScrollMarkInTheTopBorderIsNoTitle() {
        XCTAssertEqual(outline(screen(box(1, 2, height: 4, width: 20, top: "───↑(-)") + at(2, 4, "Sun Mon")).elements),
                       ["window \"\"", "  staticText \"Sun Mon\""])
    }

    func testBracketsStackedInAColumnAreReadingsButSideBySideTheyAreButtons() {
        let stacked = screen(at(1, 0, "Fetch   [  Done  ]") + at(2, 0, "Build   [ Failed ]")).elements
        XCTAssertFalse(stacked.allElements.contains { $0.kind == .button }, stacked.debugDescription)
        let row = screen(at(1, 0, "Save?  [  OK  ]  [ Cancel ]")).elements
        XCTAssertEqual(row.allElements.filter { $0.kind == .button }.map(\.label), ["OK", "Cancel"], row.debugDescription)
    }

    func testATitleWrittenWithoutBlanksAndAnUntitledBox() {
        // dialog writes its title straight into the line: ──Settings──.
        let tree = screen(box(0, 0, height: 4, width: 20, top: "──Settings") + box(5, 0, height: 4, width: 20)).elements
        XCTAssertEqual(outline(tree), ["window \"Settings\"", "window \"\""])
    }

    func testATitlePaddedWithBlanksWinsOverLongerDecorations() {
        // mc's panel title: `<─ ~ ───.[^]>`, the path `~` padded, the longer `.[^]>` not.
        XCTAssertEqual(screen(box(0, 0, height: 4, width: 20, top: "<─ ~ ───.[^]>")).elements.roots.map(\.label), ["~"])
    }

    func testAWindowInsideAnotherIsItsChildAndOneOverlappingItIsNot() {
        let outer = box(0, 0, height: 10, width: 30, top: "─ Outer ")
        let inner = box(2, 2, height: 4, width: 12, top: "─ Inner ")
        // Drawn over the outer window's right side (not its corners): on top of it, not inside it.
        let over = box(3, 20, height: 4, width: 15, top: "─ Over ")
        let tree = screen(outer + inner + at(3, 4, "In") + over, rows: 12, columns: 40).elements
        XCTAssertEqual(outline(tree), ["window \"Outer\"", "  window \"Inner\"", "    staticText \"In\"", "window \"Over\""])
    }

    func testAWindowWhoseRightSideIsPartlyCoveredIsStillAWindow() {
        // Another window drawn over a panel covers part of its right side (mc's dialogs do).
        let tree = screen(box(0, 0, height: 8, width: 20, top: "─ Panel ") + at(3, 15, "covering") + at(4, 15, "it")).elements
        XCTAssertEqual(tree.roots.first?.kind, .window)
        XCTAssertEqual(tree.roots.first?.label, "Panel")
    }

    func testAWindowWhoseLeftSideIsPartlyCoveredIsStillAWindowAndItsSideIsNotTaken() {
        // A dialog drawn over the panel's left side: the panel stays a window, the dialog is one of
        // its own, and the dialog's text stays the dialog's.
        let tree = screen(box(0, 4, height: 8, width: 20, top: "─ Panel ") + box(2, 0, height: 4, width: 10, top: "─ Dlg ") + at(3, 2, "hi")).elements
        XCTAssertEqual(outline(tree), ["window \"Panel\"", "window \"Dlg\"", "  staticText \"hi\""])
    }

    func testCornersThatDoNotCloseAreNoWindow() {
        let open = at(0, 0, "┌────┐") + at(1, 0, "│") + at(2, 0, "└────") + at(4, 0, "┌──") + at(5, 0, "x")
        let tree = screen(open).elements
        XCTAssertFalse(tree.allElements.contains { $0.kind == .window }, tree.debugDescription)
    }

    // MARK: buttons

    private func buttonRow(_ palette: Palette) -> String {
        palette.window + box(0, 0, height: 4, width: 30, top: "─ Ask ") + at(1, 1, String(repeating: " ", count: 28))
            + at(2, 1, String(repeating: " ", count: 28))
            + at(2, 4, palette.current + "< OK >" + palette.window + "   <Cancel>")
    }

    func testButtonsAndTheHighlightedOneAreTheSameInColourAndMonochrome() {
        let expected = ["window \"Ask\"", "  button \"OK\" highlighted", "  button \"Cancel\""]
        XCTAssertEqual(outline(screen(buttonRow(.colour)).elements), expected)
        XCTAssertEqual(outline(screen(buttonRow(.monochrome)).elements), expected)
    }

    func testALoneButtonIsHighlightedWhenDrawnApartFromItsWindow() {
        let window = box(0, 0, height: 3, width: 20, top: "─ Note ")
        XCTAssertEqual(outline(screen(window + at(1, 6, csi("7m") + "< OK >" + csi("0m"))).elements), ["window \"Note\"", "  button \"OK\" highlighted"])
        XCTAssertEqual(outline(screen(window + at(1, 6, "< OK >")).elements), ["window \"Note\"", "  button \"OK\""])
    }

    func testAButtonLabelHasThirtyCharactersAtMost() {
        let thirty = String(repeating: "a", count: 29) + "b"
        XCTAssertEqual(outline(screen(at(0, 0, "< \(thirty) >"), columns: 80).elements), ["button \"\(thirty)\""])
        XCTAssertEqual(outline(screen(at(0, 0, "< \(thirty)c >"), columns: 80).elements), ["staticText \"< \(thirty)c >\""])
    }

    func testBracketStylesOfButtons() throws {
        let tree = screen(at(0, 0, "[ OK ]  [< Save >]  <Yes>  <  No  >")).elements
        XCTAssertEqual(outline(tree), ["button \"OK\"", "button \"Save\"", "button \"Yes\"", "button \"No\""])
        XCTAssertEqual(tree.roots.map(\.frame.column), [0, 8, 20, 27])
        XCTAssertEqual(tree.roots.map(\.frame.width), [6, 10, 5, 8])
    }

    func testWideCharactersCountTwoColumnsInFramesAndOnceInLabels() throws {
        let tree = screen(at(0, 0, "< 確定 >  [X] 日本語") + at(1, 0, "e\u{301}cole")).elements
        XCTAssertEqual(outline(tree), ["button \"確定\"", "checkBox \"日本語\" checked", "staticText \"e\u{301}cole\""])
        XCTAssertEqual(tree.roots.map(\.frame), [
            ScreenRectangle(row: 0, column: 0, height: 1, width: 8), ScreenRectangle(row: 0, column: 10, height: 1, width: 10),
            ScreenRectangle(row: 1, column: 0, height: 1, width: 5),
        ])
    }

    func testBracketedWordsThatAreNotButtons() {
        // Text glued to a bracket, a lower-case tag, a bracket without padding, a lone status message.
        let tree = screen(at(0, 0, "a<b>c  <html>  [note]") + at(3, 10, "[ Saved ]")).elements
        XCTAssertFalse(tree.allElements.contains { $0.kind == .button }, tree.debugDescription)
    }

    /// A 30-column window titled `title` with `rows` inside (their leading blanks kept), the
    /// window's inside filled with its own look and row `current`'s text drawn as the current one.
    private func listWindow(_ palette: Palette, title: String, rows: [String], current: Int) -> String {
        var drawn = palette.window + box(0, 0, height: rows.count + 2, width: 30, top: "─ \(title) ")
        for (index, row) in rows.enumerated() {
            let indent = row.prefix { $0 == " " }.count
            let text = String(row.dropFirst(indent))
            drawn += at(index + 1, 1, String(repeating: " ", count: 28))
                + at(index + 1, 1 + indent, index == current ? palette.current + text + palette.window : text)
        }
        return drawn
    }

    // MARK: check boxes and radio buttons

    func testCheckBoxesAndRadioButtonsWithTheirMarks() {
        let rows = at(0, 0, "[X] Remember me") + at(1, 0, "[ ] Telemetry") + at(2, 0, "[*] Sync") + at(3, 0, "[x] Small x")
            + at(5, 0, "(*) Dark") + at(6, 0, "( ) Light") + at(7, 0, "(X) Auto")
        XCTAssertEqual(outline(screen(rows).elements), [
            "checkBox \"Remember me\" checked", "checkBox \"Telemetry\" unchecked", "checkBox \"Sync\" checked",
            "checkBox \"Small x\" checked", "radioButton \"Dark\" checked", "radioButton \"Light\" unchecked",
            "radioButton \"Auto\" checked",
        ])
    }

    private func checkList(_ palette: Palette) -> String {
        listWindow(palette, title: "Pick", rows: ["  [ ] Apple    Red fruit", "  [X] Banana   Yellow fruit", "  [ ] Cherry   Small fruit"], current: 1)
    }

    func testACheckListsRowsAreNamedByTheirTextWithTheTagAsIdentifierAndOneIsHighlightedInColourAndMonochrome() {
        let expected = [
            "window \"Pick\"",
            "  checkBox \"Red fruit\" identifier \"Apple\" unchecked",
            "  checkBox \"Yellow fruit\" identifier \"Banana\" highlighted checked",
            "  checkBox \"Small fruit\" identifier \"Cherry\" unchecked",
        ]
        XCTAssertEqual(outline(screen(checkList(.colour)).elements), expected)
        XCTAssertEqual(outline(screen(checkList(.monochrome)).elements), expected)
    }

    // MARK: menus

    private func menu(_ palette: Palette) -> String {
        listWindow(palette, title: "Theme", rows: ["   Dark    Dark theme", "   Light   Light theme", "   System  Follow system"], current: 1)
    }

    func testAListWithOneHighlightedRowIsMenuItemsInColourAndMonochrome() throws {
        let expected = [
            "window \"Theme\"",
            "  menuItem \"Dark theme\" identifier \"Dark\"",
            "  menuItem \"Light theme\" identifier \"Light\" highlighted",
            "  menuItem \"Follow system\" identifier \"System\"",
        ]
        XCTAssertEqual(outline(screen(menu(.colour)).elements), expected)
        XCTAssertEqual(outline(screen(menu(.monochrome)).elements), expected)
        XCTAssertEqual(try element(.menuItem, "Light theme", in: screen(menu(.colour)).elements).frame, ScreenRectangle(row: 2, column: 4, height: 1, width: 19))
    }

    func testTheLastTextDrawnApartOverItselfIsAPromptButAPaddedOrMarkedLastRowIsTheCurrentRow() {
        let inverse = csi("7m"), plain = csi("0m")
        // less: lines, then its prompt inverse over its text alone.
        let pager = screen(at(0, 0, "first line") + at(1, 0, "second line") + at(2, 0, inverse + "notes (END)" + plain)).elements
        XCTAssertEqual(outline(pager), ["staticText \"first line\"", "staticText \"second line\"", "staticText \"notes (END)\""])
        // A list's current row at the end, drawn apart past its text or after a marker.
        let padded = screen(at(0, 2, "Light   ") + at(1, 2, "Dark    ") + at(2, 2, inverse + "Solar   " + plain)).elements
        XCTAssertEqual(outline(padded), ["menuItem \"Light\"", "menuItem \"Dark\"", "menuItem \"Solar\" highlighted"])
        let marked = screen(at(0, 2, "Light") + at(1, 2, "Dark") + at(2, 0, inverse + "> Solar" + plain)).elements
        XCTAssertEqual(outline(marked), ["menuItem \"Light\"", "menuItem \"Dark\"", "menuItem \"Solar\" highlighted"])
        // An indented list whose current row, drawn over its text alone, ends the screen's text.
        let tight = screen(at(0, 2, "Light") + at(1, 2, "Dark") + at(2, 2, inverse + "Solar" + plain)).elements
        XCTAssertEqual(outline(tight), ["menuItem \"Light\"", "menuItem \"Dark\"", "menuItem \"Solar\" highlighted"])
    }

    func testLinesWithAMatchDrawnApartInsideOneAreTextNotAList() {
        // less after a search: the match inverse inside its line.
        let found = at(0, 0, "Line number 149") + at(1, 0, "Line " + csi("7m") + "number 150" + csi("0m")) + at(2, 0, "Line number 151")
        XCTAssertFalse(screen(found).elements.allElements.contains { $0.kind == .menuItem }, screen(found).elements.debugDescription)
    }

    func testAScrollBarsMarksAfterTheCurrentRowDoNotMakeItASearchMatch() {
        // A list whose current row is drawn apart up to its words' end, with a scroll bar's marks
        // (`▒`, `↓`) after it on the ground, as debconf's dialog front end draws its long lists.
        let row = csi("37;41m"), plain = csi("0m")
        func entry(_ line: Int, _ name: String, _ mark: String, current: Bool = false) -> String {
            let padded = name.padding(toLength: 20, withPad: " ", startingAt: 0)
            return at(line, 4, (current ? row + padded + plain : padded) + "  " + mark)
        }
        let list = screen(entry(1, "Asia", "↑") + entry(2, "Europe", "▒") + entry(3, "None of the above", "↓", current: true)).elements
        XCTAssertEqual(list.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Asia", "Europe", "None of the above"], list.debugDescription)
        // A list of marks alone (a file list's `.` and `..`) keeps its current row too.
        let marks = screen(at(1, 4, row + "." + plain) + at(2, 4, "..") + at(3, 4, "docs")).elements
        XCTAssertEqual(marks.allElements.filter { $0.kind == .menuItem }.map(\.label), [".", "..", "docs"], marks.debugDescription)
    }

    func testACurrentRowDrawnAcrossTheTopRowIsAListsRowWhenTheRowsBelowBeginAlike() {
        let bar = csi("30;42m"), plain = csi("0m")
        func top(_ first: String) -> String { at(0, 0, bar + first.padding(toLength: 40, withPad: " ", startingAt: 0) + plain) }
        // tig's commits, all by one author: the first row, drawn across, begins like the others.
        let commits = screen(top("2024-03-03 Ada Plan the trip") + at(1, 0, "2024-03-02 Ada Pack the bags") + at(2, 0, "2024-03-01 Ada Add a list")).elements
        XCTAssertEqual(commits.allElements.filter { $0.kind == .menuItem }.map(\.isHighlighted), [true, false, false], commits.debugDescription)
        // A title bar over text that begins otherwise stays text.
        let titled = screen(top("ncdu 1.18 ~ Use the arrow keys") + at(1, 0, "--- /tmp/tree ---") + at(2, 0, "--- more ---")).elements
        XCTAssertFalse(titled.allElements.contains { $0.kind == .menuItem }, titled.debugDescription)
    }

    func testRowsWithoutAHighlightedOneAreStaticText() {
        let tree = screen(at(1, 2, "Dark") + at(2, 2, "Light") + at(3, 2, "System")).elements
        XCTAssertEqual(outline(tree), ["staticText \"Dark\"", "staticText \"Light\"", "staticText \"System\""])
    }

    func testAMarkerBeforeTheCurrentRowIsNotPartOfItsName() {
        let rows = at(1, 2, "  Light") + at(2, 2, csi("7m") + "> Dark  " + csi("0m")) + at(3, 2, "  Solarized")
        XCTAssertEqual(outline(screen(rows).elements), ["menuItem \"Light\"", "menuItem \"Dark\" highlighted", "menuItem \"Solarized\""])
    }

    func testATreesBranchDrawnInASCIIBeforeARowIsNotPartOfItsName() {
        // aptitude's groups: `--- ` folded, `--\ ` unfolded, `|-- ` a leaf; the name is the rest.
        let rows = at(1, 0, "--- Fruit (3)") + at(2, 0, csi("7m") + "--\\ Vegetables (2)" + csi("0m")) + at(3, 0, "|-- Carrot")
        XCTAssertEqual(outline(screen(rows).elements), [
            "menuItem \"Fruit (3)\"", "menuItem \"Vegetables (2)\" highlighted", "menuItem \"Carrot\"",
        ])
        // A heading drawn as a rule, `--- Garden ---`, is no row of the list under it.
        let headed = at(0, 0, "--- Garden ----------") + at(1, 3, "Fruit") + at(2, 3, csi("7m") + "Vegetables" + csi("0m"))
        XCTAssertEqual(outline(screen(headed).elements), [
            "staticText \"--- Garden ----------\"", "menuItem \"Fruit\"", "menuItem \"Vegetables\" highlighted",
        ])
    }

    func testATreesDepthOrFoldMarkBeforeARowsWordsIsNotPartOfItsName() {
        // tasksel's sub-tasks `... GNOME` under a task; tmux's folded `+ Server Options` after
        // its shortcut; an unfolded `▾ src`. A parent folder's `..` and a mark glued to its words
        // (`+Extras`) are the row's name as written.
        let checks = at(0, 1, "[ ] Desktop environment") + at(1, 1, "[ ] ... GNOME") + at(2, 1, "[ ] ... Xfce")
        let menu = at(4, 0, csi("7m") + "(0) + Server Options  " + csi("0m")) + at(5, 0, "(1) + Session Options")
            + at(6, 0, "(2) ▾ src") + at(7, 0, "(3) +Extras") + at(8, 0, "(4) ..")
        let tree = screen(checks + menu).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .checkBox }.map(\.label), ["Desktop environment", "GNOME", "Xfce"], tree.debugDescription)
        XCTAssertEqual(
            tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Server Options", "Session Options", "src", "+Extras", ".."],
            tree.debugDescription)
    }

    func testAListMayLeaveOneBlankRowBetweenAllItsRows() {
        // alpine's main menu: a blank row between every two rows, the current one drawn apart.
        let spaced = at(1, 2, "Apples") + at(3, 2, csi("7m") + "Pears     " + csi("0m")) + at(5, 2, "Plums")
        XCTAssertEqual(outline(screen(spaced).elements), ["menuItem \"Apples\"", "menuItem \"Pears\" highlighted", "menuItem \"Plums\""])
        // A title, a blank row, then rows one under another (nnn): the title is no row of them.
        let titled = at(0, 0, "1 2 3 4 /tmp/files") + at(2, 1, csi("7m") + "docs/" + csi("0m")) + at(3, 1, "src/") + at(4, 1, "notes.txt")
        XCTAssertEqual(outline(screen(titled).elements), [
            "staticText \"1 2 3 4 /tmp/files\"", "menuItem \"docs/\" highlighted", "menuItem \"src/\"", "menuItem \"notes.txt\"",
        ])
    }

    func testAListKeyedByOneCharacterPerRowIsNamedByTheWordsAfterTheKey() {
        // alpine: the key, the name, then what it does; the key is the identifier.
        let keyed = at(1, 2, "?   HELP       -  Get help") + at(2, 2, csi("7m") + "C   COMPOSE    -  Write a message " + csi("0m"))
            + at(3, 2, "Q   QUIT       -  Leave")
        XCTAssertEqual(outline(screen(keyed).elements), [
            "menuItem \"HELP\" identifier \"?\" detail \"-  Get help\"",
            "menuItem \"COMPOSE\" identifier \"C\" highlighted detail \"-  Write a message\"",
            "menuItem \"QUIT\" identifier \"Q\" detail \"-  Leave\"",
        ])
        // Row numbers and one-letter flags (newsboat's `1 N  Nov 28  Ferry`) are no keys.
        let numbered = at(1, 1, "1 N  Nov 28   Ferry news  ") + at(2, 1, csi("7m") + "2 N  Nov 28   Fish market " + csi("0m"))
            + at(3, 1, "3 N  Nov 28   New keeper  ")
        XCTAssertEqual(screen(numbered).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Ferry news", "Fish market", "New keeper"])
    }

    func testRowsKeyedInSequenceAreAMenuEvenWithNoCurrentRow() {
        // sc's help index and a script's numbered menu, all in one shade: keys in order pick rows.
        let lettered = at(0, 0, "Which Screen? [a-c]") + at(2, 5, "A:   This overview") + at(3, 5, "B:   Toggle Options") + at(4, 5, "C:   Set Options")
        XCTAssertEqual(
            screen(lettered).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["This overview", "Toggle Options", "Set Options"])
        let numbered = at(1, 0, "1) Install") + at(2, 0, "2) Remove") + at(3, 0, "3) Quit")
        XCTAssertEqual(screen(numbered).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Install", "Remove", "Quit"])
        // Keys in no order explain keys (htop's help); two keyed rows are too few.
        let explained = at(1, 0, "p: toggle program path") + at(2, 0, "m: toggle merged command") + at(3, 0, "Z: pause updates")
            + at(6, 0, "A: first") + at(7, 0, "B: second")
        XCTAssertEqual(screen(explained).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
    }

    func testAStatusBarDrawnAcrossTheBottomRowIsNoListsCurrentRow() {
        // pinfo: a heading, then `Viewing line 23/237, 9%` inverse across the whole bottom row.
        let bar = csi("7m") + "Viewing line 23/237, 9%" + String(repeating: " ", count: 17) + csi("0m")
        let tree = screen(at(3, 0, "Basics") + at(4, 0, "C++ libraries") + at(5, 0, bar), rows: 6, columns: 40).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
        // A list's current row there begins like the row above: a row still.
        let current = csi("7m") + "2024-03-02 add tests" + String(repeating: " ", count: 20) + csi("0m")
        let list = screen(at(4, 0, "2024-03-01 fix build") + at(5, 0, current), rows: 6, columns: 40).elements
        XCTAssertEqual(list.allElements.filter(\.isHighlighted).map(\.kind), [.menuItem], list.debugDescription)
    }

    func testTheEntriesOfAnInfoMenuAreMenuItemsNamedBeforeTheirColon() {
        // pinfo: `* Name: (file)Node.` and `* Name::` entries, a heading and a description going
        // on between them; the current entry's link drawn apart.
        let menu = at(0, 0, "* Menu:") + at(1, 0, "Basics") + at(2, 0, "* Common options: " + csi("1;31m") + "(coreutils)Common options." + csi("0m"))
            + at(3, 0, "* Ed: " + csi("1;34m") + "(ed)." + csi("0m") + "       The line editor") + at(4, 20, "Access modes.")
            + at(5, 0, "* " + csi("1;34m") + "Introduction" + csi("0m") + "::   Caveats")
        let tree = screen(menu, columns: 50).elements
        XCTAssertEqual(
            tree.allElements.filter { $0.kind == .menuItem }.map { $0.label + ($0.isHighlighted ? " highlighted" : "") },
            ["Common options highlighted", "Ed", "Introduction"], tree.debugDescription)
        // Bullets of prose with a colon are no entries.
        let prose = at(0, 0, "* Note: see the docs.") + at(1, 0, "* Tip: (optional) read it.")
        XCTAssertEqual(screen(prose, columns: 50).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
    }

    func testAnEditorsModeLineWithDashesAtBothEndsIsNoListsCurrentRow() {
        // zile/mg: a window's text, its mode line inverse across the screen, then the help
        // window's rows at the same column.
        let modeLine = csi("7m") + "--:--  notes.txt   All (1,0)   (Text)" + String(repeating: "-", count: 23) + csi("0m")
        let rows = at(0, 0, "Shopping list") + at(1, 0, modeLine) + at(2, 0, "Key translations:") + at(3, 0, "SPC    self-insert")
        let tree = screen(rows, rows: 5, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
    }

    func testAnEditorsModeLineRuledWithEqualsSignsIsNoListsCurrentRow() {
        // vile's help window (a program no set captured): its mode line is ruled with `=`.
        let modeLine = csi("7m") + "=== [Help] [view-only] is vile.hlp " + String(repeating: "=", count: 25) + csi("0m")
        let rows = at(0, 0, "Shopping list") + at(1, 0, modeLine) + at(2, 0, "^X-^C") + at(3, 0, "SPC    self-insert")
        let tree = screen(rows, rows: 5, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
    }

    func testARowOfFieldsInShadesOfTheirOwnTouchingIsABarNotACurrentRow() {
        // lnav's breadcrumb bar over its log: `LOG ` on blue, then the path on white, no gap.
        let bar = csi("44m") + "LOG " + csi("47m") + "app.log:2" + csi("0m")
        let rows = at(1, 0, "first line") + at(2, 0, bar) + at(3, 0, "third line")
        XCTAssertEqual(screen(rows).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        // The same row in one shade is the list's current row.
        let current = at(1, 0, "first line") + at(2, 0, csi("47m") + "LOG app.log:2" + csi("0m")) + at(3, 0, "third line")
        XCTAssertEqual(screen(current).elements.allElements.filter(\.isHighlighted).map(\.label), ["LOG app.log:2"])
    }

    func testAClosedMenuBarMayBeWrittenInAnyAlphabet() {
        let bar = at(0, 0, csi("30;46m") + "  Fichier   Édition   Menü   Aide" + String(repeating: " ", count: 7) + csi("0m")) + at(2, 0, "text")
        XCTAssertEqual(outline(screen(bar).elements), [
            "menuItem \"Fichier\"", "menuItem \"Édition\"", "menuItem \"Menü\"", "menuItem \"Aide\"", "staticText \"text\"",
        ])
    }

    func testAMenuBarIsARowOfPhrasesOneInAShadeOfItsOwn() {
        let bar = at(0, 0, csi("30;46m") + "  Left   File   " + csi("37;40m") + "Options" + csi("30;46m") + "   Right   " + csi("0m"))
        XCTAssertEqual(outline(screen(bar).elements), [
            "menuItem \"Left\"", "menuItem \"File\"", "menuItem \"Options\" highlighted", "menuItem \"Right\"",
        ])
    }

    func testAMenuBarOfWordsOneBlankApartIsTheTopRowDrawnAcrossHoldingOnlyCapitalisedWords() {
        // emacs's and ne's menu bar: the top row inverse across the screen (40 columns here).
        func bar(_ words: String, apart: String? = nil) -> String {
            var drawn = csi("7m") + words + String(repeating: " ", count: 40 - words.count) + csi("0m")
            if let apart, let start = words.range(of: apart) {
                drawn += at(0, words.distance(from: words.startIndex, to: start.lowerBound), apart)
            }
            return at(0, 0, drawn) + at(2, 0, "Shopping list")
        }
        func menuItems(_ input: String) -> [String] {
            outline(screen(input).elements).filter { $0.hasPrefix("menuItem") }
        }
        let closed = ["menuItem \"File\"", "menuItem \"Edit\"", "menuItem \"Options\"", "menuItem \"Tools\"", "menuItem \"Help\""]
        XCTAssertEqual(menuItems(bar("File Edit Options Tools Help")), closed)
        XCTAssertEqual(menuItems(bar(" File Edit Options Tools Help")), closed)
        // The open menu's title drawn apart (in the screen's ground) is the highlighted item.
        XCTAssertEqual(menuItems(bar(" File Edit Options Tools Help", apart: "Edit")), [
            "menuItem \"File\"", "menuItem \"Edit\" highlighted", "menuItem \"Options\"", "menuItem \"Tools\"", "menuItem \"Help\"",
        ])
        // Title bars and prose are no menu bar: a version or a file name, a lower-case word,
        // fewer than four words, a title further in, words not drawn as a bar, part of a word
        // drawn apart.
        XCTAssertEqual(menuItems(bar("GNU nano 7.2 Notes Shopping List")), [])
        XCTAssertEqual(menuItems(bar("Shopping list for Monday Morning")), [])
        XCTAssertEqual(menuItems(bar("Garden Club News")), [])
        XCTAssertEqual(menuItems(bar("    File Edit Options Tools Help")), [])
        XCTAssertEqual(menuItems(at(0, 0, "File Edit Options Tools Help") + at(2, 0, "Shopping list")), [])
        XCTAssertEqual(menuItems(bar("File Edit Options Tools Help", apart: "Opt")), [])
    }

    func testATopRowMenuBarMayHoldAOneLetterModeMenuAndHyphenedWords() {
        // emacs's bar in a C buffer (`C`) and in *scratch* (`Lisp-Interaction`), seen on screens
        // no set captured; an acronym still makes a title, not a bar (40 columns here).
        func menuItems(_ words: String) -> [String] {
            let drawn = csi("7m") + words + String(repeating: " ", count: 40 - words.count) + csi("0m")
            return outline(screen(at(0, 0, drawn) + at(2, 0, "int main(void)")).elements).filter { $0.hasPrefix("menuItem") }
        }
        XCTAssertEqual(menuItems("File Edit Options Buffers Tools C Help"), [
            "menuItem \"File\"", "menuItem \"Edit\"", "menuItem \"Options\"", "menuItem \"Buffers\"", "menuItem \"Tools\"",
            "menuItem \"C\"", "menuItem \"Help\"",
        ])
        XCTAssertEqual(menuItems("File Edit Tools Lisp-Interaction Help"), [
            "menuItem \"File\"", "menuItem \"Edit\"", "menuItem \"Tools\"", "menuItem \"Lisp-Interaction\"", "menuItem \"Help\"",
        ])
        XCTAssertEqual(menuItems("GNU Emacs Editor Manual Index"), [])
        XCTAssertEqual(menuItems("File Edit Options Buffers Tools Help-"), [])
    }

    func testRowsDroppedDownUnderABarInABlockOfTheirOwnBackgroundWithOneDrawnApartAreAMenu() {
        // emacs's and ne's open menu: no box, a block of rows in a background of its own under
        // the top row's bar, the current entry drawn apart, keys after two blanks, a separator.
        func entry(_ text: String, _ colour: String = "44m") -> String {
            csi(colour) + text + String(repeating: " ", count: 20 - text.count) + csi("0m")
        }
        let bar = at(0, 0, csi("7m") + " File Edit Options Tools Help" + String(repeating: " ", count: 11) + csi("0m"))
        let rest = at(2, 0, entry(" Save        C-x C-s")) + at(3, 0, entry(" --")) + at(4, 0, entry(" Print >"))
            + at(5, 0, entry(" Quit")) + at(2, 25, "milk")
        func rowItems(_ input: String) -> [String] {
            outline(screen(input).elements).filter { $0.hasPrefix("menuItem") && !$0.contains("File\"") && !$0.contains("Edit\"") }
                .filter { !["Options", "Tools", "Help"].contains(where: $0.contains) }
        }
        XCTAssertEqual(rowItems(bar + at(1, 0, entry(" Open...     C-x C-f", "41m")) + rest), [
            "menuItem \"Open...\" highlighted", "menuItem \"Save\"", "menuItem \"Print\"", "menuItem \"Quit\"",
        ])
        XCTAssert(outline(screen(bar + at(1, 0, entry(" Open...     C-x C-f", "41m")) + rest).elements).contains("staticText \"milk\""))
        // The same block with no entry drawn apart is a panel, and one not under a bar is no
        // open menu.
        XCTAssertEqual(rowItems(bar + at(1, 0, entry(" Open...     C-x C-f")) + rest), [])
        XCTAssertEqual(rowItems(at(0, 0, " File Edit Options Tools Help") + at(1, 0, entry(" Open...     C-x C-f", "41m")) + rest), [])
    }

    func testRowsOfASheetWithTheCurrentCellDrawnApartAreNoMenuBars() {
        // sc: row numbers drawn inverse, the current cell inverse; each row is three phrases, one
        // in a shade of its own, like a menu bar, but a row of the same columns runs under it.
        let sheet = at(3, 0, "  0    " + csi("7m") + "  Item   " + csi("0m") + " Cost")
            + at(4, 0, csi("7m") + "  1" + csi("0m") + "    Rent       900.00") + at(5, 0, csi("7m") + "  2" + csi("0m") + "    Food       250.00")
        let tree = screen(sheet).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
        // A bar with legends under it, or text a row away, is a menu bar still.
        let bar = at(0, 0, "  Left   File   " + csi("7m") + "Options" + csi("0m") + "   Right")
        let legends = at(1, 0, "  q:Quit  h:Help  ^X Exit    ?:Help")
        XCTAssertEqual(screen(bar + legends).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Left", "File", "Options", "Right"])
        let apart = at(2, 0, "  some  text  under  each  of  them")
        XCTAssertEqual(screen(bar + apart).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Left", "File", "Options", "Right"])
    }

    // MARK: text fields

    func testARunOfItsOwnBackgroundAfterMarksWithNoLetterOrDigitIsNoTextField() {
        // kakoune's `~` filler lines beside a drawing in another shade; a web page's `[` before a
        // shaded link: marks are no label.
        for label in ["~", "[", "->"] {
            let tree = screen(at(1, 0, label + " " + csi("44m") + "          " + csi("0m") + "  ")).elements
            XCTAssertFalse(tree.allElements.contains { $0.kind == .textField }, "\(label): \(tree.debugDescription)")
        }
        // A word or a number labels one.
        let numbered = screen(at(1, 0, "2. " + csi("44m") + "          " + csi("0m") + "  ")).elements
        XCTAssertEqual(numbered.allElements.filter { $0.kind == .textField }.map(\.label), ["2."])
    }

    func testARunOfItsOwnBackgroundAfterALabelIsATextFieldInColourAndUnderlinedInMonochrome() throws {
        let colour = screen(at(1, 0, "Name: " + csi("44m") + "Ada       " + csi("0m") + "  "))
        let monochrome = screen(at(1, 0, "Name: " + csi("4m") + "Ada       " + csi("0m") + "  "))
        let expected = ["staticText \"Name:\"", "textField \"Name\" value \"Ada\""]
        XCTAssertEqual(outline(colour.elements), expected)
        XCTAssertEqual(outline(monochrome.elements), expected)
        XCTAssertEqual(try element(.textField, "Name", in: colour.elements).frame, ScreenRectangle(row: 1, column: 6, height: 1, width: 10))
    }

    func testARunOfAnotherShadeThatRunsIntoAnotherWindowsMarginIsNoTextField() {
        // A label, then blanks of another shade that end on a third shade (a dialog's margin drawn
        // over the row), not on the window's own: no field.
        let row = at(1, 0, "Files " + csi("47m") + "        " + csi("41m") + "  " + csi("0m") + "  ")
        XCTAssertFalse(screen(row).elements.allElements.contains { $0.kind == .textField }, screen(row).elements.debugDescription)
    }

    func testAPromptWithTheCursorAfterItIsATextFieldAndWithoutTheCursorIsText() {
        let prompt = at(2, 0, "File Name to Write: notes.txt")
        XCTAssertEqual(outline(screen(prompt + at(2, 29, "")).elements), [
            "staticText \"File Name to Write:\"", "textField \"File Name to Write\" value \"notes.txt\"",
        ])
        XCTAssertEqual(outline(screen(prompt + at(5, 0, "")).elements), ["staticText \"File Name to Write: notes.txt\""])
        // An empty prompt: the field is the cell the cursor is on.
        XCTAssertEqual(outline(screen(at(2, 0, "Name: ")).elements), ["staticText \"Name:\"", "textField \"Name\" value \"\""])
    }

    func testAColonBetweenDigitsBeforeTheCursorIsATimeNotAPrompt() {
        // emacs's dired: the cursor on a file's name, after the time it was changed.
        let row = "drwxr-xr-x 2 root root 4096 Nov 28 02:32 docs"
        let listing = screen(at(2, 0, row) + at(2, 41, ""), columns: 80).elements
        XCTAssertFalse(listing.allElements.contains { $0.kind == .textField }, listing.debugDescription)
        // A prompt's colon ends a word: `Alarm at 07: 30` is still a prompt.
        let prompt = screen(at(2, 0, "Alarm at 07: 30") + at(2, 15, ""), columns: 80).elements
        XCTAssertEqual(prompt.allElements.filter { $0.kind == .textField }.map(\.label), ["Alarm at 07"])
    }

    func testABlankSlotAfterAKeyIsAKeyBarsEmptyActionNotATextField() {
        // htop's setup: `F1` and `F2` have no action there, their slots blank; F10 has one.
        let cyan = csi("30;46m"), plain = csi("0m")
        let bar = at(11, 0, "F1" + cyan + "      " + plain + "F2" + cyan + "      " + plain + "F10" + cyan + "Done  " + plain)
        let tree = screen(bar).elements
        XCTAssertFalse(tree.allElements.contains { $0.kind == .textField }, tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter { $0.kind == .keyHint }.map(\.label), ["Done"], tree.debugDescription)
    }

    func testAShortBarOfItsOwnShadeUnderAPromptIsATextField() throws {
        // A window (white) with a prompt over a six-cell cyan bar, short of the window's side.
        let white = csi("30;47m"), cyan = csi("30;46m")
        var drawn = white + box(0, 0, height: 6, width: 30)
        for row in 1...4 { drawn += at(row, 1, String(repeating: " ", count: 28)) }
        drawn += at(1, 2, "Port:") + at(2, 2, cyan + "8080  " + white) + csi("0m")
        let tree = screen(drawn).elements
        let field = try element(.textField, "Port", in: tree)
        XCTAssertEqual(field.value, .text("8080"))
        XCTAssertEqual(field.frame, ScreenRectangle(row: 2, column: 2, height: 1, width: 6))
    }

    func testACommandLineIsATextFieldNamedByItsMarkButOrdinaryTextIsNot() throws {
        let field = try element(.textField, ":", in: screen(at(11, 0, ":set nu")).elements)
        XCTAssertEqual(field.value, .text("set nu"))
        // A mark written three times (python's prompt) is one mark.
        XCTAssertEqual(try element(.textField, ">>>", in: screen(at(11, 0, ">>> print(1)")).elements).value, .text("print(1)"))
        // The same text with the cursor elsewhere, or a quoted line the cursor is far after.
        XCTAssertEqual(outline(screen(at(11, 0, ":set nu") + at(0, 0, "")).elements), ["staticText \":set nu\""])
        XCTAssertEqual(outline(screen(at(11, 0, "> quoted   ") + at(11, 12, "")).elements), ["staticText \"> quoted\""])
        // An editor's cursor on a file's line that starts like a prompt, more lines under it.
        XCTAssertEqual(outline(screen(at(3, 0, "// note") + at(4, 0, "int x;") + at(3, 7, "")).elements),
                       ["staticText \"// note\"", "staticText \"int x;\""])
    }

    func testAFieldFilledOutWithUnderscoresIsATextField() throws {
        // Plain: the characters just before the underscores are the value, the words before the label.
        XCTAssertEqual(outline(screen(at(1, 0, "Name: Ada______")).elements), ["staticText \"Name:\"", "textField \"Name\" value \"Ada\""])
        // On a shade of its own, with the prompt on the row above.
        let tree = screen(at(1, 1, "Your name:") + at(3, 1, csi("44m") + "Ada Lovelace______" + csi("0m"))).elements
        XCTAssertEqual(outline(tree), ["staticText \"Your name:\"", "textField \"Your name\" value \"Ada Lovelace\""])
        XCTAssertEqual(try element(.textField, "Your name", in: tree).frame, ScreenRectangle(row: 3, column: 1, height: 1, width: 18))
        // Two underscores are not a field.
        XCTAssertEqual(outline(screen(at(1, 0, "snake__case")).elements), ["staticText \"snake__case\""])
    }

    func testAOneRowBoxIsATextFieldLabelledByTheTextAboveIt() throws {
        let tree = screen(at(0, 1, "Your name:") + box(1, 0, height: 3, width: 20) + at(2, 1, "Ada")).elements
        XCTAssertEqual(outline(tree), ["staticText \"Your name:\"", "textField \"Your name\" value \"Ada\""])
        XCTAssertEqual(try element(.textField, "Your name", in: tree).frame, ScreenRectangle(row: 2, column: 1, height: 1, width: 18))
    }

    // MARK: progress indicators

    func testProgressBarsWrittenAsText() throws {
        let rows = at(0, 0, "Copying [#####     ] 50%") + at(1, 0, "Build [=====>    ]")
            + at(2, 0, "Mem[||||      ]") + at(3, 0, "████░░░░")
        let tree = screen(rows).elements
        let bars = tree.allElements.filter { $0.kind == .progressIndicator }
        XCTAssertEqual(bars.map(\.label), ["Copying", "Build", "Mem", ""])
        XCTAssertEqual(bars.map(\.value), [.fraction(0.5), .fraction(6.0 / 10.0), .fraction(4.0 / 10.0), .fraction(0.5)])
        XCTAssertEqual(bars.first?.frame, ScreenRectangle(row: 0, column: 8, height: 1, width: 16))
    }

    func testABarOfTwoShadesHoldingOnlyAPercentageIsAProgressIndicator() {
        let bar = at(2, 2, csi("41m") + "      4" + csi("44m") + "2%       " + csi("0m"))
        XCTAssertEqual(outline(screen(bar).elements), ["progressIndicator \"\" value 0.42"])
        // The same shades holding words are static text.
        let words = at(2, 2, csi("41m") + "      N" + csi("44m") + "ot done  " + csi("0m"))
        XCTAssertFalse(screen(words).elements.allElements.contains { $0.kind == .progressIndicator })
    }

    func testAOneRowBoxPartFilledWithAnotherShadeIsAGauge() {
        let gauge = box(0, 0, height: 3, width: 12) + at(1, 1, csi("44m") + "   " + csi("0m") + "       ")
        XCTAssertEqual(outline(screen(gauge).elements), ["progressIndicator \"\" value 0.3"])
    }

    func testAGaugeIsNeverNamedByItsFigureNorByAnotherElement() {
        // An untitled window: a check box above the gauge is no name of it, nor is its own `42%`.
        let gauge = box(0, 0, height: 6, width: 30) + at(1, 2, "[X] Verify") + box(2, 2, height: 3, width: 20) + at(3, 10, "42%")
        let tree = screen(gauge).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .progressIndicator }.map(\.label), [""], tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter { $0.kind == .checkBox }.map(\.label), ["Verify"], tree.debugDescription)
    }

    // MARK: key hints

    func testKeyHintsToldApartByTheirShades() {
        // nano: the key inverse, the action plain; mc: the number plain, the action on a bar.
        let nano = at(0, 0, csi("7m") + "^X" + csi("0m") + " Exit      " + csi("7m") + "^O" + csi("0m") + " Write Out")
        let mc = at(1, 0, " 9" + csi("30;46m") + "PullDn" + csi("0m") + "10" + csi("30;46m") + "Quit  " + csi("0m"))
        XCTAssertEqual(outline(screen(nano + mc).elements), [
            "keyHint \"Exit\" key ^X", "keyHint \"Write Out\" key ^O", "keyHint \"PullDn\" key F9", "keyHint \"Quit\" key F10",
        ])
    }

    func testKeyHintsWrittenWithAParenthesisAnEqualsSignOrAMarkAndActionsOfSeveralWords() {
        // lynx's `H)elp … /=search [delete]=history list`, mutt's pager bar, lnav's `?:View Help`,
        // micro's list of legends parted by commas.
        let rows = at(0, 0, "H)elp O)ptions M)ain screen /=search [delete]=history list")
            + at(1, 0, "i:Exit  -:PrevPg  <Space>:NextPg v:View Attachm.") + at(2, 0, "?:View Help")
            + at(3, 0, "Alt-g: bindings, Ctrl-g: help") + at(4, 0, "q:Quit ENTER:Open n:Next Unread")
        XCTAssertEqual(outline(screen(rows, rows: 6, columns: 70).elements), [
            "keyHint \"Help\" key H", "keyHint \"Options\" key O", "keyHint \"Main screen\" key M", "keyHint \"search\" key /",
            "keyHint \"history list\" key delete",
            "keyHint \"Exit\" key i", "keyHint \"PrevPg\" key -", "keyHint \"NextPg\" key Space", "keyHint \"View Attachm.\" key v",
            "keyHint \"View Help\" key ?",
            "keyHint \"bindings\" key Alt-g", "staticText \",\"", "keyHint \"help\" key Ctrl-g",
            "keyHint \"Quit\" key q", "keyHint \"Open\" key ENTER", "keyHint \"Next Unread\" key n",
        ])
    }

    func testKeyHintsWrittenInPlainText() {
        let rows = at(0, 0, "q:quit  h:help") + at(1, 0, "M-U Undo  ^X Exit") + at(2, 0, "F10Quit  Enter: confirm  Ctrl-C: stop")
            + at(3, 0, "Press q:quit or ?:help") + at(4, 0, "^O Write Out ^R Read File")
        XCTAssertEqual(outline(screen(rows).elements), [
            "keyHint \"quit\" key q", "keyHint \"help\" key h", "keyHint \"Undo\" key M-U", "keyHint \"Exit\" key ^X",
            "keyHint \"Quit\" key F10", "keyHint \"confirm\" key Enter", "keyHint \"stop\" key Ctrl-C",
            "staticText \"Press\"", "keyHint \"quit\" key q", "staticText \"or\"", "keyHint \"help\" key ?",
            "keyHint \"Write Out\" key ^O", "keyHint \"Read File\" key ^R",
        ])
    }

    func testSingleCharactersAfterAKeyAreMoreKeysNotItsAction() {
        // screen's `C-a ?`: a command, then the keys that run it, `^B b` (^B or b), in columns.
        let rows = at(1, 2, "break       ^B b         clear       C") + at(2, 2, "detach      ^D d         suspend     ^Z z")
        XCTAssertEqual(screen(rows).elements.allElements.filter { $0.kind == .keyHint }.map(\.label), [])
        // A word after the key is its action still.
        let legends = at(1, 0, "^B Back  ^X Exit")
        XCTAssertEqual(screen(legends).elements.allElements.filter { $0.kind == .keyHint }.map(\.label), ["Back", "Exit"])
    }

    func testAKeyInAngleBracketsFollowedByALowerCaseWordIsNamedInASentence() {
        // aerc's wizard: keys named in its instructions are prose, not legends.
        let prose = at(1, 0, "For other configurations, use <Ctrl+q> to exit and read the manual.")
            + at(2, 0, "Press <Tab> and <Shift+Tab> to cycle between each field.")
        XCTAssertEqual(screen(prose, columns: 80).elements.allElements.filter { $0.kind == .keyHint }.map(\.label), [])
        // powertop's legends write the action capitalised.
        let legends = at(1, 0, "<ESC> Exit | <Enter> Toggle tunable | <r> Window refresh")
        XCTAssertEqual(screen(legends, columns: 80).elements.allElements.filter { $0.kind == .keyHint }.map(\.label),
                       ["Exit", "Toggle tunable", "Window refresh"])
    }

    func testAKeyInAngleBracketsWithItsActionAfterABlankIsALegendNotAButton() {
        // powertop: `<ESC> Exit | <Enter> Toggle tunable | <r> Window refresh`; the bar parts the
        // legends. `<Yes>` and `<Cancel>` name no key: buttons still.
        let legends = at(9, 1, "<ESC> Exit | <Enter> Toggle tunable | <r> Window refresh")
        let buttons = at(3, 4, "<Yes>   <Cancel>")
        let tree = screen(buttons + legends, columns: 70).elements
        XCTAssertEqual(
            tree.allElements.filter { $0.kind == .keyHint || $0.kind == .button }.map { "\($0.kind) \($0.keyName ?? "-") \($0.label)" },
            ["button - Yes", "button - Cancel", "keyHint ESC Exit", "keyHint Enter Toggle tunable", "keyHint r Window refresh"], tree.debugDescription)
    }

    func testThreeOrMoreOneLetterKeysDrawnApartWithTheirActionsAreALegendBar() {
        // alpine: `? Help  P PrevCmd  R RelNotes` over `O OTHER CMDS`, each key inverse, no
        // longer key anywhere. Two such letters alone (`Y Yes  N No`) are hotkeys, not a bar.
        func key(_ letter: String) -> String { csi("7m") + letter + csi("0m") }
        let bar = at(10, 0, key("?") + " Help      " + key("P") + " PrevCmd   " + key("R") + " RelNotes") + at(11, 0, key("O") + " OTHER CMDS")
        let pair = at(2, 0, key("Y") + " Yes      " + key("N") + " No")
        let tree = screen(pair + bar).elements
        XCTAssertEqual(
            tree.allElements.filter { $0.kind == .keyHint }.map { "\($0.keyName ?? "") \($0.label)" },
            ["? Help", "P PrevCmd", "R RelNotes", "O OTHER CMDS"], tree.debugDescription)
    }

    func testKeysListedOneUnderAnotherWithWhatTheyDoAreTextButATwoRowLegendBarIsNot() {
        // htop's help: keys right-aligned before a colon, what each does after it, row after row
        // (a row between may lack a key). A person reads that table; the bar under it is legends.
        let table = at(0, 0, "     Tab: switch to next tab") + at(1, 0, "   Space: tag process") + at(2, 0, "  Arrows: scroll the list")
            + at(3, 0, "       c: tag process and children") + at(4, 0, "       q: quit")
        let bar = at(8, 0, "q:Quit  h:Help") + at(9, 0, "^X Exit  ^O Write")
        let tree = screen(table + bar).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .keyHint }.map(\.label), ["Quit", "Help", "Exit", "Write"], tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter { $0.kind == .staticText }.map(\.label).first, "Tab: switch to next tab", tree.debugDescription)
    }

    func testLegendsWrittenAfterACaptionInOnePhraseAreProse() {
        // htop's help: `Process state: R: running; S: sleeping; Z: zombie` explains values; a
        // gap of two blanks ends the phrase, and legends after it are legends again.
        let rows = at(0, 0, "Process state: R: running; S: sleeping; Z: zombie") + at(2, 0, "Name: Ada  q:Quit  h:Help")
        let tree = screen(rows, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .keyHint }.map(\.label), ["Quit", "Help"], tree.debugDescription)
    }

    func testAKeyNameInLowerCaseBeforeAColonIsProseNotAKey() {
        // htop's setup: "For current screen tab: Main"; a key name is read as listed or in capitals.
        let rows = at(0, 0, "For current screen tab: Main") + at(1, 0, "Go to the end: now") + at(2, 0, "TAB:Next ENTER:Open")
        XCTAssertEqual(screen(rows).elements.allElements.filter { $0.kind == .keyHint }.map(\.label), ["Next", "Open"])
    }

    func testWordsWithAColonThatAreNotKeys() {
        XCTAssertEqual(outline(screen(at(0, 0, "Name: Ada") + at(1, 0, "Hint: Tab changes panel") + at(3, 0, "")).elements), [
            "staticText \"Name: Ada\"", "staticText \"Hint: Tab changes panel\"",
        ])
    }

    // MARK: static text, shadows, description

    func testStaticTextSplitsAtTwoBlanksAndAtAShadeChange() {
        let row = at(0, 0, "one two  three" + csi("44m") + "four" + csi("0m"))
        XCTAssertEqual(outline(screen(row).elements), ["staticText \"one two\"", "staticText \"three\"", "staticText \"four\""])
    }

    func testAShadowOverRowsDoesNotMakeOneOfThemTheCurrentRow() {
        // Three list rows; a window's shadow (black on black) falls on the last two's first cells.
        let shadow = csi("30;40m")
        let rows = at(1, 2, "alpha  one") + at(2, 2, shadow + "b" + csi("0m") + "eta  two") + at(3, 2, shadow + "g" + csi("0m") + "amma  three")
        XCTAssertFalse(screen(rows).elements.allElements.contains { $0.isHighlighted }, screen(rows).elements.debugDescription)
    }

    func testTextUnderAShadowLooksLikeItsSurroundings() {
        // A label, blanks, then a window's shadow (black on black) over the rest of the row: the
        // shadow is no field of its own shade.
        let row = at(1, 0, "UP--DIR   " + csi("30;40m") + "      " + csi("0m") + "  ")
        XCTAssertFalse(screen(row).elements.allElements.contains { $0.kind == .textField }, screen(row).elements.debugDescription)
    }

    func testTheOnlyPlainRowAmongRowsDrawnAlikeIsNotTheCurrentOne() {
        // The two lower rows start on another shade (something drawn over them); the plain top row
        // is the odd one out, but nothing marks it as current.
        let rows = at(1, 2, "alpha  one") + at(2, 2, csi("44m") + "b" + csi("0m") + "eta  two")
            + at(3, 2, csi("44m") + "g" + csi("0m") + "amma  three")
        XCTAssertFalse(screen(rows).elements.allElements.contains { $0.isHighlighted }, screen(rows).elements.debugDescription)
    }

    func testDebugDescriptionIsAnIndentedTreeWithTheFactsOfEachElement() {
        let tree = ScreenElementTree(roots: [
            ScreenElement(kind: .window, label: "Settings", frame: ScreenRectangle(row: 0, column: 0, height: 6, width: 30), children: [
                ScreenElement(kind: .button, label: "OK", frame: ScreenRectangle(row: 4, column: 2, height: 1, width: 6), isHighlighted: true),
                ScreenElement(kind: .checkBox, label: "Sync", frame: ScreenRectangle(row: 2, column: 2, height: 1, width: 8), isChecked: false, detail: "Cloud \"sync\""),
                ScreenElement(kind: .textField, label: "Name", frame: ScreenRectangle(row: 3, column: 8, height: 1, width: 10), value: .text("Ada"), hasFocus: true),
                ScreenElement(kind: .progressIndicator, label: "", frame: ScreenRectangle(row: 1, column: 2, height: 1, width: 10), value: .fraction(0.125)),
            ]),
            ScreenElement(kind: .keyHint, label: "Exit", frame: ScreenRectangle(row: 7, column: 0, height: 1, width: 7), keyName: "^X"),
        ])
        XCTAssertEqual(tree.debugDescription, """
            window "Settings" 0,0 6x30
              button "OK" 4,2 1x6 highlighted
              checkBox "Sync" 2,2 1x8 unchecked detail "Cloud \\"sync\\""
              textField "Name" 3,8 1x10 focused value "Ada"
              progressIndicator "" 1,2 1x10 value 12.5%
            keyHint "Exit" 7,0 1x7 key ^X
            """)
        XCTAssertEqual(ScreenElementTree(roots: []).debugDescription, "(no elements)")
        XCTAssertEqual(tree.roots[1].debugDescription, "keyHint \"Exit\" 7,0 1x7 key ^X")
    }

    func testALabelThatCouldBreakALineIsQuotedOnOneLineAsASwiftLiteral() {
        // A line or paragraph separator and a C1 control drawn into a label: the listing stays one
        // line per element, written as the `cleanslate` command writes names and Swift literals.
        let element = ScreenElement(kind: .staticText, label: "a\u{2028}b\u{85}c\\d\te", frame: ScreenRectangle(row: 0, column: 0, height: 1, width: 5))
        XCTAssertEqual(element.debugDescription, #"staticText "a\u{2028}b\u{85}c\\d\te" 0,0 1x5"#)
    }

    // MARK: hostile screens

    func testAnEmptyScreenHasNoElements() {
        XCTAssertEqual(screen("").elements.roots, [])
    }

    func testScreensFullOfCornersBracketsAndMarksEndWithoutCrashing() {
        let rows = 30
        let columns = 100
        let patterns = ["┌", "┐", "└┘", "[", "<", "(*)", "[X]", "^X", "█", "│", "─┐", "[#", "1", ": "]
        for pattern in patterns {
            let line = String(String(repeating: pattern, count: columns).prefix(columns))
            var input = ""
            for row in 0..<rows { input += at(row, 0, line) }
            let tree = makeTerminal(input, rows: rows, columns: columns).snapshot().elements
            for element in tree.allElements {
                XCTAssertTrue(ScreenRectangle(row: 0, column: 0, height: rows, width: columns).contains(element.frame), "\(pattern): \(element.debugDescription)")
            }
        }
    }

    // MARK: menus and lists: choices picked by their keys

    func testLetteredChoicesSideBySideAreOneListPerColumnNamedByTheirPhrases() throws {
        // angband's birth: each trait's menu in a column, `a)` first, the current row drawn apart.
        let sex = at(2, 2, csi("7m") + "a) Female" + csi("0m")) + at(3, 2, "b) Male") + at(4, 2, "c) Neuter")
        let race = at(2, 14, "a) Human") + at(3, 14, csi("7m") + "b) Half-Elf" + csi("0m")) + at(4, 14, "c) Elf") + at(5, 14, "d) Hobbit")
        let stats = at(2, 28, "Str:  +3  Dex:  +2") + at(3, 28, "Int:  -2")
        let tree = screen(sex + race + stats, rows: 8, columns: 50).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Female", "Human", "Male", "Half-Elf", "Neuter", "Elf", "Hobbit"], tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter(\.isHighlighted).map(\.label), ["Female", "Half-Elf"], tree.debugDescription)
        XCTAssertEqual(try tree.menuItems["Human"].resolve().identifier, "a")
        XCTAssertEqual(tree.allElements.filter { $0.label.hasSuffix(")") }.map(\.label), [], tree.debugDescription)
    }

    func testAListGoingOnInTheNextColumnFromTheNextKeyIsOneList() {
        // crawl's species: `a - ` to `c - ` then `d - ` on the same rows; one current row among them.
        let first = at(1, 0, csi("7m") + "a - Hill Orc" + csi("0m")) + at(2, 0, "b - Minotaur") + at(3, 0, "c - Merfolk")
        let second = at(1, 20, "d - Human") + at(2, 20, "e - Kobold")
        let tree = screen(first + second, rows: 6, columns: 40).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Hill Orc", "Human", "Minotaur", "Kobold", "Merfolk"], tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter(\.isHighlighted).map(\.label), ["Hill Orc"])
        // Written alike with no current row, `key - action` is a legend of keys, not a menu.
        let legend = at(1, 0, "a - Move left") + at(2, 0, "b - Move down") + at(3, 0, "c - Move up")
        XCTAssertEqual(screen(legend, rows: 6, columns: 40).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
    }

    func testNumberedChoicesOverAPromptWithTenOrMoreRowsAreAMenu() throws {
        // bash's `select`: numbers right-aligned, laid out down two columns, its `#?` prompt under them.
        var list = ""
        for number in 1...12 {
            let row = (number - 1) % 6, column = number <= 6 ? 0 : 16
            list += at(row, column, (number < 10 ? " " : "") + "\(number)) item\(number)")
        }
        let tree = screen(list + at(6, 0, "#? 3"), rows: 8, columns: 40).elements
        XCTAssertEqual(
            tree.allElements.filter { $0.kind == .menuItem }.map(\.label).sorted(), (1...12).map { "item\($0)" }.sorted(), tree.debugDescription)
        XCTAssertEqual(try tree.menuItems["item10"].resolve().identifier, "10")
    }

    func testNumberedStepsWrittenAsProseAreNoMenu() {
        // A README's steps in a pager: sentences, or wrapped on to a line under their text.
        let sentences = at(0, 0, "To install it:") + at(2, 0, "1) Unpack the archive.") + at(3, 0, "2) Run the script.") + at(4, 0, "3) Restart.")
        XCTAssertEqual(screen(sentences).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        let wrapped = at(0, 0, "1) Unpack the archive into") + at(1, 3, "a folder of your own") + at(2, 0, "2) Run the setup script") + at(3, 0, "3) Restart the service")
        XCTAssertEqual(screen(wrapped).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        // Short options among paragraphs, none of them current: a text describing them, not a menu.
        let described = at(0, 0, "The tool has three modes and the default one is fast;")
            + at(1, 0, "the careful mode checks every result twice over again.") + at(3, 2, "a) fast") + at(4, 2, "b) careful") + at(5, 2, "c) quiet")
        XCTAssertEqual(screen(described, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        XCTAssertEqual(
            screen(at(0, 0, "Pick a mode:") + at(3, 2, "a) fast") + at(4, 2, "b) careful") + at(5, 2, "c) quiet"), columns: 60).elements
                .allElements.filter { $0.kind == .menuItem }.map(\.label), ["fast", "careful", "quiet"])
        // Keys that skip (a mnemonic legend) or a list starting past its first key are no menu either.
        let skipping = at(0, 0, "h) left") + at(1, 0, "j) down") + at(2, 0, "k) up") + at(4, 0, "c) one") + at(5, 0, "d) two") + at(6, 0, "e) three")
        XCTAssertEqual(screen(skipping).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        // Numbered records whose first word is a caption (`ip -o link`: found in review) are output, not choices.
        let links = at(0, 0, "1: lo: mtu 65536 qdisc noqueue") + at(1, 0, "2: eth0: mtu 1500 qdisc fq") + at(2, 0, "3: docker0: mtu 1500 qdisc noqueue")
        XCTAssertEqual(screen(links, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
    }

    func testAnOptionsValueAfterItsPhraseIsTheRowsDetail() {
        // angband's birth options: the phrase, then `: no` at the same column on every row.
        let options = at(1, 4, csi("7m") + "a) Randomise the artifacts  : no   (birth_randarts)" + csi("0m"))
            + at(2, 4, "b) Use previous randarts    : yes  (birth_keep)") + at(3, 4, "c) Force player descent     : no   (birth_force)")
        let tree = screen(options, rows: 6, columns: 60).elements
        XCTAssertEqual(outline(tree).filter { $0.hasPrefix("menuItem") }, [
            "menuItem \"Randomise the artifacts\" identifier \"a\" highlighted detail \": no   (birth_randarts)\"",
            "menuItem \"Use previous randarts\" identifier \"b\" detail \": yes  (birth_keep)\"",
            "menuItem \"Force player descent\" identifier \"c\" detail \": no   (birth_force)\"",
        ], tree.debugDescription)
        // Values at no one column: the current row's rest, drawn apart with it, is no row of its own.
        let ragged = at(1, 4, csi("7m") + "a) Randomise the artifacts  : no" + csi("0m")) + at(2, 4, "b) Use previous randarts   : yes")
            + at(3, 4, "c) Force player descent   : no")
        let raggedTree = screen(ragged, rows: 6, columns: 60).elements
        XCTAssertEqual(
            raggedTree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Randomise the artifacts", "Use previous randarts", "Force player descent"],
            raggedTree.debugDescription)
    }

    func testAKeyedListMayLeaveABlankRowBeforeItsNextKey() {
        // sc's help index: `A:` to `C:`, a blank row, then `D:   Return to main spreadsheet`.
        let index = at(0, 0, "Which Screen? [a-c, d]") + at(2, 5, "A:   This overview") + at(3, 5, "B:   Toggle Options")
            + at(4, 5, "C:   Set Options") + at(6, 5, "D:   Return to main spreadsheet")
        XCTAssertEqual(
            screen(index).elements.allElements.filter { $0.kind == .menuItem }.map(\.label),
            ["This overview", "Toggle Options", "Set Options", "Return to main spreadsheet"])
    }

    func testAChoiceInAColourOfItsOwnIsTheCurrentRowEvenAmongParagraphs() {
        // angband's birth screen: instructions in prose above, the current choice's letters blue.
        let prose = at(0, 0, "Use the movement keys to scroll the menu, Enter to select the")
            + at(1, 0, "current menu item, or the escape key to step back through it.")
        let choices = at(3, 2, csi("34m") + "a) Female" + csi("0m")) + at(4, 2, "b) Male") + at(5, 2, "c) Neuter")
        let tree = screen(prose + choices, rows: 8, columns: 70).elements
        XCTAssertEqual(outline(tree).filter { $0.hasPrefix("menuItem") }, [
            "menuItem \"Female\" identifier \"a\" highlighted", "menuItem \"Male\" identifier \"b\"", "menuItem \"Neuter\" identifier \"c\"",
        ], tree.debugDescription)
    }

    // MARK: menus and lists: a menu bar with a legend at its right end

    func testAClosedMenuBarMayEndInALegendAndLeaveItsLastColumnUnpainted() {
        // visidata: capitalised words two blanks apart across the top row, `Ctrl+H for help` set
        // apart at the right end, the row's last column left in the screen's ground.
        let words = "  File  Edit  View  Column  Help"
        let bar = csi("30;46m") + words + String(repeating: " ", count: 5) + "Ctrl+H for help" + String(repeating: " ", count: 59 - words.count - 20) + csi("0m")
        let tree = screen(at(0, 0, bar) + at(2, 1, "Lisbon  Portugal") + at(3, 1, "Oslo    Norway"), rows: 6, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), ["File", "Edit", "View", "Column", "Help"], tree.debugDescription)
        // A title bar of three words and a reading is no menu bar.
        let title = csi("30;46m") + "  Mail  Inbox  Ada" + String(repeating: " ", count: 5) + "Ctrl+H for help" + String(repeating: " ", count: 59 - 18 - 20) + csi("0m")
        let titled = screen(at(0, 0, title), rows: 6, columns: 60).elements
        XCTAssertEqual(titled.allElements.filter { $0.kind == .menuItem }.map(\.label), [], titled.debugDescription)
    }

    // MARK: key legends in their written forms, and text that is none (round 5)

    func testInARunOfWrittenLegendsTheWordsUpToTheNextKeyAreTheAction() {
        // moon-buggy's bottom line: lower-case actions of two words, and keys listed before one action.
        let legends = at(2, 0, "y,RET:start game  q:quit c:show copyright w:show warranty r:redraw")
        XCTAssertEqual(keyHintOutline(screen(legends, columns: 80)), [
            "start game key y", "quit key q", "show copyright key c", "show warranty key w", "redraw key r",
        ])
        // A word joining clauses ends the action: prose around legends stays prose.
        let prose = at(2, 0, "Press q:quit or ?:help to leave")
        XCTAssertEqual(keyHintOutline(screen(prose, columns: 80)), ["quit key q", "help key ?"])
        // One legend alone keeps to its capitalised words: a lower-case word after it may be prose.
        let alone = at(2, 0, "q:quit this screen")
        XCTAssertEqual(keyHintOutline(screen(alone, columns: 80)), ["quit key q"])
        // A list of figures or a path before a colon is no list of keys.
        let figures = at(2, 0, "12,40:done  usr/bin:path  a,bc:x y")
        XCTAssertEqual(keyHintOutline(screen(figures, columns: 80)), [])
    }

    func testUnderscoresThatAreStrokesOfADrawingAreNoField() {
        // A logo drawn with characters at the top of a chat log or a start screen (irssi, nmon,
        // profanity): its runs of `_` have drawing marks over or under them.
        let logo = at(1, 2, "10:00 -   ___           _") + at(2, 2, "10:00 -  |_ _|_ _ _____(_)")
            + at(3, 2, "10:00 -   | || '_(_-<_-< |") + at(4, 2, "10:00 -  |___|_| /__/__/_|")
        XCTAssertEqual(screen(logo, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), [])
        // Fields to fill in, one over another, are fields still.
        let form = at(1, 2, "Name:  ________") + at(2, 2, "Mail:  ________") + at(3, 2, "Note:  ________  (optional)")
        XCTAssertEqual(screen(form, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), ["Name", "Mail", "Note"])
    }

    func testAKeyForAnActionStandingOnItsOwnIsALegendAndInASentenceIsNot() {
        // visidata's `Ctrl+H for help` apart at the end of its top row; nmon's `[H for help]` in
        // its frame's top border, beside a title.
        let rows = at(0, 2, "File  Edit  View     Ctrl+H for help") + box(2, 0, height: 5, width: 50, top: " demo ──[H for help]")
            + at(3, 2, "Press ? for help") + at(4, 2, "Type '?' for help.") + at(5, 2, "a for apple")
        let tree = screen(rows, columns: 60).elements
        XCTAssertEqual(keyHintOutline(screen(rows, columns: 60)), ["help key Ctrl+H", "help key H"])
        XCTAssertEqual(tree.allElements.first { $0.kind == .window }?.label, "demo")
    }

    func testACommandToTypeWrittenWithKeysOrQuotesIsNoLegend() {
        // cgdb's start screen and vim's help: commands quoted or ending in a key to press are
        // instructions to type them, prose.
        let rows = at(1, 2, "type  <ESC>:help<Enter>   for CGDB help") + at(2, 2, "Close this window:  Use \":q<Enter>\".")
            + at(3, 2, "With the mouse:  \":set mouse=a\" to enable the mouse")
        XCTAssertEqual(keyHintOutline(screen(rows, columns: 70)), [])
        // Legends written beside them are legends still.
        XCTAssertEqual(keyHintOutline(screen(rows + at(5, 2, "<Space>:NextPg  q:Quit"), columns: 70)), ["NextPg key Space", "Quit key q"])
    }

    func testAKeyNameBeforeAColonAmongCaptionsIsACaptionToo() {
        // The header of an info node (GNU info, pinfo): `Up:` names a link, not a key to press.
        let header = at(0, 0, "File: coreutils.info,  Node: Top,  Next: Introduction,  Up: (dir)")
            + at(1, 0, "Next: Common options,  Prev: Introduction,  Up: Top")
        XCTAssertEqual(keyHintOutline(screen(header, columns: 80)), [])
        // Without a caption on the row, key names before a colon are legends; glued ones always are.
        let legends = at(0, 0, "Enter: confirm  Up: previous") + at(1, 0, "Name: Ada  q:Quit")
        XCTAssertEqual(keyHintOutline(screen(legends, columns: 80)), ["confirm key Enter", "previous key Up", "Quit key q"])
    }

    func testTheRestOfABarAcrossTheScreensTopRowIsNoField() {
        // A tab bar (dte, aerc): the current tab on the screen's ground, the others and the rest
        // of the bar in the bar's shade on to the right edge.
        let tabs = at(0, 0, " 1:notes.txt " + csi("30;47m") + " 2:other.txt" + String(repeating: " ", count: 27) + csi("0m"))
        XCTAssertEqual(screen(tabs + at(2, 0, "line one"), columns: 52).elements.allElements.filter { $0.kind == .textField }.map(\.label), [])
        // A field after its label, on a lower row or short of the edge, is a field still.
        let fields = at(0, 0, "Find: " + csi("30;47m") + "          " + csi("0m")) + at(2, 0, "Name: " + csi("30;47m") + String(repeating: " ", count: 46) + csi("0m"))
        XCTAssertEqual(screen(fields, columns: 52).elements.allElements.filter { $0.kind == .textField }.map(\.label), ["Find", "Name"])
    }

    func testAFieldAfterAColonStandingApartIsNamedByTheCaptionBeforeTheColon() {
        // lynx's options form: captions, a mark `(!)` after some, colons lined up in a column.
        let form = at(1, 2, "SSL client key file (!)   : ____________") + at(2, 2, "X Display                 : ____________")
        XCTAssertEqual(screen(form, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), ["SSL client key file", "X Display"])
    }

    func testAHighlightedRowLinedUpWithTextUnderItIsAListsCurrentRowNotAField() {
        // crawl's start menu: a caption, then a list whose current row is drawn inverse.
        let list = at(1, 0, "Choices:  " + csi("7m") + "Dungeon Crawl      " + csi("0m")) + at(2, 10, "Choose Game Seed")
            + at(3, 10, "Tutorial for Dungeon Crawl")
        XCTAssertEqual(screen(list, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), [])
        // A form's fields, one under another, are fields.
        let form = at(1, 0, "Name: " + csi("7m") + "Ada         " + csi("0m")) + at(2, 0, "Mail: " + csi("7m") + "            " + csi("0m"))
        XCTAssertEqual(screen(form, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), ["Name", "Mail"])
    }

    func testKeysToldApartByTheirColourAloneAreLegendsInALegendBar() {
        // calcurse's bottom rows: each key in red, its action in the ground's colour.
        func legend(_ key: String, _ action: String) -> String { csi("31m") + key + csi("39m") + " " + action }
        let bar = at(10, 2, legend("?", "Help") + "       " + legend("s", "Save") + "     " + legend("TAB", "Chg Win"))
            + at(11, 2, legend("q", "Quit") + "       " + legend("R", "Reload"))
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 60)), ["Help key ?", "Save key s", "Chg Win key TAB", "Quit key q", "Reload key R"])
        // One coloured letter before a word is no legend bar; nor are coloured words of prose.
        let prose = at(1, 0, "a " + csi("31m") + "x" + csi("39m") + " marks the spot") + at(3, 0, csi("32m") + "error" + csi("39m") + " in file")
        XCTAssertEqual(keyHintOutline(screen(prose, columns: 60)), [])
        // An editor's line numbers, one per row down a column (micro's gutter), are no legends.
        let gutter = at(0, 0, legend("1", "milk")) + at(1, 0, legend("2", "eggs")) + at(2, 0, legend("3", "tea"))
        XCTAssertEqual(keyHintOutline(screen(gutter, columns: 60)), [])
        // Code drawn in colours (vim or nano with syntax on): a one-letter name one blank before a
        // keyword is no key, however many rows hold one (found in review: 9 false key hints).
        func keyword(_ word: String) -> String { csi("33m") + word + csi("39m") }
        let code = at(0, 0, "    x = i " + keyword("if") + " i " + keyword("else") + " 0")
            + at(1, 0, "    y = a " + keyword("or") + " b " + keyword("and") + " c")
            + at(2, 0, "    " + keyword("for") + " k " + keyword("in") + " x:")
        XCTAssertEqual(keyHintOutline(screen(code, columns: 60)), [])
    }

    // MARK: key legends and menu bars read as a person reads them (round 7, menu bars and legends)

    func testAKeyWrittenWithItsModifierByNameStartingAPhraseIsALegendsKey() {
        // The Free Pascal IDE's status line (`Alt+F9 Compile`) and xwpe's (`ESC-F3 Close W.`,
        // `ESC-X Quit`): the modifier written out and joined to the key, the action after a blank.
        let bar = at(11, 0, " F1 Help  Alt+F9 Compile  Alt+F10 Local menu  ESC-F3 Close W.  ESC-X Quit")
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 80)), [
            "Help key F1", "Compile key Alt+F9", "Local menu key Alt+F10", "Close W. key ESC-F3", "Quit key ESC-X",
        ])
        XCTAssertEqual(keyHintOutline(screen(at(11, 0, "F1 Help  Ctrl-X Exit  Shift-F3 Find Next"), columns: 80)), [
            "Help key F1", "Exit key Ctrl-X", "Find Next key Shift-F3",
        ])
        // Named inside a sentence (joe's status line, less's help), after a word over one blank,
        // such a key is prose.
        let prose = at(11, 0, " Joe's Own Editor 4.6 (utf-8) ** Type Ctrl-K Q to exit or Ctrl-K H for help **")
            + at(9, 0, "ample ESC-v means the two character sequence (:)")
        XCTAssertEqual(keyHintOutline(screen(prose, columns: 80)), [])
        // A key and what it is for (visidata's `Ctrl+H for help`) is a legend named `help`; a
        // command's name after a key and a mark (`Shift+C› cities_columns|`) is none.
        XCTAssertEqual(keyHintOutline(screen(at(0, 40, "Ctrl+H for help") + at(11, 0, "Shift+C› cities_columns|"), columns: 80)), [
            "help key Ctrl+H",
        ])
        // Legends listed with commas (micro's status line) stay legends.
        XCTAssertEqual(keyHintOutline(screen(at(11, 40, "Alt-g: bindings, Ctrl-g: help"), columns: 80)), [
            "bindings key Alt-g", "help key Ctrl-g",
        ])
    }

    func testTheOpenEntryOfAMenuBarIsTheOneOnABackgroundOfItsOwnWhateverLettersAreDrawnApart() {
        // le's bar with its File menu open: hotkey letters in bold yellow on any letter of an
        // entry (`Fo`r`mat`, `O`t`hers`), the open entry on black, the rest of the bar on cyan.
        func entry(_ word: String, hotkey: Int, background: String = "46") -> String {
            let letters = Array(word).map(String.init)
            return letters.enumerated().map { index, letter in
                index == hotkey ? csi("1;33;\(background)m") + letter : csi("0;30;\(background)m") + letter
            }.joined()
        }
        func bar(_ file: String) -> String {
            at(0, 0, csi("30;46m") + "  " + file + csi("0;30;46m") + "  " + entry("Edit", hotkey: 0) + "  " + entry("Format", hotkey: 2)
                + "  " + entry("Others", hotkey: 1) + "  " + entry("Help", hotkey: 0) + csi("K") + csi("0m"))
                + at(2, 0, csi("37;44m") + "Shopping list" + csi("K") + csi("0m"))
        }
        let open = screen(bar(csi("1;37;40m") + " " + entry("File", hotkey: 0, background: "40") + csi("1;37;40m") + " "), columns: 50).elements
        XCTAssertEqual(outline(open).filter { $0.hasPrefix("menuItem") }, [
            "menuItem \"File\" highlighted", "menuItem \"Edit\"", "menuItem \"Format\"", "menuItem \"Others\"", "menuItem \"Help\"",
        ], open.debugDescription)
        // Two entries on backgrounds apart from the rest: no one is the open entry, no menu bar.
        let two = at(0, 0, csi("30;46m") + "  " + csi("37;40m") + "File" + csi("30;46m") + "  Edit  " + csi("37;41m") + "Format"
            + csi("30;46m") + "  Help" + csi("K") + csi("0m"))
        XCTAssertEqual(screen(two, columns: 50).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        // A sheet's column letters with the current column apart (sc), numbered tabs (ncmpc's
        // `1:Help  2:Queue`) and marks are no menu titles, whatever is bold in them.
        func row(_ phrases: [String]) -> String {
            at(2, 0, csi("30;46m") + " " + csi("1;37;40m") + phrases[0] + csi("0;30;46m") + "  "
                + phrases.dropFirst().enumerated().map { index, phrase in (index == 0 ? csi("1;30;46m") : csi("0;30;46m")) + phrase }.joined(separator: csi("0;30;46m") + "  ")
                + csi("K") + csi("0m"))
        }
        for phrases in [["A", "B", "C", "D"], ["1:Help", "2:Queue", "3:Browse", "4:Library"], ["~", "@", "@", "@"]] {
            XCTAssertEqual(screen(row(phrases), columns: 50).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [], "\(phrases)")
        }
        XCTAssertEqual(screen(row(["File", "Edit", "View", "Help"]), columns: 50).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [
            "File", "Edit", "View", "Help",
        ])
    }

    func testAClosedMenuBarMayOpenWithASystemMenuMark() {
        // xwpe's bar (`#` first, hotkey letters in red) and Turbo Vision's (`≡` first): a one-cell
        // mark before three or more capitalised words is the bar's first entry.
        func bar(_ text: String) -> String {
            at(0, 0, csi("30;47m") + text + csi("K") + csi("0m")) + at(2, 0, csi("33;44m") + "Shopping list" + csi("K") + csi("0m"))
        }
        func menuItems(_ input: String) -> [String] {
            screen(input, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label)
        }
        let red = csi("31;47m"), black = csi("30;47m")
        XCTAssertEqual(menuItems(bar("  " + red + "#" + black + "   " + red + "F" + black + "ile  " + red + "E" + black + "dit  " + red + "S" + black + "earch  " + red + "H" + black + "elp")), [
            "#", "File", "Edit", "Search", "Help",
        ])
        XCTAssertEqual(menuItems(bar(" ≡  File  Edit  Window")), ["≡", "File", "Edit", "Window"])
        // A mark before fewer words, a figure or a word first, or a mark of two cells is no bar.
        XCTAssertEqual(menuItems(bar(" ≡  File  Edit")), [])
        XCTAssertEqual(menuItems(bar(" 7  File  Edit  Window")), [])
        XCTAssertEqual(menuItems(bar(" ##  File  Edit  Window")), [])
    }
}

// MARK: - Precision and borderless lists (issue 25, round 7)

extension ElementRecognitionTests {
    func testBlocksDrawnOverSeveralRowsAreAPictureNotGauges() {
        // A logo drawn in block characters (the Free Pascal IDE's): runs of blocks on rows one
        // under another, touching, nothing written beside them.
        let logo = at(1, 2, "████▄▀▀  ▄▄▀████") + at(2, 2, "███▄   ▄▄▀██▄▀▀") + at(3, 2, "▄███▀  ▄▄█▄█▄")
        let pictured = screen(logo).elements
        XCTAssertEqual(pictured.allElements.filter { $0.kind == .progressIndicator }.count, 0, pictured.debugDescription)
        // Gauges one under another are told apart by their names or their figures; a lone run
        // of blocks on its rows is still a gauge.
        let gauges = at(1, 0, "CPU ████░░░░") + at(2, 0, "MEM ██████░░") + at(3, 0, "██░░░░░░ 25%") + at(4, 0, "███░░░░░ 37%")
            + at(7, 0, "██████░░")
        let tree = screen(gauges).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .progressIndicator }.map(\.label), ["CPU", "MEM", "", "", ""], tree.debugDescription)
        // A figure right-aligned a few blanks after each gauge, or a name after it, tells stacked
        // gauges apart too (btop's panels).
        let stacked = at(1, 0, "████████░░░░    50%") + at(2, 0, "████░░░░░░░░    25%") + at(4, 0, "████░░░░  CPU")
            + at(5, 0, "██░░░░░░  MEM")
        let stackedTree = screen(stacked).elements
        XCTAssertEqual(stackedTree.allElements.filter { $0.kind == .progressIndicator }.count, 4, stackedTree.debugDescription)
    }

    func testRowsOfAPictureDrawnInBlocksAreNoListRows() {
        // The Free Pascal IDE's logo beside its signature, one row drawn apart: rows of block
        // characters hold no name, so they are no list.
        let logo = at(1, 0, csi("7m") + "▌ ▐██▐▀▀▀███▀▀▀" + csi("0m")) + at(2, 0, "▌ ▐█▀█▌ ▐▐██▐") + at(3, 0, "▐  █▐▌▐")
            + at(4, 0, "GeC")
        let tree = screen(logo).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
        // A list of words with the same current row is still a list.
        let list = at(1, 0, csi("7m") + "Open" + csi("0m")) + at(2, 0, "Save") + at(3, 0, "Quit")
        XCTAssertEqual(screen(list).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Open", "Save", "Quit"])
    }

    func testAFirstColumnThatTellsRowsApartByAMarkOrATagOnlyIsNoName() {
        // A tree's fold mark on every row (termshark's packet details): the row is its words.
        let tree = at(1, 0, csi("7m") + "[+] Frame 2: 47 bytes on wire" + csi("0m")) + at(2, 0, "[+] Ethernet II, Src: 04:04")
            + at(3, 0, "[-] User Datagram Protocol")
        XCTAssertEqual(screen(tree, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label),
                       ["Frame 2: 47 bytes on wire", "Ethernet II, Src: 04:04", "User Datagram Protocol"])
        // The same word before a one-letter tag on every row (gtypist's series): the tag is the
        // identifier, the words after it the name; a row of one column keeps its text.
        let series = at(1, 2, csi("7m") + "Series Q     Quick QWERTY course  (Q1 - Q5)" + csi("0m"))
            + at(2, 2, "Series R     Long QWERTY course   (R1 - R14)") + at(3, 2, "Series D     Dvorak touch typing  (D1 - D14)")
            + at(4, 2, "More lessons...")
        let rows = screen(series, columns: 60).elements.allElements.filter { $0.kind == .menuItem }
        XCTAssertEqual(rows.map(\.label), ["Quick QWERTY course", "Long QWERTY course", "Dvorak touch typing", "More lessons..."])
        XCTAssertEqual(rows.map(\.identifier), ["Series Q", "Series R", "Series D", nil])
        // First columns that differ beyond a tag keep naming their rows.
        let named = at(1, 2, csi("7m") + "Main Q     Quick QWERTY course  (Q1 - Q5)" + csi("0m"))
            + at(2, 2, "Side R     Long QWERTY course   (R1 - R14)") + at(3, 2, "Extra D    Dvorak touch typing  (D1 - D14)")
        XCTAssertEqual(screen(named, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Main Q", "Side R", "Extra D"])
        // Words after the tags that repeat (a game's save slots) tell no row apart: the first
        // column names the rows.
        let slots = at(1, 2, csi("7m") + "Slot 1     Empty" + csi("0m")) + at(2, 2, "Slot 2     Empty") + at(3, 2, "Slot 3     Dungeon level")
            + at(4, 2, "Settings...")
        let slotRows = screen(slots, columns: 60).elements.allElements.filter { $0.kind == .menuItem }
        XCTAssertEqual(slotRows.map(\.label), ["Slot 1", "Slot 2", "Slot 3", "Settings..."])
    }

    func testANumberedMenuIsPickedByItsNumbers() {
        // typespeed's main menu: `1. Test Your Speed`, no row drawn apart, a prompt under it; one
        // name exclaimed among phrases is still a name.
        let menu = at(1, 10, "1. Test Your Speed") + at(2, 10, "2. Network Head2Head") + at(3, 10, "3. Story/Credits/RTFM!")
            + at(4, 10, "4. Show Highscores") + at(6, 10, "Choose:")
        let rows = screen(menu).elements.allElements.filter { $0.kind == .menuItem }
        XCTAssertEqual(rows.map(\.label), ["Test Your Speed", "Network Head2Head", "Story/Credits/RTFM!", "Show Highscores"])
        XCTAssertEqual(rows.map(\.identifier), ["1", "2", "3", "4"])
        // Numbered steps written as sentences stay prose.
        let steps = at(1, 0, "1. Unpack the archive.") + at(2, 0, "2. Run the installer.") + at(3, 0, "3. Restart the shell.")
        XCTAssertEqual(screen(steps).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
    }

    func testANumberedListWithNoPromptAfterItOrACurrentRowIsText() {
        // A table of contents in a pager or `cat TODO` in a shell: short numbered phrases, a colon
        // on the screen (so the keyed rules run), the cursor at the pager's prompt or the shell's,
        // not after a prompt asking for a choice under the list.
        func menuItems(_ input: String) -> [String] {
            screen(input).elements.allElements.filter { $0.kind == .menuItem }.map(\.label)
        }
        let contents = at(0, 0, "Contents:") + at(1, 0, "1. Installation") + at(2, 0, "2. Configuration") + at(3, 0, "3. Usage")
            + at(4, 0, "4. License")
        XCTAssertEqual(menuItems(contents + at(11, 0, ":")), [])
        XCTAssertEqual(menuItems(contents + at(6, 0, "$ ")), [])
        XCTAssertEqual(menuItems(at(1, 0, "1. Install") + at(2, 0, "2. Remove") + at(3, 0, "3. Quit") + at(5, 0, "$ ")), [])
        // The same list with a prompt asking for the choice under it is a menu.
        XCTAssertEqual(menuItems(contents + at(6, 0, "Enter your choice: ")), ["Installation", "Configuration", "Usage", "License"])
        // A row of two words or more ending as a sentence refuses the list as steps, whatever the
        // other rows are.
        let steps = at(1, 0, "1) Download the tarball") + at(2, 0, "2) Extract it") + at(3, 0, "3) Run make.") + at(5, 0, "Choose: ")
        XCTAssertEqual(menuItems(steps), [])
    }
}

extension ElementRecognitionTests {
    func testAStatusBarWithAReadingOfFiguresAtItsRightEndIsNoListRow() {
        // gdb's TUI: a status line drawn across the screen, its reading at the right end (18
        // characters, a figure in them), over the console's lines: no list.
        let status = "Thread 0x7ffff7 In: main" + String(repeating: " ", count: 18) + "PC: 0x555555555141"
        let console = at(4, 0, csi("7m") + status + csi("0m")) + at(5, 0, "Breakpoint 1 at 0x1141: file sum.c, line 4.")
            + at(6, 0, "(gdb) r") + at(7, 0, "Starting program: /tmp/sum")
        let tree = screen(console, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
        // A list's current row drawn across the screen whose last column is a time of 19
        // characters (a backup list) is no bar: no caption before its figure.
        let backups = at(2, 0, "daily   /srv/home" + String(repeating: " ", count: 24) + "2024-03-02 12:00:01")
            + at(3, 0, csi("7m") + "weekly  /srv/mail" + String(repeating: " ", count: 24) + "2024-03-03 12:00:01" + csi("0m"))
            + at(4, 0, "monthly /srv/www" + String(repeating: " ", count: 25) + "2024-03-01 12:00:01")
        let listed = screen(backups, columns: 60).elements
        XCTAssertEqual(listed.allElements.filter { $0.kind == .menuItem }.count, 3, listed.debugDescription)
    }
}

// MARK: round 8b

extension ElementRecognitionTests {
    func testAKeyInSquareBracketsBeforeACapitalisedActionIsALegend() {
        // A legend box (mp3blaster's): keys in brackets, function keys written `F 1`, one
        // character padded with blanks (a bracket itself too), each action up to the next bracket.
        let box = at(1, 0, "[F 1] Select Files        [ m ] Move Files After") + at(2, 0, "[ [ ] Previous Group      [ ] ] Next Group")
            + at(3, 0, "[ f ] Toggle File Display [F10] Change #Threads")
        XCTAssertEqual(keyHintOutline(screen(box, columns: 60)), [
            "Select Files key F1", "Move Files After key m", "Previous Group key [", "Next Group key ]",
            "Toggle File Display key f", "Change #Threads key F10",
        ])
        // A bottom bar (prompt_toolkit's: ptpython, litecli): a function key in brackets is a
        // legend alone too; its action ends at a mark standing apart.
        let bar = at(11, 0, "[F4] Emacs  1/1 [F3] History  [F2] Menu - CPython 3.11")
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 60)), ["Emacs key F4", "History key F3", "Menu key F2"])
        XCTAssertEqual(keyHintOutline(screen(at(11, 0, "[F3] Multiline: OFF    Right-arrow to complete"), columns: 60)), ["Multiline: OFF key F3"])
        // Check boxes, a lone letter in brackets and bracketed command syntax stay what they were.
        let notLegends = at(1, 0, "[X] Remember me   [ ] Dark") + at(3, 0, "[ * ] Fast   [ x ] Small") + at(5, 0, "Press [ q ] Quit")
            + at(7, 0, "test [ arg... ] Usage") + at(9, 0, "git [<args>] Commit") + at(11, 58, " [")
        XCTAssertEqual(keyHintOutline(screen(notLegends, columns: 60)), [])
    }
}

extension ElementRecognitionTests {
    func testSettingsKeyedByALetterWithTheirColonsLinedUpAreTextFieldsNamedByTheirCaptions() {
        // minicom's setup menu in its ASCII box: `A - Caption : value`, captions padded or
        // centred, one colon glued to its caption, an empty value; the key is the identifier.
        let menu = at(0, 2, "+-------------------------------------+") + at(1, 2, "| A -    Serial Device   : /dev/null  |")
            + at(2, 2, "| B - Lockfile Location  : /var/lock  |") + at(3, 2, "| C -   Callin Program   :            |")
            + at(4, 2, "| D - RS485 Delays Before: 0          |") + at(5, 2, "|    Change which setting?            |")
            + at(6, 2, "+-------------------------------------+")
        let fields = screen(menu, columns: 60).elements.allElements.filter { $0.kind == .textField }
        XCTAssertEqual(fields.map(\.label), ["Serial Device", "Lockfile Location", "Callin Program", "RS485 Delays Before"])
        XCTAssertEqual(fields.map(\.value), [.text("/dev/null"), .text("/var/lock"), .text(""), .text("0")])
        XCTAssertEqual(fields.map(\.identifier), ["A", "B", "C", "D"])
        // abook's editor: numbered keys, outside any box.
        let editor = at(6, 4, "1 - Name             : Ada") + at(7, 4, "2 - E-mail addresses :")
        XCTAssertEqual(screen(editor, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), ["Name", "E-mail addresses"])
        // One such row alone, rows whose colons do not line up, or a caption of two phrases are
        // sentences and readings, not settings.
        let prose = at(1, 0, "a - note: see below") + at(4, 0, "a - first: one") + at(5, 0, "b - second thing: two")
            + at(8, 0, "a - Size  Total: 4") + at(9, 0, "b - Used  Total: 2") + at(11, 0, "")
        XCTAssertEqual(screen(prose, columns: 60).elements.allElements.filter { $0.kind == .textField }.map(\.label), [])
    }
}

extension ElementRecognitionTests {
    func testRowsOfBracketedButtonsOfOneWidthAreButtonsNotAStatusMessageOrReadings() {
        // cfdisk's and cgdisk's button rows outside any window: brackets of one width side by
        // side, a second row lined up under the first, one word filling its bracket, and a last
        // button alone on its row under the others.
        let bar = at(8, 5, "[Bootable]  [ Delete ]  [ Resize ]  [  Quit  ]") + at(9, 5, "[  Write ]  [  Dump  ]")
            + at(10, 5, "[ Align  ]  [ Backup ]") + at(11, 5, "[ Verify ]")
        let buttons = screen(bar, columns: 60).elements.allElements.filter { $0.kind == .button }
        XCTAssertEqual(buttons.map(\.label), ["Bootable", "Delete", "Resize", "Quit", "Write", "Dump", "Align", "Backup", "Verify"])
        // A status message alone on its row stays one text; readings stacked one per row stay
        // text; a check box stays a check box.
        let others = at(1, 0, "[ Wrote 3 lines ]") + at(4, 2, "Task one  [ Completed  ]") + at(5, 2, "Task two  [In Progress ]")
            + at(8, 2, "[x] Remember me  [ Cancel ]")
        let tree = screen(others, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), ["Cancel"], tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter { $0.kind == .checkBox }.map(\.label), ["Remember me"], tree.debugDescription)
    }
}

extension ElementRecognitionTests {
    func testWordsWithOneLetterDrawnApartInARowOutsideEveryWindowAreLegendsKeyedByThatLetter() {
        func apart(_ letter: String, _ rest: String) -> String { csi("1m") + letter + csi("0m") + rest }
        // mtr's bar after a caption: the key bold, phrases three blanks apart.
        let mtr = at(2, 0, "Keys:  " + apart("H", "elp   ") + apart("D", "isplay mode   ") + apart("R", "estart statistics   ") + apart("q", "uit"))
        XCTAssertEqual(keyHintOutline(screen(mtr, columns: 60)), ["Help key H", "Display mode key D", "Restart statistics key R", "quit key q"])
        // ytree's bar: words one blank apart in cyan on blue, each with its key in white, on any letter.
        func colour(_ letter: String, _ before: String, _ after: String) -> String {
            csi("36;44m") + before + csi("37;44m") + letter + csi("36;44m") + after + " "
        }
        let ytree = at(11, 0, "COMMANDS  " + colour("O", "", "wner") + colour("X", "e", "ecute") + colour("Y", "pathcop", "") + csi("0m"))
        XCTAssertEqual(keyHintOutline(screen(ytree, columns: 60)), ["Owner key O", "eXecute key X", "pathcopY key Y"])
        // The same words on the top row (a menu bar's hotkeys) or inside a window (a dialog's
        // buttons), only two of them, or a coloured letter before a colon in prose are no legends.
        let bar = apart("F", "ile   ") + apart("E", "dit   ") + apart("V", "iew")
        let others = at(0, 0, bar) + at(2, 0, "+--------------------------+") + at(3, 0, "| " + bar + "       |")
            + at(4, 0, "|                          |") + at(5, 0, "+--------------------------+") + at(7, 0, apart("H", "elp   ") + apart("Q", "uit"))
            + at(9, 0, "State: " + apart("R", ": running; ") + apart("S", ": sleeping; ") + apart("Z", ": zombie;"))
        XCTAssertEqual(keyHintOutline(screen(others, columns: 60)), [])
    }
}

// MARK: round 8a

extension ElementRecognitionTests {
    func testATreeWithANodeOpenIsNamedWithoutItsBracketedFoldMarks() {
        // termshark's packet details with one node open: `[-]` before the open node, `[+]` before
        // the folded one. Two marks that differ are no tags naming rows; the mark (and a bracketed
        // mark with no word ending the row, termshark's `[=]`) is no part of a row's name.
        let tree = at(1, 0, csi("7m") + "[-] Frame 1: 47 bytes on wire [=]" + csi("0m")) + at(2, 0, "[+] Ethernet II, Src: 04:04")
        let parsed = screen(tree, columns: 60).elements
        let rows = parsed.allElements.filter { $0.kind == .menuItem }
        XCTAssertEqual(rows.map(\.label), ["Frame 1: 47 bytes on wire", "Ethernet II, Src: 04:04"], parsed.debugDescription)
        XCTAssertEqual(rows.map(\.identifier), [nil, nil])
        // A mark glued to its words, a bracketed word ending a row, a mark that is no fold mark
        // and one ending a row with no fold mark before it stay.
        let kept = at(1, 0, csi("7m") + "[+]Extras" + csi("0m")) + at(2, 0, "[-] Frame 1 [Z]") + at(3, 0, "[=] Frame 2")
            + at(4, 0, "Frame 3 [=]")
        XCTAssertEqual(screen(kept, columns: 60).elements.allElements.filter { $0.kind == .menuItem }.map(\.label),
                       ["[+]Extras", "Frame 1 [Z]", "[=] Frame 2", "Frame 3 [=]"])
    }
}

extension ElementRecognitionTests {
    func testAPopUpListOnAShadeOfItsOwnIsAListWithNoCurrentRow() {
        // litecli's completion menu: the entries under the word being typed (the cursor) on a
        // rectangle of their own shade, padded to one width, no row drawn apart.
        let shaded = csi("46m"), plain = csi("0m")
        func menuItems(_ input: String, cursor: (row: Int, column: Int) = (0, 23)) -> [String] {
            screen(input + at(cursor.row, cursor.column, "")).elements.allElements.filter { $0.kind == .menuItem }.map(\.label)
        }
        let prompt = at(0, 0, "shop.db> select * from")
        let popUp = prompt + at(1, 22, shaded + " customers " + plain) + at(2, 22, shaded + " products  " + plain)
            + at(3, 22, shaded + " *         " + plain)
        XCTAssertEqual(menuItems(popUp), ["customers", "products", "*"])
        // Over the word being typed near the screen's bottom, it is one too; away from the cursor
        // (beside a menu, under other text) it is no pop-up.
        XCTAssertEqual(menuItems(popUp, cursor: (4, 30)), ["customers", "products", "*"])
        XCTAssertEqual(menuItems(popUp, cursor: (6, 23)), [])
        XCTAssertEqual(menuItems(popUp, cursor: (0, 5)), [])
        // Search matches marked one under another (no padding), a band across the screen, a
        // shaded panel going on under the rows, and sentences on a shaded rectangle are no list.
        XCTAssertEqual(menuItems(prompt + at(1, 22, shaded + "milk" + plain) + at(2, 22, shaded + "milk" + plain)), [])
        let band = at(1, 0, shaded + " customers" + String(repeating: " ", count: 30) + plain)
            + at(2, 0, shaded + " products " + String(repeating: " ", count: 30) + plain)
        XCTAssertEqual(menuItems(prompt + band), [])
        XCTAssertEqual(menuItems(popUp + at(4, 22, shaded + "           " + plain)), [])
        // A pane across its window's width (the Free Pascal IDE's information pane) is no pop-up.
        let pane = at(4, 0, "┌──────────────────┐") + at(5, 0, "│" + shaded + " /tmp/work/*.pas  " + plain + "│")
            + at(6, 0, "│" + shaded + " files   Nov 28   " + plain + "│") + at(7, 0, "│                  │")
            + at(8, 0, "│                  │") + at(9, 0, "│                  │") + at(10, 0, "└──────────────────┘")
        XCTAssertEqual(menuItems(prompt + pane, cursor: (4, 2)), [])
        let sentences = prompt + at(1, 10, shaded + " The file was saved.  " + plain) + at(2, 10, shaded + " Press a key to go on." + plain)
        XCTAssertEqual(menuItems(sentences), [])
    }
}

// MARK: round 8c

extension ElementRecognitionTests {
    func testFiveRowsKeyedInAlphabetOrderAreAListWithNoCurrentRow() throws {
        // nethack's options: letters handed out in order, `a - acoustics [true]` ..., none drawn apart.
        let names = ["acoustics", "altmeta", "autodescribe", "autodig", "autoopen"]
        func rows(_ keys: [String]) -> String {
            zip(keys, names).enumerated().map { index, pair in
                at(2 + index, 1, "\(pair.0) - \(pair.1)" + String(repeating: " ", count: 16 - pair.1.count) + "[true]")
            }.joined()
        }
        let options = screen(at(0, 1, "Set what options?") + rows(["a", "b", "c", "d", "e"]), rows: 10, columns: 40).elements
        XCTAssertEqual(options.allElements.filter { $0.kind == .menuItem }.map(\.label), names, options.debugDescription)
        XCTAssertEqual(try options.menuItems["autodig"].resolve().identifier, "d")
        // Four rows are as short as a legend; keys out of order are a legend's mnemonics.
        let short = screen(rows(["a", "b", "c", "d"]), rows: 10, columns: 40).elements
        XCTAssertEqual(short.allElements.filter { $0.kind == .menuItem }.map(\.label), [], short.debugDescription)
        let mnemonic = screen(rows(["a", "b", "c", "x", "e"]), rows: 10, columns: 40).elements
        XCTAssertEqual(mnemonic.allElements.filter { $0.kind == .menuItem }.map(\.label), [], mnemonic.debugDescription)
    }

    func testSettingsKeyedInAlphabetOrderAreFieldsOnly() {
        // minicom's setup: `A - Serial Device : /dev/null` ... keyed in order, one setting a row:
        // each row is its field, not a menu row besides.
        let captions = ["Serial Device", "Lockfile Location", "Callin Program", "Callout Program", "Bps/Par/Bits"]
        let settings = zip(["A", "B", "C", "D", "E"], captions).enumerated().map { index, pair in
            at(1 + index, 1, "\(pair.0) - \(pair.1)" + String(repeating: " ", count: 18 - pair.1.count) + ": /dev/null")
        }.joined()
        let tree = screen(settings + at(7, 4, "Change which setting?"), rows: 10, columns: 50).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .textField }.map(\.label), captions, tree.debugDescription)
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem }.map(\.label), [], tree.debugDescription)
    }
}

extension ElementRecognitionTests {
    func testRowsKeyedByAnyLettersThatNameThingsAreAList() throws {
        // nethack's inventory: keys in no order, headings between groups, each phrase a thing
        // named after an article or a count; nothing drawn apart, one shade.
        let inventory = at(0, 24, "Armor") + at(1, 24, "a - an uncursed +2 pair of leather gloves (being worn)")
            + at(2, 24, "b - an uncursed +1 robe (being worn)") + at(3, 24, "Comestibles") + at(4, 24, "f - 4 uncursed food rations")
            + at(5, 24, "g - 6 uncursed apples") + at(6, 24, "Scrolls") + at(7, 24, "d - an uncursed scroll of remove curse")
            + at(8, 24, "(end)")
        let tree = screen(inventory, rows: 12, columns: 80).elements
        XCTAssertEqual(
            tree.allElements.filter { $0.kind == .menuItem }.map(\.label),
            ["an uncursed +2 pair of leather gloves (being worn)", "an uncursed +1 robe (being worn)", "4 uncursed food rations",
             "6 uncursed apples", "an uncursed scroll of remove curse"], tree.debugDescription)
        XCTAssertEqual(try tree.menuItems["6 uncursed apples"].resolve().identifier, "g")
        // A legend names actions (nudoku's), and rows with the same key twice are no list.
        let legend = at(1, 40, "h - Move left") + at(2, 40, "j - Move down") + at(3, 40, "k - Move up") + at(5, 40, "c - Check solution")
            + at(6, 40, "N - New puzzle") + at(7, 40, "H - Give a hint")
        XCTAssertEqual(screen(legend, rows: 12, columns: 80).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
        let twice = at(1, 0, "a - an apple") + at(2, 0, "b - a pear") + at(3, 0, "a - an orange")
        XCTAssertEqual(screen(twice, rows: 12, columns: 80).elements.allElements.filter { $0.kind == .menuItem }.map(\.label), [])
    }
}

// MARK: review of round 8b

extension ElementRecognitionTests {
    func testASearchHighlightedInProseIsNoLetterKeyedLegendBar() {
        // less's or vim's `/e`: every `e` of a row of prose drawn inverse. One letter keys every
        // word: a search's matches, not a bar of keys.
        let search = "Read the manual and use a pager".map { $0 == "e" ? csi("7m") + "e" + csi("0m") : String($0) }.joined()
        XCTAssertEqual(keyHintOutline(screen(at(3, 0, search), columns: 60)), [])
        // Capitals drawn bold in a sentence, with words of the sentence between them: prose.
        func bold(_ letter: String, _ rest: String) -> String { csi("1m") + letter + csi("0m") + rest }
        let prose = bold("P", "ause  now,  ") + bold("Q", "uit  later,  ") + bold("S", "ave  often")
        XCTAssertEqual(keyHintOutline(screen(at(3, 0, prose), columns: 60)), [])
        // Keys drawn unlike one another (one bold, one underlined, one inverse): no one bar.
        let mixed = bold("H", "elp   ") + csi("4m") + "D" + csi("0m") + "isplay   " + csi("7m") + "Q" + csi("0m") + "uit"
        XCTAssertEqual(keyHintOutline(screen(at(3, 0, mixed), columns: 60)), [])
        // A caption before the bar and words after its last legend stay allowed.
        let bar = "Keys:  " + bold("H", "elp   ") + bold("D", "isplay mode   ") + bold("Q", "uit")
        XCTAssertEqual(keyHintOutline(screen(at(3, 0, bar), columns: 60)), ["Help key H", "Display mode key D", "Quit key Q"])
    }

    func testALegendBarKeyedByTextColourAloneIsRead() {
        // Keys in red, nothing bold, no background: the only thing setting the key apart is its ink.
        func red(_ letter: String, _ rest: String) -> String { csi("31m") + letter + csi("39m") + rest }
        let bar = at(3, 0, red("H", "elp   ") + red("D", "isplay mode   ") + red("Q", "uit"))
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 60)), ["Help key H", "Display mode key D", "Quit key Q"])
    }

    func testPaddedBracketedLegendsStackedInOneColumnSupportEachOther() {
        let box = at(1, 0, "[ q ] Quit") + at(2, 0, "[ h ] Help")
        XCTAssertEqual(keyHintOutline(screen(box, columns: 60)), ["Quit key q", "Help key h"])
    }

    func testABracketedKeyAsLongAsShiftTabIsALegend() {
        // Keys written out by name, up to `Shift-Tab` long (nine cells), as written legends take them.
        let bar = at(1, 0, "[Enter] Open  [ ^L] Redraw  [Escape] Cancel") + at(3, 0, "[Ctrl+X] Cut  [Shift-Tab] Back")
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 60)), [
            "Open key Enter", "Redraw key ^L", "Cancel key Escape", "Cut key Ctrl+X", "Back key Shift-Tab",
        ])
    }

    func testALogsStatusMarksInBracketsAreNoLegends() {
        // A log's lines marked `[ ! ]`, `[ * ]`, `[ i ]`: status marks, one line a row, the same
        // mark over and over; none is a key.
        let log = at(1, 0, "[ ! ] Disk Nearly Full") + at(2, 0, "[ i ] Checking Updates") + at(3, 0, "[ i ] Downloading Files")
            + at(5, 0, "[ * ] Service Started") + at(6, 0, "[ ? ] Unknown Device")
        XCTAssertEqual(keyHintOutline(screen(log, columns: 60)), [])
        // Marks as keys side by side in a legend box (mp3blaster's) stay legends.
        let box = at(1, 0, "[ < ] Volume Down   [ > ] Volume Up") + at(2, 0, "[ ? ] Show Help     [ ^L] Refresh Screen")
        XCTAssertEqual(keyHintOutline(screen(box, columns: 60)), [
            "Volume Down key <", "Volume Up key >", "Show Help key ?", "Refresh Screen key ^L",
        ])
    }

    func testKeyedRowsOutOfOrderOrWithACurrentRowAreNoSettings() {
        func fields(_ snapshot: ScreenSnapshot) -> [String] { snapshot.elements.allElements.filter { $0.kind == .textField }.map(\.label) }
        // A pager's help: keys by mnemonic, in no order.
        let help = at(1, 0, "q - Quit    : leave the program") + at(2, 0, "s - Save    : write the file")
        XCTAssertEqual(fields(screen(help, columns: 60)), [])
        // Values written as sentences.
        let prose = at(1, 0, "1 - Name  : Write your name here.") + at(2, 0, "2 - Mail  : Then your address.")
        XCTAssertEqual(fields(screen(prose, columns: 60)), [])
        // A shell menu with its current row drawn inverse: choices to pick from, not settings.
        let menu = at(1, 0, "1 - Backup   : copy files") + at(2, 0, csi("7m") + "2 - Restore  : put files back" + csi("0m"))
            + at(3, 0, "3 - Quit     : leave")
        let snapshot = screen(menu, columns: 60)
        XCTAssertEqual(fields(snapshot), [])
        let items = snapshot.elements.allElements.filter { $0.kind == .menuItem }
        XCTAssertEqual(items.map(\.label), ["Backup", "Restore", "Quit"])
        XCTAssertEqual(items.map(\.isHighlighted), [false, true, false])
    }

    // MARK: round 9c

    func testLabelsCentredOnPatchesOfTheirOwnShadeSideBySideAreButtons() {
        // A dialog on a white ground, its buttons green patches with the label in the middle
        // (the Free Pascal IDE's, xwpe's): a person sees two buttons.
        let ground = csi("30;47m")
        let patch = csi("37;42m")
        let dialog = box(1, 2, height: 6, width: 36, top: "─ Find ")
        var filled = ""
        for row in 2...5 { filled += at(row, 3, ground + String(repeating: " ", count: 34)) }
        let buttons = at(4, 6, patch + "   OK   " + ground + "   " + patch + " Cancel " + ground)
        let tree = screen(csi("0m") + dialog + filled + buttons + csi("0m"), columns: 40).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), ["OK", "Cancel"])
        // The same patches with their labels at their left edge and blanks after (two highlighted
        // rows side by side, as Miller columns draw them), or one patch alone, are no buttons.
        let rows = at(4, 6, patch + " files      " + ground + "   " + patch + " docs       " + ground)
        XCTAssertEqual(screen(csi("0m") + dialog + filled + rows + csi("0m"), columns: 40).elements.allElements.filter { $0.kind == .button }, [])
        let alone = at(4, 6, patch + "   OK   " + ground)
        XCTAssertEqual(screen(csi("0m") + dialog + filled + alone + csi("0m"), columns: 40).elements.allElements.filter { $0.kind == .button }, [])
    }

    func testLabelsOnPatchesOfOneWidthAlongTheLastRowAreFunctionKeyLegends() {
        // hexcurse's bar: labels in inverse patches of one width, blanks between, on the screen's
        // last row: the function keys' legends in order.
        func patch(_ text: String) -> String { csi("7m") + text + csi("0m") }
        let bar = at(11, 0, patch("  Help  ") + " " + patch("  Save  ") + " " + patch("  Open  ") + " " + patch("  Quit  "))
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 40)), ["Help key F1", "Save key F2", "Open key F3", "Quit key F4"])
        // Keys drawn inverse with their actions beside them (alpine's `O OTHER CMDS`) are no bar of
        // labels, nor are patches of different widths, nor the same bar on a row above the last.
        let keys = at(11, 0, patch("Ox") + " OTHER  " + patch("Px") + " PREV  " + patch("Nx") + " NEXT  " + patch("Qx") + " QUIT")
        XCTAssertFalse(keyHintOutline(screen(keys, columns: 40)).contains { $0.hasSuffix("key F1") })
        let uneven = at(11, 0, patch("  Help  ") + " " + patch(" Save ") + " " + patch("  Open  ") + " " + patch("  Quit  "))
        XCTAssertEqual(keyHintOutline(screen(uneven, columns: 40)), [])
        let above = at(10, 0, patch("  Help  ") + " " + patch("  Save  ") + " " + patch("  Open  ") + " " + patch("  Quit  "))
        XCTAssertEqual(keyHintOutline(screen(above, columns: 40)), [])
        // Nor are those patches buttons outside every window (a status line's tabs are no push
        // buttons; shaded buttons stand in a window).
        for tabs in [uneven, above] {
            let tree = screen(tabs, columns: 40).elements
            XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), [], tree.debugDescription)
        }
    }

    func testADialogDrawnOverAnotherWindowsBorderRowKeepsWhatItShowsThere() {
        // A panel whose bottom border is row 6, a dialog drawn over it from row 3 to row 8 with its
        // buttons on row 6 (mc's hotlist over its panels, xwpe's dialogs): the buttons are seen.
        let panel = box(0, 0, height: 7, width: 40, top: "─ Left ")
        let dialog = box(3, 4, height: 6, width: 30, top: "─ Hotlist ")
        var cleared = ""
        for row in 4...7 { cleared += at(row, 5, String(repeating: " ", count: 28)) }
        let tree = screen(panel + dialog + cleared + at(6, 7, "[ New ]  [ Remove ]"), columns: 40).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), ["New", "Remove"])
        // The panel's own title in its top border stays taken: no static text or button reads it.
        XCTAssertFalse(tree.allElements.contains { $0.kind != .window && $0.label.contains("Left") })
    }

    func testACentredPhraseOnAnUntitledBoxsFirstRowNamesItsWindow() {
        // calcurse's panes, pudb's dialogs, minicom's command summary: no title in the border, a
        // centred phrase on the first row inside with a blank row or a line across under it.
        // The box's 28 cells inside: 16 letters with 6 blanks each side, 12 with 8.
        let overBlank = box(1, 2, height: 7, width: 30) + at(2, 9, "Edit Preferences") + at(4, 4, "Hello there")
        XCTAssertEqual(screen(overBlank, columns: 40).elements.roots.map(\.label), ["Edit Preferences"])
        let overLine = box(1, 2, height: 7, width: 30) + at(2, 11, "Appointments")
            + at(3, 2, "├" + String(repeating: "─", count: 28) + "┤") + at(4, 4, "Hello there")
        let tree = screen(overLine, columns: 40).elements
        XCTAssertEqual(tree.roots.map(\.label), ["Appointments"])
        XCTAssertFalse(tree.allElements.contains { $0.kind == .staticText && $0.label == "Appointments" })
        // A message that sizes its box (one blank from each side), a phrase at the left, or a
        // centred phrase with text right under it name nothing.
        let message = box(1, 2, height: 5, width: 19) + at(2, 4, "Delete the key?") + at(4, 4, "<Yes>   <No>")
        XCTAssertEqual(screen(message, columns: 40).elements.roots.first?.label, "")
        let left = box(1, 2, height: 7, width: 30) + at(2, 4, "Edit Preferences") + at(4, 4, "Hello there")
        XCTAssertEqual(screen(left, columns: 40).elements.roots.first?.label, "")
        let paragraph = box(1, 2, height: 7, width: 30) + at(2, 9, "Edit Preferences") + at(3, 4, "Hello there")
        XCTAssertEqual(screen(paragraph, columns: 40).elements.roots.first?.label, "")
        // A centred question over a blank row is the box's message, not its name: it stays text.
        let question = box(1, 2, height: 7, width: 30) + at(2, 9, "Delete 3 files?") + at(5, 8, "< Yes >  < No >")
        let asked = screen(question, columns: 40).elements
        XCTAssertEqual(asked.roots.first?.label, "", asked.debugDescription)
        XCTAssertTrue(asked.allElements.contains { $0.kind == .staticText && $0.label == "Delete 3 files?" }, asked.debugDescription)
    }

    func testAMarkPartingLegendsKeyedByTheirShadeIsNoPartOfAnAction() {
        // hnb's bar: keys drawn inverse, their actions plain, legends parted by `|`.
        func key(_ text: String) -> String { csi("7m") + text + csi("0m") }
        let bar = at(11, 0, key("ESC") + " menu | " + key("F2") + " save | " + key("F5") + " command line")
        XCTAssertEqual(keyHintOutline(screen(bar, columns: 40)), ["menu key ESC", "save key F2", "command line key F5"])
        // The same with bullets and middle dots between the legends.
        let dotted = at(11, 0, key("ESC") + " menu • " + key("F2") + " save · " + key("F5") + " command line")
        XCTAssertEqual(keyHintOutline(screen(dotted, columns: 40)), ["menu key ESC", "save key F2", "command line key F5"])
    }
}

// MARK: round 9a

extension ElementRecognitionTests {
    func testAFlagInBracketsEndingATreeRowStaysInItsName() {
        // After a bracketed fold mark only termshark's `[=]` ending the row is left out of the
        // row's name; another bracketed mark there (a warning flag) is read with the words.
        let tree = at(1, 0, csi("7m") + "[-] Deploy [!]" + csi("0m")) + at(2, 0, "[+] Build [=]") + at(3, 0, "[+] Release [#]")
        let parsed = screen(tree, columns: 60).elements
        XCTAssertEqual(parsed.allElements.filter { $0.kind == .menuItem }.map(\.label), ["Deploy [!]", "Build", "Release [#]"], parsed.debugDescription)
    }

    func testBracketsOpeningALogOrStatusTableLineAreNoButtons() {
        // A status table as a boot log or a test runner prints it, a log whose level is as wide
        // as the padded source beside it, and status columns with nothing after them: records,
        // not rows of buttons.
        let status = at(1, 0, "[ OK ]  [ 40% ]  Started Journal Service.") + at(2, 0, "[ OK ]  [ 55% ]  Mounted Boot Partition.")
            + at(4, 0, "[WARN]  [ db ]  connection slow") + at(6, 0, "[ OK ]  [ 70% ]") + at(7, 0, "[ OK ]  [ 85% ]")
        let tree = screen(status, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), [], tree.debugDescription)
        // A row of buttons still is one, with a word filling its bracket beside a padded one of
        // its width, and a bracket before words alone on its row stays what it was.
        let bar = at(1, 0, "[Bootable]  [ Delete ]  [ Resize ]") + at(2, 0, "[  Write ]  [  Dump  ]") + at(4, 0, "[ Help ]  Opens the manual")
        XCTAssertEqual(screen(bar, columns: 60).elements.allElements.filter { $0.kind == .button }.map(\.label),
                       ["Bootable", "Delete", "Resize", "Write", "Dump", "Help"])
    }
}

extension ElementRecognitionTests {
    func testAStatusBarOverTheInputLineIsNoCurrentRowOfTheLogAboveIt() {
        // A chat client's foot (irssi's): log lines of several columns, then the status bar in a
        // shade of its own across the screen, one phrase, over the input line. The bar is no
        // current row, so the log is no list.
        let bar = csi("44m") + " [12:00] [1] [core] 1:chat" + String(repeating: " ", count: 14) + csi("0m")
        let chat = at(7, 0, "12:00:01  ada   | hello there") + at(8, 0, "12:00:02  bob   | hi ada") + at(9, 0, "12:00:05  ada   | lunch at one?")
            + at(10, 0, bar) + at(11, 0, "[(status)] ")
        let parsed = screen(chat).elements
        XCTAssertEqual(parsed.allElements.filter { $0.kind == .menuItem }.map(\.label), [], parsed.debugDescription)
        // A list of phrases whose current row is drawn across the screen at its foot has rows like
        // it above it, and stays a list.
        let current = csi("44m") + "Virtual Packages (3)" + String(repeating: " ", count: 20) + csi("0m")
        let list = at(8, 0, "Upgradable Packages (1)") + at(9, 0, "Installed Packages (7)") + at(10, 0, current)
        let rows = screen(list).elements.allElements.filter { $0.kind == .menuItem }
        XCTAssertEqual(rows.map(\.label), ["Upgradable Packages (1)", "Installed Packages (7)", "Virtual Packages (3)"])
        XCTAssertEqual(rows.map(\.isHighlighted), [false, false, true])
        // Higher up, one phrase drawn across the screen is as often the one row a filter left
        // (peco's), and stays its list's current row.
        let filtered = at(0, 0, "QUERY> an          [1 (1/1)]") + at(1, 0, csi("44m") + "banana" + String(repeating: " ", count: 34) + csi("0m"))
        let left = screen(filtered).elements.allElements.filter { $0.kind == .menuItem && $0.isHighlighted }
        XCTAssertEqual(left.map(\.label), ["banana"])
    }
}

extension ElementRecognitionTests {
    func testMarksAloneInABorderAreNoWindowsName() {
        // A scroll mark (`^`) or a state mark (`( - )`) in a top border names nothing: the window
        // has no name, as one with no title. A title with a word, a digit or a path keeps it.
        let marked = box(0, 0, height: 5, width: 18, top: "─^─") + at(1, 2, "alpha") + box(0, 20, height: 5, width: 18, top: "─( - )─") + at(1, 22, "beta")
        let named = box(6, 0, height: 5, width: 18, top: "─ Files ─") + box(6, 20, height: 5, width: 18, top: "─ ~ ─") + box(0, 40, height: 5, width: 18, top: "─ 00000000 ─")
        let windows = screen(marked + named, rows: 12, columns: 60).elements.allElements.filter { $0.kind == .window }
        XCTAssertEqual(windows.map(\.label).sorted(), ["", "", "00000000", "Files", "~"])
    }
}

// MARK: round 9a review

extension ElementRecognitionTests {
    func testALogLineWhoseMessageOpensWithASymbolIsNoRowOfButtons() {
        // Whatever the message after a log's level and source begins with (a quote, a path), the
        // brackets are the line's fields; only angle brackets after them go on a row of buttons.
        let log = at(1, 0, "[WARN]  [ db ]  \"GET / HTTP/1.1\" 500") + at(3, 0, "[ OK ]  [ 40% ]  /usr/lib/foo started")
        let tree = screen(log, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), [], tree.debugDescription)
        let buttons = at(1, 0, "[ OK ]  [ Apply ]  <Cancel>")
        XCTAssertEqual(screen(buttons, columns: 60).elements.allElements.filter { $0.kind == .button }.map(\.label), ["OK", "Apply", "Cancel"])
        // A log beside a window is read from where its stretch of the row starts.
        let beside = box(0, 0, height: 6, width: 20, top: "─ Units ─") + at(1, 2, "ssh") + at(2, 22, "[ OK ]  [ 40% ]  Started Journal")
        let besideTree = screen(beside, columns: 60).elements
        XCTAssertEqual(besideTree.allElements.filter { $0.kind == .button }.map(\.label), [], besideTree.debugDescription)
    }

    func testActionsRepeatedOnEachRowOfAWindowAreButtons() {
        // A dialog's rows each with the same actions: buttons, though each has its text right
        // above or below it (a column of readings is a thing of logs outside windows).
        let dialog = box(0, 0, height: 5, width: 40, top: "─ Connections ─") + at(1, 2, "eth0   [ Edit ]  [ Remove ]") + at(2, 2, "wlan0  [ Edit ]  [ Remove ]")
        let tree = screen(dialog, columns: 60).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .button }.map(\.label), ["Edit", "Remove", "Edit", "Remove"], tree.debugDescription)
    }

    func testTheOneRowAFilterLeftOverItsPromptAtTheFootStaysTheCurrentRow() {
        // fzf's default layout: its one match, marked and drawn across the screen, on the row over
        // its prompt at the foot. A marked row is no status bar.
        let match = at(10, 0, csi("44m") + "> banana" + String(repeating: " ", count: 32) + csi("0m")) + at(11, 0, "> ban  < 1/120")
        let tree = screen(match).elements
        XCTAssertEqual(tree.allElements.filter { $0.kind == .menuItem && $0.isHighlighted }.map(\.label), ["banana"], tree.debugDescription)
    }

    func testAGaugeInAWindowTitledByMarksAloneIsNotNamedByThem() {
        // A gauge with no words above it in its window takes the window's name, and a title of
        // marks alone names nothing.
        let marked = box(0, 0, height: 6, width: 30, top: "─^─") + box(2, 2, height: 3, width: 20) + at(3, 10, "42%")
        XCTAssertEqual(screen(marked).elements.allElements.filter { $0.kind == .progressIndicator }.map(\.label), [""])
        let named = box(0, 0, height: 6, width: 30, top: "─ Copying ─") + box(2, 2, height: 3, width: 20) + at(3, 10, "42%")
        XCTAssertEqual(screen(named).elements.allElements.filter { $0.kind == .progressIndicator }.map(\.label), ["Copying"])
    }
}

extension ElementRecognitionTests {
    // MARK: round 9b

    /// The menu items of `snapshot` as `label` (and ` highlighted` for the current one).
    private func menuItemOutline(_ snapshot: ScreenSnapshot) -> [String] {
        snapshot.elements.allElements.filter { $0.kind == .menuItem }.map { $0.label + ($0.isHighlighted ? " highlighted" : "") }
    }

    func testTwoListsSideBySideAreCutAtTheCurrentEntrysBar() {
        // A two-column menu (gtypist's series at 40x100): the current entry drawn inverse out to
        // its column's width, past its text, and a second column of entries on the same rows.
        let left = ["Quick course", "Long course", "Review", "Drills"]
        let right = ["Speed drills", "Keypad", "Help...", ""]
        var input = ""
        for (index, (first, second)) in zip(left, right).enumerated() {
            let entry = first.padding(toLength: 16, withPad: " ", startingAt: 0)
            input += at(2 + index, 2, (index == 0 ? csi("7m") + entry + csi("0m") : entry) + "    " + second)
        }
        XCTAssertEqual(menuItemOutline(screen(input, columns: 60)), [
            "Quick course highlighted", "Speed drills", "Long course", "Keypad", "Review", "Help...", "Drills",
        ])
    }

    func testAGridOfCompletionsOnAShadeOfItsOwnIsReadColumnByColumn() {
        // A completion grid (kakoune's at 40x100): three columns on a white pop-up, the current
        // entry on blue out to its column's width, a scroll bar's `█` in the last column.
        let grid = [["b", "format", "ctags-on"], ["bn", "rename", "ctags-off"], ["bp", "arrange", ""], ["buffer", "db", ""]]
        var input = ""
        for (index, entries) in grid.enumerated() {
            let cells = entries.map { $0.padding(toLength: 13, withPad: " ", startingAt: 0) }
            let first = index == 0 ? csi("44m") + cells[0] + csi("47m") : cells[0]
            input += at(5 + index, 0, csi("47m") + first + cells[1] + cells[2] + "█" + csi("0m"))
        }
        // The editor's prompt line below, the cursor on it.
        XCTAssertEqual(menuItemOutline(screen(input + at(11, 0, ":b"), columns: 40)), [
            "b highlighted", "format", "ctags-on", "bn", "rename", "ctags-off", "bp", "arrange", "buffer", "db",
        ])
    }

    func testAWordMarkedAtTheStartOfALineOrAHexDumpsCurrentOffsetIsNoGridOfLists() {
        // A search match at the start of a line: drawn apart over the word alone, not past it.
        let prose = at(1, 0, csi("7m") + "milk" + csi("0m") + "   and eggs") + at(2, 0, "bread  and butter") + at(3, 0, "jam    and toast")
        XCTAssertEqual(menuItemOutline(screen(prose, columns: 40)), [])
        // A hex dump's current offset drawn apart out past it: its columns hold figures, no names.
        let dump = at(1, 0, csi("7m") + "0000  " + csi("0m") + "  02 00 00 01   ....") + at(2, 0, "0010    0a 00 45 00   ..E.")
            + at(3, 0, "0020    64 00 00 00   d...")
        XCTAssertEqual(menuItemOutline(screen(dump, columns: 40)), [])
    }

    func testAScrollBarsMarkAtTheRightEdgeIsNoStatusReading() {
        // A full-width pop-up list on a shade of its own with a scroll bar in its last column: the
        // `█` ending each row is no reading at the end of a status bar, so the rows stay a list.
        var input = ""
        for (index, name) in ["alpha", "beta", "gamma", "delta"].enumerated() {
            let row = name.padding(toLength: 39, withPad: " ", startingAt: 0) + "█"
            input += at(3 + index, 0, (index == 1 ? csi("44m") : csi("47m")) + row + csi("0m"))
        }
        XCTAssertEqual(menuItemOutline(screen(input + at(11, 0, ":b"), columns: 40)), ["alpha", "beta highlighted", "gamma", "delta"])
    }

    func testASubmenuArrowAfterAnEntryIsNoPartOfItsName() {
        // A keyed menu in a box whose entries open menus of their own (wordgrinder's `F File ▷`),
        // its current entry drawn inverse.
        let box = at(0, 0, "┌────Main Menu─────┐") + at(1, 0, "│" + csi("7m") + " F File ▷         " + csi("0m") + "│")
            + at(2, 0, "│ E Edit ▷         │") + at(3, 0, "│ S Style ▷        │") + at(4, 0, "└──────────────────┘")
        XCTAssertEqual(menuItemOutline(screen(box, columns: 40)), ["File highlighted", "Edit", "Style"])
        // Arrows written in ASCII after a list's entries (vitetris's `Input Setup ->`, `>>>`, `>`);
        // an arrow glued to a word (`Ctrl+F3>`) or between words (`a -> b`) stays.
        let list = at(2, 4, csi("7m") + "Input Setup ->  " + csi("0m")) + at(3, 4, "Colours >>>") + at(4, 4, "Recent >")
            + at(5, 4, "Open Ctrl+F3>") + at(6, 4, "a -> b")
        XCTAssertEqual(menuItemOutline(screen(list, columns: 40)), ["Input Setup highlighted", "Colours", "Recent", "Open Ctrl+F3>", "a -> b"])
    }

    func testColumnsOfFoldersSideBySideEachWithItsCurrentEntryAreListsOfTheirOwn() {
        // A file manager's columns (lf's, ranger's): the parent folder, the current one and a
        // preview, the first two columns' current entries drawn inverse out to their width on one
        // row (the row reads as drawn apart at both ends), the path over them starting a cell
        // before the entries.
        func bar(_ name: String, _ width: Int) -> String { csi("7m") + (" " + name).padding(toLength: width, withPad: " ", startingAt: 0) + csi("0m") }
        let columns = at(0, 0, "root@vm /tmp/work/files/docs")
            + at(1, 0, bar("files", 11)) + at(1, 13, bar("docs", 24))
            + at(2, 1, "games") + at(2, 14, "src") + at(2, 40, "manual.pdf")
            + at(3, 1, "task") + at(3, 14, "notes.txt") + at(3, 40, "report.md")
            + at(4, 1, "private") + at(11, 0, "")
        XCTAssertEqual(menuItemOutline(screen(columns, columns: 60)), [
            "files highlighted", "docs highlighted", "games", "src", "manual.pdf", "task", "notes.txt", "report.md", "private",
        ])
    }
}

// MARK: rounds 9b and 9c review

extension ElementRecognitionTests {
    func testATableWhoseCurrentRowIsDrawnOverItsFirstColumnIsNoListsSideBySide() {
        // A service table: the current service drawn inverse over its name's column, its state
        // after it in the ground, every row filled. Lists that wrap into columns leave a column
        // short (or show a current entry in each); a table fills them all: its states are no
        // entries of a second list.
        let table = at(1, 0, csi("7m") + "api-server".padding(toLength: 20, withPad: " ", startingAt: 0) + csi("0m") + "  running")
            + at(2, 0, "db") + at(2, 22, "stopped") + at(3, 0, "cache") + at(3, 22, "running")
        let tree = screen(table, columns: 40).elements
        XCTAssertFalse(tree.allElements.contains { $0.kind == .menuItem && ["running", "stopped"].contains($0.label) }, tree.debugDescription)
    }
}
