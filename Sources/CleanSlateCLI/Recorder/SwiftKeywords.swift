/// The words a written test cannot take as its suite's or class's name: `struct class {` does not
/// compile. Swift's reserved keywords (declarations, statements, expressions and types, as
/// `swiftc -parse` refuses them in `struct NAME {}`), and `some` and `any`, which parse there but
/// cannot name a type where one is used.
enum SwiftKeywords {
    /// The words refused as a type name.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "some", "any",
    ]
}
