import CleanSlateScreen
import XCTest

/// Element trees of screens real programs drew (ElementFixtures/README.md says how each was
/// captured). Every expected outline was written by reading the screen, not by running the rules.
final class ElementFixtureTests: XCTestCase {
    // MARK: dialog

    private let dialogMenu = [
        "window \"Settings\"",
        "  staticText \"Pick a theme\"",
        "  window \"\"",
        "    menuItem \"Dark theme\" identifier \"Dark\" highlighted",
        "    menuItem \"Light theme\" identifier \"Light\"",
        "    menuItem \"Follow system\" identifier \"System\"",
        "  button \"OK\" highlighted",
        "  button \"Cancel\"",
    ]

    func testDialogMenuIsATitledWindowWithAListOfRowsOneHighlightedAndTwoButtons() throws {
        let tree = try fixtureScreen("dialog-menu.bin").elements
        XCTAssertEqual(outline(tree), dialogMenu)
        XCTAssertEqual(tree.roots.first?.frame, ScreenRectangle(row: 5, column: 19, height: 12, width: 40))
        XCTAssertEqual(try element(.button, "OK", in: tree).frame, ScreenRectangle(row: 15, column: 27, height: 1, width: 8))
        XCTAssertEqual(try element(.menuItem, "Dark theme", in: tree).frame, ScreenRectangle(row: 8, column: 28, height: 1, width: 18))
    }

