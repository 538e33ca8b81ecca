/// Things to pick, keyed `a - phrase` in no order: nethack's inventory (`a - an uncursed +1
/// robe`, then `f - 4 uncursed food rations` under the heading `Comestibles`) and its roles (`a -
/// an Archeologist`, `b - a Barbarian`, `h - a Healer`). What a person sees is a column of names
/// of things, each opening with an article or a count: a list to pick from, whatever letters the
/// program gave its entries. A legend of keys names actions instead (`h - Move left`, `c - Check
/// solution`), and stays text.
enum KeyedThingRecognition {
    /// The fewest rows that make a list of things.
    static let fewestThings = 3

    /// The most words a thing's name may have (`an uncursed +2 pair of leather gloves (being
    /// worn)`): longer than a choice's, as a thing is named with what is known of it.
    static let mostWords = 12

    /// Whether `phrase` opens as the name of a thing does: with an article (`a`, `an`, `the`) or
    /// a count (`4 uncursed food rations`) before another word.
    static func namesAThing(_ phrase: String) -> Bool {
        let words = phrase.split(separator: " ")
        guard words.count >= 2, let first = words.first else { return false }
        return ["a", "an", "the"].contains(first.lowercased()) || first.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension RecognitionWork {
    /// Menu items for `rows` (keyed rows no keyed list took) that name things: rows keyed `a -
    /// phrase` at one key column of one window, one under another or one row apart (a heading
    /// or a blank between groups), their keys all different, every phrase a thing's name (see
    /// ``KeyedThingRecognition``).
    mutating func findKeyedThings(_ rows: [KeyedRow]) {
        var byColumn: [[Int]: [KeyedRow]] = [:]
        for keyed in rows where keyed.mark == .dash { byColumn[[keyed.owner, keyed.keyEnd], default: []].append(keyed) }
        for (_, column) in byColumn.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            var group: [KeyedRow] = []
            for keyed in column.sorted(by: { $0.row < $1.row }) {
                if let last = group.last, keyed.row > last.row + 2 {
                    addIfThings(group)
                    group = []
                }
                group.append(keyed)
            }
            addIfThings(group)
        }
    }

    /// Adds `group` as menu items when its rows name things under keys all different.
    private mutating func addIfThings(_ group: [KeyedRow]) {
        guard group.count >= KeyedThingRecognition.fewestThings, Set(group.map(\.key)).count == group.count,
              group.allSatisfy({ KeyedThingRecognition.namesAThing(grid.text(row: $0.row, $0.phrase)) }),
              arePhrasesNames(group, mostWords: KeyedThingRecognition.mostWords) else { return }
        addKeyedChoices(group)
    }
}
