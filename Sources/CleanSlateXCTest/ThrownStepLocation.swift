/// Where a thrown step failure happened, read back from the report XCTest makes of it.
///
/// corelibs XCTest records an error a test method throws at `<EXPR>:0`, and gives a subclass only
/// the text `threw error "<description>"`, not the error. A `CleanSlateError` thrown by a wait or
/// an action names its step's line in that description (`CleanSlate timedOut at
/// MyTests/LoginTests.swift:42: ...`), so ``CleanSlateTestCase`` can move the report there.
enum ThrownStepLocation {
    /// The report XCTest makes of a thrown error: this file and line.
    static let thrownErrorFile = "<EXPR>"

    /// The step's `Module/File.swift` and line named by a thrown error's report, or nil when the
    /// report is not of a located `CleanSlateError` thrown out of the test method.
    static func location(inReport description: String, file: String, line: Int) -> (file: String, line: Int)? {
        guard file == thrownErrorFile, line == 0 else { return nil }
        let prefix = "threw error \"CleanSlate "
        guard description.hasPrefix(prefix) else { return nil }
        // "<code> at <fileID>:<line>: <message>": the code is one word, the file ID has no blank.
        let rest = description.dropFirst(prefix.count)
        let words = rest.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard words.count == 4, words[1] == "at", words[2].hasSuffix(":") else { return nil }
        let place = words[2].dropLast()
        guard let colon = place.lastIndex(of: ":"), let number = Int(place[place.index(after: colon)...]), number > 0 else { return nil }
        return (String(place[..<colon]), number)
    }
}