    func testDialogMenuInMonochromeHasTheSameTree() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-menu-mono.bin").elements), dialogMenu)
    }

    func testDialogMenuDrawnInASCIIHasTheLineDrawnMenusTree() throws {
        // dialog --ascii-lines: `+ - |` boxes, the buttons under a `+---+` separator.
        let tree = try fixtureScreen("dialog-ascii-menu.bin").elements
        XCTAssertEqual(outline(tree), dialogMenu)
        XCTAssertEqual(tree.roots.first?.frame, ScreenRectangle(row: 5, column: 19, height: 12, width: 40))
        XCTAssertEqual(try element(.button, "OK", in: tree).frame, ScreenRectangle(row: 15, column: 27, height: 1, width: 8))
        XCTAssertEqual(outline(try fixtureScreen("dialog-ascii-menu-mono.bin").elements), dialogMenu)
    }

    private let dialogChecklist = [
        "window \"Features\"",
        "  staticText \"Choose features\"",
        "  window \"\"",
        "    checkBox \"Send usage\" identifier \"Telemetry\" highlighted unchecked",
        "    checkBox \"Check updates\" identifier \"Updates\" checked",
        "    checkBox \"Cloud sync\" identifier \"Sync\" unchecked",
        "  button \"OK\" highlighted",
        "  button \"Cancel\"",
    ]

    func testDialogChecklistRowsAreCheckBoxesNamedByTheirTextWithTheTagAsIdentifier() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-checklist.bin").elements), dialogChecklist)
    }

    func testDialogChecklistInMonochromeHasTheSameTree() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-checklist-mono.bin").elements), dialogChecklist)
    }

    func testDialogRadiolistRowsAreRadioButtons() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-radiolist.bin").elements), [
            "window \"Theme\"",
            "  staticText \"Choose a theme\"",
            "  window \"\"",
            "    radioButton \"Dark theme\" identifier \"Dark\" highlighted checked",
            "    radioButton \"Light theme\" identifier \"Light\" unchecked",
            "  button \"OK\" highlighted",
            "  button \"Cancel\"",
        ])
    }

    func testTaggedListRowsAreNamedByTheirTextAndFoundByTextOrTagAtBothSizes() throws {
        // `a Apple b Banana c Cherry`: a person says "Apple"; dialog answers with the tag `a`.
        for name in ["dialog-fruit-menu.bin", "dialog-fruit-menu-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertEqual(outline(tree), [
                "window \"Fruit\"",
                "  staticText \"Pick a fruit\"",
                "  window \"\"",
                "    menuItem \"Apple\" identifier \"a\" highlighted",
                "    menuItem \"Banana\" identifier \"b\"",
                "    menuItem \"Cherry\" identifier \"c\"",
                "  button \"OK\" highlighted",
                "  button \"Cancel\"",
            ], name)
            XCTAssertEqual(try tree.menuItems["Banana"].frame, try tree.menuItems["b"].frame, name)
            XCTAssertEqual(try tree.windows["Fruit"].menuItems["Apple"].isHighlighted, true, name)
        }
        for name in ["whiptail-toppings-checklist.bin", "whiptail-toppings-checklist-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertEqual(outline(ScreenElementTree(roots: tree.allElements.filter { $0.kind == .checkBox })), [
                "checkBox \"Cheese\" identifier \"c\" highlighted unchecked",
                "checkBox \"Ham\" identifier \"h\" checked",
                "checkBox \"Olives\" identifier \"o\" unchecked",
            ], name)
            XCTAssertEqual(try tree.checkBoxes["Ham"].isChecked, true, name)
            XCTAssertEqual(try tree.checkBoxes["h"].isChecked, true, name)
        }
    }

    private let dialogYesNo = [
        "window \"Confirm\"",
        "  staticText \"Delete the file?\"",
        "  button \"Yes\" highlighted",
        "  button \"No\"",
    ]

    func testDialogYesNoHighlightsTheFocusedButtonInColour() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-yesno.bin").elements), dialogYesNo)
    }

    func testDialogYesNoInMonochromeHighlightsTheButtonWithBoldBrackets() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-yesno-mono.bin").elements), dialogYesNo)
    }

    func testDialogYesNoDrawnInASCIIHasTheLineDrawnTree() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-ascii-yesno.bin").elements), dialogYesNo)
        XCTAssertEqual(outline(try fixtureScreen("dialog-ascii-yesno-mono.bin").elements), dialogYesNo)
    }

    func testDialogInputboxFieldIsAOneRowBoxLabelledByThePromptAbove() throws {
        let tree = try fixtureScreen("dialog-inputbox.bin").elements
        XCTAssertEqual(outline(tree), [
            "window \"Name\"",
            "  staticText \"Your name:\"",
            "  textField \"Your name\" value \"Ada\"",
            "  button \"OK\" highlighted",
            "  button \"Cancel\"",
        ])
        // The field is the box's inside row, where the cursor is.
        XCTAssertEqual(try element(.textField, "Your name", in: tree).frame, ScreenRectangle(row: 10, column: 22, height: 1, width: 34))
    }

    func testDialogFormFieldsAreRunsOfTheirOwnBackgroundAfterTheirLabels() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-form.bin").elements), [
            "window \"Account\"",
            "  staticText \"Enter details\"",
            "  window \"\"",
            "    staticText \"User:\"",
            "    textField \"User\" value \"ada\"",
            "    staticText \"Host:\"",
            "    textField \"Host\" value \"example.org\"",
            "  button \"OK\"",
            "  button \"Cancel\"",
        ])
    }

    func testDialogFormSizedToItsEmptyFieldsHasTextFields() throws {
        // `--form Account 0 0 0`: the box fits the fields, so most of its blanks are the fields'.
        for name in ["dialog-form-auto.bin", "dialog-form-auto-40x100.bin"] {
            XCTAssertEqual(outline(try fixtureScreen(name).elements), [
                "window \"\"",
                "  staticText \"Account\"",
                "  window \"\"",
                "    staticText \"User:\"",
                "    textField \"User\" value \"\"",
                "    staticText \"Host:\"",
                "    textField \"Host\" value \"\"",
                "  button \"OK\"",
                "  button \"Cancel\"",
            ], name)
            XCTAssertEqual(try fixtureScreen(name).elements.textFields["User"].resolve().hasFocus, true, name)
        }
    }

    func testDialogGaugeIsAProgressIndicatorWithItsPercentageNamedByTheTextAboveIt() throws {
        XCTAssertEqual(outline(try fixtureScreen("dialog-gauge.bin").elements), [
            "window \"Copying\"",
            "  staticText \"Copying files\"",
            "  progressIndicator \"Copying files\" value 0.42",
        ])
    }

    func testAGaugeIsNamedByTheNearestTextAboveItElseByItsWindowsTitle() throws {
        for (name, label, value) in [
            ("whiptail-gauge-big", "Installing packages", 0.65), ("dialog-gauge-untitled", "Backup", 0.3),
        ] {
            for file in [name + ".bin", name + "-40x100.bin"] {
                let gauge = try fixtureScreen(file).elements.progressIndicators.element.resolve()
                XCTAssertEqual(gauge.label, label, file)
                XCTAssertEqual(gauge.value, .fraction(value), file)
            }
        }
    }

    // MARK: whiptail

    private let whiptailMenu = [
        "window \"Settings\"",
        "  staticText \"Pick a theme\"",
        "  menuItem \"Dark theme\" identifier \"Dark\" highlighted",
        "  menuItem \"Light theme\" identifier \"Light\"",
        "  menuItem \"Follow system\" identifier \"System\"",
        "  button \"Ok\"",
        "  button \"Cancel\"",
    ]

    func testWhiptailMenuSplitsTagAndDescriptionAtTheColumnAllRowsShare() throws {
        // "System Follow system" has one blank between tag and description.
        XCTAssertEqual(outline(try fixtureScreen("whiptail-menu.bin").elements), whiptailMenu)
    }

    func testWhiptailMenuInMonochromeHasTheSameTree() throws {
        XCTAssertEqual(outline(try fixtureScreen("whiptail-menu-mono.bin").elements), whiptailMenu)
    }

    func testWhiptailChecklistHighlightsTheRowWhoseBoxIsMarked() throws {
        XCTAssertEqual(outline(try fixtureScreen("whiptail-checklist.bin").elements), [
            "window \"Features\"",
            "  staticText \"Choose features\"",
            "  checkBox \"Send usage\" identifier \"Telemetry\" highlighted unchecked",
            "  checkBox \"Check updates\" identifier \"Updates\" checked",
            "  button \"Ok\"",
            "  button \"Cancel\"",
        ])
    }

    func testWhiptailYesNoButtonsWithoutPadding() throws {
        let tree = try fixtureScreen("whiptail-yesno.bin").elements
        XCTAssertEqual(outline(tree), [
            "window \"Confirm\"",
            "  staticText \"Delete the file?\"",
            "  button \"Yes\" highlighted",
            "  button \"No\"",
        ])
        XCTAssertEqual(try element(.button, "Yes", in: tree).frame, ScreenRectangle(row: 13, column: 29, height: 1, width: 5))
    }

    private let whiptailInputbox = [
        "window \"Name\"",
        "  staticText \"Your name:\"",
        "  textField \"Your name\" value \"Ada\"",
        "  button \"Ok\"",
        "  button \"Cancel\"",
    ]

    func testWhiptailInputboxFieldIsFilledOutWithUnderscoresAndLabelledByThePromptAbove() throws {
        let tree = try fixtureScreen("whiptail-inputbox.bin").elements
        XCTAssertEqual(outline(tree), whiptailInputbox)
        // `Ada` and the underscores after it, row 11 from column 22 to the window's inside edge.
        XCTAssertEqual(try element(.textField, "Your name", in: tree).frame, ScreenRectangle(row: 11, column: 22, height: 1, width: 36))
    }

    func testWhiptailInputboxInMonochromeHasTheSameTree() throws {
        XCTAssertEqual(outline(try fixtureScreen("whiptail-inputbox-mono.bin").elements), whiptailInputbox)
    }

    func testWhiptailRadiolist() throws {
        XCTAssertEqual(outline(try fixtureScreen("whiptail-radiolist.bin").elements), [
            "window \"Theme\"",
            "  staticText \"Choose a theme\"",
            "  radioButton \"Dark theme\" identifier \"Dark\" highlighted checked",
            "  radioButton \"Light theme\" identifier \"Light\" unchecked",
            "  button \"Ok\"",
            "  button \"Cancel\"",
        ])
    }

    func testWhiptailGaugeIsABarOfTwoShadesWithItsPercentageNamedByTheTextAboveIt() throws {
        XCTAssertEqual(outline(try fixtureScreen("whiptail-gauge.bin").elements), [
            "window \"Copying\"",
            "  staticText \"Copying files\"",
            "  progressIndicator \"Copying files\" value 0.42",
        ])
    }

    // MARK: mc

    private let mcKeyBar = [
        "keyHint \"Help\" key F1", "keyHint \"Menu\" key F2", "keyHint \"View\" key F3", "keyHint \"Edit\" key F4",
        "keyHint \"Copy\" key F5", "keyHint \"RenMov\" key F6", "keyHint \"Mkdir\" key F7", "keyHint \"Delete\" key F8",
        "keyHint \"PullDn\" key F9", "keyHint \"Quit\" key F10",
    ]

    private let mcClosedMenuBar = ["menuItem \"Left\"", "menuItem \"File\"", "menuItem \"Command\"", "menuItem \"Options\"", "menuItem \"Right\""]

    func testMcMenuBarWithTheFocusLeavesBothPanelsListsWithoutAHighlightedRow() throws {
        // F9: the bar's first item highlighted, no menu open, neither panel showing its current row.
        for name in ["mc-menubar.bin", "mc-menubar-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.frame.row == 0 })), [
                "menuItem \"Left\" highlighted", "menuItem \"File\"", "menuItem \"Command\"", "menuItem \"Options\"", "menuItem \"Right\"",
            ], name)
            let panels = tree.roots.filter { $0.kind == .window }
            XCTAssertEqual(panels.count, 2, name)
            XCTAssertEqual(panels.map(\.isHighlighted), [false, false], "the menu bar has the focus: \(name)")
            for panel in panels {
                let rows = panel.children.filter { $0.kind == .menuItem }
                XCTAssertEqual(rows.map(\.label), ["/..", "alpha.txt", "beta.txt"], name)
                XCTAssertFalse(rows.contains { $0.isHighlighted }, name)
            }
            XCTAssertEqual(try tree.windows.element(boundBy: 1).menuItems["beta.txt"].detail?.hasPrefix("6  "), true, name)
        }
    }

    /// The rows of the active (left) panel in mc's first screen, `name`, after checking the two
    /// panels, the column header and the key bar.
    private func mcPanelRows(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> [ScreenElement] {
        let tree = try fixtureScreen(name).elements
        let windows = tree.roots.filter { $0.kind == .window }
        XCTAssertEqual(windows.map(\.label), ["/tmp/cap/files", "/tmp/cap/files"], file: file, line: line)
        XCTAssertEqual(windows.map(\.frame), [
            ScreenRectangle(row: 1, column: 0, height: 20, width: 40), ScreenRectangle(row: 1, column: 40, height: 20, width: 40),
        ], file: file, line: line)
        guard windows.count == 2 else { return [] }
        // The active panel's path is drawn apart from its border: that panel is the current one.
        XCTAssertEqual(windows.map(\.isHighlighted), [true, false], file: file, line: line)
        let rows = windows[0].children.filter { $0.kind == .menuItem }
        // The column header above the rows names the columns: static text, not a row.
        XCTAssertEqual(rows.map(\.label), ["/..", "alpha.txt", "beta.txt"], file: file, line: line)
        XCTAssertEqual(rows.map(\.isHighlighted), [true, false, false], file: file, line: line)
        XCTAssertEqual(windows[0].children.filter { $0.kind == .staticText && $0.frame.row == 2 }.map(\.label),
                       [".n", "Name", "Size", "Modify time"], file: file, line: line)
        // The inactive panel shows no current row: still a list of files a person can name.
        let inactiveRows = windows[1].children.filter { $0.kind == .menuItem }
        XCTAssertEqual(inactiveRows.map(\.label), ["/..", "alpha.txt", "beta.txt"], file: file, line: line)
        XCTAssertFalse(inactiveRows.contains { $0.isHighlighted }, file: file, line: line)
        XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.kind == .keyHint })), mcKeyBar, file: file, line: line)
        // The menu bar, not open: its items, none highlighted.
        XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.frame.row == 0 })), mcClosedMenuBar, file: file, line: line)
        return rows
    }

    func testMcPanelsAreWindowsTitledByTheirPathAndTheActiveOnesRowsAreMenuItems() throws {
        XCTAssertEqual(try mcPanelRows("mc-panels.bin").first?.detail, "UP--DIR  Nov 25 20:58")
    }

    func testMcPanelsDrawnInASCIIAreWindowsWithColumnsAsTheLineDrawnOnes() throws {
        // mc -a: `+<- path ---.[^]>+` on top, `|` between the columns, `|---|` over the status
        // line, `+--- 233G / 252G (92%) -+` at the bottom; the two panels' corners touch (`++`).
        let detail = try mcPanelRows("mc-ascii-panels.bin").last?.detail ?? ""
        XCTAssertTrue(detail.hasPrefix("0  "), "the size column, without its line: \(detail)")
    }

    func testMcOpenMenuIsAMenuBarItemAndADropDownWindowOfRowsAcrossItsSeparator() throws {
        let tree = try fixtureScreen("mc-options-menu.bin").elements
        XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.frame.row == 0 })), [
            "menuItem \"Left\"", "menuItem \"File\"", "menuItem \"Command\"", "menuItem \"Options\" highlighted", "menuItem \"Right\"",
        ])
        let dropDown = try XCTUnwrap(tree.roots.first { $0.kind == .window && $0.frame.column == 30 })
        XCTAssertEqual(outline(ScreenElementTree(roots: [dropDown])), [
            "window \"\"",
            "  menuItem \"Configuration...\" highlighted",
            "  menuItem \"Layout...\"",
            "  menuItem \"Panel options...\"",
            "  menuItem \"Confirmation...\"",
            "  menuItem \"Appearance...\"",
            "  menuItem \"Display bits...\"",
            "  menuItem \"Learn keys...\"",
            "  menuItem \"Virtual FS...\"",
            "  menuItem \"Save setup\"",
        ])
    }

    func testMcInputBarsUnderTheirPromptsAreTextFieldsAndAHeaderBehindADialogStaysText() throws {
        for name in ["mc-copy.bin", "mc-copy-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            let dialog = try XCTUnwrap(tree.roots.first { $0.label == "Copy" }, name)
            XCTAssertEqual(outline(ScreenElementTree(roots: dialog.children.filter { $0.kind != .staticText })), [
                "textField \"Copy file \"alpha.txt\" with source mask\" value \"*\"",
                "checkBox \"Using shell patterns\" checked",
                "textField \"to\" value \"/tmp/cap/files/\"",
                "checkBox \"Follow links\" unchecked",
                "checkBox \"Dive into subdir if exists\" unchecked",
                "checkBox \"Preserve attributes\" checked",
                "checkBox \"Stable symlinks\" unchecked",
                "button \"OK\"", "button \"Background\"", "button \"Cancel\"",
            ], name)
            XCTAssertEqual(try tree.textFields["to"].resolve().hasFocus, true, name)
            // The left panel's column header, its columns covered by the dialog below it: still text.
            XCTAssertFalse(tree.allElements.contains { $0.kind == .menuItem && $0.frame.row == 2 }, name)
            // The panel's dates beside the dialog's shadow (`21` on the shadow, `:04` on the panel) are no legend.
            XCTAssertEqual(tree.allElements.filter { $0.kind == .keyHint }.map(\.label), mcKeyBar.map { String($0.split(separator: "\"")[1]) }, name)
        }
        for name in ["mc-delete.bin", "mc-delete-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.kind == .window && $0.label == "Delete" })), [
                "window \"Delete\"", "  staticText \"Delete file\"", "  staticText \"\"alpha.txt\"?\"",
                "  button \"Yes\" highlighted", "  button \"No\"",
            ], name)
            XCTAssertEqual(tree.roots.filter { $0.kind == .window && $0.label == "/tmp/cap/files" }.map { $0.children.filter { $0.kind == .menuItem }.map(\.label) },
                           [["/..", "alpha.txt", "beta.txt"], ["/..", "alpha.txt", "beta.txt"]], name)
        }
    }

    private let mcLayout = [
        "window \"Layout\"",
        "  window \"Panel split\"",
        "    radioButton \"Vertical\" highlighted checked",
        "    radioButton \"Horizontal\" unchecked",
        "    checkBox \"Equal split\" checked",
        "  window \"Other options\"",
        "    checkBox \"Menubar visible\" checked",
        "    checkBox \"Command prompt\" checked",
        "    checkBox \"Keybar visible\" checked",
        "    checkBox \"Hintbar visible\" checked",
        "    checkBox \"XTerm window title\" checked",
        "    checkBox \"Show free space\" checked",
        "  window \"Console output\"",
        "  button \"OK\"",
        "  button \"Cancel\"",
    ]

    /// The Layout dialog's outline without its static text (mc's `040[<] = [>]040` spinner is
    /// drawn in one shade in colour and in three with -b, so it splits differently).
    private func layoutDialog(_ name: String) throws -> [String] {
        let tree = try fixtureScreen(name).elements
        let dialog = try XCTUnwrap(tree.roots.first { $0.kind == .window && $0.label == "Layout" }, "the Layout dialog is a window of its own, not a panel's child")
        return outline(ScreenElementTree(roots: [dialog])).filter { !$0.contains("staticText") }
    }

    func testMcLayoutDialogOverThePanelsIsAWindowOfGroupBoxesWithRadioButtonsAndCheckBoxes() throws {
        XCTAssertEqual(try layoutDialog("mc-layout.bin"), mcLayout)
        // The panels stay windows with a side each under the dialog, which is none's child.
        let windows = try fixtureScreen("mc-layout.bin").elements.roots.filter { $0.kind == .window }
        XCTAssertEqual(windows.map(\.label), ["/tmp/cap/files", "/tmp/cap/files", "Layout"])
    }

    func testMcLayoutDialogInBlackAndWhiteHasTheSameTree() throws {
        XCTAssertEqual(try layoutDialog("mc-layout-mono.bin"), mcLayout)
    }

    func testMcLayoutDialogDrawnInASCIIHasTheSameTree() throws {
        // mc -a: group boxes `+ Panel split ---+` stacked right over `+ Console output ---+`.
        XCTAssertEqual(try layoutDialog("mc-ascii-layout.bin"), mcLayout)
    }

    func testMcRadioButtonWithAnInlineFieldEndsBeforeTheFieldWhichIsATextField() throws {
        for name in ["mc-listing-format.bin", "mc-listing-format-40x100.bin"] {
            let dialog = try fixtureScreen(name).elements.windows["Listing format"]
            XCTAssertEqual(try dialog.radioButtons.allElements.map(\.label),
                           ["Full file list", "Brief file list", "Long file list", "User defined"], name)
            let field = try dialog.textFields["Brief file list"].resolve()
            XCTAssertEqual(field.value, .text("2"), name)
            XCTAssertEqual(field.frame.width, 12, name)
            XCTAssertNoThrow(try dialog.staticTexts["columns"].resolve(), name)
        }
    }

    // MARK: fzf, less, vim: command lines and pointed rows

    func testFzfsPromptIsATextFieldItsPointedRowTheCurrentOneAndItsCountNoRow() throws {
        for name in ["fzf-query.bin", "fzf-query-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertEqual(try tree.textFields[">"].value, .text("e"), name)
            let rows = tree.allElements.filter { $0.kind == .menuItem }
            XCTAssertEqual(rows.map(\.label), ["cherry", "apple", "date", "elderberry"], name)
            XCTAssertEqual(rows.map(\.isHighlighted), [false, false, false, true], name)
            XCTAssertEqual(tree.allElements.first { $0.label == "4/5" }?.kind, .staticText, "the count over the rule is no row: \(name)")
        }
        // One match left: the row the pointer marks is still the current row of the list.
        let single = try fixtureScreen("fzf-one-match.bin").elements
        XCTAssertEqual(try single.menuItems["banana"].isHighlighted, true)
        XCTAssertEqual(try single.textFields[">"].value, .text("ba"))
    }

    func testPagerAndEditorCommandLinesAreTextFieldsNamedByTheirMark() throws {
        for (name, mark, value) in [("less-search", "/", "Lin"), ("vim-command", ":", "set")] {
            for file in [name + ".bin", name + "-40x100.bin"] {
                let field = try fixtureScreen(file).elements.textFields[mark].resolve()
                XCTAssertEqual(field.value, .text(value), file)
                XCTAssertTrue(field.hasFocus, file)
            }
        }
    }

    func testTableRowsAreNamedByTheirColumnOfWordsNotTheirFigures() throws {
        for name in ["ncdu-tree.bin", "ncdu-tree-40x100.bin"] {
            let rows = try fixtureScreen(name).elements.allElements.filter { $0.kind == .menuItem }
            XCTAssertEqual(rows.map(\.label), ["/docs", "/src", "README"], name)
            XCTAssertEqual(rows.map(\.isHighlighted), [true, false, false], name)
        }
        for name in ["tig-main.bin", "tig-main-40x100.bin"] {
            let rows = try fixtureScreen(name).elements.allElements.filter { $0.kind == .menuItem }
            // The message ends each name; the date and time are the detail.
            XCTAssertEqual(rows.count, 3, name)
            for (row, message) in zip(rows, ["Plan the departure", "Remember the first aid kit", "Add the shopping list"]) {
                XCTAssertTrue(row.label.hasSuffix(message), "\(row.label) in \(name)")
                XCTAssertTrue(row.detail?.hasPrefix("2024-03-0") == true, "\(String(describing: row.detail)) in \(name)")
            }
        }
        // htop: processes by their command, never by their number.
        let processes = try fixtureScreen("htop.bin").elements.allElements.filter { $0.kind == .menuItem }
        XCTAssertFalse(processes.isEmpty)
        XCTAssertFalse(processes.contains { $0.label.first?.isNumber == true }, processes.map(\.label).joined(separator: ", "))
    }

    func testBracketedStatusesStackedInAColumnAreTextNotButtons() throws {
        let tree = try fixtureScreen("dialog-mixedgauge.bin").elements
        XCTAssertFalse(tree.allElements.contains { $0.kind == .button }, tree.debugDescription)
        XCTAssertNoThrow(try tree.windows["Tasks"].staticTexts["Completed"].resolve())
    }

    func testAScrollMarkInABorderIsNoWindowTitle() throws {
        for name in ["dialog-calendar.bin", "dialog-scroll-menu.bin"] {
            let titles = try fixtureScreen(name).elements.allElements.filter { $0.kind == .window }.map(\.label)
            XCTAssertFalse(titles.contains { $0.contains("(") }, "\(titles) in \(name)")
        }
    }

    func testATreesRowsAreNamedByTheWordsAfterTheirBranchLines() throws {
        for name in ["dialog-treeview.bin", "dialog-treeview-40x100.bin"] {
            let labels = try fixtureScreen(name).elements.radioButtons.allElements.map(\.label)
            XCTAssertEqual(labels, ["Root", "Child", "Grand"], name)
        }
    }

    func testPasswordBoxesAreTextFieldsShowingWhatTheyShow() throws {
        // dialog shows nothing of a password unless --insecure (then a `*` per character); whiptail shows `*`s.
        for (name, value) in [("dialog-passwordbox.bin", ""), ("dialog-passwordbox-insecure.bin", "***"), ("whiptail-passwordbox.bin", "***")] {
            let field = try fixtureScreen(name).elements.windows["Login"].textFields["Password"].resolve()
            XCTAssertEqual(field.value, .text(value), name)
            XCTAssertTrue(field.hasFocus, name)
        }
    }

    func testHtopSetupsKeyBarHasItsOneActionAndNoFieldsInItsEmptySlots() throws {
        for name in ["htop-setup.bin", "htop-setup-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertFalse(tree.allElements.contains { $0.kind == .textField }, name)
            XCTAssertEqual(try tree.keyHints["Done"].keyName, "F10", name)
        }
    }

    func testHtopSetupsProseAboutTheTabKeyIsNoKeyHint() throws {
        for name in ["htop-setup.bin", "htop-setup-40x100.bin"] {
            XCTAssertEqual(try fixtureScreen(name).elements.allElements.filter { $0.kind == .keyHint }.map(\.label), ["Done"], name)
        }
    }

    // MARK: nano, htop, SampleApp

    func testNanoKeyHintsAreInverseKeysWithPlainActions() throws {
        XCTAssertEqual(outline(try fixtureScreen("nano.bin").elements), [
            "staticText \"GNU nano 7.2\"",
            "staticText \"notes.txt\"",
            "staticText \"[ New File ]\"",
            "keyHint \"Help\" key ^G", "keyHint \"Write Out\" key ^O", "keyHint \"Where Is\" key ^W",
            "keyHint \"Cut\" key ^K", "keyHint \"Execute\" key ^T", "keyHint \"Location\" key ^C",
            "keyHint \"Exit\" key ^X", "keyHint \"Read File\" key ^R", "keyHint \"Replace\" key ^\\",
            "keyHint \"Paste\" key ^U", "keyHint \"Justify\" key ^J", "keyHint \"Go To Line\" key ^/",
        ])
    }

    func testNanoWriteOutPromptIsATextFieldWhereTheCursorIs() throws {
        XCTAssertEqual(outline(try fixtureScreen("nano-write-out.bin").elements), [
            "staticText \"GNU nano 7.2\"",
            "staticText \"notes.txt\"",
            "staticText \"File Name to Write:\"",
            "textField \"File Name to Write\" value \"notes.txt\"",
            "keyHint \"Help\" key ^G", "keyHint \"DOS Format\" key M-D", "keyHint \"Append\" key M-A",
            "keyHint \"Backup File\" key M-B", "keyHint \"Cancel\" key ^C", "keyHint \"Mac Format\" key M-M",
            "keyHint \"Prepend\" key M-P", "keyHint \"Browse\" key ^T",
        ])
    }

    func testNanoSaveModifiedBufferAnswersAreKeyHints() throws {
        // `^X` on a changed buffer: ` Y Yes` and ` N No`, their letters drawn inverse as `^C` is.
        for name in ["nano-save-prompt.bin", "nano-save-prompt-40x100.bin"] {
            let tree = try fixtureScreen(name).elements
            XCTAssertEqual(outline(tree), [
                "staticText \"GNU nano 7.2\"",
                "staticText \"notes-new.txt *\"",
                "staticText \"hello\"",
                "staticText \"Save modified buffer?\"",
                "keyHint \"Yes\" key Y",
                "keyHint \"No\" key N",
                "keyHint \"Cancel\" key ^C",
            ], name)
            XCTAssertEqual(try tree.keyHints["Yes"].keyName, "Y", name)
        }
    }

    // MARK: bars around ordinary text (programs the list rules were not written against)

    /// Every static text of `name`'s tree, and its menu items.
    private func textsAndMenuItems(_ name: String) throws -> (texts: [String], menuItems: [ScreenElement]) {
        let all = try fixtureScreen(name).elements.allElements
        return (all.filter { $0.kind == .staticText }.map(\.label), all.filter { $0.kind == .menuItem })
    }

    func testAPagersPromptAfterTheTextIsNoCurrentRowOfAList() throws {
        // less draws its prompt inverse after the file's lines: a person reads text and a prompt.
        for (name, prompt) in [("less-notes", "/tmp/cap/repo/notes.txt (END)"), ("less-long", "/tmp/cap/long.txt")] {
            for file in [name + ".bin", name + "-40x100.bin"] {
                let (texts, menuItems) = try textsAndMenuItems(file)
                XCTAssertEqual(menuItems, [], file)
                XCTAssertEqual(texts.last, prompt, file)
                XCTAssertTrue(texts.contains(name == "less-notes" ? "Pack a first aid kit" : "Line number 2"), file)
            }
        }
    }

    func testAnEditorsStatusLinesAreNoCurrentRowsOfTheFilesLines() throws {
        // vim's status line `notes.txt   1,1   All` across the screen, under the file and its `~` rows.
        for file in ["vim-split.bin", "vim-split-40x100.bin", "vim-status.bin", "vim-status-40x100.bin"] {
            let (texts, menuItems) = try textsAndMenuItems(file)
            XCTAssertEqual(menuItems, [], file)
            XCTAssertEqual(texts.filter { $0 == "notes.txt" }.count, file.hasPrefix("vim-split") ? 2 : 1, file)
            XCTAssertTrue(texts.contains("All") && texts.contains("~") && texts.contains("Leave early on Saturday"), file)
        }
    }

    func testTitleBarsAreTextWhileAListsCurrentRowStaysHighlighted() throws {
        // tig: the commits are a list (its current row drawn across in another shade than the
        // title bar `[main] <id> - commit 1 of 3   100%`); the diff under them is text.
        for file in ["tig-main.bin", "tig-main-40x100.bin", "tig-diff.bin", "tig-diff-40x100.bin"] {
            let tree = try fixtureScreen(file).elements
            let titles = tree.allElements.filter { $0.label.hasPrefix("[main]") || $0.label.hasPrefix("[diff]") }
            XCTAssertEqual(titles.map(\.kind), Array(repeating: .staticText, count: file.hasPrefix("tig-diff") ? 2 : 1), file)
            let commits = tree.allElements.filter { $0.kind == .menuItem && $0.frame.row < 3 }
            XCTAssertEqual(commits.map(\.isHighlighted), [true, false, false], file)
        }
        // ncdu's title bar on the top row, one phrase across the screen, over the folder's path.
        for file in ["ncdu-tree.bin", "ncdu-tree-40x100.bin"] {
            let tree = try fixtureScreen(file).elements
            let title = try XCTUnwrap(tree.allElements.first { $0.frame.row == 0 }, file)
            XCTAssertEqual(title.kind, .staticText, file)
            XCTAssertEqual(title.label, "ncdu 1.18 ~ Use the arrow keys to navigate, press ? for help", file)
            XCTAssertFalse(tree.allElements.contains { $0.frame.row == 1 && $0.kind == .menuItem }, file)
        }
    }

    func testNanosBracketedStatusMessageIsOneTextAcrossItsDoubleBlank() throws {
        for (name, column) in [("nano-welcome.bin", 15), ("nano-welcome-40x100.bin", 25)] {
            let message = try fixtureScreen(name).elements.staticTexts["[ Welcome to nano. For basic help, type Ctrl+G. ]"].resolve()
            XCTAssertEqual(message.frame.column, column, name)
            XCTAssertEqual(message.frame.width, 50, name)
        }
    }

    func testAnEmptyPromptFieldIsTheRestOfThePromptLine() throws {
        // nano's `Search:` prompt, inverse across the row: the field runs from after the colon to the edge.
        for (name, row, columns) in [("nano-where-is.bin", 21, 80), ("nano-where-is-40x100.bin", 37, 100)] {
            let field = try fixtureScreen(name).elements.textFields["Search"].resolve()
            XCTAssertEqual(field.frame, ScreenRectangle(row: row, column: 8, height: 1, width: columns - 8), name)
            XCTAssertEqual(field.value, .text(""), name)
            XCTAssertTrue(field.hasFocus, name)
        }
    }

    func testHtopMetersAreProgressIndicatorsAndItsFunctionKeyBarKeyHints() throws {
        let tree = try fixtureScreen("htop.bin").elements
        XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.kind == .keyHint })), [
            "keyHint \"Help\" key F1", "keyHint \"Setup\" key F2", "keyHint \"Search\" key F3", "keyHint \"Filter\" key F4",
            "keyHint \"Tree\" key F5", "keyHint \"SortBy\" key F6", "keyHint \"Nice -\" key F7", "keyHint \"Nice +\" key F8",
            "keyHint \"Kill\" key F9", "keyHint \"Quit\" key F10",
        ])
        // `0[|||…100.0%]`, `1[|||…100.0%]`, `Mem[|||||||` + 14 blanks + `1.00G/23.5G]`, `Swp[` + blanks + `0K/0K]`.
        XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.kind == .progressIndicator })), [
            "progressIndicator \"0\" value 1.0",
            "progressIndicator \"1\" value 1.0",
            "progressIndicator \"Mem\" value \(Double(Int((7.0 / 21.0 * 1000).rounded())) / 1000)",
            "progressIndicator \"Swp\" value 0.0",
        ])
    }

    func testHtopMonochromeMetersCountEverySegmentAsFilled() throws {
        // htop -C draws a meter's segments with `|#*@`: `Mem[|#*@@@@` + 15 blanks + `141M/23.5G]`.
        let tree = try fixtureScreen("htop-mono.bin").elements
        XCTAssertEqual(outline(ScreenElementTree(roots: tree.roots.filter { $0.kind == .progressIndicator })), [
            "progressIndicator \"0\" value 0.0",
            "progressIndicator \"1\" value 0.007",
            "progressIndicator \"Mem\" value \(Double(Int((7.0 / 22.0 * 1000).rounded())) / 1000)",
            "progressIndicator \"Swp\" value 0.0",
        ])
    }

    func testHtopColumnHeaderIsStaticTextInColourAndMonochrome() throws {
        // htop -C draws its header inverse, as it draws the current process: still the column names.
        for name in ["htop.bin", "htop-mono.bin"] {
            let tree = try fixtureScreen(name).elements
            let header = try XCTUnwrap(tree.allElements.first { $0.label.hasPrefix("PID USER") }, "\(name):\n\(tree.debugDescription)")
            XCTAssertEqual(header.kind, .staticText, name)
            XCTAssertFalse(tree.allElements.contains { $0.kind == .menuItem && $0.frame.row <= header.frame.row }, "\(name):\n\(tree.debugDescription)")
        }
    }

    func testSampleAppNameStepHasAPromptFieldAndColonKeyHints() throws {
        XCTAssertEqual(outline(try fixtureScreen("sampleapp-name.bin").elements), [
            "staticText \"SampleApp setup\"",
            "staticText \"Welcome! Let's set up SampleApp.\"",
            "staticText \"Name:\"",
            "textField \"Name\" value \"Ada\"",
            "staticText \"Type your name, then press Enter.\"",
            "staticText \"Step 1 of 3\"",
            "keyHint \"confirm\" key Enter",
            "keyHint \"quit\" key Ctrl-C",
            "staticText \"80x24\"",
        ])
    }

    func testSampleAppThemeStepIsAMenuWithAMarkedInverseRow() throws {
        XCTAssertEqual(outline(try fixtureScreen("sampleapp-theme.bin").elements), [
            "staticText \"SampleApp setup\"",
            "staticText \"Hello, Ada!\"",
            "staticText \"Choose a theme\"",
            "menuItem \"Light\"",
            "menuItem \"Dark\" highlighted",
            "menuItem \"Solarized\"",
            "staticText \"Up/Down to move, Enter to choose.\"",
            "staticText \"Step 2 of 3\"",
            "keyHint \"confirm\" key Enter",
            "keyHint \"quit\" key Ctrl-C",
            "staticText \"80x24\"",
        ])
    }
}
