@testable import CleanSlateScreen
import Foundation
import XCTest

/// Runs the portable assertions of libvterm's test scripts against the emulator.
///
/// Portable: `?cursor`, `?screen_row`, `?screen_chars`, `?screen_text`, `?screen_cell`, `?pen` and
/// `output` after a `PUSH`. Callback expectations (putglyph, scrollrect, damage, …) are ignored,
/// and so are the expectations after commands that feed keyboard or mouse input (INKEY, MOUSEMOVE, …),
/// which this emulator does not encode. Every failing assertion must be listed in ``deviations``.
final class LibvtermTests: XCTestCase {
    /// Assertions (`file:line`) where this emulator deliberately differs from libvterm, with the reason.
    static let deviations: [String: String] = {
        var list: [String: String] = [:]
        func add(_ reason: String, _ file: String, _ lines: Int...) {
            for line in lines { list["\(file):\(line)"] = reason }
        }
        add("DECRQSS for DECSCA answers 1 (protected) or 0 as xterm does; libvterm echoes the 2 that was set",
            "13state_edit.test", 265)
        add("IL moves the cursor to the first column, as xterm does and ECMA-48 says (line home); libvterm leaves it",
            "13state_edit.test", 81)
        add("primary DA answers as xterm configured as a VT520 does (CSI ? 65 ; 1 ; 2 ; ... c); libvterm says VT100",
            "26state_query.test", 7)
        add("DECXCPR answers CSI ? row ; column ; page R with page 1, as xterm does; libvterm omits the page",
            "26state_query.test", 22)
        add("DECRQSS for SGR answers as xterm does, starting with 0; libvterm leaves the 0 out",
            "26state_query.test", 32, 37, 42, 47, 52)
        add("replies are always 7-bit: input is UTF-8, where 8-bit C1 bytes are not valid (S8C1T ignored)",
            "26state_query.test", 57)
        let doubleSize = "double-width and double-height lines (DECDWL, DECDHL) are out of scope"
        add(doubleSize, "28state_dbl_wh.test", 27)
        add(doubleSize, "67screen_dbl_wh.test", 16, 24, 25, 32, 37)
        let fonts = "alternative fonts (SGR 10-19) are not tracked"
        add(fonts, "30state_pen.test", 12, 68, 70, 72, 74)
        add(fonts, "64screen_pen.test", 28)
        add("bold does not change the colour index: xterm's bold-as-bright is a rendering choice, the cell keeps what SGR selected",
            "30state_pen.test", 111, 114)
        add("libvterm keeps at most 6 scalars per cell; this emulator keeps up to 16", "61screen_unicode.test", 35, 41)
        add("the expected lines come from libvterm's test harness, which supplies its own scrollback (\"ABCDE\")",
            "63screen_resize.test", 103, 104, 105, 106)
        return list
    }()

    func testPortableAssertions() throws {
        let files = try ConformanceData.files(in: "libvterm-tests", extension: "test")
        var totalPassed = 0
        var totalChecked = 0
        for file in files {
            let name = file.lastPathComponent
            let script = LibvtermScript(text: try String(contentsOf: file, encoding: .utf8))
            var runner = LibvtermRunner(fileName: name)
            runner.run(script)
            totalPassed += runner.passed
            totalChecked += runner.passed + runner.failures.count
            let accepted = runner.failures.filter { LibvtermTests.deviations["\(name):\($0.line)"] != nil }
            print("libvterm \(name): \(runner.passed)/\(runner.passed + runner.failures.count) portable assertions pass"
                + (accepted.isEmpty ? "" : ", \(accepted.count) listed deviations"))
            for failure in runner.failures where LibvtermTests.deviations["\(name):\(failure.line)"] == nil {
                XCTFail("\(name):\(failure.line) [\(failure.section)] \(failure.message)")
            }
            let failedLines = Set(runner.failures.map { "\(name):\($0.line)" })
            for key in LibvtermTests.deviations.keys where key.hasPrefix(name + ":") && !failedLines.contains(key) {
                XCTFail("\(key) is listed as a deviation but now passes (or is no longer checked): update the list")
            }
        }
        print("libvterm total: \(totalPassed)/\(totalChecked) portable assertions pass")
        XCTAssertGreaterThan(totalChecked, 300, "the scripts should contain several hundred portable assertions")
    }
}

