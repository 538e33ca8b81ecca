/// The arrow a menu writes after an entry that opens another menu (wordgrinder's `File ▷`,
/// vitetris's `Input Setup ->`, `Recent >`): it tells a person the entry leads on, and is no word
/// of its name. This is how menus are read whatever draws them (a submenu arrow is the common
/// sign of a cascading entry), not one program's idiom.
enum SubmenuMarks {
    /// The arrows: `▷`, `▶`, `►`, `▸`, `▹`, `→`, `❯`, `›`, and `>` alone or doubled or tripled,
    /// or `->`.
    private static let arrowScalars: Set<Unicode.Scalar> = ["▷", "▶", "►", "▸", "▹", "→", "❯", "›"]

    /// `label` without the submenu arrow it ends with: one of the arrows, one blank or more
    /// before it, and a word (a letter or a digit) before the blanks. A label that is only an
    /// arrow, or whose arrow is glued to its words (`Ctrl+F3>`, `a->b`), stays as it is.
    static func nameWithoutSubmenuMark(_ label: String) -> String {
        // Most names end in a letter: given back after one look at their last scalar.
        let scalars = label.unicodeScalars
        guard let last = scalars.last, last == ">" || arrowScalars.contains(last) else { return label }
        var markStart = scalars.index(before: scalars.endIndex)
        if last == ">" {
            // `>`, `>>`, `>>>` or `->`.
            var length = 1
            while markStart > scalars.startIndex && length < 3 {
                let before = scalars[scalars.index(before: markStart)]
                guard before == ">" || before == "-" && length == 1 else { break }
                markStart = scalars.index(before: markStart)
                length += 1
                if before == "-" { break }
            }
        }
        guard markStart > scalars.startIndex, scalars[scalars.index(before: markStart)] == " " else { return label }
        var end = markStart
        while end > scalars.startIndex && scalars[scalars.index(before: end)] == " " { end = scalars.index(before: end) }
        guard end > scalars.startIndex else { return label }
        let lastWordScalar = scalars[scalars.index(before: end)]
        guard lastWordScalar.properties.isAlphabetic || lastWordScalar.properties.numericType != nil || lastWordScalar == "." else { return label }
        return String(Substring(scalars[..<end]))
    }
}
