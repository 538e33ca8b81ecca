/// The marks a tree draws before a row's words to show its depth or whether it is folded
/// (tasksel's `... GNOME` under `Debian desktop environment`, tmux's `+ Server Options`,
/// `▸ src`): they place the row in the tree; a person names the row by the words after them.
enum TreeDepthMarks {
    /// `label` without the depth or fold mark it starts with: a run of two or more periods or an
    /// ellipsis (`...`, `…`), or one `+`, `-`, `▸`, `▹`, `▾`, `▿`, `▶` or `▼`, followed by a blank
    /// and then words (a letter or a digit). A label that is only marks (a parent folder's `..`), or
    /// whose mark is glued to its words (`+Extras`, `...more`), stays as it is.
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
        if !isDots {
            guard let first = scalars.first, "+-▸▹▾▿▶▼".unicodeScalars.contains(first) else { return label }
            end = scalars.index(after: scalars.startIndex)
        }
        guard end < scalars.endIndex, scalars[end] == " " else { return label }
        var start = end
        while start < scalars.endIndex && scalars[start] == " " { start = scalars.index(after: start) }
        guard start < scalars.endIndex, scalars[start].properties.isAlphabetic || scalars[start].properties.numericType != nil else { return label }
        return String(Substring(scalars[start...]))
    }
}
