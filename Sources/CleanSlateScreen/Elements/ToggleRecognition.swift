/// Check boxes (`[X]`, `[x]`, `[*]`, `[ ]`) and radio buttons (`(*)`, `(X)`, `( )`), each with the
/// text after it as its name.
enum ToggleRecognition {
    /// The kind of toggle a three-cell box is, and whether it is ticked.
    static func toggle(_ open: UInt32, _ mark: UInt32, _ close: UInt32) -> (ScreenElementKind, Bool)? {
        let isTicked: Bool
        switch mark {
        case 0x20: isTicked = false
        case 0x58, 0x78, 0x2A, 0x2713, 0x2714, 0x2022, 0x25CF, 0x6F: isTicked = true  // X x * ✓ ✔ • ● o
        default: return nil
        }
        if open == 0x5B && close == 0x5D { return (.checkBox, isTicked) }
        if open == 0x28 && close == 0x29 { return (.radioButton, isTicked) }
        return nil
    }
}

extension RecognitionWork {
    /// What makes toggles one list: the window, the kind and the column of their boxes.
    private struct ListKey: Hashable {
        var owner: Int
        var kind: ScreenElementKind
        var column: Int
    }

    /// A toggle found on a row, before its name is known.
    private struct Toggle {
        var kind: ScreenElementKind
        var isChecked: Bool
        var owner: Int
        var box: Int
        var row: ListRow
    }

    /// Check boxes and radio buttons on free cells. Toggles of one kind at the same column of a
    /// window form a list: their names end where the list's second column starts, and they are
    /// siblings for the highlight rule.
    mutating func findToggles() {
        var toggles: [Toggle] = []
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                var boxes: [(Int, ScreenElementKind, Bool)] = []
                var column = span.columns.lowerBound
                while column + 2 < span.columns.upperBound {
                    let opening = grid.scalar(row, column)
                    guard opening == 0x5B || opening == 0x28 else {
                        column += 1
                        continue
                    }
                    let standsApart = (column == span.columns.lowerBound || isGap(row, column - 1))
                        && (column + 3 == span.columns.upperBound || isGap(row, column + 3))
                    if standsApart, let (kind, ticked) = ToggleRecognition.toggle(
                        grid.scalar(row, column), grid.scalar(row, column + 1), grid.scalar(row, column + 2)) {
                        boxes.append((column, kind, ticked))
                        column += 3
                    } else {
                        column += 1
                    }
                }
                for (index, (box, kind, ticked)) in boxes.enumerated() {
                    let limit = index + 1 < boxes.count ? boxes[index + 1].0 : span.columns.upperBound
                    var nameStart = box + 3
                    while nameStart < limit && grid.isBlank(row, nameStart) { nameStart += 1 }
                    let end = max(nameStart, textEnd(row: row, nameStart..<limit))
                    toggles.append(Toggle(kind: kind, isChecked: ticked, owner: span.owner, box: box, row: ListRow(row: row, columns: nameStart..<end)))
                }
            }
        }
        var lists: [[Int]] = []
        var listIndex: [ListKey: Int] = [:]
        for (index, toggle) in toggles.enumerated() {
            let key = ListKey(owner: toggle.owner, kind: toggle.kind, column: toggle.box)
            if let list = listIndex[key] { lists[list].append(index) } else {
                listIndex[key] = lists.count
                lists.append([index])
            }
        }
        for list in lists {
            let group = newHighlightGroup()
            let rows = list.map { toggles[$0].row }
            let names = rowNames(of: rows, detailColumn: detailColumn(of: rows))
            for (index, names) in zip(list, names) {
                let toggle = toggles[index]
                let right = max(toggle.row.columns.upperBound, toggle.box + 3)
                let element = ScreenElement(
                    kind: toggle.kind, label: names.label,
                    frame: ScreenRectangle(row: toggle.row.row, column: toggle.box, height: 1, width: right - toggle.box),
                    isChecked: toggle.isChecked, style: grid.style(toggle.row.row, toggle.row.columns.isEmpty ? toggle.box : toggle.row.columns.lowerBound),
                    detail: names.detail, identifier: names.identifier)
                let look = ElementLook(
                    grid: grid, row: toggle.row.row, label: toggle.row.columns.isEmpty ? toggle.box..<(toggle.box + 3) : toggle.row.columns,
                    edge: toggle.box, mark: toggle.box + 1)
                add(element, owner: toggle.owner, sibling: .init(group: group, look: look))
            }
        }
    }
}
