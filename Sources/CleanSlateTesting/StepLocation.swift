import CleanSlate
import Testing

extension Testing.SourceLocation {
    /// The line of a step that threw (``CleanSlateError/sourceLocation``), as Swift Testing records
    /// an issue at it.
    init(step: CleanSlateError.SourceLocation) {
        self.init(fileID: step.fileID, filePath: step.filePath, line: max(step.line, 1), column: max(step.column, 1))
    }
}
