import CleanSlate

/// `cleanslate sweep`: removes the sandboxes whose owner is gone (and kept ones past the retention
/// period) from a root folder, killing their processes first, and lists each one.
enum SweepCommand {
    /// Exit codes: 0 done (also when there was nothing to sweep), 1 when a sandbox could not be
    /// removed entirely, 64 bad usage or a bad `CLEANSLATE_KEEP_DAYS`, 70 an unusable root folder.
    static func main(_ arguments: [String]) -> Int32 {
        do {
            var dryRun = false
            var rootDirectory: String?
            var reader = ArgumentReader(arguments)
            while let argument = reader.next() {
                switch argument {
                case "--dry-run": dryRun = true
                case "--root": rootDirectory = try reader.value(for: "--root")
                default: throw UsageError(message: "unknown argument '\(argument)' for sweep; see 'cleanslate --help'")
                }
            }
            let folder = try Sandbox.resolvedRootDirectory(rootDirectory)
            let swept = try Sandbox.sweep(rootDirectory: folder, dryRun: dryRun)
            if swept.isEmpty { CLIOutput.line("nothing to sweep in \(folder)") }
            for sandbox in swept { CLIOutput.line(sandbox.description) }
            return swept.contains { $0.failure != nil } ? 1 : 0
        } catch let error as UsageError {
            CLIOutput.error(error.message)
            return 64
        } catch let error as CleanSlateError {
            CLIOutput.error(error.description)
            return error.code == .invalidArgument ? 64 : 70
        } catch {
            CLIOutput.error("\(error)")
            return 70
        }
    }
}
