/// One integer division and its answer, remembered: a flood of the same REP divides the same
/// numbers over and over, and a division costs tens of cycles where the comparison costs one.
struct DivisionMemo {
    private var dividend = 0
    private var divisor = 1
    private var quotient = 0
    private var remainder = 0

    /// `dividend` divided by `divisor` (above 0), with the remainder.
    @inline(__always)
    mutating func divide(_ dividend: Int, by divisor: Int) -> (quotient: Int, remainder: Int) {
        if dividend != self.dividend || divisor != self.divisor {
            (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
            self.dividend = dividend
            self.divisor = divisor
        }
        return (quotient, remainder)
    }
}
