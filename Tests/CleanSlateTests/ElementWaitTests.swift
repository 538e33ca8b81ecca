import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// Element queries on a launched app (a shell script drawing buttons and text), resolved against
/// the screen when used: waits woken by the app's output, the failures that show what the screen
/// had instead, strict mode, and interruption monitors.
final class ElementWaitTests: XCTestCase {
    /// Adds a monitor that answers "Send anonymous statistics?" with Enter; returns how many times
    /// it ran and its token.
    private func answerTheStatisticsPromptWithEnter(on app: AppLauncher) -> (runs: Counter, token: InterruptionMonitorToken) {
        let handled = Counter()
        let token = app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { app in
            handled.increment()
            try app.typeText("\n")
        }
        return (handled, token)
    }

    func testWaitForExistenceIsTrueOnceTheOutputDrawsTheElement() throws {
        let app = try launchScreens(["\\n< OK >  < Cancel >\\n"])
        XCTAssertFalse(app.buttons["OK"].exists)
        let sent = typeTextOnceAWaitBegins("\n", into: app)
        XCTAssertTrue(try app.buttons["OK"].waitForExistence())
        sent.wait()
        XCTAssertTrue(app.buttons["Cancel"].exists)
    }

    func testWaitForExistenceIsFalseWhenTheTimeoutPasses() throws {
        let app = try launchScreens(["\\n< OK >\\n"])
        XCTAssertFalse(try app.buttons["OK"].waitForExistence(timeout: .milliseconds(200)))
    }

