import CleanSlateScreen
import Foundation

/// `cleanslate render`: a captured byte stream, or an asciicast recording, through the emulator,
/// printed as the final screen (or the screen at a moment of the recording).
enum RenderCommand {
    /// How the screen is printed.
    enum Format: String {
        case text, styled, html, svg
    }

    struct Options {
        var rows: Int?
        var columns: Int?
        var showCursor = false
        var framed = false
        var format = Format.text
        var at: Double?
        var input: String?
        /// Print the recognised elements (`--elements`) instead of the screen.
        var elements = false
        /// With `--elements`: as the JSON listing (`--json`, see ``ElementListingJSON``).
        var json = false
    }

    static func main(_ arguments: [String]) -> Int32 {
        do {
            let options = try parse(arguments)
            guard let input = options.input else { throw UsageError(message: "render needs a FILE to read, or - for standard input") }
            let handle: FileHandle
            if input == "-" {
                handle = FileHandle.standardInput
            } else {
                guard let file = FileHandle(forReadingAtPath: input) else {
                    CLIOutput.error("cannot read \(input): no such file, or it is not readable")
                    return 66
                }
                handle = file
            }
            let name = input == "-" ? "standard input" : input
            let screen: ScreenSnapshot
            do {
                screen = try render(from: handle, options)
            } catch let error as AsciicastPlayback.Malformed {
                CLIOutput.error("cannot render the recording \(name): \(error)")
                return 65
            } catch let error as UsageError {
                throw error
            } catch {
                CLIOutput.error("cannot read \(name): \(error)")
                return 66
            }
            print(screen, options)
            return 0
        } catch let error as UsageError {
            CLIOutput.error(error.message)
            return 64
        } catch {
            CLIOutput.error("\(error)")
            return 70
        }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var reader = ArgumentReader(arguments)
        var options = Options()
        while let argument = reader.next() {
            switch argument {
            case "--rows": options.rows = try positive(reader.value(for: "--rows"), "--rows")
            case "--cols", "--columns": options.columns = try positive(reader.value(for: "--cols"), "--cols")
            case "--cursor": options.showCursor = true
            case "--framed": options.framed = true
            case "--elements": options.elements = true
            case "--json": options.json = true
            case "--format":
                let value = try reader.value(for: "--format")
                guard let format = Format(rawValue: value) else {
                    throw UsageError(message: "--format takes text, styled, html or svg, got '\(value)'")
                }
                options.format = format
            case "--at":
                let value = try reader.value(for: "--at")
                guard let seconds = Double(value), seconds >= 0, seconds.isFinite else {
                    throw UsageError(message: "--at takes a number of seconds from the start of the recording (0 or more), got '\(value)'")
                }
                options.at = seconds
            case "-": options.input = "-"
            case let option where option.hasPrefix("-"):
                throw UsageError(message: "unknown option '\(option)' for render; see 'cleanslate --help'")
            default:
                if options.input != nil { throw UsageError(message: "render takes one FILE (or -), got a second: '\(argument)'") }
                options.input = argument
            }
        }
        if options.json && !options.elements {
            throw UsageError(message: "--json is the format of --elements: give both (render --elements --json FILE)")
        }
        if options.elements && (options.format != .text || options.framed || options.showCursor) {
            throw UsageError(message: "--elements prints the element tree; it takes no --format, --framed or --cursor")
        }
        if (options.rows == nil) != (options.columns == nil) {
            throw UsageError(message: "render needs both --rows R and --cols C, or neither (for a recording, whose header gives the size)")
        }
        return options
    }

    private static func print(_ screen: ScreenSnapshot, _ options: Options) {
        if options.elements {
            CLIOutput.line(options.json ? ElementListingJSON.text(of: screen) : screen.elements.debugDescription)
            return
        }
        switch options.format {
        case .styled: CLIOutput.line(screen.styledText())
        case .html: CLIOutput.line(screen.html())
        case .svg: CLIOutput.line(screen.svg())
        case .text where options.framed: CLIOutput.line(screen.framed(showCursor: options.showCursor))
        case .text:
            for line in screen.lines { CLIOutput.line(line) }
            if options.showCursor { CLIOutput.line("cursor: row \(screen.cursor.row), column \(screen.cursor.column)") }
        }
    }

    /// The most bytes read and fed at a time: memory stays this small whatever the input's size
    /// (for a recording: this plus its longest line).
    static let chunkSize = 1 << 16

    /// The screen `handle`'s bytes make: a recording (detected by its header line) replayed up to
    /// `--at`, or a raw capture fed whole.
    private static func render(from handle: FileHandle, _ options: Options) throws -> ScreenSnapshot {
        var pending = Data()
        var lines = LineBuffer()
        var emulator: TerminalEmulator?
        var isRecording = false
        var lineNumber = 0
        var stopped = false
        while !stopped, let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            if emulator == nil {
                pending.append(chunk)
                guard let newline = pending.firstIndex(of: 0x0A) ?? (pending.count > (1 << 20) ? pending.endIndex : nil) else { continue }
                isRecording = AsciicastPlayback.isHeader(pending[..<newline])
                if isRecording {
                    let size = try AsciicastPlayback.size(fromHeader: pending[..<newline])
                    emulator = TerminalEmulator(rows: options.rows ?? size.rows, columns: options.columns ?? size.columns)
                    lines.append(pending[newline...].dropFirst())
                    pending = Data()
                    lineNumber = 1
                } else {
                    let made = try rawEmulator(options)
                    emulator = made
                    pending.withUnsafeBytes { made.feed($0) }
                    pending = Data()
                    continue
                }
            } else if isRecording {
                lines.append(chunk)
            } else {
                chunk.withUnsafeBytes { emulator!.feed($0) }
                continue
            }
            while let line = lines.nextLine() {
                lineNumber += 1
                if !(try AsciicastPlayback.apply(line, number: lineNumber, to: emulator!, until: options.at)) {
                    stopped = true
                    break
                }
            }
        }
        if emulator == nil {
            // Shorter than one line: a raw capture, unless it is a recording's header alone.
            if AsciicastPlayback.isHeader(pending) {
                let size = try AsciicastPlayback.size(fromHeader: pending)
                return TerminalEmulator(rows: options.rows ?? size.rows, columns: options.columns ?? size.columns).snapshot()
            }
            let made = try rawEmulator(options)
            pending.withUnsafeBytes { made.feed($0) }
            return made.snapshot()
        }
        if isRecording && !stopped && !lines.isEmpty {
            _ = try AsciicastPlayback.apply(lines.takeRest(), number: lineNumber + 1, to: emulator!, until: options.at)
        }
        return emulator!.snapshot()
    }

    /// The emulator for a raw capture, which needs the size given.
    private static func rawEmulator(_ options: Options) throws -> TerminalEmulator {
        guard let rows = options.rows, let columns = options.columns else {
            throw UsageError(message: "render needs --rows R and --cols C for a raw byte capture (a recording's header gives its size)")
        }
        if options.at != nil {
            throw UsageError(message: "--at needs an asciicast recording; a raw byte capture has no times")
        }
        return TerminalEmulator(rows: rows, columns: columns)
    }

    private static func positive(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), (1...1000).contains(value) else {
            throw UsageError(message: "\(option) must be a whole number from 1 to 1000, got '\(text)'")
        }
        return value
    }
}
