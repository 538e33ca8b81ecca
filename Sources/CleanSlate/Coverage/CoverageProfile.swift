/// Where an app writes its code coverage profile when the test process runs under coverage
/// (`swift test --enable-code-coverage` sets `LLVM_PROFILE_FILE`, for example to
/// `.build/debug/codecov/XCTest%m.%p.profraw`): the same folder, under a name of its own.
///
/// The name holds the sandbox's name, `%p` (the app's pid) and `%m` (the binary's signature):
/// unique per process in standard isolation, and where two processes do meet on one name (a pid
/// repeats across strict launches, each with its own PID namespace) `%m` makes the LLVM runtime
/// merge into the existing file under a lock rather than overwrite it, which for the same binary
/// is the same count. An app's children that are other instrumented programs get names of their
/// own (another `%m`). SwiftPM merges every `.profraw` in that folder into the report of
/// `swift test --show-codecov-path`. (No launch number: ``AppLauncher/resolvedEnvironment()``
/// must equal what the next launch receives whenever it is asked.)
struct CoverageProfile: Equatable {
    /// The variable the LLVM profile runtime reads, in the test process and in the app.
    static let environmentVariable = "LLVM_PROFILE_FILE"

    /// The folder the test process's profiles go to (absolute).
    let folder: String
    /// The app's `LLVM_PROFILE_FILE`.
    let appValue: String

    /// The profile of a launch in the sandbox named `sandboxName`, or nil when the
    /// test process's `testProcessValue` is unset or empty (then the app gets no variable at all).
    /// A relative value is taken from `currentDirectory`, as the runtime in the test process does.
    init?(testProcessValue: String?, currentDirectory: String, sandboxName: String) {
        guard let value = testProcessValue, !value.isEmpty else { return nil }
        let absolute = value.hasPrefix("/") ? value : currentDirectory + "/" + value
        guard let slash = absolute.lastIndex(of: "/") else { return nil }
        let parent = String(absolute[..<slash])
        folder = parent.isEmpty ? "/" : parent
        appValue = (folder == "/" ? "" : folder) + "/\(sandboxName)-%p-%m.profraw"
    }
}
