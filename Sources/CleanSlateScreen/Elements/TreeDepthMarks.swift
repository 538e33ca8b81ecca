/// The marks a tree draws before a row's words to show its depth or whether it is folded
/// (tasksel's `... GNOME` under `Debian desktop environment`, tmux's `+ Server Options`,
/// `▸ src`): they place the row in the tree; a person names the row by the words after them.
enum TreeDepthMarks {
    /// `label` without the depth or fold mark it starts with: a run of two or more periods or an
    /// ellipsis (`...`, `…`), or one `+`, `-`, `▸`, `▹`, `▾`, `▿`, `▶` or `▼`, followed by a blank
    /// and then words (a letter or a digit). A label that is only marks (a parent folder's `..`), or
    /// whose mark is glued to its words (`+Extras`, `...more`), stays as it is.
    static func nameWithoutDepthMark(_ label: String) -> String {
        let scalars = Array(label.unicodeScalars)
        var end = 0
        while end < scalars.count && (scalars[end] == "." || scalars[end] == "…") { end += 1 }
        let isDots = end >= 2 || end == 1 && scalars[0] == "…"
        if !isDots {
            guard let first = scalars.first, "+-▸▹▾▿▶▼".unicodeScalars.contains(first) else { return label }
            end = 1
        }
        guard end < scalars.count, scalars[end] == " " else { return label }
        var start = end
        while start < scalars.count && scalars[start] == " " { start += 1 }
        guard start < scalars.count, scalars[start].properties.isAlphabetic || scalars[start].properties.numericType != nil else { return label }
        return String(String.UnicodeScalarView(scalars[start...]))
    }
}
