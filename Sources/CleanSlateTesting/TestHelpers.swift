import CleanSlate
import CleanSlateTestSupport
import Testing

// The Swift Testing counterparts of the XCTestCase methods of CleanSlateXCTest: the same names and
// arguments, so moving a test between frameworks changes its attributes, not its body. They need the
// running test to have the `.cleanSlate` trait (on the test or its suite).

/// This test case's sandbox: created on first use and wiped (or kept, per the keep policy) when the
/// test case ends, after every app made for it has been terminated.
///
/// Every call within one test case returns the same sandbox, so a relaunched app sees what the
/// previous launch saved; the next test case (each argument of a parameterized test too) gets a new one.
///
/// - Parameters:
///   - template: a prepared `SandboxTemplate` to clone; nil uses the template the trait prepared,
///     if any, else starts empty. Only the first call creates the sandbox: a template passed after the
///     sandbox was created without it throws `.sandboxAlreadyCreated`.
///   - keep: when to keep the sandbox; nil uses the trait's, else `CLEANSLATE_KEEP`, else `.failed`.
///   - rootDirectory: where to create it; nil uses the trait's, else `CLEANSLATE_ROOT`, else the default.
///   - isolation: the `Isolation` of the apps this test case makes from now on without one of
///     their own; nil leaves it as it is (the trait's, else `Isolation/standard`).
///   - fileID: the caller's file, for failure reports; leave the default.
///   - filePath: the caller's file path, for failure reports; leave the default.
///   - line: the caller's line, for failure reports; leave the default.
///   - column: the caller's column, for failure reports; leave the default.
/// - Throws: `.noCleanSlateTrait` outside a test with the `.cleanSlate` trait.
public func sandboxForTest(
    template: SandboxTemplate? = nil, keep: KeepPolicy? = nil, rootDirectory: String? = nil, isolation: Isolation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> Sandbox {
    let location = CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let scope = try currentScope(for: "sandboxForTest()")
    let sandbox = try scope.sandbox(template: template, keep: keep, rootDirectory: rootDirectory, location: location)
    if let isolation { scope.setIsolation(isolation) }
    return sandbox
}

/// A launcher for `executable` in this test case's sandbox, not yet launched; it is terminated when
/// the test case ends (before the sandbox is wiped). A process the app started that is still running
/// then is killed and fails the test, named by pid and command line.
///
/// With `terminalSize` the app runs on a pseudo-terminal of that size; without it, over pipes.
/// `isolation` is its `AppLauncher/isolation`; nil uses the test case's (`.cleanSlate(isolation:)`
/// or `sandboxForTest(isolation:)`), else `Isolation/standard`.
/// - Throws: `.noCleanSlateTrait` outside a test with the `.cleanSlate` trait.
public func makeApp(
    _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
    terminalSize: TerminalSize? = nil, isolation: Isolation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> AppLauncher {
    try makeApp(
        calledAs: "makeApp(_:)", executable, arguments: arguments, environment: environment, terminalSize: terminalSize,
        isolation: isolation, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// ``makeApp(_:arguments:environment:terminalSize:isolation:fileID:filePath:line:column:)`` for the
/// public helper named `helper`, which an error outside a test with the trait names.
private func makeApp(
    calledAs helper: String, _ executable: Executable, arguments: [String], environment: [String: String],
    terminalSize: TerminalSize?, isolation: Isolation?, location: CallerLocation
) throws -> AppLauncher {
    let app = try AppLauncher(executable, calledAs: helper, location: location)
    app.launchArguments = arguments
    app.launchEnvironment = environment
    app.terminalSize = terminalSize
    if let isolation { app.isolation = isolation }
    return app
}

/// Launches `executable` in this test case's sandbox; it is terminated when the test case ends.
///
/// ```swift
/// @Test(.cleanSlate) func asksForAName() throws {
///     let app = try launchApp(.product("SampleApp"))
///     try app.waitForOutput("What's your name? ")
/// }
/// ```
/// - Throws: `.noCleanSlateTrait` outside a test with the `.cleanSlate` trait, and what
///   `AppLauncher/launch()` throws.
@discardableResult
public func launchApp(
    _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
    terminalSize: TerminalSize? = nil, isolation: Isolation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> AppLauncher {
    let app = try makeApp(
        calledAs: "launchApp(_:)", executable, arguments: arguments, environment: environment, terminalSize: terminalSize,
        isolation: isolation, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    try app.launch()
    return app
}

/// The awaited form of ``launchApp(_:arguments:environment:terminalSize:isolation:fileID:filePath:line:column:)-8ak0y``,
/// which Swift calls in an `async` test: the launch suspends the test's task instead of holding its
/// thread (see `AppLauncher/launch()`).
///
/// ```swift
/// @Test(.cleanSlate) func asksForAName() async throws {
///     let app = try await launchApp(.product("SampleApp"))
///     try await app.waitForOutput("What's your name? ")
/// }
/// ```
/// - Throws: `.noCleanSlateTrait` outside a test with the `.cleanSlate` trait, what `AppLauncher/launch()`
///   throws, and `CancellationError` when the task is cancelled (the app is then terminated).
@discardableResult
public func launchApp(
    _ executable: Executable, arguments: [String] = [], environment: [String: String] = [:],
    terminalSize: TerminalSize? = nil, isolation: Isolation? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async throws -> AppLauncher {
    let app = try makeApp(
        calledAs: "launchApp(_:)", executable, arguments: arguments, environment: environment, terminalSize: terminalSize,
        isolation: isolation, location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    try await app.launch()
    return app
}

extension AppLauncher {
    /// A launcher for `executable` in the sandbox of the running test case (which needs the
    /// `.cleanSlate` trait), terminated when the test case ends, as ``makeApp(_:arguments:environment:terminalSize:isolation:fileID:filePath:line:column:)``,
    /// with the test case's isolation.
    ///
    /// - Throws: `.noCleanSlateTrait` outside a test with the `.cleanSlate` trait.
    public convenience init(
        _ executable: Executable,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws {
        try self.init(
            executable, calledAs: "AppLauncher(_:)",
            location: CallerLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The launcher of ``init(_:fileID:filePath:line:column:)`` for the public helper named `helper`.
    fileprivate convenience init(_ executable: Executable, calledAs helper: String, location: CallerLocation) throws {
        let scope = try currentScope(for: helper)
        self.init(executable, sandbox: try scope.sandbox(template: nil, keep: nil, rootDirectory: nil, location: location))
        isolation = scope.isolation
        try scope.register(self, location: location)
    }
}

extension CleanSlateError.Code {
    /// A Swift Testing helper (`launchApp`, `makeApp`, `sandboxForTest`, `AppLauncher(_:)`) was
    /// called where no test with the `.cleanSlate` trait is running.
    public static let noCleanSlateTrait = CleanSlateError.Code("noCleanSlateTrait")
}

/// The scope of the running test case, or the error that says how to get one.
private func currentScope(for helper: String) throws -> TestScope {
    if let scope = TestScope.current { return scope }
    let reason = Test.current.map { "the test \($0.name) has no .cleanSlate trait" } ?? "no Swift Testing test is running in this task"
    throw CleanSlateError(
        .noCleanSlateTrait,
        "\(helper) needs a test with the .cleanSlate trait, but \(reason): write @Test(.cleanSlate) or @Suite(.cleanSlate) "
            + "(in an XCTestCase, import CleanSlateXCTest and call its methods; in a detached task, the test's scope is not inherited)")
}
