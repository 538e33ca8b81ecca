/// The one error type CleanSlate throws.
///
/// Every error carries a ``Code`` that a test can match on, the underlying `errno` when a system call
/// failed, and a message that names the failing thing (the path, the executable, the variable) and,
/// where there is one, what to do about it. Codes are an open set: new ones can be added without
/// breaking code that switches over the existing ones.
///
/// An error thrown by a wait or an action also carries its ``sourceLocation``: the line of the test
/// that called the step.
public struct CleanSlateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is. An extensible set of named values.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable name of the code, e.g. `executableNotFound`.
        public let name: String
        /// Creates a code with a stable name.
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// No executable of that name exists where CleanSlate looked.
        public static let executableNotFound = Code("executableNotFound")
        /// The file exists but cannot be executed (no execute permission, or a directory).
        public static let notExecutable = Code("notExecutable")
        /// An argument, environment variable or path is malformed (for example contains NUL).
        public static let invalidArgument = Code("invalidArgument")
        /// The folder that sandboxes are created in does not exist.
        public static let sandboxRootMissing = Code("sandboxRootMissing")
        /// The folder that sandboxes are created in exists but cannot be written.
        public static let sandboxRootNotWritable = Code("sandboxRootNotWritable")
        /// A sandbox could not be created, seeded or read.
        public static let sandboxFailed = Code("sandboxFailed")
        /// A sandbox was used after it had been wiped.
        public static let sandboxWiped = Code("sandboxWiped")
        /// Wiping a sandbox could not remove everything; the message names the path and the reason.
        public static let wipeFailed = Code("wipeFailed")
        /// The operation conflicts with one already in progress (for example launch during a wait).
        public static let busy = Code("busy")
        /// The operation needs a running (or launched) app and there is none.
        public static let notRunning = Code("notRunning")
        /// posix_spawn or one of its preparations failed.
        public static let spawnFailed = Code("spawnFailed")
        /// A wait ran out of time before its condition held.
        public static let timedOut = Code("timedOut")
        /// Reading from or writing to the app failed.
        public static let ioFailed = Code("ioFailed")
        /// The app exited while a wait for something else was in progress.
        public static let appExited = Code("appExited")
        /// The folder that sandboxes are created in (or a folder above it) could be changed by another
        /// user: it is writable by others without the sticky bit, or owned by another user. The
        /// message names the folder and the `chmod`/`chown` that fixes it.
        public static let sandboxRootInsecure = Code("sandboxRootInsecure")
        /// Strict isolation (``Isolation/strict(_:)``) cannot be set up on this machine, usually
        /// because the kernel refuses unprivileged user namespaces; the message names the setting
        /// and how to allow it.
        public static let isolationUnavailable = Code("isolationUnavailable")
        /// A size-limited sandbox (``Faults/sandboxSizeLimit``) was not copied back when the app
        /// exited (it held a FIFO, copying it would pass the limit, the host's disk was full): the
        /// sandbox holds what it held before the launch. The message names the entry and the reason.
        public static let sandboxNotCopiedBack = Code("sandboxNotCopiedBack")
    }

    /// What kind of failure this is.
    public let code: Code
    /// The `errno` of the failing system call, when one failed.
    public let errno: Int32?
    /// A message that names the failing thing and what to do.
    public let message: String
    /// The line of the test whose step (a wait, an action) failed, when a step threw this; nil for
    /// other errors. See ``SourceLocation``.
    public internal(set) var sourceLocation: SourceLocation?

    /// Creates an error.
    public init(_ code: Code, errno: Int32? = nil, _ message: String) {
        self.code = code
        self.errno = errno
        self.message = message
    }

    /// The error as test frameworks print it: the code, the step's line when a step threw it
    /// (`CleanSlate timedOut at MyTests/LoginTests.swift:42: ...`) and the message, in ASCII (see
    /// `ConsoleText`: `swift test` drops output cut inside a character), with the errno's name.
    public var description: String {
        let text = ConsoleText.safe(message)
        let place = sourceLocation.map { " at \(ConsoleText.safe($0.description))" } ?? ""
        if let errno { return "CleanSlate \(code)\(place): \(text) (errno \(errno): \(SystemCall.describe(errno)))" }
        return "CleanSlate \(code)\(place): \(text)"
    }

    /// Two errors are equal when their code, errno and message are: where a step threw it is not
    /// part of what went wrong.
    public static func == (lhs: CleanSlateError, rhs: CleanSlateError) -> Bool {
        lhs.code == rhs.code && lhs.errno == rhs.errno && lhs.message == rhs.message
    }
}
