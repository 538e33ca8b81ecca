/// Which of several sibling elements (a window's buttons, a list's rows) is drawn as the current one.
enum Highlighting {
    /// The index of the highlighted element among siblings drawn as `looks` on a window of shade
    /// `ground`, or `nil` when none stands out:
    /// 1. with three or more siblings, the only one drawn differently when all the others look alike,
    ///    unless that one is drawn plainly on the window's shade (then the others are the odd ones);
    /// 2. else the only one whose text's shade differs from the window's (inverse, another background);
    /// 3. else the only one whose box is marked in a shade other than its text's (whiptail's
    ///    current check list row);
    /// 4. else the only bold one (dialog's focused button in monochrome has bold brackets).
    /// A lone element is highlighted when its shade differs from the window's.
    static func highlighted(_ looks: [ElementLook], ground: UInt64) -> Int? {
        if looks.count == 1 { return looks[0].labelShade != ground || looks[0].edgeShade != ground ? 0 : nil }
        if looks.count >= 3 {
            var counts: [ElementLook: Int] = [:]
            for look in looks { counts[look, default: 0] += 1 }
            if counts.count == 2, let odd = looks.firstIndex(where: { counts[$0] == 1 }),
               !looks[odd].isPlain(on: ground) {
                return odd
            }
        }
        if let only = onlyOne(of: looks, where: { $0.labelShade != ground }) { return only }
        if let only = onlyOne(of: looks, where: { $0.markShade != $0.labelShade }) { return only }
        return onlyOne(of: looks, where: { $0.edgeBold || $0.labelBold })
    }

    /// The current one among three or more entries whose texts are drawn in `styles`: the only
    /// one drawn unlike the others when those are all alike, a colour of the letters being enough
    /// (pinfo draws links blue and the current one red; angband its choices white and the current
    /// one blue), which the shades ``highlighted(_:ground:)`` reads leave out.
    static func onlyOneInAStyleOfItsOwn(_ styles: [ScreenElementStyle]) -> Int? {
        guard styles.count >= 3 else { return nil }
        var counts: [ScreenElementStyle: Int] = [:]
        for style in styles { counts[style, default: 0] += 1 }
        guard counts.count == 2 else { return nil }
        return styles.firstIndex { counts[$0] == 1 }
    }

    /// The one among three or more entries of a bar whose label stands on a background none of the
    /// others has, the others all on one background: the open menu's title in a menu bar. Letters
    /// drawn apart inside the labels (hotkeys in bold or another colour, on any letter: le's
    /// `Fo`**`r`**`mat`) are left out: a person tells the open entry by its background.
    static func onlyOneOnABackgroundOfItsOwn(_ looks: [ElementLook]) -> Int? {
        guard looks.count >= 3 else { return nil }
        var counts: [UInt64: Int] = [:]
        for look in looks { counts[look.labelShade, default: 0] += 1 }
        guard counts.count == 2 else { return nil }
        return looks.firstIndex { counts[$0.labelShade] == 1 }
    }

    /// The index of the only element passing `test`.
    private static func onlyOne(of looks: [ElementLook], where test: (ElementLook) -> Bool) -> Int? {
        let passing = looks.indices.filter { test(looks[$0]) }
        return passing.count == 1 ? passing[0] : nil
    }
}

extension RecognitionWork {
    /// Marks the highlighted element of each highlight group found.
    mutating func markHighlights() {
        var groups: [Int: [(index: Int, look: ElementLook)]] = [:]
        for (index, item) in found.enumerated() {
            if let sibling = item.sibling { groups[sibling.group, default: []].append((index, sibling.look)) }
        }
        for members in groups.values {
            let owner = found[members[0].index].owner
            let ground = ground(of: owner)
            if let chosen = Highlighting.highlighted(members.map(\.look), ground: ground) {
                found[members[chosen].index].element.isHighlighted = true
            }
        }
    }
}
