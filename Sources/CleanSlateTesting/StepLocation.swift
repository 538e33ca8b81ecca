import CleanSlate
import Testing

extension CleanSlateError {
    /// The line of the step that threw this error as Swift Testing records an issue at it (the
    /// `@Test`'s own location when the error has none).
    var testingLocation: Testing.SourceLocation {
        guard let step = sourceLocation else { return Test.current?.sourceLocation ?? #_sourceLocation }
        return Testing.SourceLocation(fileID: step.fileID, filePath: step.filePath, line: max(step.line, 1), column: max(step.column, 1))
    }
}
