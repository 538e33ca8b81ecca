import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Testing

/// `CleanSlateError.Code.name` is "the stable name of the code, e.g. `executableNotFound`": what a
/// failure prints (`CleanSlate timedOut at ...: ...`), what a person greps a log for and what tools
/// match. Each name is pinned as its literal, so a renamed code fails here and not in users' scripts.
/// (The element codes are pinned in `ElementWaitTests`.)
@Suite struct ErrorCodeNameTests {
    @Test(arguments: [
        (CleanSlateError.Code.executableNotFound, "executableNotFound"),
        (.notExecutable, "notExecutable"),
        (.invalidArgument, "invalidArgument"),
        (.sandboxRootMissing, "sandboxRootMissing"),
        (.sandboxRootNotWritable, "sandboxRootNotWritable"),
        (.sandboxFailed, "sandboxFailed"),
        (.sandboxWiped, "sandboxWiped"),
        (.wipeFailed, "wipeFailed"),
        (.busy, "busy"),
        (.notRunning, "notRunning"),
        (.spawnFailed, "spawnFailed"),
        (.timedOut, "timedOut"),
        (.ioFailed, "ioFailed"),
        (.appExited, "appExited"),
        (.sandboxRootInsecure, "sandboxRootInsecure"),
        (.isolationUnavailable, "isolationUnavailable"),
        (.sandboxNotCopiedBack, "sandboxNotCopiedBack"),
        (.sandboxAlreadyCreated, "sandboxAlreadyCreated"),
        (.noCleanSlateTrait, "noCleanSlateTrait"),
    ])
    func eachCodeHasItsDocumentedName(code: CleanSlateError.Code, name: String) {
        #expect(code.name == name)
        #expect(CleanSlateError(code, "m").description == "CleanSlate \(name): m", "the name is what a failure prints")
    }
}
