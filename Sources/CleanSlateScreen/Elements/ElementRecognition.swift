extension ScreenSnapshot {
    /// The elements a person would see on this screen: windows, buttons, check boxes, menu rows,
    /// text fields, progress indicators, key hints and the static text around them.
    ///
    /// Recognition is pure: it reads the snapshot's cells and nothing else, and gives the same tree
    /// for the same screen.
    public var elements: ScreenElementTree { ElementRecognizer(screen: self).recognize() }
}

/// Finds the elements of one screen. (Placeholder: the rules are being written.)
struct ElementRecognizer {
    /// The screen being read.
    let screen: ScreenSnapshot

    /// The elements of the screen.
    func recognize() -> ScreenElementTree { ScreenElementTree(roots: []) }
}
