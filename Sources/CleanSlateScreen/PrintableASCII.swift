/// Helpers of the printable-ASCII fast path (``TerminalEmulator/printASCII(_:from:to:)``): checking eight
/// input bytes at once, and writing a ``Cell`` as one 16-byte store.
enum PrintableASCII {
    /// Whether each of the eight bytes of `word` is printable ASCII (0x20…0x7E).
    ///
    /// Bit 7 of a byte of `word - 0x20…20` with bit 7 of the byte itself clear marks a byte below 0x20;
    /// bit 7 of `word + 0x01…01` or of the byte itself marks one at or above 0x7F. A carry or borrow
    /// between bytes only starts at a byte that is already marked, so no byte is judged wrongly.
    @inline(__always)
    static func allPrintable(_ word: UInt64) -> Bool {
        notPrintable(word) == 0
    }

    /// The number of printable ASCII bytes at the start (the low end) of `word`, up to 8.
    @inline(__always)
    static func printablePrefix(_ word: UInt64) -> Int {
        notPrintable(word).trailingZeroBitCount / 8
    }

    /// Bit 7 of each byte of `word` set for a byte that is not printable, or for one after such a byte
    /// (see ``allPrintable(_:)``): the lowest set bit marks the first byte that is not printable.
    @inline(__always)
    private static func notPrintable(_ word: UInt64) -> UInt64 {
        let below = (word &- 0x2020_2020_2020_2020) & ~word
        let above = (word &+ 0x0101_0101_0101_0101) | word
        return (below | above) & 0x8080_8080_8080_8080
    }

    /// The 16 bytes of `cell`, whose `code` must be 0, as two words (`code` is the low half of the first).
    @inline(__always)
    static func pattern(of cell: Cell) -> SIMD2<UInt64> {
        unsafeBitCast(cell, to: SIMD2<UInt64>.self)
    }

    /// The bytes of the cell `pattern` with `code` as its character.
    @inline(__always)
    static func cell(_ pattern: SIMD2<UInt64>, code: UInt64) -> SIMD2<UInt64> {
        SIMD2(pattern[0] | code, pattern[1])
    }
}
