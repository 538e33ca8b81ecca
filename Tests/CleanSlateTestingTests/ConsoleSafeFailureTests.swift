import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// A framed 40x100 dialog: box-drawing characters all around "Delete everything?", drawn in one write.
private let framedDialog = #"""
    top=$(printf '\342\224\214'; i=0; while [ $i -lt 98 ]; do printf '\342\224\200'; i=$((i + 1)); done; printf '\342\224\220')
    side=$(printf '\342\224\202%98s\342\224\202' '')
    bottom=$(printf '\342\224\224'; i=0; while [ $i -lt 98 ]; do printf '\342\224\200'; i=$((i + 1)); done; printf '\342\224\230')
    frame=$(printf '\033[2J\033[1;1H%s' "$top"; r=2; while [ $r -lt 40 ]; do printf '\033[%d;1H%s' $r "$side"; r=$((r + 1)); done
      printf '\033[40;1H%s\033[20;40HDelete everything?' "$bottom")
    printf '%s' "$frame"; exec sleep 1000
    """#

/// A wait that times out on that dialog, run only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct ConsoleSafeFailureFixtures {
    @Test func aWaitTimesOutOnAFramedDialog() throws {
        let app = try launchApp(.name("sh"), arguments: ["-c", framedDialog], terminalSize: TerminalSize(rows: 40, columns: 100))
        try app.waitForScreen(containing: "Delete everything?")
        try app.waitForScreen(containing: "Keep everything?", timeout: .milliseconds(200))
    }
}

/// What a failure prints is ASCII (issue 25: `swift test` dropped output cut inside a multi-byte
/// character, so a failure holding a framed 40x100 dialog, about 12 KB of box-drawing characters,
/// was missing from the console in most runs).
@Suite(.cleanSlate)
struct ConsoleSafeFailureTests {
    @Test func aFailedWaitOnAFramedDialogPrintsTheScreenInASCII() throws {
        let outcome = try runChildTests("ConsoleSafeFailureFixtures/aWaitTimesOutOnAFramedDialog", framework: .swiftTesting, keep: "never")
        #expect(outcome.status == .exited(1))
        let printed = outcome.output + "\n" + outcome.errors
        #expect(printed.contains("waiting for the screen to show \"Keep everything?\""), "\(printed)")
        // The frame as ASCII: the top row, a side with the question, the bottom row.
        #expect(printed.contains("+" + String(repeating: "-", count: 98) + "+"), "\(printed)")
        #expect(printed.contains("|" + String(repeating: " ", count: 38) + "Delete everything?"), "\(printed)")
        #expect(!printed.contains("\u{2500}") && !printed.contains("\u{2502}"), "no box-drawing character reaches the framework")
    }

    @Test func anErrorKeepsItsMessageAndPrintsItInASCII() {
        let error = CleanSlateError(.timedOut, "waiting for \"café\" on \u{250C}\u{2500}\u{2510}\u{2502}\u{2514}\u{2518} \u{2550}\u{2551} \u{2588}\u{1B}[1m\t\n")
        #expect(error.message.contains("café"))
        #expect(error.description == "CleanSlate timedOut: waiting for \"caf\\u{e9}\" on +-+|++ =| #\\u{1b}[1m\t\n")
        #expect(ConsoleText.safe("plain ASCII\nwith a tab\t") == "plain ASCII\nwith a tab\t")
        #expect(ConsoleText.safe("\u{7F}\u{0}\r") == "\\u{7f}\\u{0}\\u{d}")
    }
}
