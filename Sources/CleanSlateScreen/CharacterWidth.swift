/// How many cells a Unicode scalar occupies, from the generated ``CharacterWidthTables``.
enum CharacterWidth {
    /// Returns 0 for marks and format characters that join the previous cell, 2 for wide and
    /// fullwidth characters, and 1 otherwise.
    @inline(__always)
    static func of(_ scalar: UInt32) -> Int {
        if scalar < 0x300 { return 1 }
        if scalar <= 0xFFFF { return Int(basicMultilingualPlane[Int(scalar)]) }
        return widthFromRanges(scalar)
    }

    /// The width of every scalar up to U+FFFF (64 KiB), built once from the range tables, so that the
    /// common case is one load instead of two binary searches. Immutable after its lazy initialisation.
    /// Built by painting the ranges (wide, then zero width, which wins as in ``widthFromRanges(_:)``)
    /// rather than searching for each scalar: a hundred times fewer instructions, paid by every process.
    private static let basicMultilingualPlane: [UInt8] = {
        var widths = [UInt8](repeating: 1, count: 0x10000)
        for (table, width) in [(CharacterWidthTables.wide, UInt8(2)), (CharacterWidthTables.zeroWidth, 0)] {
            for pair in stride(from: 0, to: table.count, by: 2) where table[pair] <= 0xFFFF {
                for scalar in Int(table[pair])...Int(min(table[pair + 1], 0xFFFF)) { widths[scalar] = width }
            }
        }
        return widths
    }()

    /// The width from the range tables.
    static func widthFromRanges(_ scalar: UInt32) -> Int {
        if contains(CharacterWidthTables.zeroWidth, scalar) { return 0 }
        if contains(CharacterWidthTables.wide, scalar) { return 2 }
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
