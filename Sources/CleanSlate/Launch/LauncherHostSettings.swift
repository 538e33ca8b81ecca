import Foundation

/// What a launcher takes from the test process when it is created: the variables that change how it
/// launches (read once, so a launcher behaves the same for its whole life, and never written:
/// concurrently running tests share the process's environment).
struct LauncherHostSettings {
    /// `CLEANSLATE_TIMEOUT_SCALE` (``TimeoutScale``), nil when unset.
    var timeoutScale: String?
    /// `LLVM_PROFILE_FILE` (``CoverageProfile``), nil when unset.
    var profileFile: String?
    /// `CLEANSLATE_FAULT_SEED` (``Faults``), nil when unset.
    var faultSeed: String?
    /// The test process's working directory, for a relative `LLVM_PROFILE_FILE`.
    var currentDirectory = FileManager.default.currentDirectoryPath

    /// The test process's settings now.
    static func current() -> LauncherHostSettings {
        LauncherHostSettings(timeoutScale: FileSystemCall.environmentValue(TimeoutScale.environmentVariable),
                             profileFile: FileSystemCall.environmentValue(CoverageProfile.environmentVariable),
                             faultSeed: FileSystemCall.environmentValue(Faults.seedEnvironmentVariable))
    }
}
