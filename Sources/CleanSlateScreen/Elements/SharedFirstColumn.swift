/// A list's first column that a person reads past to the row's name because it tells the rows
/// apart by a mark or a tag only: a fold mark on every row (termshark's `[+] Frame 2: 47 bytes`),
/// or the same word on every row before a short tag (gtypist's `Series Q     Quick QWERTY
/// course`). The row is named by the words after it.
enum SharedFirstColumn {
    /// The names of rows split into `columns` (each row's first column and the other columns'
    /// texts) when their first column is a mark or a shared word and a tag; `nil` otherwise.
    ///
    /// - A mark: on every row (two or more), a first column of three characters at most holding
    ///   no letter or digit (a tree's fold mark `[+]`, `[-]`, `+`; a status mark `??`, `>>`),
    ///   words after it. The mark places or flags the row; it is neither name nor identifier.
    /// - A shared word and a tag: every row that has a second column (three or more) starts with
    ///   the same words and a tag of one or two characters, a different tag on each (`Series Q`,
    ///   `Series R`), then words (two letters or more, not a figure), different on each row. The
    ///   first column is the row's identifier; rows with one column only (`More lessons...`)
    ///   keep their text as name. Where the words after the tags repeat (`Slot 1  Empty`, `Slot 2
    ///   Empty`), the first column is what tells the rows apart: their name.
    static func names(of columns: [(first: String, rest: [String])]) -> [RecognitionWork.RowNames]? {
        if columns.count >= 2, columns.allSatisfy({ isMark($0.first) && ($0.rest.first.map(hasWords) ?? false) }) {
            return columns.map { first, rest in
                var names = RecognitionWork.RowNames(namedByFirstOf: rest, identifier: nil)
                // A tree's fold mark goes back before its words when ``TreeDepthMarks`` reads the
                // name from them (it also drops termshark's closing `[=]`); where it would not
                // (words starting `/`, `.`, `~`), the words alone are the name.
                let marked = first + " " + names.label
                if TreeDepthMarks.isFoldMark(first) && TreeDepthMarks.nameWithoutDepthMark(marked) != marked { names.label = marked }
                return names
            }
        }
        // Names are read on every list: look at the first row with a second column before
        // gathering the others.
        guard let firstTagged = columns.first(where: { !$0.rest.isEmpty }), let shared = sharedWords(of: firstTagged.first)
        else { return nil }
        let tagged = columns.filter { !$0.rest.isEmpty }
        guard tagged.count >= 3,
              tagged.allSatisfy({ sharedWords(of: $0.first) == shared && hasWords($0.rest[0]) }),
              Set(tagged.map(\.first)).count == tagged.count, Set(tagged.map { $0.rest[0] }).count == tagged.count
        else { return nil }
        return columns.map { first, rest in
            rest.isEmpty
                ? RecognitionWork.RowNames(label: first, identifier: nil, detail: nil)
                : RecognitionWork.RowNames(namedByFirstOf: rest, identifier: first)
        }
    }

    /// Whether `text` is a mark: one to three characters, no letter or digit.
    private static func isMark(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 3 && RecognitionWork.isPlaceholder(text)
    }

    /// The words before the tag ending `text` (`Series` of `Series Q`), or `nil` when `text`
    /// does not end in a tag of one or two characters after a blank.
    private static func sharedWords(of text: String) -> Substring? {
        guard let blank = text.lastIndex(of: " ") else { return nil }
        let tag = text[text.index(after: blank)...]
        let words = text[..<blank]
        guard (1...2).contains(tag.count), words.contains(where: \.isLetter) else { return nil }
        return words
    }

    /// Whether `text` is words a person reads as a name: two letters or more, not a figure.
    private static func hasWords(_ text: String) -> Bool {
        text.filter(\.isLetter).count >= 2 && !RecognitionWork.isFigure(text)
    }

}
