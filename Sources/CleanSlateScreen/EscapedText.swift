/// Text made safe to print on one line: what the `cleanslate` report prints of a file name an app
/// chose, the inside of a string literal in a written test, and an element's quoted label in
/// ``ScreenElement/debugDescription``: one format for all three.
package enum EscapedText {
    /// `text` with each character that could break a line or drive a terminal written as a Swift
    /// escape: `\n`, `\r` and `\t`, and `\u{HEX}` for any other control character (C0, DEL, C1) and
    /// for the Unicode line and paragraph separators. A backslash is doubled, and each scalar in
    /// `alsoEscaping` gets a backslash before it, so an escaped text is never ambiguous.
    package static func escaped(_ text: String, alsoEscaping special: Set<Unicode.Scalar> = []) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where special.contains(scalar): result += "\\" + String(scalar)
            case _ where breaksLines(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` in double quotes, escaped as ``escaped(_:alsoEscaping:)`` says with the quote too:
    /// a Swift string literal, and how an element's label is quoted.
    package static func quoted(_ text: String) -> String {
        "\"" + escaped(text, alsoEscaping: ["\""]) + "\""
    }

    /// A control character (C0, DEL, C1), or a line or paragraph separator.
    private static func breaksLines(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
