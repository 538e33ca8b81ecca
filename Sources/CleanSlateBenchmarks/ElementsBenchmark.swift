import CleanSlateScreen
import Foundation

/// `cleanslate-benchmarks elements [--runs N] [--only TEXT]`: what recognising a screen's elements
/// (`snapshot.elements`) costs, against reading the same snapshot's text (`snapshot.lines`), the
/// work a text wait does after every chunk of output, measured in the same run.
///
/// Screens: an mc-like screen (menu bar, two panels of file rows split by column lines, one row
/// highlighted, a key bar) and a dialog-like one (a shadowed dialog over a coloured screen with a
/// list box, a highlighted row and buttons), each at 24x80 and 60x200, a hostile 60x200 screen
/// full of top-left corners and brackets, and a plain 60x200 screen (a log in one shade whose
/// times and process numbers hold `:` and `)`, so the rules that read plain text run on it).
/// `--only TEXT` times only the screens whose name holds TEXT (`--only "mc 60"`), for a profiler.
enum ElementsBenchmark {
    static func run(arguments: [String]) {
        var runs = 7
        var only: String?
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--runs", index + 1 < arguments.count {
                runs = max(1, Int(arguments[index + 1]) ?? runs)
                index += 1
            } else if arguments[index] == "--only", index + 1 < arguments.count {
                only = arguments[index + 1]
                index += 1
            }
            index += 1
        }
        let allScreens: [(String, ScreenSnapshot)] = [
            ("mc 24x80", screen(mc(rows: 24, columns: 80), rows: 24, columns: 80)),
            ("mc 60x200", screen(mc(rows: 60, columns: 200), rows: 60, columns: 200)),
            ("dialog 24x80", screen(dialog(rows: 24, columns: 80), rows: 24, columns: 80)),
            ("dialog 60x200", screen(dialog(rows: 60, columns: 200), rows: 60, columns: 200)),
            ("hostile 60x200", screen(hostile(rows: 60, columns: 200), rows: 60, columns: 200)),
            ("plain 60x200", screen(plainLog(rows: 60, columns: 200), rows: 60, columns: 200)),
        ]
        let screens = allScreens.filter { only.map($0.0.contains) ?? true }
        print("snapshot.elements against snapshot.lines (median of \(runs) runs, each the mean of enough calls to take 50 ms)")
        for (name, snapshot) in screens {
            let elements = snapshot.elements.allElements.count
            let recognition = medianSeconds(runs: runs) { _ = snapshot.elements }
            let text = medianSeconds(runs: runs) { _ = snapshot.lines }
            let label = name.padding(toLength: 15, withPad: " ", startingAt: 0)
            print(label + String(format: "elements %8.1f µs   lines %7.1f µs   ratio %5.1fx   (%d elements)",
                                 recognition * 1e6, text * 1e6, recognition / text, elements))
        }
    }

    /// The median over `runs` of the mean time of one call of `body`, each run calling it for about 50 ms.
    private static func medianSeconds(runs: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var calls = 1
        while clock.measure({ for _ in 0..<calls { body() } }) < .milliseconds(50) { calls *= 2 }
        var samples: [Double] = []
        for _ in 0..<runs {
            let elapsed = clock.measure { for _ in 0..<calls { body() } }
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return samples.sorted()[runs / 2] / Double(calls)
    }

    private static func screen(_ input: String, rows: Int, columns: Int) -> ScreenSnapshot {
        let terminal = TerminalEmulator(rows: rows, columns: columns)
        terminal.feed(input)
        return terminal.snapshot()
    }

    private static func at(_ row: Int, _ column: Int) -> String { "\u{1B}[\(row + 1);\(column + 1)H" }

    /// A box drawn at `row`, `column` with a title.
    private static func box(_ row: Int, _ column: Int, height: Int, width: Int, title: String) -> String {
        var drawn = at(row, column) + "┌─ " + title + " " + String(repeating: "─", count: max(0, width - 5 - title.count)) + "┐"
        for line in (row + 1)..<(row + height - 1) { drawn += at(line, column) + "│" + at(line, column + width - 1) + "│" }
        return drawn + at(row + height - 1, column) + "└" + String(repeating: "─", count: width - 2) + "┘"
    }

    /// Blue panels of file rows split by column lines, a menu bar and a key bar.
    private static func mc(rows: Int, columns: Int) -> String {
        var output = "\u{1B}[44;37m\u{1B}[2J" + at(0, 0) + "\u{1B}[46;30m" + "  Left     File     Command     Options     Right".padding(toLength: columns, withPad: " ", startingAt: 0)
        let half = columns / 2
        for panel in 0..<2 {
            let left = panel * half
            output += "\u{1B}[44;37m" + box(1, left, height: rows - 3, width: half, title: "/home/user/projects")
            for row in 2..<(rows - 3) {
                let name = row == 2 ? "/.." : " file-\(row).txt"
                let cells = name.padding(toLength: half - 24, withPad: " ", startingAt: 0) + "│" + "   1234" + "│" + "Nov 25 20:58"
                let style = panel == 0 && row == 3 ? "\u{1B}[46;30m" : "\u{1B}[44;33m"
                output += at(row, left + 1) + style + cells + "\u{1B}[44;37m"
            }
        }
        output += at(rows - 1, 0)
        for key in 1...10 {
            output += "\u{1B}[0m" + String(format: "%2d", key) + "\u{1B}[46;30m" + "Action".padding(toLength: max(1, columns / 10 - 2), withPad: " ", startingAt: 0)
        }
        return output + "\u{1B}[0m"
    }

    /// A shadowed dialog with a list box, a highlighted row and two buttons over a blue screen.
    static func dialog(rows: Int, columns: Int) -> String {
        let height = min(rows - 4, 20)
        let width = min(columns - 6, 60)
        let top = (rows - height) / 2
        let left = (columns - width) / 2
        var output = "\u{1B}[44;36m\u{1B}[2J" + at(0, 1) + "Backtitle of the program"
        output += "\u{1B}[47;30m"
        for row in top..<(top + height) { output += at(row, left) + String(repeating: " ", count: width) }
        output += box(top, left, height: height, width: width, title: "Settings")
        output += at(top + 1, left + 2) + "Pick a theme for the program"
        output += box(top + 2, left + 2, height: height - 6, width: width - 4, title: "")
        for item in 0..<(height - 8) {
            let style = item == 0 ? "\u{1B}[44;37m" : "\u{1B}[47;30m"
            output += at(top + 3 + item, left + 8) + style + "Item\(item)   Description of item \(item)" + "\u{1B}[47;30m"
        }
        output += at(top + height - 2, left + 8) + "\u{1B}[44;37m<  OK  >\u{1B}[47;30m    <Cancel>"
        output += "\u{1B}[40;30m"
        for row in (top + 1)...(top + height) { output += at(row, left + width) + "  " }
        output += at(top + height, left + 2) + String(repeating: " ", count: width)
        return output + "\u{1B}[0m"
    }

    /// Every row a run of top-left corners and brackets, the worst case for the window and button scans.
    private static func hostile(rows: Int, columns: Int) -> String {
        var output = ""
        for row in 0..<rows {
            let pattern = row % 2 == 0 ? "┌──" : "[ <"
            output += at(row, 0) + String(String(repeating: pattern, count: columns).prefix(columns))
        }
        return output
    }

    /// A log in one shade: every row a time, a process number in parentheses and a sentence, some
    /// rows numbered steps (`3) retrying`), as a shell or a pager shows them.
    private static func plainLog(rows: Int, columns: Int) -> String {
        var output = ""
        for row in 0..<rows {
            let line = row % 3 == 0
                ? "\(row % 9 + 1)) retrying the connection to the server at 10.0.0.\(row) after a short wait"
                : "12:\(10 + row % 50):0\(row % 10) worker (pid \(4000 + row)) finished job \(row * 7): wrote \(row * 13) records to the archive"
            output += at(row, 0) + String(line.prefix(columns))
        }
        return output
    }
}
