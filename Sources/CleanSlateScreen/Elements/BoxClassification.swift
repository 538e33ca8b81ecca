extension RecognitionWork {
    /// Finds the boxes, keeps the windows (innermost painted last, so each cell knows the innermost
    /// window around it) and turns one-row boxes without a title into text fields or gauges. A
    /// window's parent is the innermost window holding all of it: a dialog drawn over two panels
    /// is a window of its own.
    mutating func findBoxes() {
        let boxes = WindowRecognition(grid: grid).boxes()
        let fieldBoxes = boxes.filter { $0.interiorHeight == 1 && $0.title.isEmpty }
        windows = boxes.filter { !($0.interiorHeight == 1 && $0.title.isEmpty) }.sorted { $0.area > $1.area }
        for (index, box) in windows.enumerated() {
            var parent = Int(owners[grid.index(box.top, box.left)])
            while parent >= 0 && !windows[parent].frame.contains(box.frame) { parent = windowParents[parent] }
            windowParents.append(parent)
            for row in (box.top + 1)..<max(box.top + 1, box.bottom) {
                for column in (box.left + 1)..<box.right { owners[grid.index(row, column)] = Int32(index) }
            }
        }
        for (index, box) in windows.enumerated() { claimBorders(of: box, window: index) }
        nameWindowsByTheirTitleRows()
        for box in fieldBoxes { claimBorders(of: box, window: nil) }
        for box in fieldBoxes { addFieldBox(box) }
    }

    /// Takes a box's top and bottom rows (titles included) and its sides where lines are drawn
    /// (another window may cover part of one). Where a smaller window drawn over the box covers
    /// its top or bottom row, what shows there is that window's (an mc dialog's buttons on the
    /// row of a panel's bottom border): those cells are left to it. `window` is the box's index
    /// in ``windows`` (smaller windows come later and own the cells they cover); `nil` takes
    /// the rows whole.
    private mutating func claimBorders(of box: DrawnBox, window: Int?) {
        for row in [box.top, box.bottom] {
            var start = box.left
            for column in box.left...(box.right + 1) {
                let isCovered = column <= box.right && window.map { Int(owners[grid.index(row, column)]) > $0 } ?? false
                guard column > box.right || isCovered else { continue }
                claim(row: row, start..<column)
                start = column + 1
            }
        }
        for row in box.top...box.bottom {
            for column in [box.left, box.right] where BoxCharacters.isLine(grid.scalar(row, column)) { claim(row: row, column..<(column + 1)) }
        }
    }

    /// A one-row box: a gauge when its row is part filled with another shade or shows only a
    /// percentage (dialog --gauge, named as ``nameGauges()`` says), otherwise a
    /// text field (dialog --inputbox) labelled by the text just above it.
    private mutating func addFieldBox(_ box: DrawnBox) {
        let row = box.top + 1
        let inside = (box.left + 1)..<box.right
        guard !inside.isEmpty else { return }
        let owner = Int(owners[grid.index(box.top, box.left)])
        let frame = ScreenRectangle(row: row, column: inside.lowerBound, height: 1, width: inside.count)
        let text = grid.trimmedText(row: row, inside)
        let firstShade = grid.shade(row, inside.lowerBound)
        var filled = 0
        while filled < inside.count && grid.shade(row, inside.lowerBound + filled) == firstShade { filled += 1 }
        let percentage = ProgressRecognition.percentage(in: text)
        let isGauge = ProgressRecognition.isPercentage(text) || filled < inside.count
        if isGauge {
            let fraction = percentage ?? Double(filled) / Double(inside.count)
            unnamedGauges.append(found.count)
            add(
                ScreenElement(
                    kind: .progressIndicator, label: "", frame: frame, value: .fraction(fraction),
                    style: grid.style(row, inside.lowerBound)),
                owner: owner)
        } else {
            add(
                ScreenElement(
                    kind: .textField, label: TextFieldRecognition.labelText(textAbove(box)), frame: frame, value: .text(text),
                    style: grid.style(row, inside.lowerBound)),
                owner: owner)
        }
        claim(row: box.top, box.left..<(box.right + 1))
        claim(row: box.bottom, box.left..<(box.right + 1))
    }

    /// The text on the row above a box, over the box's columns (a prompt), trimmed.
    private func textAbove(_ box: DrawnBox) -> String {
        guard box.top > 0 else { return "" }
        let row = box.top - 1
        var pieces: [String] = []
        var start: Int?
        for column in box.left...(box.right) {
            let isText = !BoxCharacters.isLine(grid.scalar(row, column))
            if isText && start == nil { start = column }
            if !isText || column == box.right, let begun = start {
                pieces.append(grid.trimmedText(row: row, begun..<(isText ? column + 1 : column)))
                start = nil
            }
        }
        return pieces.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
