import CleanSlateScreen
import Foundation

/// The hostile inputs of `cleanslate-benchmarks screen` (alone with `screen --hostile`): input that
/// makes a terminal do more work per byte than text does. Each is measured against plain ASCII of the
/// same byte count at the same screen size, in the same run, and printed as a ratio; the goal is a
/// ratio of at most 5x, and recordings that render in time linear in their size.
///
/// - `rep`: `a ESC[9999b` over and over (REP repeats the last character 9999 times), at 24x80 and 1000x1000.
/// - `resize storm`: a 1000x1000 screen full of text resized 4,000 times to sizes near 1000x1000, against
///   plain ASCII of as many bytes as those resizes take as asciicast events.
/// - `recording`: `cleanslate render` of an asciicast recording holding one output event of 10 MB and of
///   20 MB, against `cleanslate render` of the same output bytes as a raw capture, and 20 MB against 10 MB.
enum HostileScreenBenchmark {
    /// The largest ratio to plain ASCII that counts as met.
    static let goal = 5.0

    static func run(runs: Int) {
        print("hostile input, each against plain ASCII of the same byte count at the same size, median of \(runs) runs (goal: at most \(Int(goal))x)")
        rep(rows: 24, columns: 80, bytes: 1_000_000, runs: runs)
        rep(rows: 1000, columns: 1000, bytes: 200_000, runs: runs)
        resizeStorm(resizes: 4000, runs: runs)
        recording(runs: runs)
    }

    /// `a ESC[9999b` repeated to `bytes` bytes.
    static func repFlood(bytes: Int) -> [UInt8] {
        let unit = Array("a\u{1B}[9999b".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes + unit.count)
        while output.count < bytes { output += unit }
        return output
    }

    /// Random printable lines of 40–80 characters ending in CR LF, cut to `bytes` bytes.
    static func plainText(bytes: Int) -> [UInt8] {
        var random = SeededRandom(seed: 1)
        var output: [UInt8] = []
        output.reserveCapacity(bytes + 100)
        while output.count < bytes {
            for _ in 0..<(40 + Int(random.next() % 41)) { output.append(UInt8(0x20 + random.next() % 95)) }
            output += [0x0D, 0x0A]
        }
        return Array(output.prefix(bytes))
    }

    private static func rep(rows: Int, columns: Int, bytes: Int, runs: Int) {
        let flood = repFlood(bytes: bytes), plain = plainText(bytes: flood.count)
        var plainTimes: [Double] = [], floodTimes: [Double] = []
        for _ in 0..<runs {
            plainTimes.append(seconds { feed(plain, to: TerminalEmulator(rows: rows, columns: columns)) })
            floodTimes.append(seconds { feed(flood, to: TerminalEmulator(rows: rows, columns: columns)) })
        }
        report("REP flood at \(rows)x\(columns) (\(flood.count) bytes of a ESC[9999b)", plain: median(plainTimes), hostile: median(floodTimes))
    }

    private static func resizeStorm(resizes: Int, runs: Int) {
        var random = SeededRandom(seed: 5)
        let sizes = (0..<resizes).map { _ in (rows: 990 + Int(random.next() % 11), columns: 990 + Int(random.next() % 11)) }
        // What the resizes take as asciicast events, e.g. `[12.345678, "r", "995x1000"]` and a newline.
        let eventBytes = sizes.reduce(0) { $0 + "[12.345678, \"r\", \"\($1.columns)x\($1.rows)\"]\n".utf8.count }
        let fill = plainText(bytes: 1_100_000), plain = plainText(bytes: eventBytes)
        var plainTimes: [Double] = [], stormTimes: [Double] = []
        for _ in 0..<runs {
            let reference = TerminalEmulator(rows: 1000, columns: 1000)
            feed(fill, to: reference)
            plainTimes.append(seconds { feed(plain, to: reference) })
            let terminal = TerminalEmulator(rows: 1000, columns: 1000)
            feed(fill, to: terminal)
            stormTimes.append(seconds { for size in sizes { terminal.resize(rows: size.rows, columns: size.columns) } })
        }
        report("resize storm: \(resizes) resizes near 1000x1000, a full screen (as \(eventBytes) bytes of events)",
               plain: median(plainTimes), hostile: median(stormTimes))
    }

    private static func recording(runs: Int) {
        let cleanslate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cleanslate").path
        guard FileManager.default.isExecutableFile(atPath: cleanslate) else {
            print("  recording: skipped, \(cleanslate) is not built (swift build -c release --product cleanslate)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cleanslate-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var perSize: [(megabytes: Int, event: Double, raw: Double)] = []
        for megabytes in [10, 20] {
            let text = plainText(bytes: megabytes * 1_000_000)
            let raw = folder.appendingPathComponent("raw-\(megabytes).bin"), cast = folder.appendingPathComponent("event-\(megabytes).cast")
            _ = FileManager.default.createFile(atPath: raw.path, contents: Data(text))
            var recording = Data("{\"version\": 2, \"width\": 80, \"height\": 24}\n[0.5, \"o\", \"".utf8)
            recording.append(Data(jsonEscaped(text)))
            recording.append(Data("\"]\n".utf8))
            _ = FileManager.default.createFile(atPath: cast.path, contents: recording)
            var rawTimes: [Double] = [], eventTimes: [Double] = []
            for _ in 0..<runs {
                rawTimes.append(seconds { render(cleanslate, ["render", "--rows", "24", "--cols", "80", raw.path]) })
                eventTimes.append(seconds { render(cleanslate, ["render", cast.path]) })
            }
            perSize.append((megabytes, median(eventTimes), median(rawTimes)))
            report("recording with one \(megabytes) MB output event (cleanslate render, against the raw capture)",
                   plain: median(rawTimes), hostile: median(eventTimes))
        }
        let growth = perSize[1].event / perSize[0].event
        print(String(format: "  recording 20 MB event / 10 MB event: %.2fx the time for 2x the bytes (linear: about 2x)", growth))
    }

    /// `bytes` as the inside of a JSON string, as asciicast writers escape it.
    static func jsonEscaped(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            switch byte {
            case 0x0D: output += Array("\\r".utf8)
            case 0x0A: output += Array("\\n".utf8)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), byte]
            case 0..<0x20: output += Array(String(format: "\\u%04x", byte).utf8)
            default: output.append(byte)
            }
        }
        return output
    }

    private static func render(_ executable: String, _ arguments: [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            print("  cannot run \(executable): \(error)")
        }
        if process.terminationStatus != 0 { print("  \(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
    }

    private static func feed(_ bytes: [UInt8], to terminal: TerminalEmulator) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let end = min(offset + 65_536, buffer.count)
                terminal.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
                offset = end
            }
        }
        _ = terminal.takeReplies()
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private static func report(_ name: String, plain: Double, hostile: Double) {
        let ratio = hostile / plain
        print("  \(name)")
        print(String(format: "    plain ASCII %9.2f ms   hostile %9.2f ms   %7.2fx  ", plain * 1000, hostile * 1000, ratio)
              + (ratio <= goal ? "(goal met)" : "(over the \(Int(goal))x goal)"))
    }
}
