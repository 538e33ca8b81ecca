/// `cache warm|status`: a cache file in `$XDG_CACHE_HOME/sampleapp/index.cache`, there to show
/// a sandboxed cache folder at work ("warm" when the file exists, "cold" when it does not).
struct CacheCommand {
    /// Where SampleApp's files live.
    let paths: AppPaths

    /// Runs the action named by the first argument.
    func run(_ arguments: [RawArgument]) throws(SampleAppError) -> ExitStatus {
        guard let action = arguments.first?.text else {
            throw .usage("'cache' needs an action: warm or status")
        }
        guard action == "warm" || action == "status" else {
            throw .usage("unknown cache action '\(action)' (expected warm or status)")
        }
        try Commands.expectNoArguments(Array(arguments.dropFirst()), for: "cache \(action)")
        let file = try paths.cacheFile()
        if action == "warm" {
            try FileStore.writeAtomically(Array("sampleapp index v1\n".utf8), to: file)
            try Console.writeLine("cache: warm")
        } else {
            try Console.writeLine(FileStore.exists(file) ? "cache: warm" : "cache: cold")
        }
        return .success
    }
}
