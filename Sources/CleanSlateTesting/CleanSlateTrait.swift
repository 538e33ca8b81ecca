import CleanSlate
import CleanSlateTestSupport
import Testing

/// A Swift Testing trait that gives each test case its own fresh sandbox and cleans up after it.
///
/// Put `.cleanSlate` on a test or on a suite (it then applies to every test in the suite, nested
/// suites included). Each test case, each argument of a parameterized test included, gets:
/// - its own sandbox, made on first use by ``sandboxForTest(template:keep:rootDirectory:isolation:fileID:filePath:line:column:)``,
///   ``makeApp(_:arguments:environment:terminalSize:isolation:fileID:filePath:line:column:)``,
///   ``launchApp(_:arguments:environment:terminalSize:isolation:fileID:filePath:line:column:)-8ak0y`` or
///   `AppLauncher(_:)`, which all use it;
/// - when it ends, every app made through those helpers is terminated (a process an app left
///   running fails the test, named by pid and command line), then the sandbox is wiped, or kept
///   when the test case recorded an issue (or threw) and the keep policy says so, with the same
///   `CLEANSLATE_KEEP` values and message as the XCTest integration.
///
/// ```swift
/// @Suite(.cleanSlate) struct OnboardingTests {
///     @Test func firstLaunchAsks() throws {
///         let app = try launchApp(.product("SampleApp"))
///         try app.waitForOutput("What's your name? ")
///     }
/// }
/// ```
///
/// Whether a test case failed is learnt from the issues it records (through Swift Testing's
/// issue-handling trait, so known issues do not count) and from an error it throws. A
/// `CleanSlateError` thrown by a wait or an action is recorded as an issue at the line of that
/// step (its `sourceLocation`), not at the `@Test` line, and is not thrown on. The test's
/// state is bound to its task (`@TaskLocal`), so concurrently running tests never see each other's.
public struct CleanSlateTrait: TestTrait, SuiteTrait, TestScoping {
    /// When to keep a test's sandbox; nil uses `CLEANSLATE_KEEP`, else `.failed`.
    public let keep: KeepPolicy?
    /// Where sandboxes are made; nil uses `CLEANSLATE_ROOT`, else the default (see `Sandbox`).
    public let rootDirectory: String?
    /// The `Isolation` of apps made for a test case without one of their own; nil is standard.
    public let isolation: Isolation?
    let templatePreparation: TemplatePreparation?

    init(keep: KeepPolicy?, rootDirectory: String?, isolation: Isolation? = nil, template: (@Sendable (Sandbox) throws -> Void)?) {
        self.keep = keep
        self.rootDirectory = rootDirectory
        self.isolation = isolation
        templatePreparation = template.map(TemplatePreparation.init)
    }

    /// The trait applies to every test in a suite it is attached to.
    public var isRecursive: Bool { true }

    /// A scope for every test case; and, when the trait prepares a template, one around the whole
    /// suite (or test function) that prepares it once and wipes it at the end.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> CleanSlateTrait? {
        if testCase != nil { return self }
        return templatePreparation == nil ? nil : self
    }

    /// Runs a test case in its own sandbox scope, or a suite with its prepared template.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if testCase == nil, let templatePreparation {
            try await templatePreparation.provide(rootDirectory: rootDirectory, performing: function)
        } else {
            try await runTestCase(test, testCase, function)
        }
    }

    private func runTestCase(_ test: Test, _ testCase: Test.Case?, _ function: @Sendable () async throws -> Void) async throws {
        let scope = TestScope(
            testName: RunningTestName.of(test, case: testCase), keep: keep, rootDirectory: rootDirectory,
            preparedTemplate: PreparedTemplate.current?.template, isolation: isolation)
        let failureObserver = IssueHandlingTrait.compactMapIssues { issue in
            if issue.isFailure { scope.noteFailure() }
            return issue
        }
        do {
            try await TestScope.$current.withValue(scope) {
                try await failureObserver.provideScope(for: test, testCase: testCase) {
                    do {
                        try await function()
                    } catch let error as CleanSlateError where error.sourceLocation != nil {
                        // A failed step: reported once, at the step's line rather than the @Test's
                        // (the issue marks the test case failed; its apps end below as after a pass).
                        Issue.record(error, sourceLocation: Testing.SourceLocation(step: error.sourceLocation!))
                    } catch {
                        // Test.cancel() cancels the task and throws: that is not a failure.
                        if !Task.isCancelled { scope.noteFailure() }
                        await scope.terminateApps()
                        throw error
                    }
                    await scope.terminateApps()
                }
            }
        } catch {
            await scope.finishSandbox()
            throw error
        }
        await scope.finishSandbox()
    }
}

extension Trait where Self == CleanSlateTrait {
    /// A fresh sandbox for each test case, apps terminated and the sandbox wiped (or kept, per
    /// `CLEANSLATE_KEEP`) at its end; see ``CleanSlateTrait``.
    public static var cleanSlate: CleanSlateTrait { CleanSlateTrait(keep: nil, rootDirectory: nil, template: nil) }

    /// A fresh sandbox for each test case, with options.
    ///
    /// - Parameters:
    ///   - keep: when to keep a test's sandbox; nil uses `CLEANSLATE_KEEP`, else `.failed`.
    ///   - rootDirectory: where to make sandboxes (and the template); nil uses `CLEANSLATE_ROOT`, else
    ///     the default.
    ///   - isolation: the `Isolation` of every app made for a test case (`launchApp`, `makeApp`,
    ///     `AppLauncher(_:)`) without one of its own; nil is `Isolation/standard`. Put
    ///     `.cleanSlate(isolation: .strict)` on a suite for all its tests, or on one test.
    ///   - template: prepares a `SandboxTemplate` once for the whole suite (or test function) the
    ///     trait is attached to, before its first test; every test case's sandbox starts as a copy of
    ///     it. The template is wiped when the suite ends. If it throws, the suite's tests do not run
    ///     and the error is recorded.
    public static func cleanSlate(
        keep: KeepPolicy? = nil, rootDirectory: String? = nil, isolation: Isolation? = nil,
        template: (@Sendable (Sandbox) throws -> Void)? = nil
    ) -> CleanSlateTrait {
        CleanSlateTrait(keep: keep, rootDirectory: rootDirectory, isolation: isolation, template: template)
    }
}