/// Interprets one script against a fresh 25x80 terminal.
struct LibvtermRunner {
    struct Failure {
        let line: Int
        let section: String
        let message: String
    }

    let fileName: String
    var terminal = TerminalEmulator(rows: 25, columns: 80)
    var utf8 = false
    var section = ""
    /// Set after a command whose expectations are not portable, until the next command.
    var skipping = false
    /// Set when the section fed bytes this emulator would decode differently (8-bit text without UTF8 1).
    var sectionTainted = false
    var replies: [UInt8] = []
    var passed = 0
    var failures: [Failure] = []

    init(fileName: String) { self.fileName = fileName }

    mutating func run(_ script: LibvtermScript) {
        for (number, line) in script.lines {
            switch line {
            case .section(let title):
                section = title
                sectionTainted = false
            case .command(let name, let argument):
                replies = []
                skipping = false
                perform(name, argument)
            case .expectation(let text):
                guard !skipping && !sectionTainted else { continue }
                check(text, line: number)
            }
        }
    }

    private mutating func perform(_ name: String, _ argument: String) {
        switch name {
        case "INIT":
            terminal = TerminalEmulator(rows: 25, columns: 80)
            utf8 = false
        case "UTF8": utf8 = argument == "1"
        case "RESET": terminal = TerminalEmulator(rows: terminal.rows, columns: terminal.columns)
        case "RESIZE":
            let numbers = argument.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            terminal.resize(rows: numbers[0], columns: numbers[1])
        case "PUSH":
            guard let (bytes, _) = LibvtermScript.bytes(fromQuoted: Substring(argument)) else { return }
            if !utf8 && bytes.contains(where: { $0 >= 0x80 }) { sectionTainted = true }
            terminal.feed(bytes)
            replies = terminal.takeReplies()
        case "WANTPARSER", "WANTSTATE", "WANTSCREEN", "WANTENCODING", "DAMAGEMERGE", "DAMAGEFLUSH":
            break  // They choose which callbacks libvterm reports; the screen is unchanged.
        case "$REP":
            // `$REP 170: PUSH "*"` repeats a command.
            let parts = argument.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let count = Int(parts[0]) else { return }
            let inner = parts[1].trimmingCharacters(in: .whitespaces)
            let innerName = String(inner.prefix { $0 != " " })
            let innerArgument = inner.dropFirst(innerName.count).trimmingCharacters(in: .whitespaces)
            for _ in 0..<count { perform(innerName, innerArgument) }
        case "$SEQ":
            // `$SEQ 1 80: PUSH "\e[\#;1H"` repeats a command with `\#` replaced by each number.
            let parts = argument.split(separator: ":", maxSplits: 1)
            let bounds = parts.first?.split(separator: " ").compactMap { Int($0) } ?? []
            guard parts.count == 2, bounds.count == 2 else { return }
            let inner = parts[1].trimmingCharacters(in: .whitespaces)
            let innerName = String(inner.prefix { $0 != " " })
            let innerArgument = inner.dropFirst(innerName.count).trimmingCharacters(in: .whitespaces)
            for number in bounds[0]...bounds[1] where inner.hasPrefix("?") {
                check(inner.replacingOccurrences(of: "\\#", with: String(number)), line: 0)
            }
            for number in bounds[0]...bounds[1] where !inner.hasPrefix("?") {
                perform(innerName, innerArgument.replacingOccurrences(of: "\\#", with: String(number)))
            }
        default:
            skipping = true  // Input encoding (INKEY, MOUSEMOVE, …) and damage control are not portable.
        }
    }

