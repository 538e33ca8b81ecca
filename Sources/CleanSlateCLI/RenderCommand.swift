import CleanSlateScreen
import Foundation

/// `cleanslate render`: a captured byte stream through the emulator, printed as the final screen.
enum RenderCommand {
    static func main(_ arguments: [String]) -> Int32 {
        var reader = ArgumentReader(arguments)
        var rows: Int?
        var columns: Int?
        var showCursor = false
        var framed = false
        var input: String?
        do {
            while let argument = reader.next() {
                switch argument {
                case "--rows": rows = try positive(reader.value(for: "--rows"), "--rows")
                case "--cols", "--columns": columns = try positive(reader.value(for: "--cols"), "--cols")
                case "--cursor": showCursor = true
                case "--framed": framed = true
                case "-": input = "-"
                case let option where option.hasPrefix("-"):
                    throw UsageError(message: "unknown option '\(option)' for render; see 'cleanslate --help'")
                default:
                    if input != nil { throw UsageError(message: "render takes one FILE (or -), got a second: '\(argument)'") }
                    input = argument
                }
            }
            guard let rows, let columns else { throw UsageError(message: "render needs --rows R and --cols C") }
            guard let input else { throw UsageError(message: "render needs a FILE to read, or - for standard input") }
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
            let emulator = TerminalEmulator(rows: rows, columns: columns)
            if let failure = feed(emulator, from: handle) {
                CLIOutput.error("cannot read \(input == "-" ? "standard input" : input): \(failure)")
                return 66
            }
            let screen = emulator.snapshot()
            if framed {
                CLIOutput.line(screen.framed(showCursor: showCursor))
            } else {
                for line in screen.lines { CLIOutput.line(line) }
                if showCursor { CLIOutput.line("cursor: row \(screen.cursor.row), column \(screen.cursor.column)") }
            }
            return 0
        } catch let error as UsageError {
            CLIOutput.error(error.message)
            return 64
        } catch {
            CLIOutput.error("\(error)")
            return 70
        }
    }

    /// The most bytes read and fed at a time: memory stays this small whatever the input's size.
    static let chunkSize = 1 << 16

    /// Feeds everything `handle` holds to `emulator`, a chunk at a time. Returns why reading failed, if it did.
    private static func feed(_ emulator: TerminalEmulator, from handle: FileHandle) -> Error? {
        do {
            while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
                chunk.withUnsafeBytes { emulator.feed($0) }
            }
            return nil
        } catch {
            return error
        }
    }

    private static func positive(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), (1...1000).contains(value) else {
            throw UsageError(message: "\(option) must be a whole number from 1 to 1000, got '\(text)'")
        }
        return value
    }
}
