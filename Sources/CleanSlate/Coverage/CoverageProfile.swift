/// Where an app writes its code coverage profile when the test process runs under coverage
/// (`swift test --enable-code-coverage` sets `LLVM_PROFILE_FILE`, for example to
/// `.build/debug/codecov/XCTest%m.%p.profraw`).
///
/// The app never writes in the test process's folder itself. Each launch gets a private folder of
/// its own inside the sandbox (`.cleanslate-coverage/<launch>/`), and when the launch has ended
/// ``CoverageHarvest`` moves the profiles it finds there into the test process's folder, where
/// SwiftPM merges every `.profraw` into the report of `swift test --show-codecov-path`. So an app
/// (strict or not) cannot plant a symlink where SwiftPM's merge writes, fill the build folder, or
/// leave a file there that breaks the merge; and strict isolation binds no host folder writable for it.
///
/// The app's name holds `%p` (its pid) and `%m` (the binary's signature): unique per process within
/// a launch, and where two processes do meet on one name `%m` makes the LLVM runtime merge into the
/// existing file under a lock rather than overwrite it. An app's children that are other
/// instrumented programs get names of their own (another `%m`).
struct CoverageProfile: Equatable {
    /// The variable the LLVM profile runtime reads, in the test process and in the app.
    static let environmentVariable = "LLVM_PROFILE_FILE"
    /// The folder of the sandbox root that holds each launch's private profile folder.
    static let sandboxFolderName = ".cleanslate-coverage"

    /// The folder the test process's profiles go to (absolute): where harvested profiles are moved.
    let folder: String
    /// The name of the launch's private folder in ``sandboxFolderName`` (also the prefix of the
    /// harvested files' names, which keeps launches into one sandbox apart).
    let launchFolderName: String
    /// The app's `LLVM_PROFILE_FILE`: in the launch's private folder of the sandbox at `sandboxRoot`.
    let appValue: String

    /// The profile of launch `launchName` into the sandbox at `sandboxRoot`, or nil when the test
    /// process's `testProcessValue` is unset or empty (then the app gets no variable at all). A
    /// relative value is taken from `currentDirectory`, as the runtime in the test process does.
    init?(testProcessValue: String?, currentDirectory: String, sandboxRoot: String, launchName: String) {
        guard let value = testProcessValue, !value.isEmpty else { return nil }
        let absolute = value.hasPrefix("/") ? value : currentDirectory + "/" + value
        guard let slash = absolute.lastIndex(of: "/") else { return nil }
        let parent = String(absolute[..<slash])
        folder = parent.isEmpty ? "/" : parent
        launchFolderName = launchName
        appValue = "\(sandboxRoot)/\(Self.sandboxFolderName)/\(launchName)/%p-%m.profraw"
    }
}
