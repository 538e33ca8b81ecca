import CleanSlateScreen
import XCTest

/// `text` written at a zero-based row and column.
private func at(_ row: Int, _ column: Int, _ text: String) -> String { csi("\(row + 1);\(column + 1)H") + text }

/// The elements other than static text that `text` gives, each as `kind "label"`, with the
/// cursor left on the row under it (as after a command's output).
private func nonTextElements(_ text: String, rows: Int, columns: Int) -> [String] {
    screen(text + at(rows - 1, 0, ""), rows: rows, columns: columns).elements.allElements.filter { $0.kind != .staticText }.map { "\($0.kind) \"\($0.label)\"" }
}

/// Ordinary text that looks a little like a widget: each rule that keeps it text, on a screen
/// written by hand, beside the widget the rule still reads (the corpus is `PlainOutputScreens`).
final class OrdinaryTextRecognitionTests: XCTestCase {
    func testABracketedNumberWithNoFillIsNoGaugeButAnEmptyGaugeWithAUnitIs() {
        // A kernel log's timestamp: blanks, then a bare number, in brackets.
        let log = at(0, 0, "Nov 28 09:01:00 host kernel: [    0.004000] Command line: ro quiet")
            + at(1, 0, "Nov 28 09:01:03 host kernel: [    3.100000] EXT4-fs (vda1): re-mounted.")
        XCTAssertEqual(nonTextElements(log, rows: 4, columns: 80), [])
        // An empty gauge says what it measures: a unit, a `/`, a `%`.
        let meters = at(0, 0, "Swp[          0K/0K]") + at(1, 0, "CPU[          0.0%]")
        XCTAssertEqual(nonTextElements(meters, rows: 4, columns: 40), ["progressIndicator \"Swp\"", "progressIndicator \"CPU\""])
    }

    func testABracketedWordInsideALineOfWordsIsNoButtonButOneStandingApartIs() {
        // ip's flags and a bracketed phrase in a sentence: a word one blank before and after.
        let prose = at(0, 0, "2: eth0: <BROADCAST,MULTICAST,UP> mtu 1500 qdisc noqueue")
            + at(1, 0, "see [ the manual ] for more")
        XCTAssertEqual(nonTextElements(prose, rows: 4, columns: 60), [])
        // Buttons at a row's edge, after a gap, or side by side stay buttons.
        let buttons = at(0, 0, "< Yes > for all") + at(1, 0, "Save it?  [ OK ] [ Cancel ]")
        XCTAssertEqual(nonTextElements(buttons, rows: 4, columns: 60), ["button \"Yes\"", "button \"OK\"", "button \"Cancel\""])
    }

    func testAWordInAngleBracketsBesideOneWordIsAPlaceholderNoButton() {
        // ps --help's option list: `<PID>` after its option, then a gap and what it means.
        let options = at(0, 0, " -p, p, --pid <PID>   process id") + at(1, 0, " -u, U, --user <UID>  effective user id")
        XCTAssertEqual(nonTextElements(options, rows: 4, columns: 60), [])
        // whiptail's buttons stand apart; a padded one beside a word is still a button.
        let buttons = at(0, 4, "<Ok>          <Cancel>") + at(1, 0, "Save  < Yes > now")
        XCTAssertEqual(nonTextElements(buttons, rows: 4, columns: 60), ["button \"Ok\"", "button \"Cancel\"", "button \"Yes\""])
        // Inside a window the same form beside its caption is a pop-up's button (newt's nmtui).
        let form = at(0, 0, "┌─ Wi-Fi ──────────────────┐") + at(1, 0, "│ Mode <Client>            │")
            + at(2, 0, "│ Security <None>          │") + at(3, 0, "└──────────────────────────┘")
        XCTAssertEqual(nonTextElements(form, rows: 6, columns: 60), ["window \"Wi-Fi\"", "button \"Client\"", "button \"None\""])
    }

