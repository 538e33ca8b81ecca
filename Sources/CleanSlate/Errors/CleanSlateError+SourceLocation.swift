extension CleanSlateError {
    /// Where in a test's source the step that failed was called: the line of the
    /// `try app.waitForOutput(...)` or `try app.buttons["OK"].click()`, captured by the step's
    /// defaulted `fileID:filePath:line:column:` parameters (as `#expect` captures its own).
    ///
    /// The test integrations report a thrown error that has one at that line (the `.cleanSlate`
    /// trait records it as an issue there; `CleanSlateTestCase` records an XCTest failure there),
    /// and ``CleanSlateError/description`` names it, so a report that points elsewhere (a thrown
    /// error in a plain XCTest case is located at `<EXPR>:0`) still says which line failed.
    public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
        /// The file as `Module/File.swift` (`#fileID`).
        public let fileID: String
        /// The file's full path (`#filePath`).
        public let filePath: String
        /// The line, from 1.
        public let line: Int
        /// The column, from 1.
        public let column: Int

        /// A location from the literals a step's defaulted parameters capture.
        public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
            self.init(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        }

        /// A location from its parts.
        public init(fileID: String, filePath: String, line: Int, column: Int) {
            self.fileID = fileID
            self.filePath = filePath
            self.line = line
            self.column = column
        }

        /// `Module/File.swift:LINE`, as messages name it.
        public var description: String { "\(fileID):\(line)" }
    }

    /// This error, reported at `location` (nil: at no particular line).
    public func located(at location: SourceLocation?) -> CleanSlateError {
        var located = self
        located.sourceLocation = location
        return located
    }
}

/// The call site of a public wait or action, kept as the literals its defaulted parameters
/// captured (no string is made unless the step fails). ``run(_:)`` runs the step and locates a
/// `CleanSlateError` it throws at this call site; a step that calls another public step (a
/// `toggle()` selects, then presses) is located by the outermost one, the test's own line.
struct StepCallSite {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    var location: CleanSlateError.SourceLocation {
        CleanSlateError.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `step` on the calling thread.
    func run<Result>(_ step: () throws -> Result) rethrows -> Result {
        do { return try step() } catch let error as CleanSlateError { throw error.located(at: location) }
    }

    /// Runs `step` in the calling task.
    func run<Result>(_ step: () async throws -> Result) async rethrows -> Result {
        do { return try await step() } catch let error as CleanSlateError { throw error.located(at: location) }
    }
}
