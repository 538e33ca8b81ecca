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
            let bytes: Data
            if input == "-" {
                bytes = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let data = FileManager.default.contents(atPath: input) else {
                    CLIOutput.error("cannot read \(input): no such file, or it is not readable")
                    return 66
                }
                bytes = data
            }
            let emulator = TerminalEmulator(rows: rows, columns: columns)
            bytes.withUnsafeBytes { emulator.feed($0) }
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

    private static func positive(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), (1...1000).contains(value) else {
            throw UsageError(message: "\(option) must be a whole number from 1 to 1000, got '\(text)'")
        }
        return value
    }
}
