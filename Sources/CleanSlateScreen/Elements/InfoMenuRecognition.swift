/// The entries of an Info document's menu (pinfo, info): rows written `* Name::  description` or
/// `* Name: (file)Node.  description`. A person picks an entry by its name, the words between
/// `* ` and the colon; the link drawn apart is the current one. Rows between them (a heading
/// such as `Basics`, a description going on under an entry) are not entries.
extension RecognitionWork {
    /// Menu items for the entries of an Info menu on free cells: two or more in one window, each
    /// row starting (at its window's first free cell) with `* `, a name holding a letter, then
    /// `::` or `: (`. The link of each (the name of a `::` entry, the reference of the other form)
    /// is what the highlight is read on.
    mutating func findInfoMenuEntries() {
        var entries: [(row: Int, columns: Range<Int>, name: Range<Int>, link: Range<Int>, owner: Int)] = []
        for row in 0..<grid.rows {
            guard let span = spans(row: row).first(where: { grid.scalar(row, $0.columns.lowerBound) == 0x2A }),
                  let entry = infoMenuEntry(row: row, span: span) else { continue }
            entries.append((row, span.columns.lowerBound..<entry.end, entry.name, entry.link, span.owner))
        }
        var byOwner: [Int: [Int]] = [:]
        for (index, entry) in entries.enumerated() { byOwner[entry.owner, default: []].append(index) }
        for (owner, indices) in byOwner.sorted(by: { $0.key < $1.key }) where indices.count >= 2 {
            let current = Highlighting.onlyOneInAStyleOfItsOwn(indices.map { entries[$0] }.map { grid.style($0.row, $0.link.lowerBound) })
            for (position, index) in indices.enumerated() {
                let entry = entries[index]
                add(
                    ScreenElement(
                        kind: .menuItem, label: grid.trimmedText(row: entry.row, entry.name),
                        frame: ScreenRectangle(row: entry.row, column: entry.columns.lowerBound, height: 1, width: entry.columns.count),
                        isHighlighted: position == current, style: grid.style(entry.row, entry.link.lowerBound)),
                    owner: owner)
            }
        }
    }

    /// The entry written on `row` at the start of `span`: its name's columns, its link's and
    /// where it ends (the reference's end, or the `::`), or `nil`.
    private func infoMenuEntry(row: Int, span: Span) -> (name: Range<Int>, link: Range<Int>, end: Int)? {
        let start = span.columns.lowerBound
        let last = span.columns.upperBound
        guard start + 4 < last, grid.isBlank(row, start + 1), !grid.isBlank(row, start + 2) else { return nil }
        var colon = start + 2
        while colon < last && grid.scalar(row, colon) != 0x3A { colon += 1 }
        guard colon + 1 < last, colon - (start + 2) <= 60 else { return nil }
        let name = (start + 2)..<colon
        guard name.contains(where: { Unicode.Scalar(grid.scalar(row, $0))?.properties.isAlphabetic ?? false }) else { return nil }
        if grid.scalar(row, colon + 1) == 0x3A { return (name, name, colon + 2) }
        guard colon + 2 < last, grid.isBlank(row, colon + 1), grid.scalar(row, colon + 2) == 0x28 else { return nil }
        // The reference ends at a period (node names may hold blanks: `(coreutils)Common options.`),
        // or else at a gap of two blanks.
        let reference = colon + 2
        var end = reference
        while end < last && grid.scalar(row, end) != 0x2E && !(grid.isBlank(row, end) && end + 1 < last && grid.isBlank(row, end + 1)) { end += 1 }
        if end < last && grid.scalar(row, end) == 0x2E { end += 1 }
        return (name, reference..<end, end)
    }
}
