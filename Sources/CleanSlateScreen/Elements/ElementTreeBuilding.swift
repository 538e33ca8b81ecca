extension RecognitionWork {
    /// The windows and elements found, each element a child of the innermost window around it,
    /// children in reading order.
    func tree() -> ScreenElementTree {
        var children = [[ScreenElement]](repeating: [], count: windows.count + 1)
        for item in found {
            var element = item.element
            if element.kind == .textField { element.hasFocus = grid.isCursorVisible && element.frame.contains(grid.cursor) }
            children[item.owner + 1].append(element)
        }
        // Windows were numbered largest first, so a window's parent has a smaller number: filling
        // in from the last window up completes every child window before its parent takes it.
        var built = windows.map { box in
            ScreenElement(
                kind: .window, label: box.name, frame: box.frame,
                style: grid.style(box.top, box.titleColumn ?? box.left))
        }
        for index in highlightedWindows() { built[index].isHighlighted = true }
        for index in windows.indices.reversed() {
            built[index].children = inReadingOrder(children[index + 1])
            children[windowParents[index] + 1].append(built[index])
        }
        return ScreenElementTree(roots: inReadingOrder(children[0]))
    }

    /// The windows drawn as the current one among sibling windows (the same parent) with titles:
    /// the only one whose title has a shade other than its top border's (mc's active panel, its
    /// path drawn inverse).
    private func highlightedWindows() -> [Int] {
        guard windows.count >= 2 else { return [] }
        // Per parent (index + 1, the screen first): titled windows, and the one drawn apart (-1: none
        // yet, -2: several).
        var titled = [Int](repeating: 0, count: windows.count + 1)
        var apart = [Int](repeating: -1, count: windows.count + 1)
        for (index, box) in windows.enumerated() {
            guard let titleColumn = box.titleColumn else { continue }
            let parent = windowParents[index] + 1
            titled[parent] += 1
            if grid.shade(box.top, titleColumn) != grid.shade(box.top, box.left) { apart[parent] = apart[parent] == -1 ? index : -2 }
        }
        return apart.indices.compactMap { apart[$0] >= 0 && titled[$0] >= 2 ? apart[$0] : nil }
    }

    /// `elements` sorted by ``readingOrder(_:_:)`` (stably, as `sorted(by:)` sorts): their
    /// indices are sorted, with the same comparisons, and the elements (large values) moved once.
    func inReadingOrder(_ elements: [ScreenElement]) -> [ScreenElement] {
        // Often already so (static text, found last, is most of a screen); the sort is stable,
        // so it would leave such an array as it is.
        if takesShortcuts, elements.indices.dropFirst().allSatisfy({ !RecognitionWork.readingOrder(elements[$0], elements[$0 - 1]) }) { return elements }
        let order = elements.indices.sorted { RecognitionWork.readingOrder(elements[$0], elements[$1]) }
        return order.map { elements[$0] }
    }

    /// Top to bottom, then left to right, by the top-left cell; a window before what starts at its corner.
    static func readingOrder(_ first: ScreenElement, _ second: ScreenElement) -> Bool {
        if first.frame.row != second.frame.row { return first.frame.row < second.frame.row }
        if first.frame.column != second.frame.column { return first.frame.column < second.frame.column }
        return first.kind == .window && second.kind != .window
    }
}
