import CleanSlate
import Foundation

/// `cleanslate-benchmarks element-waits [--iterations N]`: on one session (`cat` on a 24x80
/// pseudo-terminal), type a line and wait until it shows, alternately with
/// `waitForScreen(containing:)` (the baseline) and with `staticTexts[line].waitForExistence()`,
/// which recognises the screen's elements after every chunk of output. Reports both medians and
/// their ratio (the target is at most 1.2x).
func runElementWaitBenchmark(arguments: [String]) throws {
    let iterations = integerOption("--iterations", in: arguments, default: 2000)
    let terminals = try CatOnTerminals()
    defer { terminals.close() }
    let app = terminals.app
    var textSamples: [Double] = []
    var elementSamples: [Double] = []
    for index in 0..<(iterations + 100) {
        let textLine = "text \(index)"
        var start = DispatchTime.now().uptimeNanoseconds
        try app.typeText(textLine + "\n")
        try app.waitForScreen(containing: textLine)
        let textTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000

        let elementLine = "element \(index)"
        start = DispatchTime.now().uptimeNanoseconds
        try app.typeText(elementLine + "\n")
        guard try app.staticTexts[elementLine].waitForExistence() else {
            throw CleanSlateError(.timedOut, "the static text \(elementLine.debugDescription) did not appear:\n\(try app.screen().text)")
        }
        let elementTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        if index >= 100 { // warm-up excluded
            textSamples.append(textTime)
            elementSamples.append(elementTime)
        }
    }
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
    let textMedian = textSamples.sorted()[textSamples.count / 2]
    let elementMedian = elementSamples.sorted()[elementSamples.count / 2]
    print("element wait: type a line into cat on a 24x80 pseudo-terminal until it shows; \(iterations) interleaved iterations, medians")
    print(String(format: "  typeText + waitForScreen(containing:)             %8.1f us   1.00x", textMedian))
    print(String(format: "  typeText + staticTexts[line].waitForExistence()   %8.1f us   %.2fx of the text wait (target: at most 1.20x)",
                 elementMedian, elementMedian / textMedian))
    print(String(format: "  of which per wake: snapshot of the screen %.1f us, its element tree %.1f us (medians)",
                 snapshotSamples.sorted()[iterations / 2], recognitionSamples.sorted()[iterations / 2]))
}
