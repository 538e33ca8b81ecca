import CleanSlate
import CleanSlateTestSupport

/// The template a ``CleanSlateTrait`` prepared for the suite running in this task.
struct PreparedTemplate: Sendable {
    /// The template of the innermost suite (or test function) whose trait prepares one.
    @TaskLocal static var current: PreparedTemplate?

    /// Which trait prepared it, so that the copies of a recursive trait on nested suites and tests
    /// reuse it instead of preparing it again.
    let preparedBy: ObjectIdentifier
    let template: SandboxTemplate
}

/// How a ``CleanSlateTrait`` prepares its template: a reference type, so that the copies of one
/// trait (Swift Testing applies a suite's trait to each test in it) are recognised as the same.
final class TemplatePreparation: Sendable {
    let prepare: @Sendable (Sandbox) throws -> Void

    init(_ prepare: @escaping @Sendable (Sandbox) throws -> Void) {
        self.prepare = prepare
    }

    /// Runs `function` (the suite's tests) with the template prepared, then wipes the template.
    func provide(rootDirectory: String?, performing function: @Sendable () async throws -> Void) async throws {
        if PreparedTemplate.current?.preparedBy == ObjectIdentifier(self) {
            try await function()
            return
        }
        let template = try SandboxTemplate(rootDirectory: rootDirectory, prepare: prepare)
        defer {
            do { try template.wipe() } catch {
                TestFailure.report("CleanSlate could not wipe the suite's sandbox template: \(error)",
                                   at: CallerLocation(filePath: #filePath, line: #line))
            }
        }
        try await PreparedTemplate.$current.withValue(PreparedTemplate(preparedBy: ObjectIdentifier(self), template: template)) {
            try await function()
        }
    }
}
