import CleanSlateScreen

/// Cuts an output stream into seeded random pieces (see ``Faults/outputFragmentLength``). The cuts
/// are positions in the stream, not in the chunks reads return, so the same seed cuts the same
/// output at the same bytes however the kernel hands it over.
struct OutputFragmenter {
    let maximumLength: Int
    let seed: UInt64
    private var random: SeededRandom
    /// Bytes left of the current piece (0: draw the next piece's length).
    private var remaining = 0

    init(maximumLength: Int, seed: UInt64) {
        self.maximumLength = maximumLength
        self.seed = seed
        random = SeededRandom(seed: seed)
    }

    /// The lengths `count` more bytes of output are delivered in, in order.
    mutating func pieces(of count: Int) -> [Int] {
        var lengths: [Int] = []
        var left = count
        while left > 0 {
            if remaining == 0 { remaining = 1 + random.below(maximumLength) }
            let length = min(remaining, left)
            lengths.append(length)
            remaining -= length
            left -= length
        }
        return lengths
    }
}
