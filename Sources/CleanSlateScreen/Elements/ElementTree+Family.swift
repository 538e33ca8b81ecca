extension ScreenElementTree {
    /// The element that directly contains `element` (the window a button is in), or nil for a
    /// root or an element not in the tree.
    public func parent(of element: ScreenElement) -> ScreenElement? {
        let flat = FlatElementTree(self)
        guard let index = flat.elements.firstIndex(of: element), let parent = flat.parent(of: index) else { return nil }
        return flat.elements[parent]
    }

    /// The elements of `element`'s kind that share its parent (the rows of its list), itself
    /// included, in reading order.
    public func siblings(of element: ScreenElement) -> [ScreenElement] {
        let flat = FlatElementTree(self)
        guard let index = flat.elements.firstIndex(of: element) else { return [] }
        let parent = flat.parent(of: index)
        return flat.elements.indices.filter { flat.elements[$0].kind == element.kind && flat.parent(of: $0) == parent }
            .map { flat.elements[$0] }
    }
}
