/// A command's argument vector written as one line a POSIX shell reads back as the same words,
/// and read back: how a session recording keeps the whole command it recorded (asciicast v2's
/// `command`), so a test written from it launches the program with its arguments.
package enum ShellWords {
    /// `words` joined by spaces, each quoted when it needs to be (`sh -c 'echo hi'`).
    package static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// `word` as the shell reads it: left bare when it holds only characters no shell treats
    /// specially, otherwise in single quotes (a single quote in it written as `'\''`).
    package static func quoted(_ word: String) -> String {
        let bare = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || "-_./:=@%+,".unicodeScalars.contains(scalar)
        }
        return bare ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The words of `line` as a POSIX shell splits and unquotes them (blanks between words; single
    /// quotes, double quotes with `\` before `"`, `\`, `$` and `` ` ``, and a backslash outside
    /// quotes), or nil when a quote is not closed. Expansions (`$HOME`, `*`) are kept as written.
    package static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    current.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { return nil }
                        if !"\"\\$`".contains(escaped) { current.append("\\") }
                        current.append(escaped)
                    } else {
                        current.append(next)
                    }
                }
            case "\\":
                inWord = true
                if let escaped = characters.next() { current.append(escaped) }
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