    func testWaitForNonExistenceIsTrueOnceTheElementIsGone() throws {
        let app = try launchScreens(["\\n< OK >\\n", "\\033[2J\\033[Hdone\\n"])
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons["OK"].waitForExistence())
        XCTAssertFalse(try app.buttons["OK"].waitForNonExistence(timeout: .milliseconds(200)), "still there")
        let sent = typeTextOnceAWaitBegins("\n", into: app)
        XCTAssertTrue(try app.buttons["OK"].waitForNonExistence())
        sent.wait()
        XCTAssertTrue(try app.screen().contains("done"))
    }

    func testWaitForAnyReturnsTheIndexOfTheElementThatAppeared() throws {
        let app = try launchScreens(["\\n< Retry >\\n"])
        let sent = typeTextOnceAWaitBegins("\n", into: app)
        XCTAssertEqual(try app.waitForAny([app.buttons["OK"], app.buttons["Retry"], app.staticTexts["Error"]]), 1)
        sent.wait()
    }

    func testWaitForAnyTimesOutNamingEveryElementAndWhatWasThere() throws {
        let app = try launchScreens(["\\n< Retry >\\n"])
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons["Retry"].waitForExistence())
        XCTAssertThrowsError(try app.waitForAny([app.buttons["OK"], app.buttons["Save"]], timeout: .milliseconds(200))) { error in
            let error = error as? CleanSlateError
            XCTAssertEqual(error?.code, .timedOut)
            let message = error?.message ?? ""
            XCTAssertTrue(message.contains(#"waiting for button "OK" or button "Save""#), message)
            XCTAssertTrue(message.contains(#"no button "OK"; buttons on the screen: "< Retry >" at 2,0"#), message)
            XCTAssertTrue(message.contains(#"no button "Save"; buttons on the screen: "< Retry >" at 2,0"#), message)
            XCTAssertTrue(message.contains("screen (24x80):"), message)
        }
        XCTAssertThrowsError(try app.waitForAny([])) { XCTAssertEqual(($0 as? CleanSlateError)?.code, .invalidArgument) }
    }

    func testAnActionOnAMissingElementTimesOutListingTheElementsOfItsKindAndTheScreen() throws {
        let app = try launchScreens(["\\n< Yes >   < No >\\n"])
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons["No"].waitForExistence())
        XCTAssertThrowsError(try app.buttons["Save"].click(timeout: .milliseconds(200))) { error in
            let error = error as? CleanSlateError
            XCTAssertEqual(error?.code, .timedOut)
            let message = error?.message ?? ""
            XCTAssertTrue(message.contains(#"waiting for button "Save" (to click it)"#), message)
            XCTAssertTrue(message.contains(#"no button "Save"; buttons on the screen: "< Yes >" at 2,0, "< No >" at 2,10"#), message)
            XCTAssertTrue(message.contains("< Yes >   < No >"), "the framed screen follows: \(message)")
        }
    }

    func testReadingAMissingElementsPropertyIsElementNotFoundWithTheScreen() throws {
        let app = try launchScreens(["\\n< Yes >\\n"])
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons["Yes"].waitForExistence())
        XCTAssertEqual(try app.buttons["Yes"].frame, ScreenRectangle(row: 2, column: 0, height: 1, width: 7))
        XCTAssertThrowsError(try app.buttons["No"].frame) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .elementNotFound)
            let message = (error as? CleanSlateError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix(#"no button "No"; buttons on the screen: "< Yes >" at 2,0"#), message)
            XCTAssertTrue(message.contains("screen (24x80):"), message)
        }
    }

    func testAnActionOnAQueryThatMatchesTwoElementsIsAmbiguousListingBoth() throws {
        let app = try launchScreens(["\\n< OK >\\n\\n< OK >\\n"])
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons.element(boundBy: 1).waitForExistence())
        XCTAssertThrowsError(try app.buttons["OK"].click()) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .ambiguousElement)
            let message = (error as? CleanSlateError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix(#"button "OK" matches 2 elements: "< OK >" at 2,0, "< OK >" at 4,0"#), message)
        }
        XCTAssertEqual(try app.buttons["OK"].firstMatch.frame.row, 2, "firstMatch chooses explicitly")
    }

    func testClickingWhenTheAppHasNotTurnedOnMouseReportingIsActionUnavailable() throws {
        let app = try launchScreens(["\\n< OK >\\n"])
        try app.typeText("\n")
        XCTAssertThrowsError(try app.buttons["OK"].click()) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .actionUnavailable)
            let message = (error as? CleanSlateError)?.message ?? ""
            XCTAssertTrue(message.contains("has not turned on mouse reporting"), message)
        }
    }

    /// A list that draws its new current row before it clears the old one, its output delivered
    /// one byte at a time to every wait (fault injection): between the two writes, two rows are
    /// highlighted. select() must take only a finished repaint for a move; it once took the
    /// half-done one for a move of the highlight, pressed Down again and went one row too far
    /// (seen with dialog's menu as a non-root user: "date" chosen instead of "cherry").
    func testSelectTakesNoHalfDoneRepaintWithTwoRowsHighlightedForAMove() throws {
        let script = Self.fruitList(drawnFirst: "", current: 1)
        let app = try makeApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        app.faults = Faults(outputFragmentLength: 1)
        try app.launch()
        XCTAssertTrue(try app.menuItems["apple"].waitUntil("apple is highlighted") { $0.isHighlighted }.isHighlighted)
        try app.menuItems["cherry"].select()
        XCTAssertTrue(try app.menuItems["cherry"].isHighlighted)
        try app.press(.enter)
        try app.waitForScreen(containing: "chose cherry")
    }

    /// A shell script drawing a list of four fruits, the first highlighted, then running
    /// `drawnFirst` (its own redraw, `show ROW STYLE`) with `current` the highlighted row; Down
    /// and Up move the highlight (the new row drawn before the old one is cleared), any other key
    /// prints `chose NAME` and exits.
    private static func fruitList(drawnFirst: String, current: Int) -> String {
        #"""
        stty -echo -icanon min 1
        name() { case $1 in 1) echo apple;; 2) echo banana;; 3) echo cherry;; 4) echo date;; esac; }
        show() { printf "\033[%d;3H$2%s\033[m" $(( $1 + 1 )) "$(name $1)"; }
        printf '\033[2J\033[1;1HPick a fruit'
        show 1 '\033[7m'; show 2 ''; show 3 ''; show 4 ''
        \#(drawnFirst)
        i=\#(current)
        while k=$(dd bs=3 count=1 2>/dev/null); do
          case $k in
            "$(printf '\033[B')") if [ $i -lt 4 ]; then show $((i + 1)) '\033[7m'; show $i ''; i=$((i + 1)); fi;;
            "$(printf '\033[A')") if [ $i -gt 1 ]; then show $((i - 1)) '\033[7m'; show $i ''; i=$((i - 1)); fi;;
            *) printf '\033[8;1Hchose %s\n' "$(name $i)"; exit 0;;
          esac
        done
        """#
    }

    /// A list drawn with its first row highlighted, then at once moved to the row remembered from
    /// last time (as dialog's `--default-item` and many pickers do), its output delivered one byte
    /// at a time to every wait: the first screen showing the row looks as if it were already the
    /// current one. select() once decided there and pressed nothing (the CI failure of the recorded
    /// dialog test: dialog's half-drawn list looked highlighted on the second row); it must decide
    /// on the screen the app has finished drawing, in both forms.
    func testSelectDecidesOnTheFinishedScreenNotTheFirstOneShowingTheRow() async throws {
        let script = Self.fruitList(drawnFirst: "show 3 '\\033[7m'; show 1 ''", current: 3)
        for awaited in [false, true] {
            let app = try makeApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
            app.defaultTimeout = .seconds(10)
            app.faults = Faults(outputFragmentLength: 1)
            try await app.launch()
            if awaited {
                try await app.menuItems["apple"].select()
            } else {
                let blocking: () throws -> Void = { try app.menuItems["apple"].select() }
                try blocking()
            }
            let screen = try app.screen()
            XCTAssertTrue(try app.menuItems["apple"].isHighlighted, "awaited: \(awaited)\n\(screen.text)")
            try await app.press(.enter)
            try await app.waitForScreen(containing: "chose apple")
        }
    }

    /// A feed that grows by a row at each arrow key, its last row highlighted, raises select()'s
    /// bound of presses (twice the rows seen, plus two) with every press; the selection still ends
    /// at its timeout (issue 24: it pressed keys for over 180 s with `timeout: 5 s`).
    func testSelectEndsAtItsTimeoutOnAListThatKeepsGrowing() throws {
        let script = #"""
            stty -echo -icanon min 1
            m=4
            frame() { printf '\033[2J\033[1;1HFeed'; first=$(( m > 10 ? m - 9 : 1 )); row=3
              for k in $(seq $first $m); do
                if [ $k = $m ]; then printf '\033[%d;3H\033[7m post-%d \033[m' $row $k; else printf '\033[%d;3H post-%d ' $row $k; fi
                row=$((row + 1)); done; }
            # One write per frame: a wait never sees half of one.
            draw() { f=$(frame); printf '%s' "$f"; }
            draw
            while k=$(dd bs=3 count=1 2>/dev/null); do m=$((m + 1)); draw; done
            """#
        let app = try launchApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
        XCTAssertTrue(try app.menuItems["post-4"].waitUntil("post-4 is highlighted") { $0.isHighlighted }.isHighlighted)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var thrown: (any Error)?
        Thread {
            do { try app.menuItems["post-0"].select(timeout: .seconds(2)) } catch { thrown = error }
            finished.signal()
        }.start()
        guard finished.wait(timeout: .now() + 60) == .success else {
            return XCTFail("select(timeout: 2 s) was still pressing keys 60 s later")  // the teardown's terminate() ends it
        }
        let error = try XCTUnwrap(thrown as? CleanSlateError)
        XCTAssertEqual(error.code, .timedOut, error.message)
        XCTAssertTrue(error.message.contains("cannot select menu item \"post-0\""), error.message)
    }

    func testAnInterruptionMonitorDismissesAPromptThatBlocksAWait() throws {
        // The prompt comes first; the menu only after it is answered.
        let app = try launchScreens(["\\nSend anonymous statistics?\\n< Yes >  < No >\\n", "\\033[2J\\033[HMain menu\\n< Quit >\\n"])
        let handled = Counter()
        app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { app in
            handled.increment()
            XCTAssertTrue(try app.buttons["No"].waitForExistence())
            try app.typeText("\n")
        }
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons["Quit"].waitForExistence())
        XCTAssertEqual(handled.value, 1)
    }

    func testAnInterruptionMonitorDismissesAPromptThatBlocksATextWait() throws {
        let app = try launchScreens(["\\nSend anonymous statistics?\\n< Yes >  < No >\\n", "\\033[2J\\033[HMain menu\\n< Quit >\\n"])
        let handled = answerTheStatisticsPromptWithEnter(on: app).runs
        try app.typeText("\n")
        try app.waitForScreen(containing: "Main menu")
        XCTAssertEqual(handled.value, 1)
    }

    func testTextWaitsByPatternAndByPredicateRunMonitorsOncePerAppearance() throws {
        let app = try launchScreens(["\\nSend anonymous statistics?\\n", "\\033[2J\\033[HMain menu\\n", "\\nSend anonymous statistics?\\n", "\\033[2J\\033[HDone\\n"])
        let handled = answerTheStatisticsPromptWithEnter(on: app).runs
        try app.typeText("\n")
        try app.waitForScreen(matching: "Main +menu")
        XCTAssertEqual(handled.value, 1)
        try app.typeText("\n")
        try app.waitForScreen("Done is shown") { $0.text.contains("Done") }
        XCTAssertEqual(handled.value, 2, "the prompt appeared a second time")
    }

    func testAHandlerRunsOnceEachTimeItsPromptAppears() throws {
        let app = try launchScreens(["\\nSend anonymous statistics?\\n"])
        let handled = Counter()
        app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { _ in handled.increment() }
        try app.typeText("\n")
        XCTAssertTrue(try app.staticTexts["Send anonymous statistics?"].waitForExistence())
        XCTAssertFalse(try app.buttons["Quit"].waitForExistence(timeout: .milliseconds(300)))
        XCTAssertEqual(handled.value, 1, "the handler left the prompt on the screen; it is not run again for it")
    }

    /// A prompt that leaves the screen and comes back while one wait is waiting is handled again:
    /// "once each time its element appears", within a wait and not only from one wait to the next.
    /// The output comes in pieces of a few bytes (each looked at by the wait), so the wait sees the
    /// cleared screen between the two prompts however the kernel hands the output over.
    func testAPromptThatComesBackDuringOneWaitIsHandledAgain() throws {
        let script = #"""
            stty -echo; echo ready; read line
            printf '\nSend anonymous statistics?\n'; read line
            printf '\033[2J\033[HMain menu\n\nSend anonymous statistics?\n'; read line
            printf '\033[2J\033[HDone\n'; read line
            """#
        let app = try makeApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        app.faults = Faults(outputFragmentLength: 4)
        try app.launch()
        try app.waitForScreen(containing: "ready")
        let handled = answerTheStatisticsPromptWithEnter(on: app).runs
        try app.typeText("\n")
        try app.waitForScreen(containing: "Done")
        XCTAssertEqual(handled.value, 2, "the prompt appeared twice during the one wait")
    }

    /// Waits and actions inside a handler do not run handlers: a handler whose own wait meets its
    /// prompt (still on the screen while it is being handled) is not run again from inside itself.
    func testAWaitInsideAHandlerDoesNotRunHandlers() throws {
        let app = try launchScreens(["\\nSend anonymous statistics?\\n", "\\033[2J\\033[HMain menu\\n"])
        let runs = Counter()
        app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { app in
            runs.increment()
            // A run from inside this one would recurse without end: one is enough to see it.
            guard runs.value == 1 else { return }
            // The prompt is on the screen and "Never" is not: this wait would run the monitor.
            XCTAssertFalse(try app.buttons["Never"].waitForExistence(timeout: .milliseconds(100)))
            try app.typeText("\n")
        }
        try app.typeText("\n")
        try app.waitForScreen(containing: "Main menu")
        XCTAssertEqual(runs.value, 1, "the handler's own wait ran the handler again")
    }

    /// When several of the elements awaited are on the same screen, `waitForAny` returns the lowest
    /// index among them, whichever order they are given in.
    func testWaitForAnyReturnsTheLowestIndexWhenSeveralAreOnTheScreen() throws {
        let app = try launchScreens(["\\n< OK >\\nDisk is full\\n"])
        try app.typeText("\n")
        XCTAssertTrue(try app.buttons["OK"].waitForExistence())
        XCTAssertTrue(try app.staticTexts["Disk is full"].waitForExistence())
        XCTAssertEqual(try app.waitForAny([app.staticTexts["Disk is full"], app.buttons["OK"]]), 0)
        XCTAssertEqual(try app.waitForAny([app.buttons["OK"], app.staticTexts["Disk is full"]]), 0)
        XCTAssertEqual(try app.waitForAny([app.buttons["Save"], app.buttons["OK"], app.staticTexts["Disk is full"]]), 1)
    }

    /// `toggle()` on a radio button that is already checked sends nothing: the next line the app
    /// reads is exactly what the test typed after it (a Space or an arrow key would come first).
    func testTogglingARadioButtonThatIsAlreadyCheckedPressesNothing() throws {
        let script = #"stty -echo; printf '(*) Dark\n( ) Light\n'; IFS= read -r line; printf 'got [%s]\n' "$line"; read line"#
        let app = try launchApp(.name("sh"), arguments: ["-c", script], terminalSize: .standard)
        app.defaultTimeout = .seconds(10)
        XCTAssertEqual(try app.radioButtons["Dark"].waitUntil("it is checked") { $0.isChecked == true }.isChecked, true)
        try app.radioButtons["Dark"].toggle()
        try app.typeText("x\n")
        try app.waitForScreen(containing: "got [")
        let screen = try app.screen()
        XCTAssertTrue(screen.contains("got [x]"), screen.text)
    }

    /// `waitForScreenToSettle` does not run handlers: it waits for quiet, whatever is on the screen.
    func testWaitingForTheScreenToSettleRunsNoHandler() throws {
        let app = try launchScreens(["\\nSend anonymous statistics?\\n"])
        let handled = answerTheStatisticsPromptWithEnter(on: app).runs
        try app.typeText("\n")
        try app.waitForScreen(containing: "Send anonymous statistics?")
        XCTAssertEqual(handled.value, 0, "a text wait that finds what it waits for runs no handler")
        XCTAssertTrue(try app.waitForScreenToSettle().contains("Send anonymous statistics?"))
        XCTAssertEqual(handled.value, 0)
    }

    func testARemovedInterruptionMonitorNoLongerRuns() throws {
        let app = try launchScreens(["\\nSend anonymous statistics?\\n", "\\033[2J\\033[HMain menu\\n< Quit >\\n"])
        let (handled, token) = answerTheStatisticsPromptWithEnter(on: app)
        XCTAssertTrue(app.removeInterruptionMonitor(token))
        XCTAssertFalse(app.removeInterruptionMonitor(token), "already removed")
        try app.typeText("\n")
        XCTAssertTrue(try app.staticTexts["Send anonymous statistics?"].waitForExistence())
        XCTAssertFalse(try app.buttons["Quit"].waitForExistence(timeout: .milliseconds(300)))
        XCTAssertEqual(handled.value, 0)
    }
}

/// A count shared with a handler.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// The documented names and durations of element queries, pinned as literals.
final class ElementQueryDocumentedValuesTests: XCTestCase {
    func testErrorCodeNames() {
        XCTAssertEqual(CleanSlateError.Code.elementNotFound.name, "elementNotFound")
        XCTAssertEqual(CleanSlateError.Code.ambiguousElement.name, "ambiguousElement")
        XCTAssertEqual(CleanSlateError.Code.actionUnavailable.name, "actionUnavailable")
    }

    func testSelectWaitsASecondAtTheEndOfAListAndFiftyMillisecondsForFocus() {
        XCTAssertEqual(AppElement.endOfListWait, .seconds(1))
        XCTAssertEqual(AppElement.focusQuietPeriod, .milliseconds(50))
    }
}
