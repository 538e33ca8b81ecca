import CleanSlate
import CleanSlateRecognitionScoring
import CleanSlateScreen
import Foundation

/// `cleanslate-benchmarks recognition-score [--fixtures DIR] [--verbose]`: recognition scored
/// against screens a person annotated (by default the held-out set,
/// Tests/CleanSlateScreenTests/HeldOutScreens): for each `NAME.bin` and its `NAME.expected`, the
/// named elements found under the person's name and the precision, per screen, per program (the
/// name up to its first `-`) and in total. `--verbose` lists every missed and every false element.
/// A measurement, not a test: it prints figures and checks no threshold.
enum RecognitionScoreCommand {
    static func run(arguments: [String]) {
        var folder = "Tests/CleanSlateScreenTests/HeldOutScreens"
        var verbose = false
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--fixtures":
                guard index + 1 < arguments.count else { fail("recognition-score: --fixtures needs a folder: --fixtures DIR", status: 64) }
                folder = arguments[index + 1]
                index += 1
            case "--verbose": verbose = true
            default:
                fail("recognition-score: unknown argument '\(arguments[index])'; it takes [--fixtures DIR] [--verbose]", status: 64)
            }
            index += 1
        }
        do {
            let screens = try loadScreens(in: folder)
            report(screens, verbose: verbose)
        } catch {
            fail("recognition-score: \(error)", status: 65)
        }
    }

    /// One annotated screen and its score.
    private struct ScoredScreen {
        var name: String
        var score: RecognitionScore
        var program: String { String(name.prefix { $0 != "-" }) }
    }

    private static func loadScreens(in folder: String) throws -> [ScoredScreen] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".bin") }.sorted()
        } catch {
            throw CleanSlateError(.invalidArgument, "cannot list the fixtures folder \(folder) (\(error.localizedDescription)); run from the package's root or give --fixtures DIR")
        }
        guard !names.isEmpty else {
            throw CleanSlateError(.invalidArgument, "the fixtures folder \(folder) holds no NAME.bin captures; give --fixtures DIR")
        }
        return try names.map { file in
            let name = String(file.dropLast(".bin".count))
            let capture = folder + "/" + file
            let annotation = folder + "/" + name + ".expected"
            guard let bytes = FileManager.default.contents(atPath: capture) else {
                throw CleanSlateError(.invalidArgument, "cannot read \(capture)")
            }
            guard let text = FileManager.default.contents(atPath: annotation) else {
                throw CleanSlateError(.invalidArgument, "\(capture) has no annotation \(annotation): write one (kind<TAB>label per line) or remove the capture")
            }
            let expected = try AnnotatedElement.parse(String(decoding: text, as: UTF8.self), source: annotation)
            let (rows, columns) = screenSize(of: name)
            let terminal = TerminalEmulator(rows: rows, columns: columns)
            bytes.withUnsafeBytes { terminal.feed($0) }
            return ScoredScreen(name: name, score: RecognitionScore(expected: expected, recognised: terminal.snapshot().elements))
        }
    }

    /// The size a capture was made at: `ROWSxCOLUMNS` at the end of its name (`mc-copy-40x100`),
    /// else 24x80.
    private static func screenSize(of name: String) -> (Int, Int) {
        if let suffix = name.split(separator: "-").last {
            let parts = suffix.split(separator: "x")
            if parts.count == 2, let rows = Int(parts[0]), let columns = Int(parts[1]) { return (rows, columns) }
        }
        return (24, 80)
    }

    private static func report(_ screens: [ScoredScreen], verbose: Bool) {
        print(row("screen", "named", "found", "recall", "recognised", "precision"))
        for screen in screens {
            print(row(screen.name, screen.score))
            guard verbose else { continue }
            for missed in screen.score.missed { print("    missed: \(missed)") }
            for element in screen.score.falseElements {
                let identifier = element.identifier.map { " identifier \"\($0)\"" } ?? ""
                print("    false:  \(element.kind.rawValue) \"\(element.label)\"\(identifier) at \(element.frame)")
            }
        }
        print("")
        print(row("program", "named", "found", "recall", "recognised", "precision"))
        var programs: [String] = []
        for screen in screens where !programs.contains(screen.program) { programs.append(screen.program) }
        for program in programs {
            let scores = screens.filter { $0.program == program }.map(\.score)
            print(row("\(program) (\(scores.count))", RecognitionScore.total(scores)))
        }
        print("")
        let total = RecognitionScore.total(screens.map(\.score))
        print(row("total: \(screens.count) screens, \(programs.count) programs", total))
    }

    private static func row(_ name: String, _ score: RecognitionScore) -> String {
        row(name, "\(score.expectedCount)", "\(score.foundCount)", percent(score.recall), "\(score.recognisedCount)", percent(score.precision))
    }

    private static func row(_ name: String, _ columns: String...) -> String {
        let widths = [6, 6, 8, 11, 10]
        let cells = zip(columns, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }
        return name.padding(toLength: max(36, name.count), withPad: " ", startingAt: 0) + cells.joined()
    }

    private static func percent(_ fraction: Double?) -> String {
        fraction.map { String(format: "%.1f%%", $0 * 100) } ?? "-"
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(status)
    }
}
