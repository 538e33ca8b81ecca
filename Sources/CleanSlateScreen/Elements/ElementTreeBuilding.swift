extension RecognitionWork {
    /// The windows and elements found, each element a child of the innermost window around it,
    /// children in reading order.
    func tree() -> ScreenElementTree {
        var children = [[ScreenElement]](repeating: [], count: windows.count + 1)
        for item in found { children[item.owner + 1].append(item.element) }
        // Windows were numbered largest first, so a window's parent has a smaller number: filling
        // in from the last window up completes every child window before its parent takes it.
        var built = windows.map { box in
            ScreenElement(
                kind: .window, label: box.title, frame: box.frame,
                style: grid.style(box.top, box.titleColumn ?? box.left))
        }
        for index in windows.indices.reversed() {
            built[index].children = children[index + 1].sorted(by: RecognitionWork.readingOrder)
            children[windowParents[index] + 1].append(built[index])
        }
        return ScreenElementTree(roots: children[0].sorted(by: RecognitionWork.readingOrder))
    }

    /// Top to bottom, then left to right, by the top-left cell; a window before what starts at its corner.
    static func readingOrder(_ first: ScreenElement, _ second: ScreenElement) -> Bool {
        if first.frame.row != second.frame.row { return first.frame.row < second.frame.row }
        if first.frame.column != second.frame.column { return first.frame.column < second.frame.column }
        return first.kind == .window && second.kind != .window
    }
}
