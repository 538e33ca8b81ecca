/// Where in the test's source a failure is reported: the call site of a CleanSlate helper or
/// assertion, captured with default arguments (`#fileID`, `#filePath`, `#line`, `#column`).
///
/// Both forms of the file are kept because the frameworks differ: XCTest takes the path as a
/// `StaticString`, Swift Testing takes the file ID and the path as strings.
package struct CallerLocation: Sendable {
    package let fileID: String
    package let filePath: StaticString
    package let line: UInt
    package let column: UInt

    package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// A location known only by path and line (the XCTest helpers' `file:line:` arguments). The file
    /// ID, which Swift Testing shows as `Module/File.swift`, is made from the file's name.
    package init(filePath: StaticString, line: UInt) {
        let path = "\(filePath)"
        let name = path.split(separator: "/").last.map(String.init) ?? path
        self.init(fileID: "?/" + name, filePath: filePath, line: line, column: 1)
    }
}
