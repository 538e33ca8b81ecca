import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// What a caller sees after a full-screen program leaves: `dialog --yesno` driven to its exit, and
/// the screen and cursor the harness shows for its bytes compared with tmux's for the same bytes.
/// (ncurses ends with `CSI ? 1049 l` more than once; xterm and tmux restore the cursor saved on
/// entry each time, so the caller's next line is written where the caller left off.)
final class RealProgramDialogExitTests: XCTestCase {
    func testAfterDialogYesNoExitsTheScreenAndCursorAreTmuxs() throws {
        try requireProgram("/usr/bin/dialog")
        try requireProgram(TmuxScreen.path)
        let app = try launchOnTerminal(.name("sh"), ["-c", "dialog --yesno Proceed? 7 30; echo rc=$?"])
        try app.waitForScreen("the Yes and No buttons") { $0.contains("< Yes >") && $0.contains("< No  >") }
        try app.press(.tab)
        try app.press(.enter)
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.screen()
        XCTAssertTrue(screen.contains("rc=1"), "No was chosen:\n\(screen.text)")
        let tmux = try tmuxScreen(after: app.outputBytes(), size: .standard)
        XCTAssertEqual(screen.lines, tmux.lines, "the screen after dialog, CleanSlate then tmux")
        XCTAssertEqual(screen.cursor, tmux.cursor, "the cursor after dialog, CleanSlate then tmux")
    }
}
