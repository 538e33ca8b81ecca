/// Where an app writes its code coverage profile when the test process runs under coverage
/// (`swift test --enable-code-coverage` sets `LLVM_PROFILE_FILE`, for example to
/// `.build/debug/codecov/XCTest%m.%p.profraw`): the same folder, under a name of its own.
///
/// The name holds the sandbox's name, the launch's number, `%p` (the app's pid) and `%m` (the
/// binary's signature, which also makes the LLVM runtime merge into an existing file under a lock
/// rather than overwrite it): a pid repeats across strict launches (each has its own PID
/// namespace), and an app's children may be other instrumented programs. SwiftPM merges every
/// `.profraw` in that folder into the report of `swift test --show-codecov-path`.
struct CoverageProfile: Equatable {
    /// The variable the LLVM profile runtime reads, in the test process and in the app.
    static let environmentVariable = "LLVM_PROFILE_FILE"

    /// The folder the test process's profiles go to (absolute).
    let folder: String
    /// The app's `LLVM_PROFILE_FILE`.
    let appValue: String

    /// The profile of launch number `launch` in the sandbox named `sandboxName`, or nil when the
    /// test process's `testProcessValue` is unset or empty (then the app gets no variable at all).
    /// A relative value is taken from `currentDirectory`, as the runtime in the test process does.
    init?(testProcessValue: String?, currentDirectory: String, sandboxName: String, launch: Int) {
        guard let value = testProcessValue, !value.isEmpty else { return nil }
        let absolute = value.hasPrefix("/") ? value : currentDirectory + "/" + value
        guard let slash = absolute.lastIndex(of: "/") else { return nil }
        let parent = String(absolute[..<slash])
        folder = parent.isEmpty ? "/" : parent
        appValue = (folder == "/" ? "" : folder) + "/\(sandboxName)-launch\(launch)-%p-%m.profraw"
    }
}
