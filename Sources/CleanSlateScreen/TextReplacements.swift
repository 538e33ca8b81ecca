/// Literal texts to replace by others, such as the paths of a test's sandbox by stable placeholders
/// (`$HOME`, `$XDG_CONFIG_HOME`, ...), applied to plain text or to the rows of a rendered screen.
///
/// At each position the longest original that matches wins, and an original matches only where the
/// character after it does not continue a name (a letter, a digit, `_` or `-`), so `/sandbox/home`
/// is replaced in `/sandbox/home/notes` and `/sandbox/home` but not in `/sandbox/homework`.
public struct TextReplacements: Sendable {
    /// The pairs, longest original first; empty originals are dropped.
    public let pairs: [(original: String, replacement: String)]

    /// Replacements for `pairs` (in any order).
    public init(_ pairs: [(original: String, replacement: String)]) {
        self.pairs = pairs.filter { !$0.original.isEmpty }.sorted { $0.original.count > $1.original.count }
    }

    /// No replacements.
    public static let none = TextReplacements([])

    /// `text` with every match replaced.
    public func apply(to text: String) -> String {
        let characters = Array(text)
        var result = ""
        var index = 0
        for span in spans(in: characters) {
            result.append(contentsOf: String(characters[index..<span.range.lowerBound]))
            result.append(contentsOf: span.replacement)
            index = span.range.upperBound
        }
        result.append(contentsOf: String(characters[index...]))
        return result
    }

    /// The matches in `characters`, left to right, not overlapping.
    func spans(in characters: [Character]) -> [(range: Range<Int>, replacement: String)] {
        guard !pairs.isEmpty else { return [] }
        let originals = pairs.map { Array($0.original) }
        var found: [(range: Range<Int>, replacement: String)] = []
        var index = 0
        while index < characters.count {
            if let match = originals.indices.first(where: { matches(originals[$0], in: characters, at: index) }) {
                let end = index + originals[match].count
                found.append((index..<end, pairs[match].replacement))
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    private func matches(_ original: [Character], in characters: [Character], at start: Int) -> Bool {
        let end = start + original.count
        guard end <= characters.count, characters[start..<end].elementsEqual(original) else { return false }
        guard end < characters.count else { return true }
        let next = characters[end]
        return !(next.isLetter || next.isNumber || next == "_" || next == "-")
    }
}
