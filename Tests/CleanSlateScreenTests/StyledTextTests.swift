import CleanSlateScreen
import XCTest

final class StyledTextTests: XCTestCase {
    func testPlainTextDropsBlankRowsAtTheBottomButKeepsThoseBetween() {
        let screen = makeTerminal("top  \r\n\r\nthird", rows: 6, columns: 10).snapshot()
        XCTAssertEqual(screen.plainText(), "top\n\nthird")
    }

    func testStyledTextDropsBlankRowsAtTheBottomButKeepsThoseBetween() {
        let screen = makeTerminal("top\r\n\r\nthird" + csi("H"), rows: 6, columns: 10).snapshot()
        XCTAssertEqual(screen.styledText(), "screen 6x10 cursor 0,0\n|top\n|\n|third", "as the Snapshots article's styled format says")
    }

    func testStyledTextShowsSizeCursorAndOneLinePerStyleRun() {
        let input = csi("1;31m") + "Error" + csi("0m") + ": " + csi("4m") + "empty" + csi("0m") + "\r\nok"
        let screen = makeTerminal(input, rows: 4, columns: 20).snapshot()
        XCTAssertEqual(screen.styledText(), """
            screen 4x20 cursor 1,2
            |Error: empty
            ~ 0-4 fg=red bold
            ~ 7-11 underline
            |ok
            """)
    }

    func testColoursAreNamedNumberedOrHexAndAttributesListedInOrder() {
        let input = csi("92;44m") + "a" + csi("0;38;5;208;48;2;1;2;255m") + "b" + csi("0;9;7;3;2;53;5;8;4:3m") + "c" + csi("0m")
        XCTAssertEqual(makeTerminal(input, rows: 2, columns: 5).snapshot().styledText(), """
            screen 2x5 cursor 0,3
            |abc
            ~ 0 fg=bright-green bg=blue
            ~ 1 fg=208 bg=#0102ff
            ~ 2 dim italic blink inverse hidden strikethrough overline underline=curly
            """)
    }

    func testBlankCellsWithABackgroundAreStyledAfterTheTrimmedText() {
        let input = "x" + csi("41m") + "   " + csi("0m")
        XCTAssertEqual(makeTerminal(input, rows: 1, columns: 6).snapshot().styledText(), """
            screen 1x6 cursor 0,4
            |x
            ~ 1-3 bg=red
            """)
    }

    func testWideCharactersCoverTwoColumnsAndHiddenCursorAndAlternateScreenAreShown() {
        let input = csi("?1049h") + csi("?25l") + csi("35m") + "中" + csi("0m") + "z"
        XCTAssertEqual(makeTerminal(input, rows: 2, columns: 6).snapshot().styledText(), """
            screen 2x6 cursor 0,3 hidden alternate
            |中z
            ~ 0-1 fg=magenta
            """)
    }

    func testReplacementsChangeTheTextBeforeColumnsAreCountedAndKeepTheFirstCellsStyle() {
        let input = "cfg " + csi("32m") + "/s/abc/xdg/config" + csi("0m") + " " + csi("1m") + "!" + csi("0m")
        let replacements = TextReplacements([("/s/abc", "$SANDBOX"), ("/s/abc/xdg/config", "$XDG_CONFIG_HOME")])
        XCTAssertEqual(makeTerminal(input, rows: 1, columns: 40).snapshot().styledText(replacing: replacements), """
            screen 1x40 cursor 0,22
            |cfg $XDG_CONFIG_HOME !
            ~ 4-19 fg=green
            ~ 21 bold
            """)
        XCTAssertEqual(makeTerminal(input, rows: 1, columns: 40).snapshot().plainText(replacing: replacements), "cfg $XDG_CONFIG_HOME !")
    }

    func testTheCursorColumnIsCountedInTheReplacedText() {
        let replacements = TextReplacements([("/long/sandbox/path", "$HOME")])
        let after = makeTerminal("at /long/sandbox/path x", rows: 1, columns: 30).snapshot()
        XCTAssertEqual(after.styledText(replacing: replacements), "screen 1x30 cursor 0,10\n|at $HOME x")
        let inside = makeTerminal("at /long/sandbox/path" + csi("8G"), rows: 1, columns: 30).snapshot()
        XCTAssertEqual(inside.styledText(replacing: replacements), "screen 1x30 cursor 0,8\n|at $HOME", "inside the replaced text: after it")
        let before = makeTerminal("at /long/sandbox/path" + csi("2G"), rows: 2, columns: 30).snapshot()
        XCTAssertEqual(before.styledText(replacing: replacements), "screen 2x30 cursor 0,1\n|at $HOME")
        let otherRow = makeTerminal("at /long/sandbox/path\r\n" + csi("25G"), rows: 2, columns: 30).snapshot()
        XCTAssertEqual(otherRow.styledText(replacing: replacements), "screen 2x30 cursor 1,24\n|at $HOME")
    }

    func testReplacementsTakeTheLongestMatchAndOnlyWholeNames() {
        let replacements = TextReplacements([("/s/home", "$HOME"), ("/s", "$SANDBOX")])
        XCTAssertEqual(replacements.apply(to: "/s/home/a /s/homework /s/home. /s/home"), "$HOME/a $SANDBOX/homework $HOME. $HOME")
        XCTAssertEqual(TextReplacements.none.apply(to: "/s/home"), "/s/home")
    }

    func testStyleChangesNameTheCellsWhoseStyleChanged() {
        let reference = "screen 2x20 cursor 0,0\n|Error: empty\n~ 0-4 fg=red bold\n|ok\n~ 1 underline"
        let actual = "screen 2x20 cursor 0,0\n|Error: empty\n~ 0-1 fg=red bold\n~ 2-4 bold\n|ok\n~ 0 underline"
        XCTAssertEqual(StyleChange.between(reference: reference, actual: actual).map(\.description), [
            "row 0, columns 2-4: fg=red bold -> bold",
            "row 1, column 0: plain -> underline",
            "row 1, column 1: underline -> plain",
        ])
        XCTAssertEqual(StyleChange.between(reference: reference, actual: reference), [])
    }

    func testStyleChangesIgnoreDamagedStyleLines() {
        let damaged = "|row\n~ 3-1 bold\n~ x bold\n~ 0-99999999 bold\n~ 1-2-3 bold\n~ 2 italic"
        XCTAssertEqual(StyleChange.between(reference: damaged, actual: "|row").map(\.description), ["row 0, column 2: italic -> plain"])
    }
}