    private mutating func check(_ text: String, line: Int) {
        let verdict: String?
        if text.hasPrefix("?cursor = ") {
            verdict = compare(describe(terminal.cursor), text.dropFirst("?cursor = ".count).replacingOccurrences(of: " ", with: ""))
        } else if text.hasPrefix("?screen_row ") {
            verdict = checkScreenRow(text.dropFirst("?screen_row ".count))
        } else if text.hasPrefix("?screen_chars ") || text.hasPrefix("?screen_text ") {
            verdict = checkScreenChars(text)
        } else if text.hasPrefix("?screen_cell ") {
            verdict = checkScreenCell(text.dropFirst("?screen_cell ".count))
        } else if text.hasPrefix("?pen ") {
            verdict = checkPen(text.dropFirst("?pen ".count))
        } else if text.hasPrefix("output ") {
            guard let (expected, _) = LibvtermScript.bytes(fromQuoted: text.dropFirst("output ".count)) else { return }
            verdict = compare(replies.debugDescription, expected.debugDescription)
            replies = []
        } else {
            return  // Callback expectations (putglyph, erase, scrollrect, damage, …).
        }
        if let verdict {
            failures.append(Failure(line: line, section: section, message: "\(text): \(verdict)"))
        } else {
            passed += 1
        }
    }

    private func compare(_ actual: String, _ expected: String) -> String? {
        actual == expected ? nil : "got \(actual)"
    }

    private func describe(_ position: ScreenPosition) -> String { "\(position.row),\(position.column)" }

    private func checkScreenRow(_ text: Substring) -> String? {
        guard let equals = text.range(of: "="), let row = Int(text[..<equals.lowerBound].trimmingCharacters(in: .whitespaces)) else {
            return "unreadable"
        }
        let expectedText = LibvtermScript.bytes(fromQuoted: text[equals.upperBound...].drop { $0 == " " }).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        let text = String(String.UnicodeScalarView(scalars(rows: row..<(row + 1), columns: 0..<terminal.columns).compactMap(Unicode.Scalar.init)))
        return compare(text.debugDescription, expectedText.debugDescription)
    }

    /// The scalars of a rectangle as libvterm's `get_chars` returns them: rows joined by newline, erased cells
    /// shown as spaces except at the end of a row, where they are dropped (written spaces are kept).
    private func scalars(rows: Range<Int>, columns: Range<Int>) -> [UInt32] {
        var result: [UInt32] = []
        for row in rows {
            if row != rows.lowerBound { result.append(0x0A) }
            var line: [UInt32] = []
            var pendingBlanks = 0
            for column in columns where column < terminal.columns {
                let cell = terminal.grid.row(row)[column]
                if cell.width == 0 { continue }
                if cell.code == 0 {
                    pendingBlanks += 1
                    continue
                }
                line += [UInt32](repeating: 0x20, count: pendingBlanks) + terminal.clusters.scalars(of: cell.code)
                pendingBlanks = 0
            }
            result += line
        }
        return result
    }

    private func checkScreenChars(_ text: String) -> String? {
        let isText = text.hasPrefix("?screen_text ")
        let body = text.drop { $0 != " " }.dropFirst()
        guard let equals = body.range(of: " =") else { return "unreadable" }
        let bounds = body[..<equals.lowerBound].split(separator: ",").compactMap { Int($0) }
        guard bounds.count == 4 else { return "unreadable" }
        let actual = scalars(rows: bounds[0]..<bounds[2], columns: bounds[1]..<bounds[3])
        let expectedText = body[equals.upperBound...].trimmingCharacters(in: .whitespaces)
        if isText {
            let bytes = String(String.UnicodeScalarView(actual.compactMap(Unicode.Scalar.init))).utf8.map { UInt32($0) }
            guard let expected = LibvtermScript.hexList(Substring(expectedText)) else { return "unreadable" }
            return compare(bytes.map(hex).joined(separator: ","), expected.map(hex).joined(separator: ","))
        }
        let expected: [UInt32]
        if expectedText.hasPrefix("\"") {
            expected = String(decoding: LibvtermScript.bytes(fromQuoted: Substring(expectedText))!.bytes, as: UTF8.self)
                .unicodeScalars.map(\.value)
        } else {
            guard let list = LibvtermScript.hexList(Substring(expectedText)) else { return "unreadable" }
            expected = list
        }
        return compare(actual.map(hex).joined(separator: ","), expected.map(hex).joined(separator: ","))
    }

