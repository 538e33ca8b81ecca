/// How many cells a Unicode scalar occupies, from the generated ``CharacterWidthTables``.
enum CharacterWidth {
    /// Returns 0 for marks and format characters that join the previous cell, 2 for wide and
    /// fullwidth characters, and 1 otherwise.
    @inline(__always)
    static func of(_ scalar: UInt32) -> Int {
        if scalar < 0x300 { return 1 }
        if contains(CharacterWidthTables.zeroWidth, scalar) { return 0 }
        if scalar >= 0x1100 && contains(CharacterWidthTables.wide, scalar) { return 2 }
        return 1
    }

    /// Binary search in a flat list of sorted closed ranges.
    static func contains(_ table: [UInt32], _ scalar: UInt32) -> Bool {
        var low = 0
        var high = table.count / 2 - 1
        if high < 0 || scalar < table[0] || scalar > table[table.count - 1] { return false }
        while low <= high {
            let middle = (low + high) / 2
            if scalar < table[middle * 2] {
                high = middle - 1
            } else if scalar > table[middle * 2 + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
