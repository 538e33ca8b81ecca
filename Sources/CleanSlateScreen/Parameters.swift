/// The numeric parameters of a control sequence, stored inline (no allocation), with colon-separated sub-parameters.
///
/// At most ``capacity`` entries are kept (further ones are dropped) and each value saturates at
/// ``maximumValue``, so endless input cannot grow memory.
struct Parameters {
    /// The most parameters and sub-parameters kept (the size of the inline storage).
    static let capacity = 32
    /// The largest value kept; bigger numbers saturate.
    static let maximumValue: Int32 = 99_999
    /// A parameter that was left empty.
    static let missing: Int32 = -1

    private var values = InlineArray<32, Int32>(repeating: Parameters.missing)
    /// The number of entries in use.
    private(set) var count = 1
    /// Bit `i` set: entry `i` followed a colon, so it belongs to the entry before it.
    private(set) var subparameterMask: UInt64 = 0

    init() {}

    /// Starts over with one empty parameter.
    mutating func reset() {
        values[0] = Parameters.missing
        count = 1
        subparameterMask = 0
    }

    /// Adds a decimal digit to the last entry.
    @inline(__always)
    mutating func addDigit(_ digit: UInt8) {
        let last = count - 1
        let current = max(values[last], 0)
        values[last] = min(current * 10 + Int32(digit), Parameters.maximumValue)
    }

    /// Starts a new entry after `;` or, as a sub-parameter, after `:`.
    mutating func next(isSubparameter: Bool) {
        guard count < Parameters.capacity else { return }
        if isSubparameter { subparameterMask |= 1 << UInt64(count) }
        values[count] = Parameters.missing
        count += 1
    }

    /// The raw entry at `index`, or ``missing`` when absent.
    @inline(__always)
    subscript(index: Int) -> Int32 { index >= 0 && index < count ? values[index] : Parameters.missing }

    /// The entry at `index` with a default for missing values; a 0 is also replaced when `zeroIsDefault`.
    @inline(__always)
    func value(_ index: Int, default defaultValue: Int, zeroIsDefault: Bool = true) -> Int {
        let raw = self[index]
        if raw < 0 || (raw == 0 && zeroIsDefault) { return defaultValue }
        return Int(raw)
    }

    /// Whether entry `index` is a sub-parameter (it followed a colon).
    @inline(__always)
    func isSubparameter(_ index: Int) -> Bool {
        index < 64 && subparameterMask & (1 << UInt64(index)) != 0
    }
}
