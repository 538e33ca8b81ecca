/// The marks a tree draws before a row's words to show its depth or whether it is folded
/// (tasksel's `... GNOME` under `Debian desktop environment`, tmux's `+ Server Options`,
/// `▸ src`, termshark's `[-] Frame 1` over its open node's rows): they place the row in the
/// tree; a person names the row by the words after them.
enum TreeDepthMarks {
    /// `label` without the depth or fold mark it starts with: a run of two or more periods or an
    /// ellipsis (`...`, `…`), one `+`, `-`, `▸`, `▹`, `▾`, `▿`, `▶` or `▼`, or a bracketed fold
    /// mark (`[+]`, `[-]`), followed by a blank and then words (a letter or a digit). After a
    /// bracketed fold mark, an equals sign in brackets ending the row (termshark's `[=]`, drawn on
    /// its tree's rows alike) is no word of it either; any other bracketed mark there
    /// (`[+] Deploy [!]`) is a flag a person reads with the row's words, and stays. A label that
    /// is only marks (a parent folder's `..`), or whose mark is glued to its words (`+Extras`,
    /// `...more`, `[+]Extras`), stays as it is.
    static func nameWithoutDepthMark(_ label: String) -> String {
        // Read in place on the scalars (every list row's name passes here): most names start with
        // a letter and are given back after one look at their first scalar.
        let scalars = label.unicodeScalars
        var end = scalars.startIndex
        var dots = 0
        while end < scalars.endIndex && (scalars[end] == "." || scalars[end] == "…") {
            end = scalars.index(after: end)
            dots += 1
        }
        let isDots = dots >= 2 || dots == 1 && scalars.first == "…"
        let foldMarkLength = isDots ? 0 : bracketedFoldMarkLength(scalars[...])
        if foldMarkLength > 0 {
            end = scalars.index(scalars.startIndex, offsetBy: foldMarkLength)
        } else if !isDots {
            guard let first = scalars.first, singleMarks.contains(first) else { return label }
            end = scalars.index(after: scalars.startIndex)
        }
        guard end < scalars.endIndex, scalars[end] == " " else { return label }
        var start = end
        while start < scalars.endIndex && scalars[start] == " " { start = scalars.index(after: start) }
        guard start < scalars.endIndex, scalars[start].properties.isAlphabetic || scalars[start].properties.numericType != nil else { return label }
        return foldMarkLength > 0 ? String(withoutClosingMark(Substring(scalars[start...]))) : String(Substring(scalars[start...]))
    }

    /// Whether `text` is a fold or depth mark and nothing else: `[+]`, `[-]`, or one of the
    /// single marks (`+`, `-`, `▸` ...).
    static func isFoldMark(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        if scalars.count == 1, let mark = scalars.first { return singleMarks.contains(mark) }
        return scalars.count == 3 && bracketedFoldMarkLength(scalars[...]) == 3
    }

    /// The marks of one character a tree draws before a row's words.
    private static let singleMarks = "+-▸▹▾▿▶▼".unicodeScalars

    /// 3 when `scalars` start with a bracketed fold mark (`[+]` or `[-]`), 0 otherwise.
    private static func bracketedFoldMarkLength(_ scalars: Substring.UnicodeScalarView) -> Int {
        var index = scalars.startIndex
        for expected in ["[", "+-", "]"] as [String] {
            guard index < scalars.endIndex, expected.unicodeScalars.contains(scalars[index]) else { return 0 }
            index = scalars.index(after: index)
        }
        return 3
    }

    /// `words` without the bracketed equals sign ending them after a blank (termshark's `[=]` after
    /// a tree row's words).
    private static func withoutClosingMark(_ words: Substring) -> Substring {
        let scalars = words.unicodeScalars
        guard scalars.count >= 5, scalars.last == "]" else { return words }
        let close = scalars.index(before: scalars.endIndex)
        let mark = scalars.index(before: close)
        let open = scalars.index(before: mark)
        guard scalars[open] == "[", scalars[mark] == "=", scalars[scalars.index(before: open)] == " "
        else { return words }
        var end = open
        while end > scalars.startIndex && scalars[scalars.index(before: end)] == " " { end = scalars.index(before: end) }
        return Substring(scalars[..<end])
    }
}
