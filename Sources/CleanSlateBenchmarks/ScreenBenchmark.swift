import CleanSlateScreen
import Foundation

/// `cleanslate-benchmarks screen`: measures how fast ``TerminalEmulator`` consumes terminal output at 24x80.
///
/// Usage:
/// - `screen` — generates the standard workloads in memory and measures them.
/// - `screen --write-inputs DIR` — writes the standard workloads to `DIR/NAME.bin` (for the libvterm baseline).
/// - `screen FILE...` — measures the given files (the workload name is the file name without extension).
/// - `--runs N` — runs per workload (default 7); the median throughput is reported.
/// - `--hostile` — only the hostile inputs (``HostileScreenBenchmark``), which `screen` measures after the standard workloads.
///
/// The standard workloads, about 8 MB each: `ascii-scroll` (random printable lines that scroll),
/// `find-lines` (short path lines as `find` prints them), `sgr-color` (short runs with 256-colour and true-colour SGRs, both `;` and `:` forms), and `htop` and
/// `mc` (the captured full-screen programs from `shared/conformance/pyte-captured`, repeated).
func runScreenBenchmark(arguments: [String]) {
    var runs = 7
    var outputDirectory: String?
    var files: [String] = []
    var onlyHostile = false
    var index = 0
    while index < arguments.count {
        switch arguments[index] {
        case "--runs":
            index += 1
            runs = max(1, Int(arguments[index]) ?? runs)
        case "--hostile":
            onlyHostile = true
        case "--write-inputs":
            index += 1
            outputDirectory = arguments[index]
        default:
            files.append(arguments[index])
        }
        index += 1
    }

    if onlyHostile {
        HostileScreenBenchmark.run(runs: runs)
        return
    }
    var workloads: [(name: String, bytes: [UInt8])]
    if files.isEmpty {
        workloads = ScreenWorkloads.standard()
    } else {
        workloads = files.map { path in
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            return (name, [UInt8](FileManager.default.contents(atPath: path) ?? Data()))
        }
    }
    if let outputDirectory {
        for workload in workloads {
            let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent(workload.name + ".bin")
            guard FileManager.default.createFile(atPath: url.path, contents: Data(workload.bytes)) else {
                FileHandle.standardError.write(Data("cannot write \(url.path)\n".utf8))
                exit(74)
            }
            print("wrote \(url.path) (\(workload.bytes.count) bytes)")
        }
        return
    }
    for workload in workloads {
        let rate = medianThroughput(of: workload.bytes, runs: runs)
        let name = workload.name.padding(toLength: max(14, workload.name.count), withPad: " ", startingAt: 0)
        print(name + String(format: " %8.1f MB/s  (%d bytes, median of %d runs)", rate, workload.bytes.count, runs))
    }
    if files.isEmpty { HostileScreenBenchmark.run(runs: runs) }
}

/// Feeds `bytes` to a fresh 24x80 terminal in 64 KiB chunks, `runs` times; returns the median in MB/s (10^6 bytes).
private func medianThroughput(of bytes: [UInt8], runs: Int) -> Double {
    let chunk = 65_536
    var rates: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        let terminal = TerminalEmulator(rows: 24, columns: 80)
        let elapsed = clock.measure {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let end = min(offset + chunk, buffer.count)
                    terminal.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<end]))
                    offset = end
                }
            }
        }
        _ = terminal.takeReplies()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        rates.append(Double(bytes.count) / seconds / 1e6)
    }
    rates.sort()
    return rates[rates.count / 2]
}

/// Deterministic benchmark inputs.
enum ScreenWorkloads {
    static let targetSize = 8_000_000

    static func standard() -> [(name: String, bytes: [UInt8])] {
        var workloads = [("ascii-scroll", asciiScroll()), ("find-lines", findLines()), ("sgr-color", sgrColor())]
        for capture in ["htop", "mc"] {
            let path = captureDirectory.appendingPathComponent(capture + ".input").path
            guard let data = FileManager.default.contents(atPath: path) else {
                print("warning: \(path) not found; skipping \(capture)")
                continue
            }
            workloads.append((capture, repeated([UInt8](data))))
        }
        return workloads
    }

    /// `shared/conformance/pyte-captured` beside the checkout (this file is `<checkout>/Sources/CleanSlateBenchmarks/`).
    static var captureDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/conformance/pyte-captured").standardizedFileURL
    }

    static func repeated(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(targetSize + bytes.count)
        while output.count < targetSize { output += bytes }
        return output
    }

    /// Lines of 40–80 random printable characters, each ended by CR LF.
    static func asciiScroll() -> [UInt8] {
        var random = SeededRandom(seed: 1)
        var output: [UInt8] = []
        output.reserveCapacity(targetSize + 100)
        while output.count < targetSize {
            let length = 40 + Int(random.next() % 41)
            for _ in 0..<length { output.append(UInt8(0x20 + random.next() % 95)) }
            output += [0x0D, 0x0A]
        }
        return output
    }

    /// Paths as `find` prints them while it walks a tree, one per line ended by CR LF (a terminal's ONLCR):
    /// the current folder's path plus a file or folder name, 3–12 characters from the set file names use.
    /// The walk goes down into a new folder, stays, or comes back up at random, so lines share their
    /// beginnings and average 30 characters (70 % of them 20–60), and the screen scrolls on every line.
    static func findLines() -> [UInt8] {
        var random = SeededRandom(seed: 3)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789-_.".utf8)
        var folders: [[UInt8]] = [Array(".".utf8)]
        var output: [UInt8] = []
        output.reserveCapacity(targetSize + 200)
        while output.count < targetSize {
            var name: [UInt8] = []
            for _ in 0..<(3 + Int(random.next() % 10)) { name.append(letters[Int(random.next() % UInt64(letters.count))]) }
            let path = folders.joined(separator: [0x2F]) + [0x2F] + name
            output += path + [0x0D, 0x0A]
            switch random.next() % 8 {
            case 0 where folders.count < 6: folders.append(name)
            case 1 where folders.count > 1: folders.removeLast()
            default: break
            }
        }
        return output
    }

    /// Runs of 1–8 letters, each preceded by a colour or attribute SGR, with a line break about every 80 characters.
    static func sgrColor() -> [UInt8] {
        var random = SeededRandom(seed: 2)
        var output: [UInt8] = []
        output.reserveCapacity(targetSize + 100)
        var column = 0
        while output.count < targetSize {
            let value = { (limit: UInt64) in random.next() % limit }
            let sgr: String
            switch value(6) {
            case 0: sgr = "\u{1B}[38;5;\(value(256))m"
            case 1: sgr = "\u{1B}[48;5;\(value(256))m"
            case 2: sgr = "\u{1B}[38;2;\(value(256));\(value(256));\(value(256))m"
            case 3: sgr = "\u{1B}[48:2::\(value(256)):\(value(256)):\(value(256))m"
            case 4: sgr = "\u{1B}[1;4;\(31 + value(7))m"
            default: sgr = "\u{1B}[0m"
            }
            output += Array(sgr.utf8)
            let length = 1 + Int(value(8))
            for _ in 0..<length { output.append(UInt8(0x61 + value(26))) }
            column += length
            if column >= 80 {
                output += [0x0D, 0x0A]
                column = 0
            }
        }
        return output
    }
}