    private func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }

    /// libvterm's default palette (its test harness prints colours as RGB): facts from its documentation of the defaults.
    static func rgb(_ color: TerminalColor, isForeground: Bool) -> String {
        switch color {
        case .default: return isForeground ? "rgb(240,240,240)" : "rgb(0,0,0)"
        case .rgb(let red, let green, let blue): return "rgb(\(red),\(green),\(blue))"
        case .indexed(let index):
            let basic: [(Int, Int, Int)] = [
                (0, 0, 0), (224, 0, 0), (0, 224, 0), (224, 224, 0), (0, 0, 224), (224, 0, 224), (0, 224, 224), (224, 224, 224),
                (128, 128, 128), (255, 64, 64), (64, 255, 64), (255, 255, 64), (64, 64, 255), (255, 64, 255), (64, 255, 255), (255, 255, 255),
            ]
            if index < 16 {
                let (red, green, blue) = basic[Int(index)]
                return "rgb(\(red),\(green),\(blue))"
            }
            if index < 232 {
                let levels = [0, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]
                let cube = Int(index) - 16
                return "rgb(\(levels[cube / 36]),\(levels[cube / 6 % 6]),\(levels[cube % 6]))"
            }
            let grey = 8 + 10 * (Int(index) - 232)
            return "rgb(\(grey),\(grey),\(grey))"
        }
    }

    private func checkScreenCell(_ text: Substring) -> String? {
        guard let equals = text.range(of: "=") else { return "unreadable" }
        let position = text[..<equals.lowerBound].split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        let cell = terminal.grid.row(position[0])[position[1]]
        guard let shown = try? terminal.snapshot().cell(row: position[0], column: position[1]) else {
            return "(\(position[0]), \(position[1])) is off the screen"
        }
        let codes = cell.code == 0 || cell.width == 0 ? [] : terminal.clusters.scalars(of: cell.code)
        var attributes = ""
        if shown.attributes.contains(.bold) { attributes += "B" }
        if shown.underline != .none { attributes += "U\(shown.underline.rawValue)" }
        if shown.attributes.contains(.italic) { attributes += "I" }
        if shown.attributes.contains(.blink) { attributes += "K" }
        if shown.attributes.contains(.inverse) != terminal.modes.reverseVideo { attributes += "R" }
        if shown.attributes.contains(.strikethrough) { attributes += "S" }
        let actual = "{\(codes.map(hex).joined(separator: ","))} width=\(max(shown.width, 1)) attrs={\(attributes)} "
            + "fg=\(LibvtermRunner.rgb(shown.foreground, isForeground: true)) bg=\(LibvtermRunner.rgb(shown.background, isForeground: false))"
        let expected = text[equals.upperBound...].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return compare(actual, expected)
    }

    private func checkPen(_ text: Substring) -> String? {
        let parts = text.components(separatedBy: " = ")
        guard parts.count == 2 else { return "unreadable" }
        let pen = terminal.screenCell(terminal.pen)
        func flag(_ on: Bool) -> String { on ? "on" : "off" }
        func color(_ color: TerminalColor, defaultName: String) -> String {
            switch color {
            case .default: return defaultName
            case .indexed(let index): return "idx(\(index))"
            case .rgb(let red, let green, let blue): return "rgb(\(red),\(green),\(blue))"
            }
        }
        let actual: String
        switch parts[0] {
        case "bold": actual = flag(pen.attributes.contains(.bold))
        case "italic": actual = flag(pen.attributes.contains(.italic))
        case "blink": actual = flag(pen.attributes.contains(.blink))
        case "reverse": actual = flag(pen.attributes.contains(.inverse))
        case "underline": actual = String(pen.underline.rawValue)
        case "foreground": actual = color(pen.foreground, defaultName: "rgb(240,240,240,is_default_fg)")
        case "background": actual = color(pen.background, defaultName: "rgb(0,0,0,is_default_bg)")
        default: actual = "unsupported pen attribute"
        }
        return compare(actual, parts[1])
    }
}
