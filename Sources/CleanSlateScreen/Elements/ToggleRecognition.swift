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
    /// siblings for the highlight rule. A toggle whose name goes on after a colon with a value
    /// drawn unlike the name (mc's `( ) Brief file list: 2     columns`, the `2` an input field)
    /// is named by the words before the colon; the value is a text field of that name. A colon
    /// ending a toggle's name is no part of it (mc's `( ) User defined:`).
    mutating func findToggles() {
        var toggles: [Toggle] = []
        var inlineFields: [(label: String, row: Int, columns: Range<Int>, owner: Int)] = []
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
                    var end = max(nameStart, textEnd(row: row, nameStart..<limit))
                    if end == nameStart && limit == span.columns.upperBound, let branch = nameAfterTreeLines(row: row, from: limit, owner: span.owner) {
                        (nameStart, end) = (branch.lowerBound, branch.upperBound)
                    }
                    if let (colon, field) = inlineField(row: row, nameStart..<end) {
                        let label = grid.trimmedText(row: row, nameStart..<colon)
                        inlineFields.append((label, row, field, span.owner))
                        end = colon + 1
                    }
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
                    kind: toggle.kind, label: TextFieldRecognition.labelText(names.label),
                    frame: ScreenRectangle(row: toggle.row.row, column: toggle.box, height: 1, width: right - toggle.box),
                    isChecked: toggle.isChecked, style: grid.style(toggle.row.row, toggle.row.columns.isEmpty ? toggle.box : toggle.row.columns.lowerBound),
                    detail: names.detail, identifier: names.identifier)
                let look = ElementLook(
                    grid: grid, row: toggle.row.row, label: toggle.row.columns.isEmpty ? toggle.box..<(toggle.box + 3) : toggle.row.columns,
                    edge: toggle.box, mark: toggle.box + 1)
                add(element, owner: toggle.owner, sibling: .init(group: group, look: look))
            }
        }
        for field in inlineFields {
            addOnRow(.textField, label: field.label, row: field.row, columns: field.columns, owner: field.owner,
                     value: .text(grid.trimmedText(row: field.row, field.columns)))
        }
    }

    /// The name of a tree's row after the tree's branch lines (dialog --treeview's `( ) │  Child`):
    /// from `column`, past vertical lines and blanks inside the window `owner`, the words up to a
    /// gap of two blanks or a line; `nil` when no word follows.
    private func nameAfterTreeLines(row: Int, from column: Int, owner: Int) -> Range<Int>? {
        var start = column
        while start < grid.columns, owners[grid.index(row, start)] == Int32(owner), !claimed[grid.index(row, start)],
              grid.isBlank(row, start) || BoxCharacters.isLeftSide(grid.scalar(row, start)) {
            start += 1
        }
        guard start > column, start < grid.columns, owners[grid.index(row, start)] == Int32(owner), isFree(row, start) else { return nil }
        var limit = start
        while limit < grid.columns && owners[grid.index(row, limit)] == Int32(owner) && isFree(row, limit) { limit += 1 }
        let end = endOfFirstWords(row: row, start..<limit)
        return end > start ? start..<end : nil
    }

    /// A value field inside a toggle's name over `columns`: a colon after a word, then (past one
    /// blank at most) text whose look (shade or colour) differs from the name's first character's;
    /// the field runs on over the cells drawn like its first one. Returns the colon's column and
    /// the field's columns.
    private func inlineField(row: Int, _ columns: Range<Int>) -> (Int, Range<Int>)? {
        guard columns.count >= 4 else { return nil }
        let nameStyle = grid.style(row, columns.lowerBound)
        for colon in (columns.lowerBound + 1)..<(columns.upperBound - 1)
        where grid.scalar(row, colon) == 0x3A && !grid.isBlank(row, colon - 1) {
            var start = colon + 1
            if grid.isBlank(row, start) { start += 1 }
            guard start < columns.upperBound, !grid.isBlank(row, start) else { return nil }
            let fieldStyle = grid.style(row, start)
            guard fieldStyle != nameStyle else { return nil }
            var end = start
            while end < grid.columns && isFree(row, end) && grid.style(row, end) == fieldStyle { end += 1 }
            return (colon, start..<end)
        }
        return nil
    }
}
