import CleanSlate
import Foundation

/// `cleanslate-benchmarks element-waits [--iterations N]`: on one session (`cat` on a 24x80
/// pseudo-terminal), type a line and wait until it shows, alternately with
/// `waitForScreen(containing:)` (the baseline) and with `staticTexts[line].waitForExistence()`,
/// which recognises the screen's elements after every chunk of output. Reports both medians and
/// their ratio (the target is at most 1.2x). Then the same on a session that draws a dialog (the
/// one of `cleanslate-benchmarks elements`) and writes each line into it, where recognition reads
/// a window, a list and buttons on every wake; then the same in nano, a real full-screen program.
func runElementWaitBenchmark(arguments: [String]) throws {
    let iterations = integerOption("--iterations", in: arguments, default: 2000)
    let terminals = try CatOnTerminals()
    defer { terminals.close() }
    let app = terminals.app
    let (textMedian, elementMedian) = try compareWaits(on: app, iterations: iterations)
    // What an element wait adds on each wake: a snapshot of the live screen, then recognition.
    let screen = try app.screen()
    var snapshotSamples: [Double] = []
    var recognitionSamples: [Double] = []
    for _ in 0..<iterations {
        var start = DispatchTime.now().uptimeNanoseconds
        _ = try app.screen()
        snapshotSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        start = DispatchTime.now().uptimeNanoseconds
        _ = screen.elements
        recognitionSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    print("element wait: type a line into cat on a 24x80 pseudo-terminal until it shows; \(iterations) interleaved iterations, medians")
    print(String(format: "  typeText + waitForScreen(containing:)             %8.1f us   1.00x", textMedian))
    print(String(format: "  typeText + staticTexts[line].waitForExistence()   %8.1f us   %.2fx of the text wait (target: at most 1.20x)",
                 elementMedian, elementMedian / textMedian))
    print(String(format: "  of which per wake: snapshot of the screen %.1f us, its element tree %.1f us (medians)",
                 snapshotSamples.sorted()[iterations / 2], recognitionSamples.sorted()[iterations / 2]))

    let dialog = try ScreenSession.dialog()
    defer { dialog.close() }
    let (dialogText, dialogElement) = try compareWaits(on: dialog.app, iterations: iterations)
    print("the same on a 24x80 dialog (window, list box, highlighted row, buttons) that shows each line typed in its message row")
    print(String(format: "  typeText + waitForScreen(containing:)             %8.1f us   1.00x", dialogText))
    print(String(format: "  typeText + staticTexts[line].waitForExistence()   %8.1f us   %.2fx of the text wait",
                 dialogElement, dialogElement / dialogText))

    if let nano = try ScreenSession.nano() {
        defer { nano.close() }
        let (nanoText, nanoElement) = try compareWaits(on: nano.app, iterations: iterations, lineEnd: "\r")
        print("the same in nano on a 24x80 terminal (title bar, key hints), each line typed into its buffer")
        print(String(format: "  typeText + waitForScreen(containing:)             %8.1f us   1.00x", nanoText))
        print(String(format: "  typeText + staticTexts[line].waitForExistence()   %8.1f us   %.2fx of the text wait",
                     nanoElement, nanoElement / nanoText))
    } else {
        print("nano session skipped: nano is not installed (Debian package nano)")
    }
}

/// Types `iterations` (plus 100 warm-up) pairs of lines into `app`, waiting for the first of each
/// pair with `waitForScreen(containing:)` and for the second with
/// `staticTexts[line].waitForExistence()`; the medians of both, in microseconds. Each line ends
/// with `lineEnd` (Return is a carriage return to a program that reads its keys raw, as nano does).
private func compareWaits(on app: AppLauncher, iterations: Int, lineEnd: String = "\n") throws -> (text: Double, element: Double) {
    var textSamples: [Double] = []
    var elementSamples: [Double] = []
    for index in 0..<(iterations + 100) {
        let textLine = "text \(index)"
        var start = DispatchTime.now().uptimeNanoseconds
        try app.typeText(textLine + lineEnd)
        try app.waitForScreen(containing: textLine)
        let textTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000

        let elementLine = "element \(index)"
        start = DispatchTime.now().uptimeNanoseconds
        try app.typeText(elementLine + lineEnd)
        guard try app.staticTexts[elementLine].waitForExistence() else {
            throw CleanSlateError(.timedOut, "the static text \(elementLine.debugDescription) did not appear:\n\(try app.screen().text)")
        }
        let elementTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        if index >= 100 { // warm-up excluded
            textSamples.append(textTime)
            elementSamples.append(elementTime)
        }
    }
    return (textSamples.sorted()[textSamples.count / 2], elementSamples.sorted()[elementSamples.count / 2])
}

/// One program on a 24x80 pseudo-terminal in a sandbox of its own, launched and waited for until
/// it shows what `ready` looks for; `close()` ends it and wipes the sandbox.
final class ScreenSession {
    let sandbox: Sandbox
    let app: AppLauncher

    init(program: String, arguments: [String], showing what: String, ready: (AppLauncher) throws -> Bool) throws {
        sandbox = try Sandbox(rootDirectory: ProcessInfo.processInfo.environment["CLEANSLATE_ROOT"])
        app = AppLauncher(.name(program), sandbox: sandbox)
        app.launchArguments = arguments
        app.terminalSize = .standard
        try app.launch()
        guard try ready(app) else {
            let screen = (try? app.screen().text) ?? "(no screen)"
            close()
            throw CleanSlateError(.timedOut, "\(program) did not show \(what):\n\(screen)")
        }
    }

    /// `sh` drawing the dialog of `cleanslate-benchmarks elements`, then writing each line it
    /// reads over the dialog's message row (padded, so the last line is gone).
    static func dialog() throws -> ScreenSession {
        let script = "stty -echo; printf '%s' \"$1\"; while IFS= read -r line; do printf '\\033[4;13H\\033[47;30m%-40s' \"$line\"; done"
        return try ScreenSession(program: "sh", arguments: ["-c", script, "sh", ElementsBenchmark.dialog(rows: 24, columns: 80)],
                                 showing: "the dialog") { try $0.windows["Settings"].waitForExistence() }
    }

    /// nano (a real full-screen program: a title bar, a buffer, two rows of key hints) editing a
    /// new file, so each line typed is drawn by nano's own redraw; nil when nano is not installed.
    static func nano() throws -> ScreenSession? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/nano") }) else { return nil }
        return try ScreenSession(program: "nano", arguments: ["--ignorercfiles", "notes.txt"],
                                 showing: "its key hints") { try $0.keyHints["Exit"].waitForExistence() }
    }

    func close() {
        app.terminate()
        try? sandbox.wipe()
    }
}
