/// `--reset-data`: deletes SampleApp's own folder in each XDG base directory (config, data,
/// cache, state), so the next step runs as on a first launch. Nothing else is touched.
struct DataReset {
    /// Where SampleApp's files live.
    let paths: AppPaths

    /// Removes every `sampleapp` folder whose base directory can be found, and reports the reset
    /// with one line on standard error. Base directories that cannot be found are skipped: there
    /// is nothing of SampleApp's there to delete.
    func run() throws(SampleAppError) {
        for kind in BaseDirectory.allCases {
            guard let folder = try? paths.appDirectory(kind) else { continue }
            try FileStore.removeTree(folder)
        }
        Console.reportError("--reset-data: removed saved profile, notes, cache and state")
    }
}
