/// Which of the app's output streams a piece of output came from.
public enum AppOutputStream: String, Sendable, CaseIterable {
    /// Standard output (for a terminal launch: everything the app wrote to its terminal).
    case standardOutput
    /// Standard error (always empty for a terminal launch, where both go to the terminal).
    case standardError
}