    func testALetterAndColonBeforeAQuotingMessageIsNoKeyHintButBeforeAnActionIs() {
        // apt's notes: `N:` then a message quoting a file name.
        let notes = at(0, 0, "N: Ignoring file 'google.list' in directory '/etc/apt/'")
            + at(1, 0, "W: Skipping \"main\" as it is configured twice")
        XCTAssertEqual(nonTextElements(notes, rows: 4, columns: 60), [])
        // A legend names what its key does plainly, an apostrophe inside a word too.
        let legends = at(0, 0, "q: Quit  s: Don't save")
        XCTAssertEqual(nonTextElements(legends, rows: 4, columns: 60), ["keyHint \"Quit\"", "keyHint \"Don't save\""])
    }

    func testAnUnderlinedWordInTextIsNoTextFieldButAnUnderlinedPaddedSlotIs() {
        // A manual page's placeholders and emphasis: underlined words, not padded.
        let underlined = { (word: String) in csi("4m") + word + csi("0m") }
        let page = at(0, 7, "ls [" + underlined("OPTION") + "]... [" + underlined("FILE") + "]...")
            + at(1, 7, "Bash also has features from the " + underlined("Korn"))
        XCTAssertEqual(nonTextElements(page, rows: 4, columns: 60), [])
        // A form's slot is padded to its width.
        XCTAssertEqual(nonTextElements(at(0, 0, "Name: " + underlined("Ada       ") + "  "), rows: 4, columns: 60), ["textField \"Name\""])
    }

    func testNumberedRecordsOfFiguresAreNoMenuButNumberedNamesAre() {
        // tmux list-windows: numbered in order, but each row a record of values.
        let records = at(0, 0, "0: editor (1 panes) [80x24] @0") + at(1, 0, "1: logs- (1 panes) [80x24] @1")
            + at(2, 0, "2: shell* (1 panes) [80x24] @2 (active)")
        XCTAssertEqual(nonTextElements(records, rows: 6, columns: 60), [])
        // The same keys before names, one figure among them, are choices.
        let choices = at(0, 0, "0: editor (1 pane)") + at(1, 0, "1: logs") + at(2, 0, "2: shell")
        XCTAssertEqual(nonTextElements(choices, rows: 6, columns: 60), ["menuItem \"editor (1 pane)\"", "menuItem \"logs\"", "menuItem \"shell\""])
        // Choices may name a figure or two with marks: networks with their band and security.
        let networks = at(0, 0, "1) HomeNet (5GHz) [WPA2]") + at(1, 0, "2) Office (2.4GHz) [WPA3]") + at(2, 0, "3) Guest (5GHz) [open]")
        XCTAssertEqual(nonTextElements(networks, rows: 6, columns: 60),
                       ["menuItem \"HomeNet (5GHz) [WPA2]\"", "menuItem \"Office (2.4GHz) [WPA3]\"", "menuItem \"Guest (5GHz) [open]\""])
    }

    func testAKeyBeforeALowerCaseClauseEndingInAFullStopIsNoKeyHint() {
        // less's help: a key named inside a sentence.
        let help = at(0, 0, "A key preceded by a caret indicates the Ctrl key; thus ^K is ctrl-K.")
        XCTAssertEqual(nonTextElements(help, rows: 4, columns: 80), [])
        // Legends: a capitalised abbreviation, and a lower-case action with no stop.
        let legends = at(0, 0, "^V View Attachm.  ^X exit now")
        XCTAssertEqual(nonTextElements(legends, rows: 4, columns: 80), ["keyHint \"View Attachm.\"", "keyHint \"exit now\""])
    }

    func testKeysListedWithOrInASentenceAreNoKeyHints() {
        // man less: the keys that scroll forward, listed.
        let keys = at(0, 7, "SPACE or ^V or f or ^F") + at(1, 14, "Scroll forward N lines, default one window.")
        XCTAssertEqual(nonTextElements(keys, rows: 4, columns: 60), [])
        // A legend bar's keys each name an action.
        XCTAssertEqual(nonTextElements(at(0, 0, "^V Next Page  ^F Forward"), rows: 4, columns: 60), ["keyHint \"Next Page\"", "keyHint \"Forward\""])
    }
}
